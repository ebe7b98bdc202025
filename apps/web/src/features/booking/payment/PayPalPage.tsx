import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBrandPaypal, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { CalendarSlotData } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import type { SessionUser } from '../../../shared/session/session';
import { useSubmitBooking } from '../submit';
import { answerWalletOrder, authorizeWalletOrder, createWalletOrder } from './api';
import { participantOf, readPaymentFlowState, type PaymentFlowState } from './flowState';
import { formatMoney } from './money';
import { PaymentShell, useHeldSlot } from './PaymentShell';
import { VisitFeePanel } from './VisitFeePanel';
import { PAY_PATH, submissionOf } from './PayPage';
import { useVisitFee, type VisitFeeState } from './useVisitFee';

export const PAYPAL_PATH = '/book/pay-paypal';

/** PayPal's own button colours (its brand guidelines): gold with the navy wordmark. */
const PAYPAL_GOLD = '#FFC439';
const PAYPAL_NAVY = '#003087';

type Step =
  /** Nothing opened yet (or the last attempt ended): the PayPal button. */
  | { kind: 'start' }
  /** The built-in wallet's approval step for this order. */
  | { kind: 'approve'; transactionId: string }
  /** Authorizing the approved order, then booking. */
  | { kind: 'paying' };

/** Which catalogue text a wallet failure shows, in the reader's language. */
function walletErrorKey(error: unknown): string {
  const rule = error instanceof ApiError ? error.issues[0]?.rule : undefined;
  if (rule === 'declined') return 'paypal.declined';
  if (rule === 'approved') return 'paypal.notApproved';
  return 'paypal.failed';
}

/**
 * /book/pay-paypal (stage PAY_PAL, decision 0024): the visit fee of a practice paid through PayPal. 'Pay with
 * PayPal' opens an order for the fee; the payer approves it at PayPal (and comes back here with
 * ?transaction=…) or, with the built-in wallet, in the approval step on this page. The approved order is then
 * authorized and the visit booked; the money is captured only once the booking commits.
 */
export function PayPalPage() {
  const held = useHeldSlot();
  const flow = useState(readPaymentFlowState)[0];
  const visit = useVisitFee(held, flow.insurance?.Insurance?.Display);
  return (
    <PaymentShell path={PAYPAL_PATH} timeZone={visit.timeZone} held={held}>
      {({ user, held: slot }) => <PayPalContent user={user} held={slot} flow={flow} visit={visit} />}
    </PaymentShell>
  );
}

