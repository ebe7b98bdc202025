import {
  GATEWAY_ACCOUNT_PATTERNS,
  SETTABLE_GATEWAYS,
  type FeeEntityType,
  type GatewayInput,
  type LocationPaymentConfig,
  type LocationPaymentInput,
  type OrganizationPaymentConfig,
  type OrganizationPaymentInput,
  type PayeeAccount,
  type PaymentGatewayInfo,
  type SettableGateway,
  type VisitFeeInput,
  type VisitFeeSettings,
} from '@careslot/contracts';
import { maskAccount } from '@careslot/domain';
import {
  authorizePractice,
  holdsRole,
  recordOutcome,
  ROLE_SETS,
  type AccessAction,
  type PracticeObject,
  type PracticeRule,
} from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { getHealthcareService, getLocation, getOrganization } from '../organizations';
import { listPractitionerRoles } from '../people';
import { GatewayError } from './gateway';
import { entityConfigOf, gateways, locationConfigOf, organizationConfigOf } from './service';
import * as store from './store';

/**
 * The practice admin's payment settings (practice-portal.md §3.7, §7 Payments; decision 0055). A practice admin
 * changes only their own organization: another practice's settings, location or provider answer 404 and the
 * attempt is audited, like any object of another practice. A provider changes their own visit fee and nothing
 * else (decision 0068). Every change is audited with its workflow (Payment_Config_Edit_Web; Visit_Fee_Web for
 * fees) and the names of the fields it set, never their values.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'secrets'>;

export const PAYMENT_CONFIG_WORKFLOW = 'Payment_Config_Edit_Web';
export const VISIT_FEE_WORKFLOW = 'Visit_Fee_Web';

const DISPLAY_NAMES: Record<SettableGateway, string> = {
  stripe: 'Stripe',
  fortis: 'Fortis',
  globalpay: 'Global Payments',
  paypal: 'PayPal',
};

/**
 * A practice's payment settings are its admins' (a super user does not set a practice's gateway); a provider
 * sets their own visit fee (self). The platform policy decides: another practice's 404, a user of the practice
 * without the role 403, audited (decision 0080); the change writes its own row in its transaction.
 */
const PAYMENT_ADMINS: PracticeRule = { roles: ROLE_SETS.ADMINS, superUser: false, audit: 'refusals' };

/** The practice's own payment object (organizationId null: the object is not the practice's, 404). */
const authorizePayments = (
  context: RequestContext,
  action: AccessAction,
  object: PracticeObject & { id: string; workflow: string },
  rule: PracticeRule = PAYMENT_ADMINS,
) => authorizePractice(context, action, object, rule);

async function audited(
  context: RequestContext,
  tx: Connection,
  change: {
    action: 'update' | 'delete';
    entityType: string;
    id: string;
    workflow: string;
    detail: Record<string, unknown>;
  },
) {
  await recordOutcome(
    onConnection(context, tx),
    change.action,
    {
      kind: 'payment',
      id: change.id,
      patientId: null,
      entityType: change.entityType,
      workflow: change.workflow,
      detail: change.detail,
    },
    'success',
  );
}

/** GET paymentgateways: the four gateways of the spec, and whether this server takes payments through each. */
export function paymentGateways(deps: Deps): PaymentGatewayInfo[] {
  const registry = gateways(deps);
  return SETTABLE_GATEWAYS.map((name) => ({
    GatewayName: name,
    DisplayName: DISPLAY_NAMES[name],
    Available: registry.available(name),
    AccountFields: Object.keys(GATEWAY_ACCOUNT_PATTERNS[name]) as PaymentGatewayInfo['AccountFields'],
  }));
}

/**
 * The stored gateway after a write: account fields left out keep their value while the gateway stays the same;
 * a new gateway starts without the old one's fields (they would not fit its patterns).
 */
function gatewayWrite(
  input: GatewayInput,
  stored: store.GatewayColumns | null,
  fieldPrefix: string,
  deps: Deps,
): store.GatewayWrite {
  const name = input.GatewayName;
  if (name && !gateways(deps).available(name)) {
    throw fieldError(
      `${fieldPrefix}.GatewayName`,
      'available',
      `${DISPLAY_NAMES[name]} payments are not set up on this server`,
    );
  }
  const same = !!name && stored?.gateway_name === name;
  const field = (value: string | null | undefined) =>
    name === null ? null : value === undefined && !same ? null : value;
  return {
    gatewayName: name,
    accountNumber: field(input.AccountNumber),
    productId: field(input.ProductId),
    credential: field(input.Credential),
  };
}

