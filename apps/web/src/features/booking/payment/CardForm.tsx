import { lazy, Suspense, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCreditCard, IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { useAppConfig } from '../../../shared/config/appConfig';
import { saveCard } from './api';
import { cardFormKind } from './cardFormKind';
import {
  cardInput,
  formatCardNumber,
  formatExpiry,
  SANDBOX_TEST_CARDS,
  validateCard,
  type CardErrors,
  type CardFields,
} from './cardInput';

export interface CardFormProps {
  patientId: string;
  /** The saved card, once the gateway kept it. */
  onSaved: (card: PaymentMethod) => void;
  submitLabel: string;
  /** Shown next to the submit button (for example: back to the saved cards). */
  secondary?: React.ReactNode;
}

const EMPTY: CardFields = { number: '', expiry: '', cvc: '', name: '' };

// Stripe.js is loaded only on a card screen of a deployment that takes cards through Stripe.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/**
 * The card form of this deployment: Stripe Elements when a Stripe publishable key is configured (the card is
 * tokenised by Stripe in the browser), the sandbox's own form otherwise.
 */
export function CardForm(props: CardFormProps) {
  const config = useAppConfig();
  const kind = cardFormKind(config.data);
  if (!kind) return <Skeleton height={220} radius="md" />;
  // Asked without the practice's gateway, the kind is never a hosted field (the pay page shows those itself).
  if (kind.kind !== 'stripe') return <SandboxCardForm {...props} />;
  return (
    <Suspense fallback={<Skeleton height={160} radius="md" />}>
      <StripeCardForm {...props} publishableKey={kind.publishableKey} />
    </Suspense>
  );
}

/**
 * The built-in sandbox gateway's card form (decision 0012): number, expiry, CVC and name, checked here
 * (Luhn, MM/YY not past, 3-4 digit CVC) and by the server; the card is kept at the gateway, which answers
 * with a masked number only. Its test cards are listed so a tester knows which one does what.
 */
function SandboxCardForm({ patientId, onSaved, submitLabel, secondary }: CardFormProps) {
  const { t } = useTranslation('bookingPayment');
  const [fields, setFields] = useState<CardFields>(EMPTY);
  const [errors, setErrors] = useState<CardErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: keyof CardFields, value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setServerError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCard(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const card = await saveCard({ PatientId: patientId, Card: cardInput(fields) });
      setFields(EMPTY);
      onSaved(card);
    } catch (error) {
      const issue = error instanceof ApiError ? error.issues[0] : undefined;
      if (issue?.field.startsWith('Card.Number')) setErrors({ number: 'card.errors.notTestCard' });
      else if (issue?.field.startsWith('Card.Exp')) setErrors({ expiry: 'card.errors.expired' });
      else setServerError(error instanceof ApiError ? error.message : t('card.errors.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const err = (field: keyof CardFields) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('card.formLabel')}>
      <Stack gap="md">
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <TextInput
          label={t('card.number')}
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          leftSection={<IconCreditCard size={18} aria-hidden />}
          value={fields.number}
          onChange={(e) => set('number', formatCardNumber(e.currentTarget.value))}
          error={err('number')}
          required
        />
        <SimpleGrid cols={{ base: 2 }} spacing="md">
          <TextInput
            label={t('card.expiry')}
            placeholder={t('card.expiryPlaceholder')}
            inputMode="numeric"
            autoComplete="cc-exp"
            value={fields.expiry}
            onChange={(e) => set('expiry', formatExpiry(e.currentTarget.value))}
            error={err('expiry')}
            required
          />
          <TextInput
            label={t('card.cvc')}
            placeholder="123"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={fields.cvc}
            onChange={(e) => set('cvc', e.currentTarget.value.replace(/\D/g, ''))}
            error={err('cvc')}
            required
          />
        </SimpleGrid>
        <TextInput
          label={t('card.name')}
          autoComplete="cc-name"
          value={fields.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={err('name')}
        />
        <Alert
          variant="light"
          color="gray"
          icon={<IconFlask size={18} aria-hidden />}
          title={t('card.testCards.title')}
        >
          <Text size="sm" mb={4}>
            {t('card.testCards.intro')}
          </Text>
          <List size="sm" spacing={2}>
            {SANDBOX_TEST_CARDS.map((card) => (
              <List.Item key={card.number}>
                <Code>{card.number}</Code> {t(`card.testCards.${card.outcome}`)}
              </List.Item>
            ))}
          </List>
        </Alert>
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          {secondary ?? <span />}
          <Button type="submit" size="md" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
