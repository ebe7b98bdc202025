import { useState, type FormEvent } from 'react';
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LIMITS, isValidEmail } from '@careslot/domain';
import { PASSWORD_RULES } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { useChangeEmail } from '../api/providerSettings';

type Field = 'email' | 'current';

/**
 * /providers/:userId/settings/account/change-email (issue 24 item 1, decision 0085): the new login e-mail and
 * the current password. A link goes to the new address and the old one is told; the change takes effect only
 * when the link is opened, and then every session of the account ends.
 */
export function ChangeEmailPage() {
  const { t } = useTranslation('providerSettings');
  const { userId = '' } = useParams();
  const change = useChangeEmail(userId);
  const showError = useShowApiError();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', current: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!isValidEmail(values.email.trim())) found.email = 'email.errors.invalid';
    if (!values.current) found.current = 'password.errors.currentRequired';
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const answer = await change.mutateAsync({
        NewEmail: values.email.trim(),
        CurrentPassword: values.current,
      });
      setValues({ email: '', current: '' });
      setSentTo(answer.data.NewEmail);
    } catch (error) {
      if (error instanceof ApiError) {
        const rules = error.issues.map((i) => `${i.field}:${i.rule}`);
        if (rules.includes('body.CurrentPassword:incorrect'))
          return setErrors({ current: 'password.errors.currentWrong' });
        if (rules.includes('body.NewEmail:unique')) return setErrors({ email: 'email.errors.taken' });
        if (rules.includes('body.NewEmail:same_as_current')) return setErrors({ email: 'email.errors.same' });
        if (rules.some((r) => r.startsWith('body.NewEmail')))
          return setErrors({ email: 'email.errors.invalid' });
      }
      showError(error);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="change-email-heading">
        <Stack gap="md" maw={440}>
          <Title order={2} fz="h3" id="change-email-heading">
            {t('sections.changeEmail')}
          </Title>
          <Text c="dimmed">{t('email.lead')}</Text>
          {sentTo && (
            <Alert color="green" role="status">
              {t('email.sent', { email: sentTo })}
            </Alert>
          )}
          <TextInput
            label={t('email.next')}
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.EMAIL}
            value={values.email}
            onChange={(event) => {
              const email = event.currentTarget.value;
              setValues((v) => ({ ...v, email }));
            }}
            error={errors.email ? t(errors.email) : undefined}
          />
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            required
            maxLength={PASSWORD_RULES.max}
            value={values.current}
            onChange={(event) => {
              const current = event.currentTarget.value;
              setValues((v) => ({ ...v, current }));
            }}
            error={errors.current ? t(errors.current) : undefined}
          />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('email.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
