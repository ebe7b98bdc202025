import type {
  FinancePracticeConfig,
  FinanceTransaction,
  FinanceTransactionsQuery,
} from '@careslot/contracts';
import { recordList } from '../../platform/access';
import { recordPracticeOutcome } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { getOrganization } from '../organizations';
import { gatewayOf } from './service';
import * as store from './store';

/**
 * The financial super user's view (decision 0056): every practice's payment configuration and the payments
 * across practices, read-only. A payment shows money, status, gateway, date and practice; never the patient,
 * the visit's reason or anything clinical. Every read writes an audit row (the transaction list names the
 * patients whose payments it showed, as every list of patient-linked rows does, decision 0026).
 */

type Deps = Pick<AppDeps, 'database'>;

export const FINANCE_WORKFLOW = 'Finance_Payments_View_Web';

async function practiceNames(deps: Deps, ids: readonly string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(ids)];
  const organizations = await Promise.all(unique.map((id) => getOrganization(deps.database, id)));
  return new Map(unique.map((id, index) => [id, organizations[index]?.Name ?? null]));
}

export async function financeTransactions(
  deps: Deps,
  context: RequestContext,
  query: FinanceTransactionsQuery,
): Promise<{ Data: FinanceTransaction[]; Total: number }> {
  // `to` is a whole day: everything before the next midnight (UTC, the product's reporting zone).
  const toExclusive = query.to
    ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString()
    : null;
  const { rows, total } = await store.financeTransactions(deps.database, {
    organizationId: query.organizationId ?? null,
    from: query.from ? `${query.from}T00:00:00Z` : null,
    toExclusive,
    status: query.status ?? null,
    limit: query.limit,
    offset: (query.offset - 1) * query.limit,
  });
  const names = await practiceNames(
    deps,
    rows.map((r) => r.organization_id),
  );
  await recordList(
    context,
    'search',
    'payment',
    rows.map((r) => r.patient_id),
    {
      entityType: 'PaymentTransaction',
      workflow: FINANCE_WORKFLOW,
      // The filters' kinds, not values that could identify anyone (an organization id is no one's data).
      detail: {
        organizationId: query.organizationId ?? null,
        from: query.from ?? null,
        to: query.to ?? null,
        status: query.status ?? null,
        page: query.offset,
        rows: rows.length,
      },
    },
  );
  return {
    Total: total,
    Data: rows.map((row) => ({
      Id: row.id,
      OrganizationId: row.organization_id,
      PracticeName: names.get(row.organization_id) ?? null,
      AmountCents: row.amount_cents,
      Currency: row.currency,
      Status: row.status,
      Gateway: row.gateway,
      GatewayReference: row.gateway_reference,
      CreatedOn: new Date(row.created_at).toISOString(),
    })),
  };
}

export async function financePracticeConfigs(
  deps: Deps,
  context: RequestContext,
): Promise<{ Data: FinancePracticeConfig[]; Total: number }> {
  const rows = await store.orgConfigs(deps.database);
  const counts = new Map((await store.configCounts(deps.database)).map((c) => [c.organization_id, c]));
  const names = await practiceNames(
    deps,
    rows.map((r) => r.organization_id),
  );
  await recordPracticeOutcome(context, 'search', {
    entityType: 'OrganizationPaymentConfig',
    id: null,
    organizationId: null,
    workflow: FINANCE_WORKFLOW,
    detail: { count: rows.length },
  });
  const data = rows.map((row) => ({
    OrganizationId: row.organization_id,
    PracticeName: names.get(row.organization_id) ?? null,
    EnableOnlinePayment: row.enable_online_payment,
    Gateway: gatewayOf(row),
    LocationOverrides: counts.get(row.organization_id)?.locations ?? 0,
    VisitFees: counts.get(row.organization_id)?.fees ?? 0,
  }));
  data.sort((a, b) => (a.PracticeName ?? '').localeCompare(b.PracticeName ?? ''));
  return { Data: data, Total: data.length };
}
