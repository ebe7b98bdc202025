import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { ApiError } from '../../../shared/api/client';
import { saveCard } from './api';
import type { CardFormProps } from './CardForm';

// One Stripe.js per page and key: loadStripe adds Stripe's script once.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** The languages Stripe Elements speaks that CareSlot offers (its codes). */
const ELEMENTS_LOCALES = { en: 'en', es: 'es', 'zh-CN': 'zh', vi: 'vi', ko: 'ko', ja: 'ja' } as const;

/**
 * The card form when the deployment takes cards through Stripe (decision 0012): the card number, expiry and
 * CVC are Stripe Elements (Stripe's own fields, so the number never touches CareSlot); 'Save card' asks
 * Stripe for a PaymentMethod and sends only its pm_ id, which the server attaches to the patient's customer.
 */
export default function StripeCardForm({
  publishableKey,
  patientId,
  onSaved,
  submitLabel,
  secondary,
}: CardFormProps & { publishableKey: string }) {
  const { t, i18n } = useTranslation('bookingPayment');
  const mountPoint = useRef<HTMLDivElement>(null);
  const element = useRef<StripeCardElement | null>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const locale = ELEMENTS_LOCALES[i18n.language as keyof typeof ELEMENTS_LOCALES] ?? 'auto';

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | null = null;
    stripeFor(publishableKey)
      .then((loadedStripe) => {
        if (cancelled) return;
        if (!loadedStripe || !mountPoint.current) {
          setUnavailable(true);
          return;
        }
        card = loadedStripe
          .elements({ locale })
          .create('card', { hidePostalCode: true, style: { base: { fontSize: '16px' } } });
        card.on('change', (event) => setCardError(event.error?.message ?? null));
        card.mount(mountPoint.current);
        element.current = card;
        setStripe(loadedStripe);
      })
      .catch(() => {
        if (!cancelled) setUnavailable(true);
      });
    return () => {
      cancelled = true;
      card?.destroy();
      element.current = null;
    };
  }, [publishableKey, locale]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !element.current) return;
    setSaving(true);
    setServerError(null);
    try {
      const result = await stripe.createPaymentMethod({
        type: 'card',
        card: element.current,
        ...(name.trim() ? { billing_details: { name: name.trim() } } : {}),
      });
      if (result.error) {
        setCardError(result.error.message ?? t('card.errors.saveFailed'));
        return;
      }
      const card = await saveCard({ PatientId: patientId, PaymentMethodId: result.paymentMethod.id });
      element.current.clear();
      setName('');
      onSaved(card);
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : t('card.errors.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('card.formLabel')}>
      <Stack gap="md">
        {(serverError || unavailable) && (
          <Alert color="red" role="alert">
            {serverError ?? t('card.stripe.unavailable')}
          </Alert>
        )}
        <Input.Wrapper label={t('card.stripe.label')} error={cardError} required>
          <Box
            ref={mountPoint}
            data-testid="stripe-card-element"
            px="sm"
            py={10}
            mt={4}
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-sm)',
              minHeight: 42,
            }}
          />
        </Input.Wrapper>
        <TextInput
          label={t('card.name')}
          autoComplete="cc-name"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Input.Description>{t('card.stripe.note')}</Input.Description>
        </Group>
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          {secondary ?? <span />}
          <Button type="submit" size="md" loading={saving} disabled={!stripe}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
