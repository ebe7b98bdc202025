import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  BILLING_MESSAGES,
  type CopayLink,
  type CopayRequest,
  type CopayRequestInput,
} from '@careslot/contracts';
import { maskCard } from '@careslot/domain';
import { authorizePractice, notFoundAudited } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import * as ledger from './invoice-store';
import { INVOICE_WORKFLOW } from './invoices';
import { contactOf, money, practiceName, sendReceipt } from './receipts';
import { customerFor, gateways } from './service';
import * as store from './store';

/**
 * Copay requests (§7 "request appointment copay", decision 0098): the practice adds the copay to the visit's
 * invoice and the patient gets a payment link by e-mail or SMS (the outbox). The link's secret is kept only as
 * a hash; paying from it claims the request for one payment first, so two tabs cannot pay twice, and a payment
 * captured before a crash is found and finished by the next attempt.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'outbox' | 'secrets'>;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (value: Date | string) => new Date(value).toISOString();

export const COPAY_LINK_PATH = '/pay/copay';

function toCopay(row: ledger.CopayRow): CopayRequest {
  return {
    Id: row.id,
    InvoiceId: row.invoice_id,
    AppointmentId: row.appointment_id,
    AmountCents: Number(row.amount_cents),
    Channel: row.channel,
    Status: row.status,
    CreatedOn: iso(row.created_at),
  };
}

/** POST v1/web/appointment-copay/request: the practice asks the patient for the visit's copay. */
export async function requestCopay(
  deps: Deps,
  context: RequestContext,
  input: CopayRequestInput,
): Promise<CopayRequest> {
  const invoice = await ledger.invoiceOfAppointment(deps.database, input.AppointmentId);
  if (!invoice) return notFoundAudited(context, 'update', 'invoice', input.AppointmentId);
  await authorizePractice(context, 'update', {
    organizationId: invoice.organization_id,
    entityType: 'CopayRequest',
    id: invoice.id,
    workflow: INVOICE_WORKFLOW,
    detail: { channel: input.Channel, amountCents: input.AmountCents },
  });
  const contact = await contactOf(deps, invoice.patient_id);
  const to = input.Channel === 'email' ? contact.email : contact.mobile;
  if (!to)
    throw fieldError(
      'Channel',
      'contact',
      `The patient has no ${input.Channel === 'email' ? 'e-mail' : 'mobile number'} on file`,
    );
  const token = randomBytes(24).toString('base64url');
  const practice = await practiceName(deps, invoice.organization_id);
  const link = `${deps.config.publicUrl}${COPAY_LINK_PATH}?token=${token}`;
  const row = await deps.database.transaction(async (tx) => {
    const now = deps.clock.now();
    const id = randomUUID();
    await ledger.lockInvoiceOf(tx, input.AppointmentId);
    await ledger.appendEntry(tx, {
      id: randomUUID(),
      invoiceId: invoice.id,
      kind: 'charge',
      category: 'copay',
      amountCents: input.AmountCents,
      description: 'Copay',
      key: `charge:copay:${id}`,
      createdBy: context.subject,
      now,
    });
    const created = await ledger.insertCopay(tx, {
      id,
      invoiceId: invoice.id,
      organizationId: invoice.organization_id,
      patientId: invoice.patient_id,
      appointmentId: input.AppointmentId,
      amountCents: input.AmountCents,
      channel: input.Channel,
      tokenHash: hash(token),
      createdBy: context.subject ?? 'unknown',
      now,
    });
    await deps.outbox.send(
      {
        channel: input.Channel,
        to,
        subject: `Your copay for ${practice}`,
        body:
          input.Channel === 'email'
            ? `Hi ${contact.name},\n\n${practice} asks for your visit's copay of ${money(input.AmountCents)}.\nPay it here: ${link}\n`
            : `${practice}: your copay of ${money(input.AmountCents)} is due. Pay here: ${link}`,
        template: 'copay-request',
        dedupeKey: `copay:${id}:${input.Channel}`,
        organizationId: invoice.organization_id,
      },
      tx,
    );
    return created;
  });
  return toCopay(row);
}

async function requestOfToken(deps: Pick<AppDeps, 'database'>, token: string): Promise<ledger.CopayRow> {
  const row = await ledger.copayByToken(deps.database, hash(token));
  if (!row) throw fieldError('Token', 'invalid', BILLING_MESSAGES.linkInvalid);
  return row;
}

/** GET v1/web/appointment-copay?token=: what the link asks for (no patient data: the practice and the amount). */
export async function copayOfLink(deps: Deps, token: string): Promise<CopayLink> {
  const row = await requestOfToken(deps, token);
  return {
    PracticeName: await practiceName(deps, row.organization_id),
    AmountCents: Number(row.amount_cents),
    Status: row.status,
  };
}

