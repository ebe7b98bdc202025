import { randomUUID } from 'node:crypto';
import {
  PAYMENT_MESSAGES,
  type CardFieldSession,
  type CardFieldSessionInput,
  type EntityPaymentConfig,
  type GatewaySettings,
  type LocationPaymentConfig,
  type OrganizationPaymentConfig,
  type PatientBalance,
  type PaymentIntentInput,
  type PaymentMethod,
  type PaymentMethodInput,
  type PaymentTransaction,
  type WalletOrder,
  type WalletOrderInput,
} from '@careslot/contracts';
import { effectiveGateway, maskAccount, maskCard, visitFee, type VisitPaymentConfig } from '@careslot/domain';
import {
  authorize,
  notFoundAudited,
  recordOutcome,
  type AccessAction,
  type Relation,
} from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import type { Connection } from '../../platform/db';
import type { SecretBox } from '../../platform/secrets';
import { crashPoint } from '../../platform/crash-points';
import { AppError, badRequest, fieldError, notFound } from '../../platform/errors';
import { getPatientById, hasCoverageOnFile } from '../patients';
import { publishSlotChanges, releaseSlots, slotId } from '../scheduling';
import {
  GatewayError,
  type DeclineReason,
  type GatewayAccount,
  type PaymentGateway,
  type SettlingGateway,
} from './gateway';
import { postCapturedPayment, postFullRefund } from './invoices';
import { createGatewayRegistry, type GatewayRegistry } from './registry';
import { answerSandboxOrder } from './wallet-sandbox-gateway';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'secrets'>;

const CURRENCY = 'usd';
const toCents = (amount: number) => Math.round(amount * 100);
const toAmount = (cents: number) => cents / 100;

// One registry per database: the gateways are stateless objects over the database and config.
const registries = new WeakMap<object, GatewayRegistry>();
export function gateways(deps: Deps): GatewayRegistry {
  let registry = registries.get(deps.database);
  if (!registry) {
    registry = createGatewayRegistry(deps);
    registries.set(deps.database, registry);
  }
  return registry;
}

// ---------- configuration (§3.8) ----------

/** A gateway as every read answers it: account fields masked, the credential never (decision 0055). */
export function gatewayOf(row: store.GatewayColumns | null | undefined): GatewaySettings {
  return {
    GatewayName: row?.gateway_name ?? null,
    AccountNumber: maskAccount(row?.account_number),
    ProductId: maskAccount(row?.product_id),
    CredentialSet: !!row?.credential,
  };
}

export function organizationConfigOf(
  organizationId: string,
  row: store.OrgConfigRow | null,
): OrganizationPaymentConfig {
  return {
    OrganizationId: organizationId,
    EnableOnlinePayment: row?.enable_online_payment ?? false,
    Gateway: gatewayOf(row),
  };
}

export function locationConfigOf(
  organizationId: string,
  locationId: string,
  row: store.LocationConfigRow | null,
): LocationPaymentConfig {
  return { OrganizationId: organizationId, LocationId: locationId, Gateway: gatewayOf(row) };
}

export function entityConfigOf(
  organizationId: string,
  entityType: string,
  entityId: string,
  row: store.EntityConfigRow | null,
): EntityPaymentConfig {
  const insured = row?.insured_cents ?? 0;
  const uninsured = row?.uninsured_cents ?? 0;
  return {
    OrganizationId: organizationId,
    EntityType: entityType.toLowerCase(),
    EntityId: entityId,
    VisitFeeDetails: {
      Enable: row?.visit_fee_enabled ?? false,
      InsuredAmount: toAmount(insured),
      UninsuredAmount: toAmount(uninsured),
      InsuredAmountCents: insured,
      UninsuredAmountCents: uninsured,
    },
  };
}

export async function organizationConfig(
  deps: Deps,
  organizationId: string,
): Promise<OrganizationPaymentConfig> {
  return organizationConfigOf(organizationId, await store.orgConfig(deps.database, organizationId));
}

export async function locationConfig(
  deps: Deps,
  organizationId: string,
  locationId: string,
): Promise<LocationPaymentConfig> {
  return locationConfigOf(
    organizationId,
    locationId,
    await store.locationConfig(deps.database, organizationId, locationId),
  );
}

export async function entityConfig(
  deps: Deps,
  organizationId: string,
  entityType: string,
  entityId: string,
): Promise<EntityPaymentConfig> {
  return entityConfigOf(
    organizationId,
    entityType,
    entityId,
    await store.entityConfig(deps.database, organizationId, entityType, entityId),
  );
}

