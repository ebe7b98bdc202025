import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { CalendarSlotData, PaymentMethod } from '@careslot/contracts';
import { useAppConfig } from '../../../shared/config/appConfig';
import type { SessionUser } from '../../../shared/session/session';
import { useSubmitBooking } from '../submit';
import type { BookingSubmission } from '../submit';
import { savedCardsQuery } from './api';
import { CardForm } from './CardForm';
import { cardFormKind, type HostedGateway } from './cardFormKind';
import { participantOf, readPaymentFlowState, type PaymentFlowState } from './flowState';
import { formatMoney } from './money';
import { PaymentShell, useHeldSlot } from './PaymentShell';
import { VisitFeePanel } from './VisitFeePanel';
import { useVisitFee, type VisitFeeState } from './useVisitFee';

export const PAY_PATH = '/book/pay';

// The gateways' hosted card fields (Fortis, Global Payments) come with their own chunk, loaded only when needed.
const HostedCardForm = lazy(() => import('./HostedCardForm'));

/** The booking of step 9 from the state the stages kept, with the visit fee on the chosen card when it applies. */
export function submissionOf(
  held: CalendarSlotData,
  user: SessionUser,
  flow: PaymentFlowState,
  visit: VisitFeeState,
  cardId: string | null,
  /** The hosted field's gateway when cardId is its one-time token (decision 0077). */
  hosted?: HostedGateway,
): BookingSubmission {
  const payment =
    visit.fee !== null && cardId && visit.organizationId && visit.entity
      ? {
          PaymentMethodId: cardId,
          ...(hosted ? { Gateway: hosted } : {}),
          Amount: visit.fee,
          OrganizationId: visit.organizationId,
          ...(visit.locationId ? { LocationId: visit.locationId } : {}),
          EntityType: visit.entity.type,
          EntityId: visit.entity.id,
          Insured: visit.insured,
        }
      : null;
  return {
    slot: held,
    patient: participantOf(user, flow),
    reasons: flow.reason ? [{ Id: null, Name: flow.reason }] : [],
    customForms: flow.customForms,
    coverages: flow.insurance ? [flow.insurance] : [],
    payment,
    originUrl: flow.originUrl,
    bookedByPatient: user.userType === 'Patient' || user.roles.includes('patient'),
  };
}

/**
 * /book/pay (stage PAYMENT, §4.2 rule 8): the visit fee, the patient's saved cards (masked, §9), a card
 * form when there is none or another is wanted, and 'Pay and book', which authorizes the fee and books
 * (the fee is captured only once the booking commits). A declined card is said here and nothing is booked.
 */
export function PayPage() {
  const held = useHeldSlot();
  const flow = useState(readPaymentFlowState)[0];
  const visit = useVisitFee(held, flow.insurance?.Insurance?.Display);
  return (
    <PaymentShell path={PAY_PATH} timeZone={visit.timeZone} held={held}>
      {({ user, held: slot }) => <PayContent user={user} held={slot} flow={flow} visit={visit} />}
    </PaymentShell>
  );
}

function cardLabel(card: PaymentMethod, t: (key: string, options?: Record<string, unknown>) => string) {
  return t('pay.cardLabel', {
    brand: card.Brand.charAt(0).toUpperCase() + card.Brand.slice(1),
    number: card.MaskedNumber,
    month: String(card.ExpMonth).padStart(2, '0'),
    year: String(card.ExpYear % 100).padStart(2, '0'),
  });
}

