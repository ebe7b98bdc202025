import { useState } from 'react';
import {
  Alert,
  Container,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYMENT_TRANSACTION_STATUSES } from '@careslot/contracts';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import {
  FINANCE_PAGE_SIZE,
  useFinanceConfigs,
  useFinanceTransactions,
  type TransactionFilter,
} from '../api/finance';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The financial super user's home (decision 0056): every practice's payment configuration, then the payments
 * across practices, filterable by practice, dates and status. Read-only, and without patient or clinical data.
 */
export function FinanceHomePage() {
  const { t, i18n } = useTranslation('finance');
  const configs = useFinanceConfigs();
  const [filter, setFilter] = useState<TransactionFilter>({
    organizationId: null,
    from: '',
    to: '',
    status: null,
    page: 1,
  });
  const fromError =
    filter.from && !DATE.test(filter.from) ? t('errors.date', { field: t('filters.from') }) : undefined;
  const toError =
    filter.to && !DATE.test(filter.to)
      ? t('errors.date', { field: t('filters.to') })
      : filter.from && filter.to && filter.from > filter.to
        ? t('errors.order')
        : undefined;
  const valid = !fromError && !toError;
  const transactions = useFinanceTransactions(valid ? filter : { ...filter, from: '', to: '' });
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: currency.toUpperCase() }).format(
      cents / 100,
    );
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const set = (change: Partial<TransactionFilter>) =>
    setFilter((f) => ({ ...f, ...change, page: change.page ?? 1 }));

  return (
    <Container size="xl" py="xl">
      <title>{t('title')}</title>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('heading')}</Title>
          <Text c="dimmed">{t('lead')}</Text>
        </div>

        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="finance-configs-heading">
          <Stack gap="sm">
            <Title order={2} fz="h3" id="finance-configs-heading">
              {t('configs.heading')}
            </Title>
            {configs.isPending ? (
              <LoadingSpinner />
            ) : configs.error ? (
              <Alert color="red" role="alert">
                {configs.error.message}
              </Alert>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped verticalSpacing="sm" aria-labelledby="finance-configs-heading">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('columns.practice')}</Table.Th>
                      <Table.Th>{t('configs.online')}</Table.Th>
                      <Table.Th>{t('columns.gateway')}</Table.Th>
                      <Table.Th>{t('configs.account')}</Table.Th>
                      <Table.Th>{t('configs.locations')}</Table.Th>
                      <Table.Th>{t('configs.fees')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {configs.data.map((c) => (
                      <Table.Tr key={c.OrganizationId}>
                        <Table.Td fw={600}>{c.PracticeName ?? c.OrganizationId}</Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={c.EnableOnlinePayment ? 600 : 400}>
                            {c.EnableOnlinePayment ? t('configs.on') : t('configs.off')}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {c.Gateway.GatewayName
                            ? t(`gateways.${c.Gateway.GatewayName}`, { defaultValue: c.Gateway.GatewayName })
                            : t('configs.none')}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" ff="monospace">
                            {c.Gateway.AccountNumber ?? '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>{c.LocationOverrides}</Table.Td>
                        <Table.Td>{c.VisitFees}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Paper>

        <Paper
          withBorder
          radius="lg"
          p="lg"
          component="section"
          aria-labelledby="finance-transactions-heading"
        >
          <Stack gap="sm">
            <Title order={2} fz="h3" id="finance-transactions-heading">
              {t('transactions.heading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('transactions.lead')}
            </Text>
            <Group align="flex-start" grow wrap="wrap">
              <Select
                label={t('filters.practice')}
                placeholder={t('filters.allPractices')}
                data={(configs.data ?? []).map((c) => ({
                  value: c.OrganizationId,
                  label: c.PracticeName ?? c.OrganizationId,
                }))}
                value={filter.organizationId}
                onChange={(value) => set({ organizationId: value })}
                clearable
                miw={200}
              />
              <TextInput
                label={t('filters.from')}
                type="date"
                value={filter.from}
                onChange={(e) => set({ from: e.currentTarget.value })}
                error={fromError}
                miw={160}
              />
              <TextInput
                label={t('filters.to')}
                type="date"
                value={filter.to}
                onChange={(e) => set({ to: e.currentTarget.value })}
                error={toError}
                miw={160}
              />
              <Select
                label={t('filters.status')}
                placeholder={t('filters.allStatuses')}
                data={PAYMENT_TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
                value={filter.status}
                onChange={(value) => set({ status: value })}
                clearable
                miw={160}
              />
            </Group>
            {transactions.isPending ? (
              <LoadingSpinner />
            ) : transactions.error ? (
              <Alert color="red" role="alert">
                {transactions.error.message}
              </Alert>
            ) : transactions.data.Total === 0 ? (
              <Text>{t('transactions.empty')}</Text>
            ) : (
              <>
                <Text size="sm" aria-live="polite">
                  {t('transactions.count', { count: transactions.data.Total })}
                </Text>
                <Table.ScrollContainer minWidth={760}>
                  <Table
                    striped
                    highlightOnHover
                    verticalSpacing="sm"
                    aria-labelledby="finance-transactions-heading"
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('columns.date')}</Table.Th>
                        <Table.Th>{t('columns.practice')}</Table.Th>
                        <Table.Th ta="right">{t('columns.amount')}</Table.Th>
                        <Table.Th>{t('columns.status')}</Table.Th>
                        <Table.Th>{t('columns.gateway')}</Table.Th>
                        <Table.Th>{t('columns.reference')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {transactions.data.Data.map((row) => (
                        <Table.Tr key={row.Id} data-testid="finance-transaction">
                          <Table.Td>{when.format(new Date(row.CreatedOn))}</Table.Td>
                          <Table.Td>{row.PracticeName ?? row.OrganizationId}</Table.Td>
                          <Table.Td ta="right" ff="monospace">
                            {money(row.AmountCents, row.Currency)}
                          </Table.Td>
                          <Table.Td>{t(`statuses.${row.Status}`)}</Table.Td>
                          <Table.Td>{t(`gateways.${row.Gateway}`, { defaultValue: row.Gateway })}</Table.Td>
                          <Table.Td>
                            <Text size="xs" ff="monospace">
                              {row.GatewayReference ?? '—'}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {transactions.data.Total > FINANCE_PAGE_SIZE ? (
                  <Pagination
                    total={Math.ceil(transactions.data.Total / FINANCE_PAGE_SIZE)}
                    value={filter.page}
                    onChange={(page) => set({ page })}
                    aria-label={t('pages')}
                    getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
                  />
                ) : null}
              </>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