export interface VisitFeeQuery {
  organizationId: string;
  locationId?: string | null | undefined;
  entityType: string;
  entityId: string;
  insured: boolean;
}

/**
 * The fee this visit costs and the gateway that takes it (the location's when it names one, else the
 * organization's), or null when no visit payment applies (§5.3). The rule reads the stored settings, never
 * masked values.
 */
export async function visitFeeFor(
  deps: Deps,
  query: VisitFeeQuery,
): Promise<{ amount: number; gatewayName: string; account: GatewayAccount } | null> {
  const organization = await store.orgConfig(deps.database, query.organizationId);
  const location = query.locationId
    ? await store.locationConfig(deps.database, query.organizationId, query.locationId)
    : null;
  const entity = await entityConfig(deps, query.organizationId, query.entityType, query.entityId);
  const config: VisitPaymentConfig = {
    OrganizationPaymentConfig: {
      EnableOnlinePayment: organization?.enable_online_payment ?? false,
      Gateway: {
        GatewayName: organization?.gateway_name ?? null,
        AccountNumber: organization?.account_number ?? null,
      },
    },
    LocationPaymentConfig: location
      ? { Gateway: { GatewayName: location.gateway_name, AccountNumber: location.account_number } }
      : null,
    UserPaymentConfig: { VisitFeeDetails: entity.VisitFeeDetails },
  };
  const amount = visitFee(config, query.insured);
  if (amount === null) return null;
  return {
    amount,
    gatewayName: effectiveGateway(config),
    account: accountOf(deps.secrets, organization, location),
  };
}

/**
 * The account that takes the payment, by the rule that picks the gateway (effectiveGateway): the location's
 * settings when the location names a gateway, else the organization's. Stored values, never masked ones.
 */
function accountOf(
  secrets: SecretBox,
  organization: store.GatewayColumns | null,
  location: store.GatewayColumns | null,
): GatewayAccount {
  const row = location?.gateway_name?.trim() ? location : organization;
  return {
    accountNumber: row?.account_number ?? null,
    productId: row?.product_id ?? null,
    credential: row?.credential ? secrets.open(row.credential, store.CREDENTIAL_PURPOSE) : null,
  };
}

/** The account a transaction was made to (its organization's and location's settings as they are now). */
async function transactionAccount(deps: Deps, row: store.TransactionRow): Promise<GatewayAccount> {
  const organization = await store.orgConfig(deps.database, row.organization_id);
  const location = row.location_id
    ? await store.locationConfig(deps.database, row.organization_id, row.location_id)
    : null;
  return accountOf(deps.secrets, organization, location);
}

/** The gateway a transaction was made with, and the practice's account there: what capture, cancel and refund need. */
export async function settlingFor(
  deps: Deps,
  row: store.TransactionRow,
): Promise<{ gateway: SettlingGateway; account: GatewayAccount }> {
  return { gateway: gateways(deps).byStoredName(row.gateway), account: await transactionAccount(deps, row) };
}

// ---------- customers and saved cards ----------

/** The patient's saved cards: the patient's own data, shared with the practices that care for them. */
async function cardsInScope(context: RequestContext, patientId: string, action: AccessAction) {
  await authorize(context, action, { kind: 'payment-method', id: null, patientId });
}

function unavailable(error: unknown): AppError {
  return new AppError('unavailable', { message: PAYMENT_MESSAGES.customerUnavailable, cause: error });
}

export async function customerFor(deps: Deps, gateway: PaymentGateway, patientId: string): Promise<string> {
  const existing = await store.customerOf(deps.database, patientId, gateway.name);
  if (existing) return existing;
  const patient = await getPatientById(deps.database, patientId);
  const name = patient?.Name[0];
  try {
    const reference = await gateway.createCustomer({
      patientId,
      email: patient?.Telecom.find((t) => t.System === 'Email')?.Value ?? null,
      name: [name?.Given?.[0], name?.Family].filter(Boolean).join(' ') || 'Patient',
    });
    return await store.saveCustomer(deps.database, patientId, gateway.name, reference);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unavailable(error);
  }
}

/** The gateway a patient's cards live at: the one behind 'stripe' (the sandbox when Stripe is not configured). */
function cardGateway(deps: Deps): PaymentGateway {
  return gateways(deps).forName('stripe')!;
}