/** Which fields a write set or cleared: names only, for the audit row. */
const fieldsOf = (input: GatewayInput) => [
  'GatewayName',
  ...(['AccountNumber', 'ProductId', 'Credential'] as const).filter((f) => input[f] !== undefined),
];

export async function upsertOrganizationConfig(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
  input: OrganizationPaymentInput,
): Promise<OrganizationPaymentConfig> {
  await authorizePayments(context, 'update', {
    organizationId: organizationId,
    entityType: 'OrganizationPaymentConfig',
    id: organizationId,
    workflow: PAYMENT_CONFIG_WORKFLOW,
  });
  const row = await deps.database.transaction((tx) =>
    writeOrganizationConfig(deps, context, tx, organizationId, input),
  );
  return organizationConfigOf(organizationId, row);
}

/**
 * The practice's payment choice in the caller's transaction (PUT organizations/{id}, and practice onboarding's
 * payment step): the gateway must be one this server serves (400 naming Gateway.GatewayName), audited
 * Payment_Config_Edit_Web. The caller decided who may.
 */
export async function writeOrganizationConfig(
  deps: Deps,
  context: RequestContext,
  tx: Connection,
  organizationId: string,
  input: OrganizationPaymentInput,
) {
  const stored = await store.orgConfig(tx, organizationId);
  const saved = await store.upsertOrgConfig(
    tx,
    deps.secrets,
    organizationId,
    input.EnableOnlinePayment,
    gatewayWrite(input.Gateway, stored, 'Gateway', deps),
    deps.clock.now(),
  );
  await audited(context, tx, {
    action: 'update',
    entityType: 'OrganizationPaymentConfig',
    id: organizationId,
    workflow: PAYMENT_CONFIG_WORKFLOW,
    detail: {
      fields: ['EnableOnlinePayment', ...fieldsOf(input.Gateway)],
      gateway: input.Gateway.GatewayName,
      online: input.EnableOnlinePayment,
    },
  });
  return saved;
}

/** DELETE organizations/{id}: no online payment and no gateway any more (the cancellation policy stays). */
export async function deleteOrganizationConfig(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
): Promise<OrganizationPaymentConfig> {
  await authorizePayments(context, 'delete', {
    organizationId: organizationId,
    entityType: 'OrganizationPaymentConfig',
    id: organizationId,
    workflow: PAYMENT_CONFIG_WORKFLOW,
  });
  await deps.database.transaction(async (tx) => {
    await store.clearOrgConfig(tx, organizationId, deps.clock.now());
    await audited(context, tx, {
      action: 'delete',
      entityType: 'OrganizationPaymentConfig',
      id: organizationId,
      workflow: PAYMENT_CONFIG_WORKFLOW,
      detail: {},
    });
  });
  return organizationConfigOf(organizationId, await store.orgConfig(deps.database, organizationId));
}

/** A location's payment settings under the practice named: a location of another practice is no object of it (404). */
const locationConfig = (
  organizationId: string,
  locationId: string,
  location: { OrganizationId: string } | null,
) => ({
  organizationId,
  names: [location ? [location.OrganizationId] : []],
  entityType: 'LocationPaymentConfig',
  id: locationId,
  workflow: PAYMENT_CONFIG_WORKFLOW,
});

/** GET locations/batch?organizationId=: the gateways the practice's locations override, for its admin. */
export async function listLocationConfigs(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
): Promise<LocationPaymentConfig[]> {
  await authorizePayments(context, 'read', {
    organizationId: organizationId,
    entityType: 'LocationPaymentConfig',
    id: organizationId,
    workflow: PAYMENT_CONFIG_WORKFLOW,
  });
  const rows = await store.locationConfigsOf(deps.database, organizationId);
  return rows.map((row) => locationConfigOf(organizationId, row.location_id, row));
}

async function writeLocation(
  deps: Deps,
  context: RequestContext,
  tx: Connection,
  organizationId: string,
  locationId: string,
  input: LocationPaymentInput,
  prefix: string,
) {
  const stored = await store.locationConfig(tx, organizationId, locationId);
  const saved = await store.upsertLocationConfig(
    tx,
    deps.secrets,
    organizationId,
    locationId,
    gatewayWrite(input.Gateway, stored, prefix, deps),
    deps.clock.now(),
  );
  await audited(context, tx, {
    action: 'update',
    entityType: 'LocationPaymentConfig',
    id: locationId,
    workflow: PAYMENT_CONFIG_WORKFLOW,
    detail: { organizationId, fields: fieldsOf(input.Gateway), gateway: input.Gateway.GatewayName },
  });
  return locationConfigOf(organizationId, locationId, saved);
}

