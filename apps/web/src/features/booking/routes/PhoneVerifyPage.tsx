import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { INVALID_OTP, OTP_RULES } from '@careslot/contracts';
import { checkOtpCode, checkPhone, formatPhone } from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';
import { generateOtp, resendOtp, verifyOtp } from '../api/bookingFlow';
import { readBookingState, updateBookingState } from '../bookingState';
import { BookingShell } from '../components/BookingShell';
import { mobileOf, useBookingFlow } from '../useBookingFlow';

export const PHONE_VERIFY_PATH = '/verification/phone-verify';

/** The spec's text for a wrong code (§8 INVALID_OTP); other refusals carry the server's own sentence. */
function otpMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 400 && error.issues.some((i) => i.rule === INVALID_OTP))
      return error.message || t('verify.errors.invalid');
    if (error.status === 400 && error.issues.some((i) => i.field === 'PhoneNumber'))
      return t('verify.errors.phone');
    return error.message;
  }
  return t('common.failed');
}

/**
 * Phone verification (/verification/phone-verify, stage SMS_VERIFICATION): a 6-digit code by SMS to the
 * patient's mobile in the calendar's region (US or PK, rule 2), checked by otp-request/verify; 'Resend code'
 * sends a fresh one for the same request. The request in progress survives a reload (3.10).
 */
export function PhoneVerifyPage() {
  const { t } = useTranslation('bookingFlow');
  const flow = useBookingFlow();
  const queryClient = useQueryClient();
  const saved = readBookingState()?.mobileVerificationWorkflow;
  const [phone, setPhone] = useState<string | null>(saved?.phone ?? null);
  const [requestId, setRequestId] = useState<string | null>(saved?.requestId ?? null);
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onFile = mobileOf(flow.holder.data).value;
  const shownPhone = phone ?? (onFile ? formatPhone(onFile.replace(/\D/g, '').slice(-10)) : '');

  const remember = (change: { requestId?: string | null; phone?: string; verified?: boolean }) =>
    updateBookingState({
      mobileVerificationWorkflow: { requestId, phone: shownPhone, verified: false, ...saved, ...change },
    });

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const check = checkPhone(shownPhone);
    if (!check.valid) return setPhoneError(t(`verify.errors.phone_${check.rule}`));
    setPhoneError(null);
    setBusy(true);
    try {
      const request = await generateOtp({ PhoneNumber: shownPhone, Region: flow.region });
      setRequestId(request.Id);
      setCode('');
      remember({ requestId: request.Id, phone: shownPhone });
      setNotice(t('verify.sent', { phone: request.PhoneNumber }));
    } catch (error) {
      setPhoneError(otpMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!requestId) return;
    setNotice(null);
    setCodeError(null);
    setBusy(true);
    try {
      const request = await resendOtp(requestId);
      setCode('');
      setNotice(t('verify.sent', { phone: request.PhoneNumber }));
    } catch (error) {
      setCodeError(otpMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const check = checkOtpCode(code);
    if (!check.valid)
      return setCodeError(t(`verify.errors.code_${check.rule}`, { digits: OTP_RULES.digits }));
    setCodeError(null);
    setBusy(true);
    try {
      await verifyOtp(requestId!, code);
      await queryClient.invalidateQueries({ queryKey: ['patient'] });
      flow.advance(
        'SMS_VERIFICATION',
        { mobileVerificationWorkflow: { requestId, phone: shownPhone, verified: true } },
        { phoneVerified: true },
      );
    } catch (error) {
      setCodeError(otpMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <BookingShell
      held={flow.held}
      timeZone={flow.timeZone}
      dialogs={flow.dialogs}
      title={t('verify.title')}
      intro={t('verify.intro')}
    >
      {notice && (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      )}
      <form onSubmit={(e) => void send(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('verify.phone')}
            description={t(flow.region === 'PK' ? 'verify.phoneHintPK' : 'verify.phoneHintUS')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={14}
            value={shownPhone}
            onChange={(e) => {
              setPhone(e.currentTarget.value);
              setPhoneError(null);
            }}
            error={phoneError}
            withAsterisk
          />
          <Group justify="flex-end">
            <Button type="submit" variant={requestId ? 'default' : 'filled'} loading={busy && !requestId}>
              {requestId ? t('verify.sendNew') : t('verify.send')}
            </Button>
          </Group>
        </Stack>
      </form>
      {requestId && (
        <form onSubmit={(e) => void verify(e)} noValidate>
          <Stack gap="sm">
            <Text component="label" htmlFor="otp-code" fw={500} size="sm">
              {t('verify.code', { digits: OTP_RULES.digits })}
            </Text>
            <PinInput
              id="otp-code"
              length={OTP_RULES.digits}
              type="number"
              oneTimeCode
              value={code}
              onChange={(v) => {
                setCode(v);
                setCodeError(null);
              }}
              aria-label={t('verify.code', { digits: OTP_RULES.digits })}
              // Marked invalid for assistive technology; the message below says why (Mantine's red digits lack contrast).
              getInputProps={(index) => ({
                'aria-label': t('verify.digit', { n: index + 1 }),
                'aria-invalid': !!codeError,
                'aria-describedby': codeError ? 'otp-error' : undefined,
              })}
            />
            {codeError && (
              <Text c="red.9" size="sm" role="alert" id="otp-error">
                {codeError}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t('verify.validity', { minutes: OTP_RULES.validMinutes })}{' '}
              <Anchor component="button" type="button" onClick={() => void resend()} disabled={busy}>
                {t('verify.resend')}
              </Anchor>
            </Text>
            <Group justify="flex-end">
              <Button type="submit" size="md" loading={busy || flow.submitting}>
                {t('verify.verify')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </BookingShell>
  );
}