const toMethod = (card: {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}): PaymentMethod => ({
  Id: card.id,
  Brand: card.brand,
  MaskedNumber: maskCard(card.last4),
  Last4: card.last4,
  ExpMonth: card.expMonth,
  ExpYear: card.expYear,
});

export async function listPaymentMethods(
  deps: Deps,
  context: RequestContext,
  patientId: string,
): Promise<PaymentMethod[]> {
  await cardsInScope(context, patientId, 'read');
  const gateway = cardGateway(deps);
  const customer = await store.customerOf(deps.database, patientId, gateway.name);
  if (!customer) return [];
  try {
    return (await gateway.listCards(customer)).map(toMethod);
  } catch (error) {
    throw unavailable(error);
  }
}

export async function addPaymentMethod(
  deps: Deps,
  context: RequestContext,
  input: PaymentMethodInput,
): Promise<PaymentMethod> {
  await cardsInScope(context, input.PatientId, 'create');
  const gateway = cardGateway(deps);
  const customer = await customerFor(deps, gateway, input.PatientId);
  const card = input.Card
    ? await gateway.addCard(customer, {
        raw: {
          number: input.Card.Number,
          expMonth: input.Card.ExpMonth,
          expYear: input.Card.ExpYear,
          cvc: input.Card.Cvc,
        },
      })
    : await gateway.addCard(customer, { paymentMethodId: input.PaymentMethodId! });
  return toMethod(card);
}

// ---------- transactions ----------

export function toTransaction(row: store.TransactionRow): PaymentTransaction {
  return {
    Id: row.id,
    Status: row.status,
    PaidAmount: toAmount(row.amount_cents),
    Currency: row.currency,
    Gateway: row.gateway,
    PatientId: row.patient_id,
    OrganizationId: row.organization_id,
    AppointmentId: row.appointment_id,
    Metadata: { TransactionReferenceId: row.gateway_reference ?? '' },
    CreatedOn: new Date(row.created_at).toISOString(),
  };
}

const DECLINE_MESSAGES: Record<DeclineReason, string> = {
  declined: PAYMENT_MESSAGES.declined,
  insufficient_funds: PAYMENT_MESSAGES.insufficientFunds,
  invalid_method: 'The card is not one of your saved cards',
};

/**
 * The visit fee a card authorization or a wallet order is for: the caller may act for the patient, a fee
 * applies to this visit, and the amount asked is exactly that fee (the server decides it, never the browser).
 */
async function requiredVisitFee(
  deps: Deps,
  context: RequestContext,
  id: string,
  input: WalletOrderInput,
  amount: number,
): Promise<{ amount: number; gatewayName: string; account: GatewayAccount }> {
  // A payment belongs to the practice it is made to: created by the patient, or by that practice for a patient it cares for.
  await authorize(context, 'create', {
    kind: 'payment',
    id,
    patientId: input.PatientId,
    organizationId: input.OrganizationId,
  });
  // The insured amount only for insurance on file for this patient (decision 0036); saying so is not enough.
  const insured =
    input.Insured &&
    (await hasCoverageOnFile(deps.database, {
      patientId: input.PatientId,
      coverageId: input.CoverageId ?? null,
      today: deps.clock.now(),
    }));
  const fee = await visitFeeFor(deps, {
    organizationId: input.OrganizationId,
    locationId: input.LocationId,
    entityType: input.EntityType,
    entityId: input.EntityId,
    insured,
  });
  if (!fee) throw fieldError('OrganizationId', 'visit_fee', 'No visit fee applies to this visit');
  if (toCents(amount) !== toCents(fee.amount))
    throw fieldError('amount', 'visit_fee', `must be the visit fee of ${fee.amount.toFixed(2)}`);
  return fee;
}

/**
 * POST .../invoices/payment-intent?amount=: authorizes the visit fee on a saved card. The amount must be the
 * fee the practice set for this visit; the server decides it, never the browser. The transaction row is
 * written first (Pending), so a crash between the gateway call and the answer leaves a trace the
 * reconciler can settle.
 */