/** POST locations/upsert?organizationId=&locationId=: the location's own gateway (GatewayName null: the organization's applies). */
export async function upsertLocationConfig(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
  locationId: string,
  input: LocationPaymentInput,
): Promise<LocationPaymentConfig> {
  await authorizePayments(
    context,
    'update',
    locationConfig(organizationId, locationId, await getLocation(deps.database, locationId)),
  );
  return deps.database.transaction((tx) =>
    writeLocation(deps, context, tx, organizationId, locationId, input, 'Gateway'),
  );
}

/** POST locations/batch?organizationId=: several locations at once, all or nothing. */
export async function upsertLocationConfigs(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
  items: (LocationPaymentInput & { LocationId: string })[],
): Promise<LocationPaymentConfig[]> {
  for (const item of items)
    await authorizePayments(
      context,
      'update',
      locationConfig(organizationId, item.LocationId, await getLocation(deps.database, item.LocationId)),
    );
  return deps.database.transaction(async (tx) => {
    const saved: LocationPaymentConfig[] = [];
    for (const [index, item] of items.entries())
      saved.push(
        await writeLocation(
          deps,
          context,
          tx,
          organizationId,
          item.LocationId,
          item,
          `Data.${index}.Gateway`,
        ),
      );
    return saved;
  });
}

/** DELETE locations/{id}: the location follows the organization's gateway again. */
export async function deleteLocationConfig(
  deps: Deps,
  context: RequestContext,
  locationId: string,
): Promise<void> {
  const location = await getLocation(deps.database, locationId);
  const organizationId = (await authorizePayments(context, 'delete', {
    organizationId: location?.OrganizationId ?? null,
    entityType: 'LocationPaymentConfig',
    id: locationId,
    workflow: PAYMENT_CONFIG_WORKFLOW,
  }))!;
  await deps.database.transaction(async (tx) => {
    if (!(await store.deleteLocationConfig(tx, organizationId, locationId))) return;
    await audited(context, tx, {
      action: 'delete',
      entityType: 'LocationPaymentConfig',
      id: locationId,
      workflow: PAYMENT_CONFIG_WORKFLOW,
      detail: { organizationId },
    });
  });
}

/**
 * The practices a fee's entity belongs to (a provider's active roles at the practice, a resource's practice),
 * and whether the provider's role there is a provider's one still active (the self path of their own fee).
 */
async function feeEntity(
  deps: Deps,
  organizationId: string,
  entityType: FeeEntityType,
  entityId: string,
): Promise<{ owners: string[]; activeProvider: boolean }> {
  if (entityType === 'provider') {
    const roles = await listPractitionerRoles(deps.database, {
      PractitionerId: entityId,
      OrganizationId: organizationId,
    });
    const providerCodes: readonly string[] = ROLE_SETS.PROVIDERS;
    return {
      owners: roles.map((role) => role.OrganizationId),
      activeProvider: roles.some((role) => role.Code.some((code) => providerCodes.includes(code))),
    };
  }
  const service = await getHealthcareService(deps.database, entityId);
  return { owners: service ? [service.OrganizationId] : [], activeProvider: false };
}

/**
 * Who may set this fee (decision 0068, through the policy of 0080): a practice admin, any provider's or
 * resource's of their practice; a provider of the practice their own fee only (self), while the practice lets
 * providers use their settings (the `settings` feature, decision 0059) and their provider role is active.
 * Another practice's fee answers 404, another provider's or a resource's fee in the caller's own practice 403;
 * each audited with Visit_Fee_Web.
 */
async function authorizeFee(
  deps: Deps,
  context: RequestContext,
  query: { organizationId: string; entityType: FeeEntityType; entityId: string },
): Promise<void> {
  // A practitioner role deactivated since the token was issued no longer speaks for the practice.
  const { owners, activeProvider } = await feeEntity(
    deps,
    query.organizationId,
    query.entityType,
    query.entityId,
  );
  await authorizePayments(
    context,
    'update',
    {
      organizationId: query.organizationId,
      names: [owners],
      entityType: 'UserPaymentConfig',
      id: query.entityId,
      workflow: VISIT_FEE_WORKFLOW,
    },
    {
      ...PAYMENT_ADMINS,
      self: { id: activeProvider ? query.entityId : null, roles: ROLE_SETS.PROVIDERS, feature: 'settings' },
    },
  );
}

