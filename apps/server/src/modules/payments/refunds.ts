import { randomUUID } from 'node:crypto';
import { BILLING_MESSAGES, type PaymentRefund, type PracticeRefund } from '@careslot/contracts';
import { authorizePractice, notFoundAudited, ROLE_SETS } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import { crashPoint } from '../../platform/crash-points';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { GatewayError } from './gateway';
import * as ledger from './invoice-store';
import { postRefundEntries } from './invoices';
import { contactOf, practiceName, sendReceipt } from './receipts';
import { settlingFor } from './service';
import * as store from './store';

/**
 * The practice's refund of a captured payment, full or partial, with a reason (patient-booking.md §4.6,
 * decision 0098), through the gateway that took it. Crash-safe and retry-safe:
 * 1. the refund row is written first (Pending) under the caller's idempotency key, inside the payment's lock,
 *    after checking that it fits in what is left to refund (so two refunds cannot give back more than was paid);
 * 2. the gateway refunds under the refund's own id as its idempotency key (asked again, it refunds once);
 * 3. the row turns Succeeded with its ledger entries and the receipt in one transaction.
 * A retry with the same key, or the reconciler finding the row Pending after a crash, repeats 2 and 3 only.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'outbox' | 'secrets'>;

export const REFUND_WORKFLOW = 'Billing_Refunds_Web';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toRefund(row: ledger.RefundRow, gateway: string): PaymentRefund {
  return {
    Id: row.id,
    TransactionId: row.transaction_id,
    InvoiceId: row.invoice_id,
    AmountCents: Number(row.amount_cents),
    Reason: row.reason,
    Status: row.status,
    Gateway: gateway,
    CreatedOn: iso(row.created_at),
  };
}

/** Steps 2 and 3: the gateway's refund, then the row, the ledger and the receipt. Safe to repeat. */
export async function completeRefund(deps: Deps, refund: ledger.RefundRow): Promise<ledger.RefundRow> {
  const payment = (await store.transaction(deps.database, refund.transaction_id))!;
  const amount = Number(refund.amount_cents);
  const { gateway, account } = await settlingFor(deps, payment);
  try {
    await gateway.refund(
      payment.capture_reference ?? payment.gateway_reference!,
      amount,
      account,
      `refund:${refund.id}`,
    );
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'invalid_state') {
      await ledger.finishRefund(deps.database, refund.id, 'Failed', deps.clock.now(), error.message);
      throw fieldError('TransactionId', 'refundable', error.message);
    }
    // Not answered: the row stays Pending; a retry (or the reconciler) asks again under the same key.
    throw new AppError('unavailable', {
      message: 'The payment service did not answer; try again',
      cause: error,
    });
  }
  await crashPoint('after-gateway-refund');
  const contact = await contactOf(deps, refund.patient_id);
  const practice = await practiceName(deps, refund.organization_id);
  await deps.database.transaction(async (tx) => {
    const now = deps.clock.now();
    await ledger.lockInvoiceOf(tx, `transaction:${payment.id}`);
    if (!(await ledger.finishRefund(tx, refund.id, 'Succeeded', now))) return;
    if (refund.invoice_id)
      await postRefundEntries(tx, refund.invoice_id, {
        key: refund.id,
        transactionId: payment.id,
        refundId: refund.id,
        amountCents: amount,
        reason: refund.reason,
        createdBy: refund.created_by,
        now,
      });
    if ((await ledger.refundedOf(tx, payment.id)) >= payment.amount_cents)
      await store.transition(tx, payment.id, ['Captured'], 'Refunded', now);
    await sendReceipt(
      deps,
      {
        kind: 'refund',
        contact,
        practice,
        patientId: refund.patient_id,
        organizationId: refund.organization_id,
        amountCents: amount,
        reason: refund.reason,
        dedupeKey: `refund:${refund.id}:email`,
      },
      tx,
    );
  });
  return (await ledger.refundByKey(deps.database, refund.organization_id, refund.idempotency_key))!;
}