export async function authorizeVisitFee(
  deps: Deps,
  context: RequestContext,
  input: PaymentIntentInput,
  amount: number,
): Promise<PaymentTransaction> {
  const id = randomUUID();
  const fee = await requiredVisitFee(deps, context, id, input, amount);
  const gateway = gateways(deps).forName(fee.gatewayName);
  if (!gateway)
    throw fieldError(
      'OrganizationId',
      'gateway',
      'The practice takes no online payments through this gateway',
    );
  // A saved card of the patient's at the gateway, or (Fortis, Global Payments: decision 0071) the token its hosted
  // card field made for this payment; the card's last digits then come back with the authorization.
  let customer: string;
  let card: { id: string; last4: string | null };
  if (gateway.savedCards) {
    customer = await customerFor(deps, gateway, input.PatientId);
    const cards = await gateway.listCards(customer).catch((error: unknown) => {
      throw unavailable(error);
    });
    const saved = cards.find((c) => c.id === input.PaymentMethodId);
    if (!saved) throw fieldError('PaymentMethodId', 'saved_card', DECLINE_MESSAGES.invalid_method);
    card = saved;
  } else {
    customer = input.PatientId;
    card = { id: input.PaymentMethodId, last4: null };
  }

  const now = deps.clock.now();
  await store.insertTransaction(deps.database, {
    id,
    patientId: input.PatientId,
    organizationId: input.OrganizationId,
    locationId: input.LocationId ?? null,
    gateway: gateway.name,
    amountCents: toCents(fee.amount),
    currency: CURRENCY,
    paymentMethodId: card.id,
    cardDetails: card.last4 ? maskCard(card.last4) : null,
    createdBy: context.subject ?? 'unknown',
    now,
  });
  let result;
  try {
    result = await gateway.authorize({
      amountCents: toCents(fee.amount),
      currency: CURRENCY,
      customerId: customer,
      paymentMethodId: card.id,
      idempotencyKey: `authorize:${id}`,
      description: 'CareSlot visit fee',
      metadata: { transaction_id: id, patient_id: input.PatientId, organization_id: input.OrganizationId },
      account: fee.account,
    });
  } catch (error) {
    await store.transition(deps.database, id, ['Pending'], 'Rejected', deps.clock.now(), {
      failure: 'gateway unavailable',
    });
    throw unavailable(error);
  }
  await crashPoint('after-gateway-authorize');
  if (!result.ok) {
    await store.transition(deps.database, id, ['Pending'], 'Rejected', deps.clock.now(), {
      gatewayReference: result.reference,
      failure: result.reason,
    });
    await recordOutcome(
      context,
      'create',
      { kind: 'payment', id, patientId: input.PatientId, detail: { reason: result.reason } },
      'failure',
    );
    throw badRequest(
      [{ field: 'PaymentMethodId', rule: result.reason, message: DECLINE_MESSAGES[result.reason] }],
      DECLINE_MESSAGES[result.reason],
    );
  }
  const row = await store.transition(deps.database, id, ['Pending'], result.status, deps.clock.now(), {
    gatewayReference: result.reference,
    cardDetails: result.last4 && !card.last4 ? maskCard(result.last4) : null,
  });
  if (!row) {
    // The reconciler gave this payment up meanwhile (an answer slower than PAYMENT_SETTLE_AFTER_SECONDS): let the money go.
    await gateway.cancel(result.reference, fee.account).catch(() => undefined);
    throw unavailable(new Error('authorization settled by the reconciler before it finished'));
  }
  await crashPoint('after-authorize');
  return toTransaction(row);
}

// ---------- hosted card fields (Fortis, Global Payments: decision 0077) ----------

/**
 * POST v1/fortispayment/elements/intention and v1/globalpayment/access-token: what the practice's hosted card field
 * starts with in the browser, for the gateway the route names. Only when the practice's effective gateway (the
 * location's when it names one, else the organization's) is that gateway and this server takes its payments for
 * real; while the sandbox stands in, its own card form is used and there is nothing to start. No patient data: the
 * token only lets the browser turn a card into a one-time token at the gateway.
 */