/** GET entityconfigurations?organizationId=: every provider's and resource's visit fee, for the practice's admin. */
export async function listVisitFees(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
): Promise<VisitFeeSettings[]> {
  await authorizePayments(context, 'read', {
    organizationId: organizationId,
    entityType: 'UserPaymentConfig',
    id: organizationId,
    workflow: VISIT_FEE_WORKFLOW,
  });
  const rows = await store.entityConfigsOf(deps.database, organizationId);
  return rows
    .filter(
      (row): row is store.EntityConfigRow & { entity_type: FeeEntityType } =>
        row.entity_type === 'provider' || row.entity_type === 'healthcareservice',
    )
    .map((row) => entityConfigOf(organizationId, row.entity_type, row.entity_id, row) as VisitFeeSettings);
}

/** POST entityconfigurations/upsert?organizationId=&entityType=&entityId=: one provider's or resource's visit fee, in cents. */
export async function upsertVisitFee(
  deps: Deps,
  context: RequestContext,
  query: { organizationId: string; entityType: FeeEntityType; entityId: string },
  input: VisitFeeInput,
): Promise<VisitFeeSettings> {
  await authorizeFee(deps, context, query);
  const by = holdsRole(context, ROLE_SETS.ADMINS) ? 'admin' : 'self';
  const fee = input.VisitFeeDetails;
  const row = await deps.database.transaction(async (tx) => {
    const saved = await store.upsertEntityConfig(
      tx,
      {
        organization_id: query.organizationId,
        entity_type: query.entityType,
        entity_id: query.entityId,
        visit_fee_enabled: fee.Enable,
        insured_cents: fee.InsuredAmountCents,
        uninsured_cents: fee.UninsuredAmountCents,
      },
      deps.clock.now(),
    );
    await audited(context, tx, {
      action: 'update',
      entityType: 'UserPaymentConfig',
      id: query.entityId,
      workflow: VISIT_FEE_WORKFLOW,
      detail: {
        organizationId: query.organizationId,
        entityType: query.entityType,
        by,
        enabled: fee.Enable,
        insuredCents: fee.InsuredAmountCents,
        uninsuredCents: fee.UninsuredAmountCents,
      },
    });
    return saved;
  });
  return entityConfigOf(query.organizationId, query.entityType, query.entityId, row) as VisitFeeSettings;
}

/** Where the settings page sends the admin back after Stripe: the payments section, which finishes the flow. */
const PAYMENTS_SETTINGS_PAGE = '/practice-admin/settings/payments';

function connector(deps: Deps) {
  const payee = gateways(deps).payee;
  if (!payee)
    throw new AppError('unavailable', {
      message: 'Connect with Stripe is not set up on this server: type the Stripe account id instead',
    });
  return payee;
}

/** GET payee-account/connect-url?organizationId=&state=: where "Connect with Stripe" sends the admin. */
export async function payeeConnectUrl(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
  state: string,
): Promise<string> {
  await authorizePayments(context, 'update', {
    organizationId: organizationId,
    entityType: 'PaymentAccount',
    id: organizationId,
    workflow: PAYMENT_CONFIG_WORKFLOW,
  });
  return connector(deps).authorizeUrl({
    state,
    returnUrl: `${deps.config.publicUrl}${PAYMENTS_SETTINGS_PAGE}`,
  });
}

/**
 * GET payee-account?authCode=&organizationId=: exchanges the code Stripe sent back for the connected account and
 * keeps it as the practice's Stripe account (the organization's gateway becomes Stripe; online payment as it was).
 */
export async function connectPayeeAccount(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
  authCode: string,
): Promise<PayeeAccount> {
  await authorizePayments(context, 'update', {
    organizationId: organizationId,
    entityType: 'PaymentAccount',
    id: organizationId,
    workflow: PAYMENT_CONFIG_WORKFLOW,
  });
  let accountId: string;
  try {
    accountId = await connector(deps).exchange(authCode);
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'invalid_request')
      throw fieldError('authCode', 'valid', 'Stripe did not accept this authorization: connect again');
    throw new AppError('unavailable', { message: 'Stripe could not be reached: try again', cause: error });
  }
  await deps.database.transaction(async (tx) => {
    await store.setOrgStripeAccount(tx, organizationId, accountId, deps.clock.now());
    await audited(context, tx, {
      action: 'update',
      entityType: 'PaymentAccount',
      id: organizationId,
      workflow: PAYMENT_CONFIG_WORKFLOW,
      detail: { fields: ['GatewayName', 'AccountNumber'], gateway: 'stripe', connected: true },
    });
  });
  const organization = await getOrganization(deps.database, organizationId);
  return {
    Name: organization?.Name ?? null,
    Email: null,
    PracticeId: organizationId,
    StripeAccountId: maskAccount(accountId)!,
  };
}
