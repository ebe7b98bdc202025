import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session';
import { formatMoney, useInvoiceAggregate } from '../api/billing';

/** /portal/billing: the patient's balance, invoices, payments and refunds (issue 28). */
export function PortalBillingPage() {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.resolvedLanguage ?? 'en';
  const patientId = useSession().user?.userId ?? null;
  const aggregate = useInvoiceAggregate(patientId);
  const money = (cents: number) => formatMoney(cents, language);
  if (aggregate.isPending) return <Loader aria-label={t('loading')} />;
  if (aggregate.isError)
    return (
      <Alert color="red" role="alert">
        {t('errors.load')}
      </Alert>
    );
  const data = aggregate.data;
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" p="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed">
              {t('portal.balance')}
            </Text>
            <Text fz="h2" fw={700} data-testid="portal-balance">
              {money(data.BalanceCents)}
            </Text>
          </div>
          <div>
            <Text size="sm">{t('portal.paid', { amount: money(data.PaidCents) })}</Text>
            <Text size="sm" data-testid="portal-refunded">
              {t('portal.refunded', { amount: money(data.RefundedCents) })}
            </Text>
          </div>
        </Group>
      </Card>
      <Title order={2} size="h3">
        {t('portal.invoices')}
      </Title>
      {data.Invoices.length === 0 ? (
        <Text>{t('portal.empty')}</Text>
      ) : (
        data.Invoices.map((invoice) => (
          <Card
            key={invoice.Id}
            withBorder
            radius="lg"
            p="md"
            component="section"
            aria-label={t('portal.invoice')}
          >
            <Group justify="space-between">
              <Text fw={600}>
                {new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(
                  new Date(invoice.CreatedOn),
                )}
              </Text>
              <Badge variant="light">{t(`status.${invoice.Status}`)}</Badge>
            </Group>
            <Stack gap={2} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {invoice.Entries.map((entry) => (
                <Group key={entry.Id} justify="space-between" component="li">
                  <Text size="sm">
                    {t(`entry.${entry.Kind}`)}
                    {entry.Kind === 'refund' && entry.Description ? ` (${entry.Description})` : ''}
                  </Text>
                  <Text size="sm">{money(entry.AmountCents)}</Text>
                </Group>
              ))}
            </Stack>
            <Text size="sm" fw={600} mt="xs">
              {t('portal.invoiceBalance', { amount: money(invoice.BalanceCents) })}
            </Text>
          </Card>
        ))
      )}
    </Stack>
  );
}