export async function cardFieldSession(
  deps: Deps,
  gatewayName: 'fortis' | 'globalpay',
  input: CardFieldSessionInput,
  environment: 'sandbox' | 'production' | null,
): Promise<CardFieldSession> {
  const organization = await store.orgConfig(deps.database, input.OrganizationId);
  const location = input.LocationId
    ? await store.locationConfig(deps.database, input.OrganizationId, input.LocationId)
    : null;
  const config: VisitPaymentConfig = {
    OrganizationPaymentConfig: {
      EnableOnlinePayment: organization?.enable_online_payment ?? false,
      Gateway: {
        GatewayName: organization?.gateway_name ?? null,
        AccountNumber: organization?.account_number ?? null,
      },
    },
    LocationPaymentConfig: location
      ? { Gateway: { GatewayName: location.gateway_name, AccountNumber: location.account_number } }
      : null,
  };
  if (!organization?.enable_online_payment || effectiveGateway(config) !== gatewayName) {
    throw fieldError(
      'OrganizationId',
      'gateway',
      'The practice takes no online payments through this gateway',
    );
  }
  const gateway = gateways(deps).forName(gatewayName);
  if (!environment || !gateway?.cardFieldSession)
    throw fieldError(
      'OrganizationId',
      'hosted_field',
      "This server takes this gateway's payments without its hosted card field",
    );
  try {
    return {
      Gateway: gatewayName,
      Environment: environment,
      Token: await gateway.cardFieldSession(accountOf(deps.secrets, organization, location)),
    };
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'invalid_request')
      throw fieldError('OrganizationId', 'gateway_account', error.message);
    throw unavailable(error);
  }
}

// ---------- the wallet (PayPal, decision 0024) ----------

/** Where the wallet sends the payer back: the wallet page, which then authorizes the approved order. */
const WALLET_PAGE = '/book/pay-paypal';

/**
 * POST v1/paypalpayment/orders?amount=: opens a wallet order for the visit fee (intent AUTHORIZE). Like a
 * card authorization, the amount must be the practice's fee and the transaction row (Pending) is written
 * before the wallet is called. Nothing is held until the payer approves and the order is authorized.
 */
export async function createWalletOrder(
  deps: Deps,
  context: RequestContext,
  input: WalletOrderInput,
  amount: number,
): Promise<WalletOrder> {
  const id = randomUUID();
  const fee = await requiredVisitFee(deps, context, id, input, amount);
  const wallet = gateways(deps).walletForName(fee.gatewayName);
  if (!wallet) throw fieldError('OrganizationId', 'gateway', 'The practice takes no payments through PayPal');

  await store.insertTransaction(deps.database, {
    id,
    patientId: input.PatientId,
    organizationId: input.OrganizationId,
    locationId: input.LocationId ?? null,
    gateway: wallet.name,
    amountCents: toCents(fee.amount),
    currency: CURRENCY,
    paymentMethodId: null,
    cardDetails: 'PayPal',
    createdBy: context.subject ?? 'unknown',
    now: deps.clock.now(),
  });
  const back = `${deps.config.publicUrl}${WALLET_PAGE}?transaction=${id}`;
  let order;
  try {
    order = await wallet.createOrder({
      amountCents: toCents(fee.amount),
      currency: CURRENCY,
      idempotencyKey: `order:${id}`,
      description: 'CareSlot visit fee',
      transactionId: id,
      returnUrl: back,
      cancelUrl: `${back}&cancelled=true`,
    });
  } catch (error) {
    await store.transition(deps.database, id, ['Pending'], 'Rejected', deps.clock.now(), {
      failure: 'wallet unavailable',
    });
    throw unavailable(error);
  }
  await store.setWalletOrder(deps.database, id, order.orderId);
  return { TransactionId: id, OrderId: order.orderId, ApproveUrl: order.approveUrl, Amount: fee.amount };
}

/** A wallet transaction of the caller's (or their practice's), with its order; 404 for anyone else or a card payment. */
async function walletTransaction(
  deps: Deps,
  context: RequestContext,
  id: string,
  detail: Record<string, unknown>,
) {
  const { row } = await transactionInScope(deps, context, id, 'update', detail);
  const wallet = gateways(deps).walletByStoredName(row.gateway);
  if (!wallet || !row.payment_method_id) throw notFound();
  return { row, wallet, orderId: row.payment_method_id };
}

/**
 * The local wallet's approval step (POST v1/paypalpayment/sandbox/orders/{transactionId}/approval): the payer
 * approves the order, or declines it (which the authorization then reports as a decline, as PayPal reports a
 * refused funding source). Only the local default has it: with PayPal configured the payer approves at PayPal.
 */
export async function answerWalletOrder(
  deps: Deps,
  context: RequestContext,
  id: string,
  approve: boolean,
): Promise<PaymentTransaction> {
  const { row, wallet, orderId } = await walletTransaction(deps, context, id, { approved: approve });
  if (!wallet.local) throw notFound();
  if (row.status !== 'Pending' || !(await answerSandboxOrder(deps.database, orderId, approve))) {
    throw fieldError('TransactionId', 'open_order', 'This order was answered already');
  }
  return toTransaction(row);
}