function PayContent({
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
  const queryClient = useQueryClient();
  const patient = participantOf(user, flow);
  const config = useAppConfig();
  const kind = cardFormKind(config.data, visit.gatewayName);
  // Fortis and Global Payments keep no cards: their hosted field makes a token used once for this payment.
  const hosted = kind?.kind === 'hosted' ? kind : null;
  const cards = useQuery({
    ...savedCardsQuery(patient.Id),
    enabled: !!patient.Id && visit.fee !== null && !!kind && !hosted,
  });
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const booking = useSubmitBooking();

  const list = cards.data ?? [];
  const selected = chosen && list.some((c) => c.Id === chosen) ? chosen : (list[0]?.Id ?? null);
  const showForm = visit.fee !== null && cards.isSuccess && (adding || list.length === 0);

  if (visit.isLoading || (visit.fee !== null && !kind)) return <Skeleton height={240} radius="md" />;
  if (visit.isError) {
    return (
      <Alert color="red" role="alert">
        {t('pay.configFailed')}
      </Alert>
    );
  }
  // A practice paid through PayPal takes the fee on the wallet page (decision 0024).
  if (visit.fee !== null && visit.wallet) return <Navigate to="/book/pay-paypal" replace />;

  const pay = () =>
    void booking.submit(submissionOf(held, user, flow, visit, visit.fee !== null ? selected : null));

  if (visit.fee !== null && hosted && visit.organizationId) {
    const amount = formatMoney(visit.fee, i18n.language);
    return (
      <Stack gap="lg">
        <Title order={2} size="h3">
          {t('pay.title')}
        </Title>
        <VisitFeePanel insured={visit.insured} amount={amount} note={t('pay.authorizeNote')} />
        {booking.paymentError && (
          <Alert color="red" role="alert" title={t('pay.notTaken')}>
            {booking.paymentError}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <Title order={3} size="h5" mb="sm">
            {t('card.hosted.title')}
          </Title>
          <Suspense fallback={<Skeleton height={160} radius="md" />}>
            <HostedCardForm
              // A token is used once: each attempt (after a decline) starts a new field.
              key={attempt}
              gateway={hosted.gateway}
              environment={hosted.environment}
              organizationId={visit.organizationId}
              locationId={visit.locationId}
              submitLabel={t('pay.payAndBook', { amount })}
              busy={booking.submitting}
              onToken={(token) => {
                void booking
                  .submit(submissionOf(held, user, flow, visit, token, hosted.gateway))
                  .then((outcome) => {
                    if (outcome.kind !== 'booked') setAttempt((n) => n + 1);
                  });
              }}
              secondary={
                <Anchor component={Link} to="/">
                  {t('pay.findOther')}
                </Anchor>
              }
            />
          </Suspense>
        </Paper>
        {booking.submitting && (
          <Text size="sm" c="dimmed" role="status">
            {ts('submitting')}
          </Text>
        )}
        {booking.dialogs}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {visit.fee !== null ? t('pay.title') : t('pay.noFeeTitle')}
      </Title>
      {visit.fee !== null ? (
        <VisitFeePanel
          insured={visit.insured}
          amount={formatMoney(visit.fee, i18n.language)}
          note={t('pay.authorizeNote')}
        />
      ) : (
        <Text>{t('pay.noFee')}</Text>
      )}

      {cards.isError && (
        <Alert color="red" role="alert">
          {cards.error.message}
        </Alert>
      )}
      {visit.fee !== null && cards.isPending && <Skeleton height={96} radius="md" />}

      {visit.fee !== null && list.length > 0 && !adding && (
        <Radio.Group label={t('pay.chooseCard')} value={selected} onChange={setChosen}>
          <Stack gap="xs" mt="xs">
            {list.map((card) => (
              <Paper key={card.Id} withBorder radius="md" p="sm">
                <Radio value={card.Id} label={cardLabel(card, t)} data-testid="saved-card" />
              </Paper>
            ))}
          </Stack>
        </Radio.Group>
      )}

      {showForm && (
        <Paper withBorder radius="md" p="md">
          <Title order={3} size="h5" mb="sm">
            {t('card.title')}
          </Title>
          <CardForm
            patientId={patient.Id}
            submitLabel={t('card.save')}
            onSaved={(card) => {
              queryClient.setQueryData<PaymentMethod[]>(savedCardsQuery(patient.Id).queryKey, (old) => [
                card,
                ...(old ?? []).filter((c) => c.Id !== card.Id),
              ]);
              setChosen(card.Id);
              setAdding(false);
            }}
            secondary={
              adding && list.length > 0 ? (
                <Anchor component="button" type="button" onClick={() => setAdding(false)}>
                  {t('pay.useSavedCard')}
                </Anchor>
              ) : undefined
            }
          />
        </Paper>
      )}

      {booking.paymentError && (
        <Alert color="red" role="alert" title={t('pay.notTaken')}>
          {booking.paymentError}
        </Alert>
      )}

      {!showForm && (
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          {visit.fee !== null && list.length > 0 ? (
            <Anchor component="button" type="button" onClick={() => setAdding(true)}>
              {t('pay.addAnother')}
            </Anchor>
          ) : (
            <Anchor component={Link} to="/">
              {t('pay.findOther')}
            </Anchor>
          )}
          <Button
            size="md"
            onClick={pay}
            loading={booking.submitting}
            disabled={visit.fee !== null && !selected}
          >
            {visit.fee !== null
              ? t('pay.payAndBook', { amount: formatMoney(visit.fee, i18n.language) })
              : t('pay.book')}
          </Button>
        </Group>
      )}
      {booking.submitting && (
        <Text size="sm" c="dimmed" role="status">
          {ts('submitting')}
        </Text>
      )}
      {booking.dialogs}
    </Stack>
  );
}
