import type { Connection } from '../../platform/db';
import type { SecretBox } from '../../platform/secrets';

/** SQL of the reputation tables (migration 20261127T0600), this module's only tables. */

export interface OrganizationSettingsRow {
  id: string;
  organization_id: string;
  api_key: string;
  business_id: string;
  is_active: boolean;
  updated_at: Date | string;
}

export type EntityKind = 'location' | 'provider';

export interface EntitySettingsRow {
  id: string;
  organization_id: string;
  entity_id: string;
  business_id: string;
  is_active: boolean;
  review_site_url: string | null;
  updated_at: Date | string;
}

export interface EntityConfigurationRow {
  id: string;
  organization_id: string;
  entity_type: 'Organization' | 'Location' | 'Provider';
  entity_id: string;
  send_review_requests: boolean;
  review_request_delay_hours: number;
  updated_at: Date | string;
}

const ORG_COLUMNS = 'id, organization_id, api_key, business_id, is_active, updated_at';

/** The API key is sealed at rest (decision 0088): written sealed, opened on read for the service. */
const API_KEY_PURPOSE = 'reputation_organization_settings.api_key';
const opened = (secrets: SecretBox, row: OrganizationSettingsRow | undefined) =>
  row ? { ...row, api_key: secrets.open(row.api_key, API_KEY_PURPOSE) } : null;

/** Seals the API keys stored in clear (and reseals those of an older key); a row changes only as it was read. */
export async function sealApiKeys(connection: Connection, secrets: SecretBox): Promise<number> {
  const rows = await connection.query<{ id: string; api_key: string }>(
    'select id, api_key from reputation_organization_settings where api_key not like $1',
    [`sealed:v1:${secrets.currentKeyId}:%`],
  );
  let changed = 0;
  for (const row of rows) {
    const updated = await connection.query(
      'update reputation_organization_settings set api_key = $2 where id = $1 and api_key = $3 returning id',
      [row.id, secrets.reseal(row.api_key, API_KEY_PURPOSE), row.api_key],
    );
    changed += updated.length;
  }
  return changed;
}

export async function organizationSettingsOf(
  connection: Connection,
  secrets: SecretBox,
  organizationId: string,
): Promise<OrganizationSettingsRow | null> {
  const [row] = await connection.query<OrganizationSettingsRow>(
    `select ${ORG_COLUMNS} from reputation_organization_settings where organization_id = $1`,
    [organizationId],
  );
  return opened(secrets, row);
}

export async function organizationSettingsById(
  connection: Connection,
  secrets: SecretBox,
  id: string,
): Promise<OrganizationSettingsRow | null> {
  const [row] = await connection.query<OrganizationSettingsRow>(
    `select ${ORG_COLUMNS} from reputation_organization_settings where id = $1`,
    [id],
  );
  return opened(secrets, row);
}

/** Adds the practice's settings; null when the practice has them already (the unique organization). */
export async function insertOrganizationSettings(
  connection: Connection,
  secrets: SecretBox,
  row: { id: string; organizationId: string; apiKey: string; businessId: string; isActive: boolean },
): Promise<OrganizationSettingsRow | null> {
  const [inserted] = await connection.query<OrganizationSettingsRow>(
    `insert into reputation_organization_settings (id, organization_id, api_key, business_id, is_active) values ($1, $2, $3, $4, $5)
     on conflict (organization_id) do nothing returning ${ORG_COLUMNS}`,
    [row.id, row.organizationId, secrets.seal(row.apiKey, API_KEY_PURPOSE), row.businessId, row.isActive],
  );
  return opened(secrets, inserted);
}

export async function updateOrganizationSettings(
  connection: Connection,
  secrets: SecretBox,
  id: string,
  change: { apiKey: string | null; businessId: string; isActive: boolean },
): Promise<OrganizationSettingsRow> {
  const [row] = await connection.query<OrganizationSettingsRow>(
    `update reputation_organization_settings
        set api_key = coalesce($2, api_key), business_id = $3, is_active = $4, updated_at = now()
      where id = $1 returning ${ORG_COLUMNS}`,
    [
      id,
      change.apiKey === null ? null : secrets.seal(change.apiKey, API_KEY_PURPOSE),
      change.businessId,
      change.isActive,
    ],
  );
  return opened(secrets, row)!;
}

// ---------- location and provider settings (one table each, the same shape) ----------

const ENTITY = {
  location: { table: 'reputation_location_settings', column: 'location_id', conflict: '(location_id)' },
  provider: {
    table: 'reputation_provider_settings',
    column: 'practitioner_id',
    conflict: '(organization_id, practitioner_id)',
  },
} as const;

const entityColumns = (kind: EntityKind) =>
  `id, organization_id, ${ENTITY[kind].column} as entity_id, business_id, is_active, review_site_url, updated_at`;

export async function entitySettingsOfOrganization(
  connection: Connection,
  kind: EntityKind,
  organizationId: string,
): Promise<EntitySettingsRow[]> {
  return connection.query<EntitySettingsRow>(
    `select ${entityColumns(kind)} from ${ENTITY[kind].table} where organization_id = $1 order by created_at, id`,
    [organizationId],
  );
}

