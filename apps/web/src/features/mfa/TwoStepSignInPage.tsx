import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MFA_PATHS, type MfaStatus, type TotpEnrolment } from '@careslot/contracts';
import { ApiError, apiRequest } from '../../shared/api/client';
import { useShowApiError } from '../../shared/api/useShowApiError';

type Envelope<T> = { status_code: number; message: string; data: T };

const STATUS_KEY = ['mfa', 'status'];

/**
 * /providers/:userId/settings/account/two-step (issue 24 item 6, decision 0105): the signed-in practice user
 * sets up an authenticator app (QR code of the otpauth URI, or its key), confirms it with the first code and
 * sees the ten recovery codes once; or removes it with a current code.
 */
export function TwoStepSignInPage() {
  const { t } = useTranslation('mfa');
  const queryClient = useQueryClient();
  const showError = useShowApiError();
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) =>
      apiRequest<Envelope<MfaStatus>>(MFA_PATHS.status, { signal }).then((r) => r.data),
  });
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = useMutation({
    mutationFn: () =>
      apiRequest<Envelope<TotpEnrolment>>(MFA_PATHS.totp, { method: 'POST' }).then((r) => r.data),
  });
  const confirm = useMutation({
    mutationFn: (Code: string) =>
      apiRequest<Envelope<{ RecoveryCodes: string[] }>>(MFA_PATHS.totpConfirm, {
        method: 'POST',
        body: { Code },
      }).then((r) => r.data),
  });
  const remove = useMutation({
    mutationFn: (Code: string) => apiRequest(MFA_PATHS.totp, { method: 'DELETE', body: { Code } }),
  });

  const onStart = async () => {
    try {
      setRecoveryCodes(null);
      setEnrolment(await start.mutateAsync());
    } catch (error) {
      showError(error);
    }
  };

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.issues.some((i) => i.field === 'body.Code'))
      return setCodeError(t('errors.invalid'));
    if (error instanceof ApiError && error.status === 429) return setCodeError(t('errors.locked'));
    showError(error);
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setCodeError(t('errors.format'));
    try {
      const answer = await confirm.mutateAsync(code.trim());
      setRecoveryCodes(answer.RecoveryCodes);
      setEnrolment(null);
      setCode('');
      setCodeError(null);
      await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    } catch (error) {
      refused(error);
    }
  };

  const onRemove = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim().length < 6) return setCodeError(t('errors.format'));
    try {
      await remove.mutateAsync(code.trim());
      setCode('');
      setCodeError(null);
      await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    } catch (error) {
      refused(error);
    }
  };

  const codeInput = (label: string) => (
    <TextInput
      label={label}
      autoComplete="one-time-code"
      inputMode={enrolment ? 'numeric' : 'text'}
      maxLength={20}
      required
      value={code}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setCode(value);
      }}
      error={codeError ?? undefined}
    />
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md" maw={480}>
        <Title order={2} fz="h3" id="two-step-heading">
          {t('heading')}
        </Title>
        <Text c="dimmed">{t('lead')}</Text>
        {status.isError && <Alert color="red">{t('loadFailed')}</Alert>}
        {status.data?.Required && !status.data.TotpEnrolled && (
          <Alert color="yellow">{t(status.data.RequiredBy === 'role' ? 'requiredByRole' : 'required')}</Alert>
        )}
        {recoveryCodes && (
          <Alert color="green" role="status" title={t('codes.heading')}>
            <Stack gap="xs">
              <Text size="sm">{t('codes.lead')}</Text>
              <List
                aria-label={t('codes.heading')}
                data-testid="recovery-codes"
                styles={{ root: { columns: 2, fontFamily: 'monospace' } }}
              >
                {recoveryCodes.map((c) => (
                  <List.Item key={c}>{c}</List.Item>
                ))}
              </List>
            </Stack>
          </Alert>
        )}
        {status.data?.TotpEnrolled && !recoveryCodes && (
          <Alert color="green" role="status">
            {t('enabled', { count: status.data.RecoveryCodesLeft })}
          </Alert>
        )}
        {status.data && !status.data.TotpEnrolled && !enrolment && (
          <Button
            onClick={() => void onStart()}
            loading={start.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('start')}
          </Button>
        )}
        {enrolment && (
          <form onSubmit={(event) => void onConfirm(event)} noValidate aria-labelledby="two-step-heading">
            <Stack gap="sm">
              <Text>{t('scan')}</Text>
              <div
                role="img"
                aria-label={t('qr')}
                style={{ width: 200, height: 200 }}
                // The server's own SVG markup of the otpauth URI (qrcode), no user input in it.
                dangerouslySetInnerHTML={{ __html: enrolment.QrSvg }}
              />
              <Text size="sm">
                {t('key')}{' '}
                <code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                  {enrolment.Secret}
                </code>
              </Text>
              {codeInput(t('code'))}
              <Group>
                <Button type="submit" loading={confirm.isPending}>
                  {t('confirm')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {status.data?.TotpEnrolled && (
          <form onSubmit={(event) => void onRemove(event)} noValidate aria-labelledby="two-step-heading">
            <Stack gap="sm">
              {codeInput(t('removeCode'))}
              <Button
                type="submit"
                variant="outline"
                color="red"
                loading={remove.isPending}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('remove')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