const WALLET_DECLINES: Record<DeclineReason, { rule: string; message: string; final: boolean }> = {
  declined: { rule: 'declined', message: PAYMENT_MESSAGES.walletDeclined, final: true },
  insufficient_funds: { rule: 'declined', message: PAYMENT_MESSAGES.walletDeclined, final: true },
  // Not approved yet: the payer may still approve this order, so it stays open.
  invalid_method: { rule: 'approved', message: PAYMENT_MESSAGES.walletNotApproved, final: false },
};

/**
 * POST v1/paypalpayment/orders/{transactionId}/authorize: authorizes the approved order (the money is now held,
 * captured only once the booking commits, exactly like a card authorization). Authorizing again answers the
 * same authorization.
 */
export async function authorizeWalletOrder(
  deps: Deps,
  context: RequestContext,
  id: string,
): Promise<PaymentTransaction> {
  const { row, wallet, orderId } = await walletTransaction(deps, context, id, { authorize: true });
  if (row.status === 'Uncaptured') return toTransaction(row);
  if (row.status !== 'Pending')
    throw fieldError('TransactionId', 'open_order', `This payment is ${row.status}`);
  let result;
  try {
    result = await wallet.authorizeOrder(orderId, `authorize:${id}`);
  } catch (error) {
    throw unavailable(error);
  }
  if (!result.ok) {
    const decline = WALLET_DECLINES[result.reason];
    if (decline.final)
      await store.transition(deps.database, id, ['Pending'], 'Rejected', deps.clock.now(), {
        gatewayReference: result.reference,
        failure: result.reason,
      });
    await recordOutcome(
      context,
      'update',
      { kind: 'payment', id, patientId: row.patient_id, detail: { reason: result.reason } },
      'failure',
    );
    throw badRequest(
      [{ field: 'TransactionId', rule: decline.rule, message: decline.message }],
      decline.message,
    );
  }
  const moved = await store.transition(deps.database, id, ['Pending'], result.status, deps.clock.now(), {
    gatewayReference: result.reference,
  });
  await crashPoint('after-authorize');
  return toTransaction(moved ?? (await store.transaction(deps.database, id))!);
}

/**
 * The patient (or their account holder) and the practice the payment was made to (never another practice,
 * even one caring for the patient); 404 for anyone else. Answers the relation that allowed it.
 */
async function transactionInScope(
  deps: Deps,
  context: RequestContext,
  id: string,
  action: 'read' | 'update',
  detail?: Record<string, unknown>,
): Promise<{ row: store.TransactionRow; relation: Exclude<Relation, 'none'> }> {
  const row = await store.transaction(deps.database, id);
  if (!row) return notFoundAudited(context, action, 'payment', id);
  const relation = await authorize(context, action, {
    kind: 'payment',
    id,
    patientId: row.patient_id,
    organizationId: row.organization_id,
    ...(detail ? { detail } : {}),
  });
  return { row, relation };
}

export async function getTransaction(
  deps: Deps,
  context: RequestContext,
  id: string,
): Promise<PaymentTransaction> {
  return toTransaction((await transactionInScope(deps, context, id, 'read')).row);
}

/**
 * Takes an authorized payment. Only a payment tied to an appointment is captured: no money is taken
 * without a visit. Capturing twice is harmless (the gateway call is idempotent, the row moves once).
 */
export async function captureTransaction(deps: Deps, id: string): Promise<store.TransactionRow> {
  const row = await store.transaction(deps.database, id);
  if (!row) throw notFound();
  if (row.status === 'Captured') return row;
  if (row.status !== 'Uncaptured' || !row.appointment_id || !row.gateway_reference) {
    throw fieldError(
      'TransactionId',
      'capturable',
      'Only an authorized payment of a booked appointment can be captured',
    );
  }
  await crashPoint('before-capture');
  const { gateway, account } = await settlingFor(deps, row);
  const captureReference = await gateway.capture(row.gateway_reference, `capture:${id}`, account);
  await crashPoint('after-gateway-capture');
  const captured =
    (await store.transition(deps.database, id, ['Uncaptured'], 'Captured', deps.clock.now(), {
      captureReference,
    })) ?? (await store.transaction(deps.database, id))!;
  // The payment on its visit's invoice (decision 0098); the invoicing consumer posts it when the invoice comes later.
  await postCapturedPayment(deps, captured);
  return captured;
}

