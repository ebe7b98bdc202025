import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  FinancePracticeConfig,
  FinanceTransaction,
  PaymentTransactionStatus,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

/** The financial super user's read-only calls (decision 0056); the server audits every one. */
const FINANCE = '/careslot-payment-service/api/v1/finance';
export const FINANCE_PAGE_SIZE = 20;

interface Envelope<T> {
  status_code: number;
  message: string;
  data: T;
}

export interface TransactionFilter {
  organizationId: string | null;
  from: string;
  to: string;
  status: PaymentTransactionStatus | null;
  page: number;
}

export const financeTransactionsQuery = (filter: TransactionFilter) =>
  queryOptions({
    queryKey: ['finance', 'transactions', filter],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Envelope<{ Data: FinanceTransaction[]; Total: number }>>(`${FINANCE}/transactions`, {
          query: {
            organizationId: filter.organizationId,
            from: filter.from || null,
            to: filter.to || null,
            status: filter.status,
            offset: filter.page,
            limit: FINANCE_PAGE_SIZE,
          },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export const financeConfigsQuery = () =>
  queryOptions({
    queryKey: ['finance', 'configurations'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Envelope<{ Data: FinancePracticeConfig[]; Total: number }>>(
          `${FINANCE}/payment-configurations`,
          { signal },
        )
      ).data.Data,
  });

export const useFinanceTransactions = (filter: TransactionFilter) =>
  useQuery(financeTransactionsQuery(filter));
export const useFinanceConfigs = () => useQuery(financeConfigsQuery());
