import { useState, type FormEvent } from 'react';
import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PASSWORD_RULES, passwordSchema } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { toast } from '../../../shared/ui/toast';
import { useChangePassword } from '../api/providerSettings';

type Field = 'current' | 'next' | 'confirm';

/**
 * /providers/:userId/settings/account/change-password (decision 0053): the current password, a new one under
 * the password rule (and no common password), confirmed. Other sessions end; this one stays signed in.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('providerSettings');
  const { userId = '' } = useParams();
  const change = useChangePassword(userId);
  const showError = useShowApiError();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.current) found.current = 'password.errors.currentRequired';
    if (!values.next) found.next = 'password.errors.required';
    else if (!passwordSchema.safeParse(values.next).success) found.next = 'password.errors.rules';
    else if (values.next === values.current) found.next = 'password.errors.same';
    if (values.next && values.confirm !== values.next) found.confirm = 'password.errors.mismatch';
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await change.mutateAsync({
        CurrentPassword: values.current,
        NewPassword: values.next,
        ConfirmPassword: values.confirm,
      });
      setValues({ current: '', next: '', confirm: '' });
      toast.success(t('password.done'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const rules = error.issues.map((i) => `${i.field}:${i.rule}`);
        if (rules.includes('body.CurrentPassword:incorrect'))
          return setErrors({ current: 'password.errors.currentWrong' });
        if (rules.some((r) => r.endsWith(':common_password')))
          return setErrors({ next: 'password.errors.common' });
        if (rules.some((r) => r.startsWith('body.NewPassword')))
          return setErrors({ next: 'password.errors.rules' });
      }
      showError(error);
    }
  };

  const input = (field: Field, autoComplete: string) => (
    <PasswordInput
      label={t(`password.${field}`)}
      autoComplete={autoComplete}
      required
      maxLength={PASSWORD_RULES.max}
      value={values[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((v) => ({ ...v, [field]: value }));
      }}
      error={errors[field] ? t(errors[field], { min: PASSWORD_RULES.min }) : undefined}
    />
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="change-password-heading">
        <Stack gap="md" maw={440}>
          <Title order={2} fz="h3" id="change-password-heading">
            {t('sections.changePassword')}
          </Title>
          <Text c="dimmed">{t('password.lead', { min: PASSWORD_RULES.min })}</Text>
          {input('current', 'current-password')}
          {input('next', 'new-password')}
          {input('confirm', 'new-password')}
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