export async function captureForCaller(
  deps: Deps,
  context: RequestContext,
  id: string,
): Promise<PaymentTransaction> {
  await transactionInScope(deps, context, id, 'update', { capture: true });
  return toTransaction(await captureTransaction(deps, id));
}

/**
 * Lets go of the authorization a failed booking claimed. Only the booking that claimed it may do so, and
 * never once it pays for an appointment, so a failed retry cannot cancel the payment of a booking that
 * succeeded. Cancelling twice is fine.
 */
export async function cancelClaimedAuthorization(
  deps: Deps,
  id: string,
  appointmentId: string,
): Promise<store.TransactionRow | null> {
  const row = await store.transaction(deps.database, id);
  if (!row || row.claim_id !== appointmentId || row.appointment_id !== null) return row;
  if (row.status === 'Uncaptured' && row.gateway_reference) {
    const { gateway, account } = await settlingFor(deps, row);
    await gateway.cancel(row.gateway_reference, account);
  }
  return (
    (await store.transition(deps.database, id, ['Uncaptured', 'Pending'], 'Canceled', deps.clock.now())) ??
    (await store.transaction(deps.database, id))
  );
}

/**
 * The refund of §4.6: a captured payment whose booking did not happen. A patient may refund only a payment
 * that pays for no appointment; a practice user of the payment's organization may refund any of its payments.
 */
export async function refundTransaction(
  deps: Deps,
  context: RequestContext,
  id: string,
  amount?: number,
): Promise<PaymentTransaction> {
  const { row, relation } = await transactionInScope(deps, context, id, 'update', { refund: true });
  // 'care' on a payment means the caller is a user of the practice the payment was made to.
  if (row.appointment_id && relation !== 'care')
    throw fieldError(
      'TransactionId',
      'refundable',
      'This payment belongs to a booked appointment; ask the practice for a refund',
    );
  if (row.status !== 'Captured' || !row.gateway_reference)
    throw fieldError('TransactionId', 'refundable', 'Only a captured payment can be refunded');
  const cents = amount === undefined ? undefined : toCents(amount);
  if (cents !== undefined && cents > row.amount_cents)
    throw fieldError('Amount', 'max', 'must not exceed the amount paid');
  try {
    // A wallet refunds its capture (PayPal's capture id), a card gateway its authorization's own reference.
    const { gateway, account } = await settlingFor(deps, row);
    await gateway.refund(row.capture_reference ?? row.gateway_reference, cents, account);
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'invalid_state')
      throw fieldError('TransactionId', 'refundable', error.message);
    throw unavailable(error);
  }
  const updated = await store.transition(deps.database, id, ['Captured'], 'Refunded', deps.clock.now());
  if (updated) await postFullRefund(deps, updated, 'Refund', cents);
  return toTransaction(updated ?? (await store.transaction(deps.database, id))!);
}

/** POST v1/web/patientbalance: what the patient has paid (captured or held) at a practice. */
export async function patientBalance(
  deps: Deps,
  context: RequestContext,
  patientId: string,
  organizationId: string | null,
): Promise<PatientBalance> {
  // The payments of one practice (or, for the patient, of every practice): a practice reads only its own.
  await authorize(context, 'read', {
    kind: 'payment',
    id: null,
    patientId,
    organizationId,
    entityType: 'PatientBalance',
  });
  const rows = await store.latestTransactions(deps.database, patientId, organizationId);
  const latest = rows[0];
  const paid = rows.filter((r) => r.status === 'Captured').reduce((sum, r) => sum + r.amount_cents, 0);
  return {
    OrganizationId: organizationId ?? latest?.organization_id ?? null,
    PatientId: patientId,
    AppointmentIds: [...new Set(rows.map((r) => r.appointment_id).filter((a): a is string => a !== null))],
    PaymentTransactionId: latest?.id ?? null,
    PaidAmount: toAmount(paid),
    CardDetails: latest?.card_details ?? null,
    InvoiceIds: [],
    PaymentDate: latest ? new Date(latest.created_at).toISOString() : null,
  };
}

/**
 * How long an authorization may stay open before the reconciler settles it (PAYMENT_SETTLE_AFTER_SECONDS):
 * booked: tied to a committed appointment but not captured (the capture after the commit failed, or a crash);
 * claimed: claimed by a booking that never committed (a crash mid-booking, or its cancel failed);
 * unused: authorized but never used for a booking (the patient left; a slot hold lasts 10 minutes).
 */
export const DEFAULT_SETTLE_AFTER_MS = { booked: 60_000, claimed: 5 * 60_000, unused: 30 * 60_000 } as const;

