import type { ReactNode } from 'react';
import { Alert, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { PracticeCalendarContext, Role } from '@careslot/contracts';
import { hasRole, useSession, type SessionUser } from '../../../shared/session/session';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { useCalendarContext } from '../api/practiceDay';

/**
 * The practice pages' guard: signed in (else the login), holding one of the page's roles at a practice (else an
 * explanation), then the practice's providers, facilities and schedules loaded once for the page.
 */
export function PracticeGate({
  roles,
  children,
}: {
  roles: Role[];
  children: (input: { context: PracticeCalendarContext; user: SessionUser }) => ReactNode;
}) {
  const { t } = useTranslation('practiceDay');
  const { user } = useSession();
  const allowed = hasRole(user, ...roles) && !!user?.organizationId;
  const context = useCalendarContext(allowed);
  if (!user) return <Navigate to="/login" replace />;
  if (!allowed)
    return (
      <Container size="xl" py="xl">
        <Alert color="red" role="alert" title={t('forbiddenTitle')}>
          {t('forbidden')}
        </Alert>
      </Container>
    );
  if (context.error)
    return (
      <Container size="xl" py="xl">
        <Alert color="red" role="alert">
          {context.error.message}
        </Alert>
      </Container>
    );
  if (!context.data) return <LoadingSpinner />;
  return <>{children({ context: context.data, user })}</>;
}
