import type { Connection } from '../../platform/db';

export interface HistoryPreferenceRow {
  entity_type: string;
  entity_id: string;
  kind: string;
  code: string;
  display: string;
  active: boolean;
  sort_order: number;
}

export async function preferencesOf(
  db: Connection,
  entityType: string,
  entityId: string,
  kind: string,
): Promise<HistoryPreferenceRow[]> {
  return db.query<HistoryPreferenceRow>(
    `select entity_type, entity_id, kind, code, display, active, sort_order from entity_history_preferences
      where entity_type = $1 and entity_id = $2 and kind = $3 order by sort_order, display, code`,
    [entityType, entityId, kind],
  );
}

export async function upsertPreferences(
  db: Connection,
  row: { entityType: string; entityId: string; organizationId: string; kind: string; by: string; now: Date },
  items: readonly { Code: string; Display: string; Active: boolean; SortOrder: number }[],
): Promise<void> {
  for (const item of items)
    await db.query(
      `insert into entity_history_preferences
         (entity_type, entity_id, organization_id, kind, code, display, active, sort_order, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (entity_type, entity_id, kind, code) do update set display = excluded.display,
         active = excluded.active, sort_order = excluded.sort_order, updated_at = excluded.updated_at,
         updated_by = excluded.updated_by`,
      [
        row.entityType,
        row.entityId,
        row.organizationId,
        row.kind,
        item.Code,
        item.Display,
        item.Active,
        item.SortOrder,
        row.now.toISOString(),
        row.by,
      ],
    );
}
