import { useState } from 'react';
import { Alert, Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { PaymentMethod } from '@careslot/contracts';
import { savedCardsQuery } from './api';
import { useAppConfig } from '../../../shared/config/appConfig';
import { CardForm } from './CardForm';
import { cardFormKind } from './cardFormKind';
import { PaymentShell, useHeldSlot } from './PaymentShell';
import { participantOf, readPaymentFlowState } from './flowState';
import { PAY_PATH } from './PayPage';
import { useVisitFee } from './useVisitFee';

export const ADD_CARD_PATH = '/book/add-card';

/**
 * /book/add-card (stage ADD_CARD) with the card-payment guard of 2.2: the patient's saved payment methods
 * are asked for first; the gateway refusing says 'Unable To Access Your Stripe Customer'; saved cards move
 * the booking past this stage to the pay page (unless the patient asked to add another, ?another=1).
 */
export function AddCardPage() {
  const held = useHeldSlot();
  const flow = useState(readPaymentFlowState)[0];
  const visit = useVisitFee(held, flow.insurance?.Insurance?.Display);
  const config = useAppConfig();
  // Fortis and Global Payments keep no cards: the pay page takes the card in their hosted field (decision 0077).
  if (cardFormKind(config.data, visit.gatewayName)?.kind === 'hosted')
    return <Navigate to={PAY_PATH} replace />;
  return (
    <PaymentShell path={ADD_CARD_PATH} timeZone={visit.timeZone} held={held}>
      {({ user }) => <AddCardContent patientId={participantOf(user, flow).Id} />}
    </PaymentShell>
  );
}

function AddCardContent({ patientId }: { patientId: string }) {
  const { t } = useTranslation('bookingPayment');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const cards = useQuery(savedCardsQuery(patientId));
  const another = params.get('another') === '1';

  if (cards.isPending) return <Skeleton height={320} radius="md" />;
  if (cards.isSuccess && cards.data.length > 0 && !another) return <Navigate to={PAY_PATH} replace />;

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('card.pageTitle')}
      </Title>
      <Text c="dimmed">{t('card.pageIntro')}</Text>
      {cards.isError ? (
        <Alert color="red" role="alert">
          {cards.error.message}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="md">
          <CardForm
            patientId={patientId}
            submitLabel={t('card.saveAndContinue')}
            onSaved={(card) => {
              queryClient.setQueryData<PaymentMethod[]>(savedCardsQuery(patientId).queryKey, (old) => [
                card,
                ...(old ?? []),
              ]);
              void navigate(PAY_PATH);
            }}
            secondary={
              another ? (
                <Anchor component={Link} to={PAY_PATH}>
                  {t('pay.useSavedCard')}
                </Anchor>
              ) : undefined
            }
          />
        </Paper>
      )}
    </Stack>
  );
}
