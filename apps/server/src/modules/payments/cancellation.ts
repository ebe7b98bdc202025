import type { FeeOutcome } from '@careslot/contracts';
import { recordOutcome } from '../../platform/access';
import { systemContext, type RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { patientRelations } from '../patients';
import { GatewayError } from './gateway';
import { postFullRefund } from './invoices';
import { settlingFor } from './service';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'secrets'>;

/** A practice without its own policy refunds a patient who cancels at least a day ahead (decision 0042). */
export const DEFAULT_CANCEL_REFUND_HOURS = 24;

export interface CancelledVisit {
  appointmentId: string;
  organizationId: string | null;
  start: Date;
  /** When it was cancelled: the event's occurredAt. The policy is applied at this time, not at delivery. */
  cancelledAt: Date;
  /** The practice called it off (a patient is never charged for that), rather than the patient. */
  byPractice: boolean;
}

export interface FeeDecision {
  outcome: FeeOutcome;
  amountCents: number;
  /** The captured payment to refund (outcome refunded, not refunded yet). */
  toRefund: store.TransactionRow | null;
}

/**
 * What becomes of the visit fee of a cancelled appointment (issue 17 item 9): nothing was paid → none; the
 * practice cancelled, or the patient cancelled at least the practice's cancel_refund_hours before the visit →
 * refunded; otherwise the practice keeps it. Decided at the cancellation's time, so it answers the same
 * whenever it is asked (the payments consumer that refunds, the patient's message that tells): a late or
 * repeated delivery cannot turn the 24-hour rule around. Reads only.
 */
export async function cancellationFeeOf(
  deps: Pick<AppDeps, 'database'>,
  visit: Omit<CancelledVisit, 'context'>,
): Promise<FeeDecision> {
  const paid = (await store.transactionsOfAppointment(deps.database, visit.appointmentId)).find(
    (row) => row.status === 'Captured' && row.gateway_reference,
  );
  // Heard again (a durable event is delivered at least once): a fee refunded before is still refunded.
  if (!paid) return { ...(await feeOutcomeOf(deps, visit.appointmentId)), toRefund: null };
  const config = visit.organizationId ? await store.orgConfig(deps.database, visit.organizationId) : null;
  const hours = config ? (config.cancel_refund_hours ?? null) : DEFAULT_CANCEL_REFUND_HOURS;
  const refundable =
    visit.byPractice ||
    (hours !== null && visit.start.getTime() - visit.cancelledAt.getTime() >= hours * 3_600_000);
  return refundable
    ? { outcome: 'refunded', amountCents: paid.amount_cents, toRefund: paid }
    : { outcome: 'kept', amountCents: paid.amount_cents, toRefund: null };
}

/**
 * Settles the fee as cancellationFeeOf decides: refunds a captured fee through its gateway. Idempotent under
 * replay: heard again after a crash between the gateway's refund and our row's update, the gateway refuses a
 * second refund (invalid_state) and answers Refunded, so the row is moved on without refunding twice. Any
 * other gateway failure throws, so the delivery is retried (and, after its last attempt, listed as a dead
 * letter for a super user).
 */
export async function settleFeeOnCancellation(
  deps: Deps,
  visit: CancelledVisit & { context: RequestContext },
): Promise<FeeDecision> {
  const decision = await cancellationFeeOf(deps, visit);
  const paid = decision.toRefund;
  if (!paid) return decision;
  const { gateway, account } = await settlingFor(deps, paid);
  const reference = paid.capture_reference ?? paid.gateway_reference!;
  try {
    await gateway.refund(reference, undefined, account);
  } catch (error) {
    const refundedBefore =
      error instanceof GatewayError &&
      error.code === 'invalid_state' &&
      (await gateway.status(reference, account)) === 'Refunded';
    if (!refundedBefore) throw error;
  }
  const moved = await store.transition(deps.database, paid.id, ['Captured'], 'Refunded', deps.clock.now());
  if (moved) await postFullRefund(deps, moved, 'Visit cancelled');
  if (moved)
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
  return { ...decision, toRefund: null };
}

/**
 * The appointments module's "appointment changed" event, as the payments consumer reads it: the fields it
 * needs. Payments cannot import the appointments module (which depends on payments), so it names the event
 * type here; the cancellation tests fail if the two drift apart.
 */
const APPOINTMENT_CHANGED = 'appointment.changed';
interface AppointmentChangedFields {
  kind: string;
  appointmentId: string;
  organizationId: string | null;
  patientId: string;
  startTime: string;
  actorId: string | null;
}

/**
 * The payments consumer of appointment changes (decision 0082): settles a cancelled visit's fee in the
 * background, at the cancellation's time. It starts from now: cancellations before it existed were settled by
 * the notifications consumer that used to do it.
 */
export function registerCancellationFees(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config' | 'events' | 'secrets'>,
): void {
  deps.events.subscribe<AppointmentChangedFields>(
    'payments.cancellation-fee',
    [APPOINTMENT_CHANGED],
    async (event) => {
      const change = event.payload;
      if (change.kind !== 'cancelled') return;
      await settleFeeOnCancellation(deps, {
        appointmentId: change.appointmentId,
        organizationId: change.organizationId,
        start: new Date(change.startTime),
        cancelledAt: new Date(event.occurredAt),
        // A patient (or the link acting for them) is held to the policy; the practice calling it off refunds in full.
        byPractice: change.actorId !== change.patientId,
        // The system acting after an appointment change (the audit row of the fee's refund).
        context: systemContext(
          { database: deps.database, relations: patientRelations },
          'payments.cancellation-fee',
        ),
      });
    },
  );
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