/**
 * The booking this payment was claimed for never committed (decision 0015): the place it held goes back now,
 * not at the hold's own expiry, and open calendars hear of it. A hold already gone (expired, released, or
 * consumed) releases nothing and announces nothing.
 */
async function releaseClaimedHold(
  deps: Deps & Pick<AppDeps, 'realtime' | 'events'>,
  row: store.TransactionRow,
): Promise<void> {
  if (!row.claim_schedule_id || !row.claim_start_at || !row.claim_session_id) return;
  const released = await releaseSlots(deps.database, {
    slotIds: [slotId(row.claim_schedule_id, new Date(row.claim_start_at))],
    sessionId: row.claim_session_id,
  });
  await publishSlotChanges(
    deps,
    released.map((r) => ({ kind: 'returned' as const, ...r })),
  );
}

/**
 * A payment whose authorization never finished (decision 0036): the server died, or lost the answer, between
 * writing the Pending row and recording the gateway's reference. The authorization is found by what was
 * fixed before the call (the idempotency key `authorize:<id>` and the transaction id the gateway keeps; a
 * wallet answers its authorization again for the same request id), the row is cancelled, then the money is
 * let go. Nothing found: nothing is held, the row is cancelled all the same. A gateway that does not answer
 * leaves the row for the next round.
 */
async function settlePending(deps: Deps, row: store.TransactionRow, now: Date): Promise<boolean> {
  const key = `authorize:${row.id}`;
  const wallet = gateways(deps).walletByStoredName(row.gateway);
  let reference = row.gateway_reference;
  try {
    if (!reference && wallet && row.payment_method_id) {
      const answer = await wallet.authorizeOrder(row.payment_method_id, key);
      reference = answer.ok ? answer.reference : null;
    } else if (!reference && !wallet) {
      const card = gateways(deps).forName(row.gateway);
      reference = card
        ? await card.findAuthorization({
            idempotencyKey: key,
            transactionId: row.id,
            account: await transactionAccount(deps, row),
          })
        : null;
    }
  } catch {
    return false;
  }
  if (!(await store.cancelIfPending(deps.database, row.id, now, reference))) return false;
  if (reference) {
    const { gateway, account } = await settlingFor(deps, row);
    await gateway.cancel(reference, account).catch((error: unknown) => {
      if (!(error instanceof GatewayError && error.code === 'invalid_state')) throw error;
    });
  }
  return true;
}

/**
 * Finishes or undoes payments left half-done (at start and on a timer, on every instance): a payment of
 * a committed appointment is captured; one claimed by a booking that never committed, or never used, is
 * cancelled. Each move is a conditional update, so two instances settling at once move a row once, and
 * the gateway calls are idempotent. Returns how many payments it settled.
 */
export async function settleOpenPayments(deps: Deps & Pick<AppDeps, 'realtime' | 'events'>): Promise<number> {
  const now = deps.clock.now();
  const after = deps.config.PAYMENT_SETTLE_AFTER_SECONDS ?? DEFAULT_SETTLE_AFTER_MS;
  const rows = await store.openAuthorizations(
    deps.database,
    new Date(now.getTime() - Math.min(after.booked, after.claimed, after.unused)),
  );
  let settled = 0;
  for (const row of rows) {
    const age = now.getTime() - new Date(row.updated_at).getTime();
    if (row.status === 'Pending') {
      if (age >= after.unused && (await settlePending(deps, row, now))) settled += 1;
      continue;
    }
    if (row.appointment_id) {
      await captureTransaction(deps, row.id);
      settled += 1;
    } else if ((row.claim_id && age >= after.claimed) || (!row.claim_id && age >= after.unused)) {
      // The row moves first, and only while it pays for nothing: a booking that attaches it afterwards
      // fails (it needs an open authorization), so no booking is left holding a cancelled payment.
      if (!(await store.cancelIfUnattached(deps.database, row.id, now))) continue;
      if (row.gateway_reference) {
        const { gateway, account } = await settlingFor(deps, row);
        await gateway.cancel(row.gateway_reference, account);
      }
      if (row.claim_id) await releaseClaimedHold(deps, row);
      settled += 1;
    }
  }
  return settled;
}

/** The start's sealing pass for this module's secrets (decision 0088): the gateways' credentials. */
export const sealStoredSecrets = (database: Connection, secrets: SecretBox): Promise<number> =>
  store.sealCredentials(database, secrets);
