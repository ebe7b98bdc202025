import { useEffect, useRef, useState } from 'react';
import { Alert, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReputationSignOn } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { fetchSignOn } from '../api/reputation';

/**
 * /reputation-management/single-sign-on (practice-portal.md §2.10): the Reputation Management item opens this
 * screen in a new tab; under a loading spinner it asks for the practice's sign-on form and posts it, hidden, to the
 * reputation site (emailId, apiKey, redirectURL=/dashboard/home). The site is the deployment's
 * (REPUTATION_SIGN_ON_URL) or the product's own stand-in page.
 */
export function ReputationSignOnPage() {
  const { t } = useTranslation('reputationSettings');
  const [form, setForm] = useState<ReputationSignOn | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let live = true;
    fetchSignOn()
      .then((answer) => live && setForm(answer))
      .catch((error: unknown) => {
        if (!live) return;
        const status = error instanceof ApiError ? error.status : 0;
        setFailure(
          status === 404
            ? t('signOn.notSetUp')
            : status === 403
              ? t('signOn.notAllowed')
              : t('signOn.failed'),
        );
      });
    return () => {
      live = false;
    };
  }, [t]);

  useEffect(() => {
    if (form) formRef.current?.submit();
  }, [form]);

  return (
    <Container size="sm" py="xl">
      {failure ? (
        <Alert color="red" role="alert" title={t('signOn.title')}>
          {failure}
        </Alert>
      ) : (
        <LoadingSpinner text={t('signOn.opening')} />
      )}
      {form ? (
        <form ref={formRef} method="post" action={form.Target} hidden aria-hidden>
          <input type="hidden" name="emailId" value={form.Fields.emailId} />
          <input type="hidden" name="apiKey" value={form.Fields.apiKey} />
          <input type="hidden" name="redirectURL" value={form.Fields.redirectURL} />
        </form>
      ) : null}
    </Container>
  );
}