/** POST v1/payment-processor/refund (and the gateways' refund calls with a reason): the practice refunds. */
export async function practiceRefund(
  deps: Deps,
  context: RequestContext,
  input: PracticeRefund,
): Promise<PaymentRefund> {
  const payment = await store.transaction(deps.database, input.TransactionId);
  if (!payment) return notFoundAudited(context, 'update', 'payment', input.TransactionId);
  const organizationId = payment.organization_id;
  await authorizePractice(
    context,
    'update',
    {
      organizationId,
      entityType: 'PaymentRefund',
      id: payment.id,
      workflow: REFUND_WORKFLOW,
      detail: { amountCents: input.AmountCents },
    },
    { roles: ROLE_SETS.ADMINS },
  );
  const same = (row: ledger.RefundRow) => {
    if (row.transaction_id !== payment.id || Number(row.amount_cents) !== input.AmountCents)
      throw fieldError('IdempotencyKey', 'reused', 'was used for another refund');
    return row;
  };
  let refund = await ledger.refundByKey(deps.database, organizationId, input.IdempotencyKey);
  if (!refund) {
    refund = await deps.database.transaction(async (tx) => {
      await ledger.lockInvoiceOf(tx, `transaction:${payment.id}`);
      const current = (await store.transaction(tx, payment.id))!;
      if (current.status !== 'Captured' || !current.gateway_reference)
        throw fieldError('TransactionId', 'refundable', 'Only a captured payment can be refunded');
      const left = current.amount_cents - (await ledger.refundedOf(tx, payment.id));
      if (input.AmountCents > left)
        throw fieldError('AmountCents', 'max', BILLING_MESSAGES.exceedsRefundable);
      const invoice = current.appointment_id
        ? await ledger.invoiceOfAppointment(tx, current.appointment_id)
        : null;
      return (
        (await ledger.insertRefund(tx, {
          id: randomUUID(),
          transactionId: payment.id,
          invoiceId: invoice?.id ?? null,
          organizationId,
          patientId: payment.patient_id,
          amountCents: input.AmountCents,
          reason: input.Reason,
          idempotencyKey: input.IdempotencyKey,
          createdBy: context.subject ?? 'unknown',
          now: deps.clock.now(),
        })) ?? (await ledger.refundByKey(tx, organizationId, input.IdempotencyKey))!
      );
    });
  }
  same(refund);
  if (refund.status === 'Pending') refund = await completeRefund(deps, refund);
  if (refund.status === 'Failed')
    throw fieldError('TransactionId', 'refundable', 'The payment service refused this refund');
  return toRefund(refund, payment.gateway);
}

/** The refunds of one payment, for the practice that took it. */
export async function refundsOfTransaction(
  deps: Deps,
  context: RequestContext,
  transactionId: string,
): Promise<PaymentRefund[]> {
  const payment = await store.transaction(deps.database, transactionId);
  if (!payment) return notFoundAudited(context, 'read', 'payment', transactionId);
  await authorizePractice(context, 'read', {
    organizationId: payment.organization_id,
    entityType: 'PaymentRefund',
    id: payment.id,
    workflow: REFUND_WORKFLOW,
  });
  return (await ledger.refundsOfTransaction(deps.database, transactionId)).map((r) =>
    toRefund(r, payment.gateway),
  );
}

/** How long a refund may stay Pending (a crash, or a gateway that did not answer) before the reconciler retries it. */
export const REFUND_RETRY_AFTER_MS = 60_000;

/** The reconciler's part: refunds left Pending are asked again under their key, and finished. */
export async function settlePendingRefunds(deps: Deps): Promise<number> {
  const rows = await ledger.pendingRefunds(
    deps.database,
    new Date(deps.clock.now().getTime() - REFUND_RETRY_AFTER_MS),
  );
  let settled = 0;
  for (const row of rows) {
    try {
      await completeRefund(deps, row);
      settled += 1;
    } catch {
      // Left for the next round (or Failed, when the gateway refused it).
    }
  }
  return settled;
}
