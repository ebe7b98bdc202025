import { randomUUID } from 'node:crypto';
import {
  REPUTATION_REDIRECT_URL,
  type ReputationEntityConfiguration,
  type ReputationEntityType,
  type ReputationLocationSettings,
  type ReputationOrganizationSettings,
  type ReputationProviderSettings,
  type ReputationSignOn,
} from '@careslot/contracts';
import {
  actsForPractice,
  authorizePractice,
  callersPractice,
  requireFeature,
  ROLE_SETS,
} from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import type { Connection } from '../../platform/db';
import type { SecretBox } from '../../platform/secrets';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { getLocations, getOrganization, setReputationEnabled } from '../organizations';
import { listPractitionerRoles } from '../people';
import * as store from './store';

/**
 * The review platform (practice-portal.md §2.10, §3.8, §4.4; decision 0058): the practice admin keeps the
 * practice's reputation settings (API key, business id), its locations' and providers' listings and their
 * review-request configuration; practice users open the reputation site through the sign-on form.
 */

type Deps = Pick<AppDeps, 'database' | 'config' | 'secrets'>;

/** Audit workflows (constants.md names none for these; the same shape as Organization_Update_Web). */
export const REPUTATION_WORKFLOWS = {
  view: 'Reputation_Settings_View_Web',
  edit: 'Reputation_Settings_Edit_Web',
  /** The review-request configuration of the practice, a location or a provider (its own screen section, decision 0074). */
  reviewRequestsView: 'Review_Request_Settings_View_Web',
  reviewRequestsEdit: 'Review_Request_Settings_Edit_Web',
  signOn: 'Reputation_Sign_On_Web',
} as const;

const ADMIN = ROLE_SETS.ADMINS;

