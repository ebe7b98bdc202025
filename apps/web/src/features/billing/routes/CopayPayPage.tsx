import { useState, type FormEvent } from 'react';
import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { formatMoney, payCopay, useCopayLink } from '../api/billing';

/** /pay/copay?token=: the copay request's payment link (no sign-in; the link is the credential). */
export function CopayPayPage() {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.resolvedLanguage ?? 'en';
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useCopayLink(token);
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
    if (!/^\d{12,19}$/.test(number.replace(/\s/g, '')) || !month || !year || !/^\d{3,4}$/.test(cvc)) {
      setError(t('copay.errors.card'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await payCopay({
        Token: token,
        Card: {
          Number: number.replace(/\s/g, ''),
          ExpMonth: month,
          ExpYear: year < 100 ? 2000 + year : year,
          Cvc: cvc,
        },
      });
      setPaid(true);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.issues[0]?.message ?? failure.message)
          : t('copay.errors.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('copay.title')}
        </Title>
        {link.isPending && token ? (
          <Loader aria-label={t('loading')} />
        ) : !link.data ? (
          <Alert color="red" role="alert">
            {t('copay.invalid')}
          </Alert>
        ) : paid || link.data.Status === 'Paid' ? (
          <Alert color="green" role="status">
            {t('copay.paid')}
          </Alert>
        ) : (
          <Paper withBorder radius="lg" p="md" component="form" onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="sm">
              <Text>
                {t('copay.lead', {
                  practice: link.data.PracticeName ?? '',
                  amount: formatMoney(link.data.AmountCents, language),
                })}
              </Text>
              <TextInput
                label={t('copay.number')}
                inputMode="numeric"
                autoComplete="cc-number"
                required
                value={number}
                onChange={(e) => setNumber(e.currentTarget.value)}
              />
              <Group grow>
                <TextInput
                  label={t('copay.expiry')}
                  placeholder="MM/YY"
                  autoComplete="cc-exp"
                  required
                  value={expiry}
                  onChange={(e) => setExpiry(e.currentTarget.value)}
                />
                <TextInput
                  label={t('copay.cvc')}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  required
                  value={cvc}
                  onChange={(e) => setCvc(e.currentTarget.value)}
                />
              </Group>
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Button type="submit" loading={busy}>
                {t('copay.pay', { amount: formatMoney(link.data.AmountCents, language) })}
              </Button>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
