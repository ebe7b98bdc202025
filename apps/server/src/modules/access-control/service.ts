import {
  FEATURE_CODES,
  type AccessService,
  type EntityConfiguration,
  type EntityConfigurationUpdate,
  type FeatureCode,
  type Role,
} from '@careslot/contracts';
import {
  applyFeatureSwitches,
  enabledFeatures,
  FEATURE_LOCKED_ROLES,
  FEATURE_RULE_ROLES,
  lockedSwitchOff,
} from '@careslot/domain';
import { authorizePractice, ROLE_SETS } from '../../platform/access';
import { registerCache } from '../../platform/cache';
import type { FeatureAccess, RequestContext } from '../../platform/context';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { appendEvents } from '../../platform/events';
import { TtlCache } from '../../platform/ttl-cache';
import * as store from './store';

/**
 * Access control (practice-portal.md §6; decision 0059): a practice's switches of features per role, the
 * features list, and the answer the access policy asks on every gated call (cached per practice).
 */

type Deps = Pick<AppDeps, 'database' | 'events'>;

/** The durable event a change appends (aggregate: the organization); the cache consumer forgets that practice. */
export const ACCESS_CONFIGURATION_CHANGED = 'access.configuration-changed';
export interface AccessConfigurationChanged {
  organizationId: string;
  role: string;
  configurationId: string;
}

/** The audit workflow of a change (constants.md names none; same shape as Organization_Update_Web). */
export const ACCESS_CONTROL_WORKFLOW = 'Access_Control_Edit_Web';
const VIEW_WORKFLOW = 'Access_Control_View_Web';

/**
 * How long an instance trusts its copy of a practice's switches. The instance that commits a change forgets its
 * copy at once (and so does the event's consumer); other instances follow within this bound.
 */
export const FEATURE_CACHE_TTL_MS = 5_000;

function shape(row: store.ConfigurationRow): EntityConfiguration {
  const stored =
    typeof row.services === 'string'
      ? (JSON.parse(row.services) as store.ConfigurationRow['services'])
      : row.services;
  return {
    Id: row.id,
    OrganizationId: row.organization_id,
    EntityType: 'Role',
    EntityId: row.entity_id,
    // Every feature the role may have, with its switch (a feature never switched is on).
    Services: applyFeatureSwitches(
      row.entity_id,
      stored as { ServiceCode: FeatureCode; Enabled: boolean }[],
      [],
    ),
    UpdatedOn: new Date(row.updated_at).toISOString(),
  };
}

/** GET Service: the features and the roles the spec's menu rules give them. */
export function listServices(): { Data: AccessService[]; Total: number } {
  const data = FEATURE_CODES.map((code) => ({
    Code: code,
    Roles: [...FEATURE_RULE_ROLES[code]],
    LockedRoles: [...FEATURE_LOCKED_ROLES[code]],
  }));
  return { Data: data, Total: data.length };
}

/** POST EntityConfigurations/get: a practice's configurations; any user of that practice may read them (the menus do). */
export async function getConfigurations(
  deps: Deps,
  context: RequestContext,
  query: { OrganizationId: string; EntityIds?: readonly string[] | undefined },
): Promise<{ Data: EntityConfiguration[]; Total: number }> {
  await authorizePractice(context, 'read', {
    entityType: 'AccessEntityConfiguration',
    id: null,
    organizationId: query.OrganizationId,
    workflow: VIEW_WORKFLOW,
  });
  await store.ensureConfigurations(deps.database, query.OrganizationId);
  const rows = await store.configurationsOf(deps.database, query.OrganizationId, query.EntityIds);
  return { Data: rows.map(shape), Total: rows.length };
}

/**
 * PUT EntityConfigurations/{id}: the practice admin switches features of one role. A feature the role cannot
 * have, or the admin's own settings, cannot be switched (400 naming the entry and the rule).
 */
export async function updateConfiguration(
  deps: Deps,
  context: RequestContext,
  id: string,
  change: EntityConfigurationUpdate,
): Promise<string> {
  // Decided (and audited) outside the change's transaction, so a refusal's audit row is not rolled back with it.
  const found = await store.configurationById(deps.database, id);
  await authorizePractice(
    context,
    'update',
    {
      entityType: 'AccessEntityConfiguration',
      id,
      organizationId: found?.organization_id ?? null,
      workflow: ACCESS_CONTROL_WORKFLOW,
      detail: found ? { role: found.entity_id, services: change.Services } : null,
    },
    ROLE_SETS.ADMINS,
  );
  const role = found!.entity_id;
  change.Services.forEach((entry, index) => {
    if (!FEATURE_RULE_ROLES[entry.ServiceCode].includes(role)) {
      throw fieldError(
        `body.Services.${index}.ServiceCode`,
        'not_for_role',
        `not_for_role: ${entry.ServiceCode} is not a feature of the ${role} role`,
      );
    }
  });
  const locked = lockedSwitchOff(role, change.Services);
  if (locked) {
    const index = change.Services.findIndex((s) => s.ServiceCode === locked);
    throw fieldError(`body.Services.${index}.Enabled`, 'locked', `locked: the ${role} role keeps ${locked}`);
  }
  const saved = await deps.database.transaction(async (tx) => {
    const row = await store.lockConfiguration(tx, id);
    const current = shape(row!).Services;
    await store.saveServices(tx, id, applyFeatureSwitches(role, current, change.Services));
    await appendEvents(tx, [
      {
        aggregateType: 'organization',
        aggregateId: row!.organization_id,
        type: ACCESS_CONFIGURATION_CHANGED,
        payload: {
          organizationId: row!.organization_id,
          role,
          configurationId: id,
        } satisfies AccessConfigurationChanged,
      },
    ]);
    return row!;
  });
  cacheOf(deps.database).forget(saved.organization_id);
  await deps.events.flush();
  return 'Entity configuration updated';
}

// ---------- the policy's question, cached per practice ----------

/** One cache per database (an app; tests build several in one process), keyed by organization id. */
const caches = new WeakMap<Connection, TtlCache<store.ConfigurationRow[]>>();
function cacheOf(database: Connection): TtlCache<store.ConfigurationRow[]> {
  let cache = caches.get(database);
  if (!cache) {
    const created = new TtlCache<store.ConfigurationRow[]>(FEATURE_CACHE_TTL_MS);
    // DELETE api/v1/cache/{organizationId} drops it too (the cache holds role switches, no patient data).
    registerCache((key) => created.forget(key));
    caches.set(database, created);
    cache = created;
  }
  return cache;
}

/** The access policy's backend (platform/context.ts FeatureAccess), handed in by app.ts. */
export function featureAccess(database: Connection): FeatureAccess {
  return {
    async enabledFeatures(organizationId: string, roles: readonly Role[]) {
      const rows = await cacheOf(database).get(organizationId, () =>
        store.configurationsOf(database, organizationId),
      );
      return enabledFeatures(rows.map(shape), roles);
    },
  };
}

/** The consumer that forgets a practice's copy when its switches change (idempotent: forgetting twice is harmless). */
export function subscribeFeatureCache(deps: Deps): void {
  deps.events.subscribe<AccessConfigurationChanged>(
    'access-control.feature-cache',
    [ACCESS_CONFIGURATION_CHANGED],
    async (event) => {
      cacheOf(deps.database).forget(event.payload.organizationId);
    },
  );
}