export async function entitySettingsOfEntity(
  connection: Connection,
  kind: EntityKind,
  organizationId: string,
  entityId: string,
): Promise<EntitySettingsRow | null> {
  const [row] = await connection.query<EntitySettingsRow>(
    `select ${entityColumns(kind)} from ${ENTITY[kind].table} where organization_id = $1 and ${ENTITY[kind].column} = $2`,
    [organizationId, entityId],
  );
  return row ?? null;
}

export async function entitySettingsById(
  connection: Connection,
  kind: EntityKind,
  id: string,
): Promise<EntitySettingsRow | null> {
  const [row] = await connection.query<EntitySettingsRow>(
    `select ${entityColumns(kind)} from ${ENTITY[kind].table} where id = $1`,
    [id],
  );
  return row ?? null;
}

export async function insertEntitySettings(
  connection: Connection,
  kind: EntityKind,
  row: {
    id: string;
    organizationId: string;
    entityId: string;
    businessId: string;
    isActive: boolean;
    reviewSiteUrl: string | null;
  },
): Promise<EntitySettingsRow | null> {
  const [inserted] = await connection.query<EntitySettingsRow>(
    `insert into ${ENTITY[kind].table} (id, organization_id, ${ENTITY[kind].column}, business_id, is_active, review_site_url) values ($1, $2, $3, $4, $5, $6)
     on conflict ${ENTITY[kind].conflict} do nothing returning ${entityColumns(kind)}`,
    [row.id, row.organizationId, row.entityId, row.businessId, row.isActive, row.reviewSiteUrl],
  );
  return inserted ?? null;
}

export async function updateEntitySettings(
  connection: Connection,
  kind: EntityKind,
  id: string,
  change: { businessId: string; isActive: boolean; reviewSiteUrl: string | null },
): Promise<EntitySettingsRow> {
  const [row] = await connection.query<EntitySettingsRow>(
    `update ${ENTITY[kind].table} set business_id = $2, is_active = $3, review_site_url = $4, updated_at = now() where id = $1 returning ${entityColumns(kind)}`,
    [id, change.businessId, change.isActive, change.reviewSiteUrl],
  );
  return row!;
}

export async function deleteEntitySettings(
  connection: Connection,
  kind: EntityKind,
  id: string,
): Promise<void> {
  await connection.query(`delete from ${ENTITY[kind].table} where id = $1`, [id]);
}

// ---------- per-entity review-request configuration ----------

const CONFIG_COLUMNS =
  'id, organization_id, entity_type, entity_id, send_review_requests, review_request_delay_hours, updated_at';

/** The entity's configuration, made with the defaults the first time it is read. */
export async function ensureEntityConfiguration(
  connection: Connection,
  row: {
    id: string;
    organizationId: string;
    entityType: EntityConfigurationRow['entity_type'];
    entityId: string;
  },
): Promise<EntityConfigurationRow> {
  await connection.query(
    `insert into reputation_entity_configurations (id, organization_id, entity_type, entity_id) values ($1, $2, $3, $4)
     on conflict (organization_id, entity_type, entity_id) do nothing`,
    [row.id, row.organizationId, row.entityType, row.entityId],
  );
  const [found] = await connection.query<EntityConfigurationRow>(
    `select ${CONFIG_COLUMNS} from reputation_entity_configurations where organization_id = $1 and entity_type = $2 and entity_id = $3`,
    [row.organizationId, row.entityType, row.entityId],
  );
  return found!;
}

/** Many entities' configurations, made with the defaults the first time they are read: one statement. */
export async function ensureEntityConfigurations(
  connection: Connection,
  organizationId: string,
  entities: { entityType: EntityConfigurationRow['entity_type']; entityId: string }[],
): Promise<EntityConfigurationRow[]> {
  return connection.query<EntityConfigurationRow>(
    `with wanted as (
       select * from unnest($2::text[], $3::uuid[]) as w(entity_type, entity_id)
     ), made as (
       insert into reputation_entity_configurations (id, organization_id, entity_type, entity_id)
       select gen_random_uuid(), $1, w.entity_type, w.entity_id from wanted w
       on conflict (organization_id, entity_type, entity_id) do nothing
       returning ${CONFIG_COLUMNS}
     )
     select ${CONFIG_COLUMNS} from made
     union all
     select ${CONFIG_COLUMNS.split(', ')
       .map((c) => `c.${c}`)
       .join(', ')}
       from reputation_entity_configurations c join wanted w
         on c.entity_type = w.entity_type and c.entity_id = w.entity_id
      where c.organization_id = $1`,
    [organizationId, entities.map((e) => e.entityType), entities.map((e) => e.entityId)],
  );
}

export async function entityConfigurationById(
  connection: Connection,
  id: string,
): Promise<EntityConfigurationRow | null> {
  const [row] = await connection.query<EntityConfigurationRow>(
    `select ${CONFIG_COLUMNS} from reputation_entity_configurations where id = $1`,
    [id],
  );
  return row ?? null;
}

export async function updateEntityConfiguration(
  connection: Connection,
  id: string,
  change: { sendReviewRequests: boolean; delayHours: number },
): Promise<EntityConfigurationRow> {
  const [row] = await connection.query<EntityConfigurationRow>(
    `update reputation_entity_configurations set send_review_requests = $2, review_request_delay_hours = $3, updated_at = now() where id = $1 returning ${CONFIG_COLUMNS}`,
    [id, change.sendReviewRequests, change.delayHours],
  );
  return row!;
}