function PayPalContent({
  user,
  held,
  flow,
  visit,
}: {
  user: SessionUser;
  held: CalendarSlotData;
  flow: PaymentFlowState;
  visit: VisitFeeState;
}) {
  const { t, i18n } = useTranslation('bookingPayment');
  const { t: ts } = useTranslation('bookingSubmit');
  const [params, setParams] = useSearchParams();
  const booking = useSubmitBooking();
  // Back from PayPal's approval page: ?transaction=<id>&token=<order>&PayerID=… (or &cancelled=true).
  const back = params.get('transaction');
  const [step, setStep] = useState<Step>(
    back && !params.get('cancelled') ? { kind: 'paying' } : { kind: 'start' },
  );
  const [error, setError] = useState<string | null>(params.get('cancelled') ? 'paypal.cancelled' : null);
  const [opening, setOpening] = useState(false);
  const returned = useRef(false);
  const patient = participantOf(user, flow);

  /** Authorizes the approved order, then books with it (the step shows 'paying' meanwhile). */
  const authorizeAndBook = async (transactionId: string) => {
    try {
      await authorizeWalletOrder(transactionId);
    } catch (failure) {
      setError(walletErrorKey(failure));
      setStep({ kind: 'start' });
      return;
    }
    const outcome = await booking.submit({
      ...submissionOf(held, user, flow, visit, null),
      walletTransactionId: transactionId,
    });
    if (outcome.kind !== 'booked') setStep({ kind: 'start' });
  };

  const ready = !visit.isLoading && visit.fee !== null;
  useEffect(() => {
    if (!back || !ready || returned.current) return;
    returned.current = true;
    setParams({}, { replace: true });
    if (!params.get('cancelled')) void Promise.resolve(back).then(authorizeAndBook);
    // authorizeAndBook reads the latest render's values; this runs once, on the way back from PayPal.
  });

  if (visit.isLoading) return <Skeleton height={240} radius="md" />;
  if (visit.isError) {
    return (
      <Alert color="red" role="alert">
        {t('pay.configFailed')}
      </Alert>
    );
  }
  // Not a PayPal practice, or no fee for this visit: the card page answers (and books without a fee).
  if (visit.fee === null || !visit.wallet) return <Navigate to={PAY_PATH} replace />;
  const fee = visit.fee;
  const amount = formatMoney(fee, i18n.language);

  const open = async () => {
    setError(null);
    setOpening(true);
    try {
      const order = await createWalletOrder(
        {
          PatientId: patient.Id,
          OrganizationId: visit.organizationId!,
          ...(visit.locationId ? { LocationId: visit.locationId } : {}),
          EntityType: visit.entity!.type,
          EntityId: visit.entity!.id,
          Insured: visit.insured,
        },
        fee,
      );
      if (order.ApproveUrl) {
        window.location.assign(order.ApproveUrl);
        return;
      }
      setStep({ kind: 'approve', transactionId: order.TransactionId });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'paypal.failed');
    } finally {
      setOpening(false);
    }
  };

  const answer = async (transactionId: string, approve: boolean) => {
    try {
      await answerWalletOrder(transactionId, approve);
    } catch (failure) {
      setError(walletErrorKey(failure));
      setStep({ kind: 'start' });
      return;
    }
    setStep({ kind: 'paying' });
    await authorizeAndBook(transactionId);
  };

  const busy = step.kind === 'paying' || booking.submitting;

  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {t('paypal.title')}
      </Title>
      <VisitFeePanel insured={visit.insured} amount={amount} note={t('paypal.authorizeNote')} />

      {(error || booking.paymentError) && (
        <Alert color="red" role="alert" title={t('pay.notTaken')}>
          {error ? (error.startsWith('paypal.') ? t(error) : error) : booking.paymentError}
        </Alert>
      )}

      {step.kind === 'approve' ? (
        <Paper
          withBorder
          radius="md"
          p={0}
          style={{ overflow: 'hidden' }}
          role="region"
          aria-label={t('paypal.sandbox.label')}
        >
          <Group justify="space-between" px="md" py="sm" style={{ background: PAYPAL_NAVY, color: 'white' }}>
            <Group gap={8}>
              <IconBrandPaypal size={22} aria-hidden />
              <Text fw={700}>PayPal</Text>
            </Group>
            <Badge color="yellow" variant="filled" c="dark">
              {t('paypal.sandbox.badge')}
            </Badge>
          </Group>
          <Stack gap="sm" p="md">
            <Text fw={600}>{t('paypal.sandbox.question', { amount, name: held.entity.Name })}</Text>
            <Text size="sm" c="dimmed">
              {t('paypal.sandbox.explain')}
            </Text>
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="outline" color="red.9" onClick={() => void answer(step.transactionId, false)}>
                {t('paypal.sandbox.decline')}
              </Button>
              <Button
                leftSection={<IconShieldCheck size={18} aria-hidden />}
                onClick={() => void answer(step.transactionId, true)}
              >
                {t('paypal.sandbox.approve')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="xs">
          <Button
            size="lg"
            fullWidth
            radius="xl"
            onClick={() => void open()}
            loading={opening || busy}
            aria-label={t('paypal.button', { amount })}
            styles={{ root: { background: PAYPAL_GOLD, color: PAYPAL_NAVY }, label: { fontWeight: 700 } }}
          >
            <Group gap={8} wrap="nowrap">
              <IconBrandPaypal size={22} aria-hidden />
              <Box component="span">{t('paypal.button', { amount })}</Box>
            </Group>
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            {t('paypal.redirectNote')}
          </Text>
        </Stack>
      )}

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Anchor component={Link} to="/">
          {t('pay.findOther')}
        </Anchor>
      </Group>
      {busy && (
        <Text size="sm" c="dimmed" role="status">
          {ts('submitting')}
        </Text>
      )}
      {booking.dialogs}
    </Stack>
  );
}