/** The key as the settings calls show it: its last 4 characters. The full key leaves only through signOn(). */
export function maskApiKey(key: string): string {
  return `${'•'.repeat(Math.max(key.length - 4, 0))}${key.slice(-4)}`;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function shapeOrganization(row: store.OrganizationSettingsRow): ReputationOrganizationSettings {
  return {
    Id: row.id,
    OrganizationId: row.organization_id,
    ApiKeyMasked: maskApiKey(row.api_key),
    HasApiKey: row.api_key.length > 0,
    BusinessId: row.business_id,
    IsActive: row.is_active,
    UpdatedOn: iso(row.updated_at),
  };
}

const shapeEntity = (row: store.EntitySettingsRow) => ({
  Id: row.id,
  OrganizationId: row.organization_id,
  BusinessId: row.business_id,
  IsActive: row.is_active,
  ReviewSiteUrl: row.review_site_url,
  UpdatedOn: iso(row.updated_at),
});
const shapeLocation = (row: store.EntitySettingsRow): ReputationLocationSettings => ({
  ...shapeEntity(row),
  LocationId: row.entity_id,
});
const shapeProvider = (row: store.EntitySettingsRow): ReputationProviderSettings => ({
  ...shapeEntity(row),
  ProviderId: row.entity_id,
});

function shapeConfiguration(row: store.EntityConfigurationRow): ReputationEntityConfiguration {
  return {
    Id: row.id,
    OrganizationId: row.organization_id,
    EntityType: row.entity_type,
    EntityId: row.entity_id,
    SendReviewRequests: row.send_review_requests,
    ReviewRequestDelayHours: row.review_request_delay_hours,
    UpdatedOn: iso(row.updated_at),
  };
}

// ---------- organization settings ----------

/** GET OrganizationSettings?organizationId=: the practice's settings (key masked), or null when none are on file. */
export async function organizationSettings(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
): Promise<ReputationOrganizationSettings | null> {
  await authorizePractice(
    context,
    'read',
    { entityType: 'ReputationSettings', id: null, organizationId, workflow: REPUTATION_WORKFLOWS.view },
    ADMIN,
  );
  const row = await store.organizationSettingsOf(deps.database, deps.secrets, organizationId);
  return row ? shapeOrganization(row) : null;
}

export interface OrganizationSettingsChange {
  OrganizationId: string;
  ApiKey?: string | undefined;
  BusinessId: string;
  IsActive: boolean;
}

/** POST OrganizationSettings: adds the practice's settings (the key is required); a second add is a conflict. */
export async function addOrganizationSettings(
  deps: Deps,
  context: RequestContext,
  change: OrganizationSettingsChange,
): Promise<ReputationOrganizationSettings> {
  // Every decision is audited before the change's transaction, so a refusal's row is not rolled back with it.
  await authorizePractice(
    context,
    'create',
    {
      entityType: 'ReputationSettings',
      id: null,
      organizationId: change.OrganizationId,
      workflow: REPUTATION_WORKFLOWS.edit,
      detail: { fields: ['ApiKey', 'BusinessId', 'IsActive'] },
    },
    ADMIN,
  );
  return deps.database.transaction(async (tx) => {
    if (!change.ApiKey)
      throw fieldError('body.ApiKey', 'required', 'required: the API key is needed to add the settings');
    const row = await store.insertOrganizationSettings(tx, deps.secrets, {
      id: randomUUID(),
      organizationId: change.OrganizationId,
      apiKey: change.ApiKey,
      businessId: change.BusinessId,
      isActive: change.IsActive,
    });
    if (!row) throw conflict('The practice has reputation settings already; change them instead');
    await setReputationEnabled(tx, change.OrganizationId, row.is_active);
    return shapeOrganization(row);
  });
}

/** PUT OrganizationSettings/{id}: changes them; without ApiKey the stored key stays. */
export async function updateOrganizationSettings(
  deps: Deps,
  context: RequestContext,
  id: string,
  change: OrganizationSettingsChange,
): Promise<ReputationOrganizationSettings> {
  const current = await store.organizationSettingsById(deps.database, deps.secrets, id);
  await authorizePractice(
    context,
    'update',
    {
      entityType: 'ReputationSettings',
      id,
      organizationId: current?.organization_id ?? null,
      workflow: REPUTATION_WORKFLOWS.edit,
      detail: { fields: [...(change.ApiKey ? ['ApiKey'] : []), 'BusinessId', 'IsActive'] },
    },
    ADMIN,
  );
  // The body cannot move settings to another practice: it names the practice that owns them.
  if (change.OrganizationId !== current!.organization_id)
    throw fieldError('body.OrganizationId', 'owner', 'owner: must be the practice the settings belong to');
  return deps.database.transaction(async (tx) => {
    const row = await store.updateOrganizationSettings(tx, deps.secrets, id, {
      apiKey: change.ApiKey ?? null,
      businessId: change.BusinessId,
      isActive: change.IsActive,
    });
    await setReputationEnabled(tx, row.organization_id, row.is_active);
    return shapeOrganization(row);
  });
}

// ---------- location and provider settings ----------

/**
 * The practices each entity named under a practice belongs to (the policy's `names`: the object is the practice's
 * only when every entity is its own): the practice itself when it exists, a location's practice, and the practice
 * for a provider holding an active provider role at it.
 */
async function entityOwners(
  deps: Deps,
  organizationId: string,
  entities: readonly { EntityType: ReputationEntityType; EntityId: string }[],
): Promise<string[][]> {
  const ids = (type: ReputationEntityType) =>
    entities.filter((e) => e.EntityType === type).map((e) => e.EntityId);
  const locationIds = ids('Location');
  const locations = locationIds.length ? await getLocations(deps.database, locationIds) : [];
  const roles = ids('Provider').length
    ? await listPractitionerRoles(deps.database, { OrganizationId: organizationId })
    : [];
  const providerCodes: readonly string[] = ROLE_SETS.PROVIDERS;
  const providers = new Set(
    roles
      .filter((r) => r.Active && r.Code.some((code) => providerCodes.includes(code)))
      .map((r) => r.PractitionerId),
  );
  const organization = entities.some((e) => e.EntityType === 'Organization')
    ? await getOrganization(deps.database, organizationId)
    : null;
  const locationOwner = new Map(locations.map((l) => [l.Id, l.OrganizationId]));
  return entities.map(({ EntityType, EntityId }) => {
    if (EntityType === 'Organization') return organization && EntityId === organization.Id ? [EntityId] : [];
    if (EntityType === 'Location') return locationOwner.has(EntityId) ? [locationOwner.get(EntityId)!] : [];
    return providers.has(EntityId) ? [organizationId] : [];
  });
}

const ENTITY_OF_KIND: Record<store.EntityKind, ReputationEntityType> = {
  location: 'Location',
  provider: 'Provider',
};

/** The owners of one location or provider named under the practice (see entityOwners). */
const kindOwners = (deps: Deps, kind: store.EntityKind, organizationId: string, entityId: string) =>
  entityOwners(deps, organizationId, [{ EntityType: ENTITY_OF_KIND[kind], EntityId: entityId }]);

const ENTITY_TYPE: Record<store.EntityKind, string> = {
  location: 'ReputationLocationSettings',
  provider: 'ReputationProviderSettings',
};

export async function entitySettingsOfOrganization(
  deps: Deps,
  context: RequestContext,
  kind: store.EntityKind,
  organizationId: string,
) {
  await authorizePractice(
    context,
    'read',
    { entityType: ENTITY_TYPE[kind], id: null, organizationId, workflow: REPUTATION_WORKFLOWS.view },
    ADMIN,
  );
  const rows = await store.entitySettingsOfOrganization(deps.database, kind, organizationId);
  return rows;
}

/** GET LocationSettings/locations/{id}, ProviderSettings/providers/{id}: the caller's practice's listing of the entity. */
export async function entitySettingsOfEntity(
  deps: Deps,
  context: RequestContext,
  kind: store.EntityKind,
  entityId: string,
) {
  const organizationId = callersPractice(context);
  await authorizePractice(
    context,
    'read',
    {
      entityType: ENTITY_TYPE[kind],
      id: entityId,
      organizationId,
      names: organizationId ? await kindOwners(deps, kind, organizationId, entityId) : [],
      workflow: REPUTATION_WORKFLOWS.view,
    },
    ADMIN,
  );
  const row = await store.entitySettingsOfEntity(deps.database, kind, organizationId!, entityId);
  if (!row) throw notFound();
  return row;
}

export interface EntitySettingsChange {
  OrganizationId: string;
  EntityId: string;
  BusinessId: string;
  IsActive: boolean;
  ReviewSiteUrl?: string | null | undefined;
}

export async function addEntitySettings(
  deps: Deps,
  context: RequestContext,
  kind: store.EntityKind,
  change: EntitySettingsChange,
) {
  // Read before the transaction: on PGlite the transaction holds the one connection the directory reads need.
  const names = await kindOwners(deps, kind, change.OrganizationId, change.EntityId);
  await authorizePractice(
    context,
    'create',
    {
      entityType: ENTITY_TYPE[kind],
      id: null,
      organizationId: change.OrganizationId,
      names,
      workflow: REPUTATION_WORKFLOWS.edit,
      detail: { entityId: change.EntityId },
    },
    ADMIN,
  );
  {
    const row = await store.insertEntitySettings(deps.database, kind, {
      id: randomUUID(),
      organizationId: change.OrganizationId,
      entityId: change.EntityId,
      businessId: change.BusinessId,
      isActive: change.IsActive,
      reviewSiteUrl: change.ReviewSiteUrl ?? null,
    });
    if (!row) throw conflict(`The ${kind} has reputation settings already; change them instead`);
    return row;
  }
}

export async function updateEntitySettings(
  deps: Deps,
  context: RequestContext,
  kind: store.EntityKind,
  id: string,
  change: EntitySettingsChange,
) {
  const current = await store.entitySettingsById(deps.database, kind, id);
  await authorizePractice(
    context,
    'update',
    {
      entityType: ENTITY_TYPE[kind],
      id,
      organizationId: current?.organization_id ?? null,
      workflow: REPUTATION_WORKFLOWS.edit,
      detail: current ? { entityId: current.entity_id } : null,
    },
    ADMIN,
  );
  // A listing stays with its practice and its entity.
  if (change.OrganizationId !== current!.organization_id)
    throw fieldError('body.OrganizationId', 'owner', 'owner: must be the practice the listing belongs to');
  if (change.EntityId !== current!.entity_id)
    throw fieldError(
      `body.${kind === 'location' ? 'LocationId' : 'ProviderId'}`,
      'owner',
      `owner: must be the ${kind} the listing belongs to`,
    );
  return store.updateEntitySettings(deps.database, kind, id, {
    businessId: change.BusinessId,
    isActive: change.IsActive,
    reviewSiteUrl: change.ReviewSiteUrl ?? null,
  });
}

export async function deleteEntitySettings(
  deps: Deps,
  context: RequestContext,
  kind: store.EntityKind,
  id: string,
): Promise<void> {
  const current = await store.entitySettingsById(deps.database, kind, id);
  await authorizePractice(
    context,
    'delete',
    {
      entityType: ENTITY_TYPE[kind],
      id,
      organizationId: current?.organization_id ?? null,
      workflow: REPUTATION_WORKFLOWS.edit,
      detail: current ? { entityId: current.entity_id } : null,
    },
    ADMIN,
  );
  await store.deleteEntitySettings(deps.database, kind, id);
}

export { shapeLocation, shapeProvider };

// ---------- review-request configuration per entity ----------

/** GET EntityConfiguration/{type}/entities/{id}: the entity's configuration at the caller's practice (made with defaults on first read). */
export async function entityConfiguration(
  deps: Deps,
  context: RequestContext,
  type: ReputationEntityType,
  entityId: string,
): Promise<ReputationEntityConfiguration> {
  const organizationId = callersPractice(context);
  await authorizePractice(
    context,
    'read',
    {
      organizationId,
      names: organizationId
        ? await entityOwners(deps, organizationId, [{ EntityType: type, EntityId: entityId }])
        : [],
      entityType: 'ReputationEntityConfiguration',
      id: entityId,
      workflow: REPUTATION_WORKFLOWS.reviewRequestsView,
      detail: { entityType: type },
    },
    ADMIN,
  );
  const row = await store.ensureEntityConfiguration(deps.database, {
    id: randomUUID(),
    organizationId: organizationId!,
    entityType: type,
    entityId,
  });
  return shapeConfiguration(row);
}

/**
 * POST EntityConfiguration/entities: the configurations of the practice's entities the settings screen lists
 * (the practice, its locations, its providers) in one call (issue 29 item 5: it made one call per entity). One
 * check of the policy for the whole list: every entity must be the caller's practice's (else 404, audited, as
 * one entity's GET answers); missing configurations are made with the defaults, as the GET does.
 */
export async function entityConfigurations(
  deps: Deps,
  context: RequestContext,
  entities: { EntityType: ReputationEntityType; EntityId: string }[],
): Promise<ReputationEntityConfiguration[]> {
  const organizationId = callersPractice(context);
  await authorizePractice(
    context,
    'read',
    {
      organizationId,
      names: organizationId ? await entityOwners(deps, organizationId, entities) : [],
      entityType: 'ReputationEntityConfiguration',
      id: null,
      workflow: REPUTATION_WORKFLOWS.reviewRequestsView,
      detail: { entities: entities.length },
    },
    ADMIN,
  );
  const rows = await store.ensureEntityConfigurations(
    deps.database,
    organizationId!,
    entities.map((e) => ({ entityType: e.EntityType, entityId: e.EntityId })),
  );
  const byEntity = new Map(rows.map((r) => [`${r.entity_type}|${r.entity_id}`, r]));
  return entities
    .map((e) => byEntity.get(`${e.EntityType}|${e.EntityId}`))
    .filter((r): r is store.EntityConfigurationRow => r !== undefined)
    .map(shapeConfiguration);
}

/** PUT EntityConfiguration/{id}. */
export async function updateEntityConfiguration(
  deps: Deps,
  context: RequestContext,
  id: string,
  change: { SendReviewRequests: boolean; ReviewRequestDelayHours: number },
): Promise<ReputationEntityConfiguration> {
  const current = await store.entityConfigurationById(deps.database, id);
  await authorizePractice(
    context,
    'update',
    {
      entityType: 'ReputationEntityConfiguration',
      id,
      organizationId: current?.organization_id ?? null,
      workflow: REPUTATION_WORKFLOWS.reviewRequestsEdit,
      // What changed, from what: the audit row alone tells who switched review requests off or moved their timing.
      detail: current
        ? {
            entityType: current.entity_type,
            entityId: current.entity_id,
            from: {
              SendReviewRequests: current.send_review_requests,
              ReviewRequestDelayHours: current.review_request_delay_hours,
            },
            to: change,
          }
        : null,
    },
    ADMIN,
  );
  return shapeConfiguration(
    await store.updateEntityConfiguration(deps.database, id, {
      sendReviewRequests: change.SendReviewRequests,
      delayHours: change.ReviewRequestDelayHours,
    }),
  );
}

// ---------- user details and the sign-on form ----------

/**
 * GET users/{email}/{organizationId} (§4.4): the caller's own details in the practice they act for, found when
 * the practice has reputation enabled; anyone else's answer as not existing.
 */
export async function userDetails(
  deps: Deps,
  context: RequestContext,
  email: string,
  organizationId: string,
) {
  const principal = context.principal;
  const own =
    !!principal?.email &&
    principal.email.toLowerCase() === email.toLowerCase() &&
    actsForPractice(context, organizationId);
  const organization = own ? await getOrganization(deps.database, organizationId) : null;
  if (!organization?.has_reputation_enabled) throw notFound();
  return {
    Email: principal!.email!,
    OrganizationId: organization.Id,
    OrganizationName: organization.Name,
    ReputationEnabled: true,
  };
}

/** Where the sign-on form posts: the configured reputation site, else the product's own stand-in page. */
export function signOnTarget(config: AppDeps['config']): string {
  return config.REPUTATION_SIGN_ON_URL ?? `${config.publicUrl}${REPUTATION_LOCAL_SIGN_ON_PATH}`;
}
export const REPUTATION_LOCAL_SIGN_ON_PATH = '/careslot-reputation-service/sign-on';

/**
 * The hidden form of §2.10 for the signed-in user: their e-mail, the practice's API key in full and the redirect.
 * The only answer that carries the key; it needs reputation management allowed for one of the user's roles
 * (access control) and active settings of their own practice. Audited.
 */
export async function signOn(deps: Deps, context: RequestContext): Promise<ReputationSignOn> {
  await requireFeature(context, 'reputation', { workflow: REPUTATION_WORKFLOWS.signOn });
  const organizationId = callersPractice(context);
  const settings = organizationId
    ? await store.organizationSettingsOf(deps.database, deps.secrets, organizationId)
    : null;
  const usable = settings?.is_active === true && !!context.principal?.email;
  await authorizePractice(context, 'read', {
    entityType: 'ReputationApiKey',
    id: settings?.id ?? null,
    organizationId: usable ? organizationId : null,
    workflow: REPUTATION_WORKFLOWS.signOn,
  });
  return {
    Target: signOnTarget(deps.config),
    Fields: {
      emailId: context.principal!.email!,
      apiKey: settings!.api_key,
      redirectURL: REPUTATION_REDIRECT_URL,
    },
  };
}

/** The start's sealing pass for this module's secrets (decision 0088): the practices' API keys. */
export const sealStoredSecrets = (database: Connection, secrets: SecretBox): Promise<number> =>
  store.sealApiKeys(database, secrets);
