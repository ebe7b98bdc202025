import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Modal,
  NumberInput,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { Invoice, InvoiceStatus } from '@careslot/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import {
  formatMoney,
  INVOICES_PAGE_SIZE,
  refundable,
  useInvoices,
  useRefund,
  type InvoiceFilter,
} from '../api/billing';

const STATUSES: InvoiceStatus[] = ['Open', 'Paid', 'Credit', 'Void'];

/** The refund dialog: how much (at most what is left of the payment) and why. */
function RefundDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.resolvedLanguage ?? 'en';
  const payment = refundable(invoice)[0];
  const [amount, setAmount] = useState<number | string>(payment ? payment.leftCents / 100 : 0);
  const [reason, setReason] = useState('');
  // One key per dialog: a retried press refunds once.
  const [key] = useState(() => crypto.randomUUID());
  const [submitted, setSubmitted] = useState(false);
  const refund = useRefund();
  if (!payment) return null;
  const cents = Math.round(Number(amount) * 100);
  const amountError =
    !Number.isFinite(cents) || cents <= 0
      ? t('refund.errors.amount')
      : cents > payment.leftCents
        ? t('refund.errors.max', { amount: formatMoney(payment.leftCents, language) })
        : null;
  const reasonError = reason.trim().length < 3 ? t('refund.errors.reason') : null;
  const serverError =
    refund.error instanceof ApiError
      ? (refund.error.issues[0]?.message ?? refund.error.message)
      : refund.error
        ? t('refund.errors.failed')
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (amountError || reasonError) return;
    refund.mutate(
      {
        TransactionId: payment.transactionId,
        AmountCents: cents,
        Reason: reason.trim(),
        IdempotencyKey: key,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('refund.title', { name: invoice.PatientName ?? '' })} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('refund.left', { amount: formatMoney(payment.leftCents, language) })}</Text>
          <NumberInput
            label={t('refund.amount')}
            prefix="$"
            decimalScale={2}
            min={0.01}
            max={payment.leftCents / 100}
            value={amount}
            onChange={setAmount}
            required
            error={submitted ? amountError : undefined}
          />
          <Textarea
            label={t('refund.reason')}
            required
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={submitted ? reasonError : undefined}
          />
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('refund.cancel')}
            </Button>
            <Button type="submit" color="red" loading={refund.isPending}>
              {t('refund.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /practice-admin/billing (issue 28): the practice's invoices with their payments, refunds and balances, filtered
 * by status and date, and the refund dialog (amount and reason) for a captured payment.
 */
export function PracticeBillingPage() {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.resolvedLanguage ?? 'en';
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<Invoice | null>(null);
  const filter: InvoiceFilter = status ? { Status: status as InvoiceStatus } : {};
  const invoices = useInvoices(filter, page);
  const money = (cents: number) => formatMoney(cents, language);
  const total = invoices.data?.Total ?? 0;

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('practice.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('practice.lead')}
        </Text>
        <Paper withBorder radius="lg" p="md">
          <Select
            label={t('practice.status')}
            placeholder={t('practice.anyStatus')}
            clearable
            data={STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            maw={240}
          />
        </Paper>
        {invoices.isPending ? (
          <Loader aria-label={t('loading')} />
        ) : invoices.isError ? (
          <Alert color="red" role="alert">
            {t('errors.load')}
          </Alert>
        ) : total === 0 ? (
          <Text>{t('practice.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped aria-label={t('practice.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.date')}</Table.Th>
                  <Table.Th>{t('columns.patient')}</Table.Th>
                  <Table.Th>{t('columns.status')}</Table.Th>
                  <Table.Th>{t('columns.charged')}</Table.Th>
                  <Table.Th>{t('columns.paid')}</Table.Th>
                  <Table.Th>{t('columns.refunded')}</Table.Th>
                  <Table.Th>{t('columns.balance')}</Table.Th>
                  <Table.Th>{t('columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data.Data.map((invoice) => (
                  <Table.Tr key={invoice.Id} data-testid="invoice-row">
                    <Table.Td>
                      {new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(
                        new Date(invoice.CreatedOn),
                      )}
                    </Table.Td>
                    <Table.Td>{invoice.PatientName}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{t(`status.${invoice.Status}`)}</Badge>
                    </Table.Td>
                    <Table.Td>{money(invoice.ChargedCents)}</Table.Td>
                    <Table.Td>{money(invoice.PaidCents)}</Table.Td>
                    <Table.Td>
                      {money(invoice.RefundedCents)}
                      {invoice.Refunds.map((refund) => (
                        <Text key={refund.Id} size="xs" c="dimmed">
                          {t('practice.refundLine', {
                            amount: money(refund.AmountCents),
                            reason: refund.Reason,
                          })}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td>{money(invoice.BalanceCents)}</Table.Td>
                    <Table.Td>
                      {refundable(invoice).length > 0 && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => setRefunding(invoice)}
                          aria-label={t('practice.refundFor', { name: invoice.PatientName ?? '' })}
                        >
                          {t('practice.refund')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {total > INVOICES_PAGE_SIZE && (
          <Pagination
            total={Math.ceil(total / INVOICES_PAGE_SIZE)}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          />
        )}
      </Stack>
      {refunding && <RefundDialog invoice={refunding} onClose={() => setRefunding(null)} />}
    </Container>
  );
}
