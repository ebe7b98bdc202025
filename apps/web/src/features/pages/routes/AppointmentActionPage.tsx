import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  APPOINTMENT_ACTION_PATH,
  APPOINTMENT_ACTIONS,
  type AppointmentAction,
  type AppointmentActionResult,
} from '@careslot/contracts';
import { ApiError, apiRequest } from '../../../shared/api/client';

type Outcome =
  | { kind: 'done'; result: AppointmentActionResult['data'] }
  | { kind: 'failed'; reason: 'invalid' | 'unchangeable' | 'failed' };

interface LinkParts {
  id: string;
  action: AppointmentAction;
  exp: number;
  sig: string;
}

/** The message link's query: id, action (confirm or cancel), exp and sig (decision 0042); null when one is missing. */
export function readActionLink(params: URLSearchParams): LinkParts | null {
  const id = params.get('id') ?? '';
  const action = params.get('action') ?? '';
  const exp = Number(params.get('exp'));
  const sig = params.get('sig') ?? '';
  if (
    !id ||
    !(APPOINTMENT_ACTIONS as readonly string[]).includes(action) ||
    !Number.isSafeInteger(exp) ||
    exp <= 0 ||
    !sig
  )
    return null;
  return { id, action: action as AppointmentAction, exp, sig };
}

/** The visit's date and time in its office's zone, written in the patient's language with the zone's name. */
function whenText(result: AppointmentActionResult['data'], language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: result.TimeZone,
    timeZoneName: 'short',
  }).format(new Date(result.StartTime));
}

function money(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/**
 * /appointment-action (patient-booking.md §2.1, §2.2): opened from a message link, it has already cleared the
 * stored login and permissions (identity feature, on load); the patient confirms or cancels the visit the link
 * names with one press, without signing in, and is told the result (and, for a paid visit, what becomes of the fee).
 */
export function AppointmentActionPage() {
  const { t, i18n } = useTranslation('pages');
  const [params] = useSearchParams();
  const link = readActionLink(params);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    document.title = `${t('appointmentAction.title')} | CareSlot`;
  }, [t]);

  const act = async () => {
    if (!link) return;
    setBusy(true);
    try {
      const answer = await apiRequest<AppointmentActionResult>(APPOINTMENT_ACTION_PATH, {
        method: 'POST',
        body: { AppointmentId: link.id, Action: link.action, Expires: link.exp, Signature: link.sig },
      });
      setOutcome({ kind: 'done', result: answer.data });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      setOutcome({
        kind: 'failed',
        reason: status === 400 || status === 404 ? 'invalid' : status === 409 ? 'unchangeable' : 'failed',
      });
    } finally {
      setBusy(false);
    }
  };

  const body = (() => {
    if (!link || (outcome?.kind === 'failed' && outcome.reason === 'invalid'))
      return (
        <Alert color="red" role="alert" title={t('appointmentAction.invalidTitle')}>
          {t('appointmentAction.invalid')}
        </Alert>
      );
    if (outcome?.kind === 'done') {
      const { result } = outcome;
      const when = whenText(result, i18n.language);
      const fee = result.Fee;
      return (
        <Stack gap="sm" role="status">
          <Text fw={700} size="lg" data-testid="appointment-action-result">
            {link.action === 'confirm'
              ? t('appointmentAction.confirmed', { withWhom: result.WithWhom, when })
              : t('appointmentAction.cancelled', { withWhom: result.WithWhom, when })}
          </Text>
          {link.action === 'cancel' && fee.Outcome !== 'none' && (
            <Text data-testid="appointment-action-fee">
              {fee.Outcome === 'refunded'
                ? t('appointmentAction.feeRefunded', { amount: money(fee.AmountCents, i18n.language) })
                : t('appointmentAction.feeKept', { amount: money(fee.AmountCents, i18n.language) })}
            </Text>
          )}
        </Stack>
      );
    }
    return (
      <Stack gap="md">
        <Text>
          {link.action === 'confirm' ? t('appointmentAction.confirmLead') : t('appointmentAction.cancelLead')}
        </Text>
        {outcome?.kind === 'failed' && (
          <Alert color="red" role="alert">
            {t(
              outcome.reason === 'unchangeable'
                ? 'appointmentAction.unchangeable'
                : 'appointmentAction.failed',
            )}
          </Alert>
        )}
        <Button
          size="md"
          color={link.action === 'cancel' ? 'red' : undefined}
          loading={busy}
          onClick={() => void act()}
        >
          {link.action === 'confirm' ? t('appointmentAction.confirm') : t('appointmentAction.cancel')}
        </Button>
      </Stack>
    );
  })();

  return (
    <Container size={560} py={{ base: 32, sm: 56 }}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={1} size="h2">
            {params.get('action') === 'cancel'
              ? t('appointmentAction.cancelTitle')
              : t('appointmentAction.title')}
          </Title>
          {body}
          <Anchor component={Link} to="/login" ta="center" fw={600}>
            {t('appointmentAction.signIn')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
