import type { ReactNode } from 'react';
import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RequirePermission } from '../../features/identity/guards/Guards';
import { useSession } from '../../shared/session/session';
import { settingsAccess } from './settingsAccess';

/**
 * In front of /practice-admin/settings (routes/practiceScreens.tsx): the frame for a practice admin, the read-only users list
 * for a staff member on exactly that path, and the permission guard's redirect for anyone else.
 */
export function SettingsGate(props: { frame: ReactNode; staffUsers: ReactNode }) {
  return (
    <RequirePermission permissions={['practiceadmin', 'staff']}>
      <Decide {...props} />
    </RequirePermission>
  );
}

/** Rendered once the session is settled (inside the guard). */
function Decide({ frame, staffUsers }: { frame: ReactNode; staffUsers: ReactNode }) {
  const { t } = useTranslation('practiceSettings');
  const { user } = useSession();
  const { pathname } = useLocation();
  switch (settingsAccess(user?.roles ?? [], pathname)) {
    case 'frame':
      return frame;
    case 'staff-users':
      return (
        <Container size="xl" py="lg">
          <Title order={1} fz="h2" mb="md">
            {t('heading')}
          </Title>
          {staffUsers}
        </Container>
      );
    case 'denied':
      return <RequirePermission permissions={['practiceadmin']}>{frame}</RequirePermission>;
  }
}