async function claim(db: Connection, id: string, transactionId: string): Promise<boolean> {
  const rows = await db.query(
    `update copay_requests set transaction_id = $2 where id = $1 and status = 'Sent'
       and (transaction_id is null or transaction_id in (select id from payment_transactions where status in ('Canceled', 'Rejected')))
     returning id`,
    [id, transactionId],
  );
  return rows.length === 1;
}

/** Marks the request paid with its captured payment: the ledger's payment entry and the receipt, once. */
async function finish(deps: Deps, request: ledger.CopayRow, payment: store.TransactionRow): Promise<void> {
  const contact = await contactOf(deps, request.patient_id);
  const practice = await practiceName(deps, request.organization_id);
  await deps.database.transaction(async (tx) => {
    const now = deps.clock.now();
    if (!(await ledger.markCopayPaid(tx, request.id, payment.id, now))) return;
    await ledger.appendEntry(tx, {
      id: randomUUID(),
      invoiceId: request.invoice_id,
      kind: 'payment',
      category: 'copay',
      amountCents: -payment.amount_cents,
      description: payment.card_details ? `Card ${payment.card_details.slice(-4)}` : 'Copay',
      transactionId: payment.id,
      key: `payment:${payment.id}`,
      createdBy: null,
      now,
    });
    await sendReceipt(
      deps,
      {
        kind: 'payment',
        contact,
        practice,
        patientId: request.patient_id,
        organizationId: request.organization_id,
        amountCents: payment.amount_cents,
        dedupeKey: `receipt:${payment.id}:email`,
      },
      tx,
    );
  });
}

/**
 * POST v1/web/appointment-copay/pay: pays the copay from the link with a card, through the card gateway (the
 * built-in sandbox when Stripe is not configured). The link is the credential: whoever holds it may pay.
 */
export async function payCopay(
  deps: Deps,
  _context: RequestContext,
  input: { Token: string; Card: { Number: string; ExpMonth: number; ExpYear: number; Cvc: string } },
): Promise<CopayLink> {
  let request = await requestOfToken(deps, input.Token);
  const claimed = request.transaction_id
    ? await store.transaction(deps.database, request.transaction_id)
    : null;
  if (request.status === 'Sent' && claimed?.status === 'Captured') {
    await finish(deps, request, claimed);
    return copayOfLink(deps, input.Token);
  }
  if (request.status !== 'Sent') throw fieldError('Token', 'used', BILLING_MESSAGES.linkInvalid);
  const gateway = gateways(deps).forName('stripe')!;
  const id = randomUUID();
  const amount = Number(request.amount_cents);
  const now = deps.clock.now();
  await store.insertTransaction(deps.database, {
    id,
    patientId: request.patient_id,
    organizationId: request.organization_id,
    gateway: gateway.name,
    amountCents: amount,
    currency: 'usd',
    paymentMethodId: null,
    cardDetails: null,
    createdBy: 'copay-link',
    now,
  });
  if (!(await claim(deps.database, request.id, id))) {
    await store.transition(deps.database, id, ['Pending'], 'Canceled', deps.clock.now());
    throw fieldError('Token', 'used', BILLING_MESSAGES.linkInvalid);
  }
  const unavailable = (cause: unknown) =>
    new AppError('unavailable', { message: 'The payment service did not answer; try again', cause });
  let card;
  let result;
  try {
    const customer = await customerFor(deps, gateway, request.patient_id);
    card = await gateway.addCard(customer, {
      raw: {
        number: input.Card.Number,
        expMonth: input.Card.ExpMonth,
        expYear: input.Card.ExpYear,
        cvc: input.Card.Cvc,
      },
    });
    result = await gateway.authorize({
      amountCents: amount,
      currency: 'usd',
      customerId: customer,
      paymentMethodId: card.id,
      idempotencyKey: `authorize:${id}`,
      description: 'CareSlot copay',
      metadata: { transaction_id: id, organization_id: request.organization_id },
    });
  } catch (error) {
    await store.transition(deps.database, id, ['Pending'], 'Rejected', deps.clock.now(), {
      failure: 'gateway',
    });
    if (error instanceof AppError) throw error;
    throw unavailable(error);
  }
  if (!result.ok) {
    await store.transition(deps.database, id, ['Pending'], 'Rejected', deps.clock.now(), {
      gatewayReference: result.reference,
      failure: result.reason,
    });
    throw fieldError('Card', result.reason, 'The card was declined');
  }
  await store.transition(deps.database, id, ['Pending'], result.status, deps.clock.now(), {
    gatewayReference: result.reference,
    cardDetails: maskCard(card.last4),
  });
  const captureReference = await gateway
    .capture(result.reference, `capture:${id}`)
    .catch((error: unknown) => {
      throw unavailable(error);
    });
  const captured = await store.transition(deps.database, id, ['Uncaptured'], 'Captured', deps.clock.now(), {
    captureReference,
  });
  request = (await ledger.copayByToken(deps.database, hash(input.Token)))!;
  await finish(deps, request, captured ?? (await store.transaction(deps.database, id))!);
  return copayOfLink(deps, input.Token);
}
