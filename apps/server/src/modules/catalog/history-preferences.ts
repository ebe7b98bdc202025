import { type HistoryKind, type HistoryPreference, type HistoryPreferenceBatch } from '@careslot/contracts';
import { authorizePractice, ROLE_SETS } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import * as store from './history-preferences-store';

/**
 * The practice's medical, family, surgical and social history preferences (practice-portal.md §7 Resource
 * library): which history items its patients are asked about at check-in. The practice's users read them; its
 * admins set them. Another practice's id answers 404 (authorizePractice).
 */

type Deps = Pick<AppDeps, 'database' | 'clock'>;

const shape = (row: store.HistoryPreferenceRow): HistoryPreference => ({
  EntityType: row.entity_type as HistoryPreference['EntityType'],
  EntityId: row.entity_id,
  Kind: row.kind as HistoryKind,
  Code: row.code,
  Display: row.display,
  Active: row.active,
  SortOrder: row.sort_order,
});

const entityTypeName = (kind: HistoryKind) =>
  `Entity${kind[0]!.toUpperCase()}${kind.slice(1)}HistoryPreference`;

/** GET entity-{kind}-history-preferences/{id}?entityType=Organization: the practice's items, in its order. */
export async function historyPreferences(
  deps: Deps,
  context: RequestContext,
  kind: HistoryKind,
  entityType: HistoryPreference['EntityType'],
  entityId: string,
): Promise<HistoryPreference[]> {
  await authorizePractice(
    context,
    'read',
    { organizationId: entityId, entityType: entityTypeName(kind), id: entityId },
    { supportReads: true },
  );
  return (await store.preferencesOf(deps.database, entityType, entityId, kind)).map(shape);
}

/** POST entity-{kind}-history-preferences/batch-upsert: the practice's admins add or change items by Code. */
export async function upsertHistoryPreferences(
  deps: Deps,
  context: RequestContext,
  kind: HistoryKind,
  input: HistoryPreferenceBatch,
): Promise<HistoryPreference[]> {
  await authorizePractice(
    context,
    'update',
    { organizationId: input.EntityId, entityType: entityTypeName(kind), id: input.EntityId },
    ROLE_SETS.ADMINS,
  );
  await deps.database.transaction((tx) =>
    store.upsertPreferences(
      tx,
      {
        entityType: input.EntityType,
        entityId: input.EntityId,
        organizationId: input.EntityId,
        kind,
        by: context.userId ?? context.subject ?? 'unknown',
        now: deps.clock.now(),
      },
      input.Items.map((i) => ({ ...i, Active: i.Active ?? true, SortOrder: i.SortOrder ?? 0 })),
    ),
  );
  return (await store.preferencesOf(deps.database, input.EntityType, input.EntityId, kind)).map(shape);
}
