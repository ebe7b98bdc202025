import type { FeeOutcome } from '@careslot/contracts';
import { recordOutcome } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { settlingFor } from './service';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config'>;

/** A practice without its own policy refunds a patient who cancels at least a day ahead (decision 0042). */
export const DEFAULT_CANCEL_REFUND_HOURS = 24;

export interface CancelledVisit {
  appointmentId: string;
  organizationId: string | null;
  start: Date;
  /** The practice called it off (a patient is never charged for that), rather than the patient. */
  byPractice: boolean;
  /** Who settles it: the system's context (a consumer of the change), for the audit row of a refund. */
  context: RequestContext;
}

/**
 * What becomes of the visit fee of a cancelled appointment (issue 17 item 9): nothing was paid → none; the
 * practice cancelled, or the patient cancelled at least the practice's cancel_refund_hours before the visit →
 * the captured fee is refunded through its gateway; otherwise the practice keeps it. A refund the gateway refuses
 * throws, so the durable event's delivery is retried; heard again, a fee refunded before is still reported refunded.
 */
export async function settleFeeOnCancellation(
  deps: Deps,
  visit: CancelledVisit,
): Promise<{ outcome: FeeOutcome; amountCents: number }> {
  const paid = (await store.transactionsOfAppointment(deps.database, visit.appointmentId)).find(
    (row) => row.status === 'Captured' && row.gateway_reference,
  );
  // Heard again (a durable event is delivered at least once): a fee refunded before is still refunded.
  if (!paid) return feeOutcomeOf(deps, visit.appointmentId);
  const config = visit.organizationId ? await store.orgConfig(deps.database, visit.organizationId) : null;
  const hours = config ? (config.cancel_refund_hours ?? null) : DEFAULT_CANCEL_REFUND_HOURS;
  const now = deps.clock.now();
  const refundable =
    visit.byPractice || (hours !== null && visit.start.getTime() - now.getTime() >= hours * 3_600_000);
  if (!refundable) return { outcome: 'kept', amountCents: paid.amount_cents };
  const { gateway, account } = await settlingFor(deps, paid);
  await gateway.refund(paid.capture_reference ?? paid.gateway_reference!, undefined, account);
  await store.transition(deps.database, paid.id, ['Captured'], 'Refunded', now);
  await recordOutcome(
    visit.context,
    'update',
    {
      kind: 'payment',
      id: paid.id,
      patientId: paid.patient_id,
      detail: { refund: true, cancellation: true },
    },
    'success',
  );
  return { outcome: 'refunded', amountCents: paid.amount_cents };
}

/** What a cancelled visit's fee became, read back from its payment (for the patient's message). */
export async function feeOutcomeOf(
  deps: Pick<AppDeps, 'database'>,
  appointmentId: string,
): Promise<{ outcome: FeeOutcome; amountCents: number }> {
  const rows = await store.transactionsOfAppointment(deps.database, appointmentId);
  const refunded = rows.find((row) => row.status === 'Refunded');
  if (refunded) return { outcome: 'refunded', amountCents: refunded.amount_cents };
  const kept = rows.find((row) => row.status === 'Captured');
  return kept ? { outcome: 'kept', amountCents: kept.amount_cents } : { outcome: 'none', amountCents: 0 };
}
