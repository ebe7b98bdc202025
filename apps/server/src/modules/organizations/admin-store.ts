import { createHash } from 'node:crypto';
import type { Connection } from '../../platform/db';

/**
 * SQL of what a practice admin sets up (admin-service.ts): organizations, their images and settings,
 * facilities with accepted insurances, resources (healthcare services) and care teams. Parameterised only.
 */

// ---------- ownership ----------

/** The practice owning an object of the directory, or null when there is no such object. */
export async function ownerOf(
  db: Connection,
  table: 'locations' | 'healthcare_services' | 'care_teams',
  id: string,
): Promise<string | null> {
  const rows = await db.query<{ organization_id: string }>(
    `select organization_id from ${table} where id = $1`,
    [id],
  );
  return rows[0]?.organization_id ?? null;
}

export async function organizationExists(db: Connection, id: string): Promise<boolean> {
  return (await db.query('select 1 from organizations where id = $1', [id])).length > 0;
}

export async function locationsInOrganization(
  db: Connection,
  organizationId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    'select id from locations where organization_id = $1 and id = any($2::uuid[])',
    [organizationId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

// ---------- organizations ----------

export interface OrganizationColumns {
  name: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  timeZone: string;
  address: {
    address1: string | null;
    address2: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
  } | null;
}

/** A new practice's row (practice onboarding): its contact, time zone and postal address. */
export async function insertOrganization(
  tx: Connection,
  id: string,
  c: OrganizationColumns,
  workflow: string,
  now: Date,
): Promise<void> {
  await tx.query('insert into organizations (id, name, workflow, created_at) values ($1, $2, $3, $4)', [
    id,
    c.name,
    workflow,
    now.toISOString(),
  ]);
  await updateOrganization(tx, id, c, workflow, now);
}

export async function updateOrganization(
  tx: Connection,
  id: string,
  c: OrganizationColumns,
  workflow: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `update organizations set name = $2, phone = $3, email = $4, website = $5, time_zone = $6,
            address1 = case when $7 then $8 else address1 end, address2 = case when $7 then $9 else address2 end,
            city = case when $7 then $10 else city end, state = case when $7 then $11 else state end,
            zip_code = case when $7 then $12 else zip_code end,
            updated_at = $13, last_changed_by_system = 'careslot', workflow = $14
      where id = $1`,
    [
      id,
      c.name,
      c.phone,
      c.email,
      c.website,
      c.timeZone,
      c.address !== null,
      c.address?.address1 ?? null,
      c.address?.address2 ?? null,
      c.address?.city ?? null,
      c.address?.state ?? null,
      c.address?.zipCode ?? null,
      now.toISOString(),
      workflow,
    ],
  );
}

/**
 * A practice name as the unique index `organizations_name_key` compares it: case and white space ignored
 * (issue 24 item 5; §5: string equality ignores case). The same expression as the index's, so the check and
 * the database agree.
 */
const NAME_KEY = (value: string) => `lower(regexp_replace(${value}, '\\s+', '', 'g'))`;

/** The practice whose name equals this one, ignoring case and white space. */
export async function organizationByName(
  db: Connection,
  name: string,
): Promise<{ id: string; name: string } | null> {
  const rows = await db.query<{ id: string; name: string }>(
    `select id, name from organizations where ${NAME_KEY('name')} = ${NAME_KEY('$1::text')}
      order by created_at, id limit 1`,
    [name],
  );
  return rows[0] ?? null;
}

export async function setOrganizationImage(
  tx: Connection,
  id: string,
  kind: 'logo' | 'banner',
  url: string | null,
  now: Date,
): Promise<void> {
  const column = kind === 'logo' ? 'logo_url' : 'banner_url';
  await tx.query(`update organizations set ${column} = $2, updated_at = $3 where id = $1`, [
    id,
    url,
    now.toISOString(),
  ]);
}

// ---------- images ----------

export type ImageOwner = 'organization' | 'healthcare_service';
export type StoredImageKind = 'logo' | 'banner' | 'photo';

export interface StoredImage {
  content_type: string;
  content: Uint8Array;
  sha256: string;
}

/** Stores (or replaces) an image; returns the first characters of its hash, used to bust caches in its URL. */
export async function putImage(
  tx: Connection,
  image: {
    ownerType: ImageOwner;
    ownerId: string;
    kind: StoredImageKind;
    contentType: string;
    bytes: Buffer;
    by: string;
    now: Date;
  },
): Promise<string> {
  const sha = createHash('sha256').update(image.bytes).digest('hex');
  await tx.query(
    `insert into directory_images (owner_type, owner_id, kind, content_type, size_bytes, sha256, content, updated_by, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (owner_type, owner_id, kind) do update
       set content_type = excluded.content_type, size_bytes = excluded.size_bytes, sha256 = excluded.sha256,
           content = excluded.content, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    [
      image.ownerType,
      image.ownerId,
      image.kind,
      image.contentType,
      image.bytes.length,
      sha,
      image.bytes,
      image.by,
      image.now.toISOString(),
    ],
  );
  return sha.slice(0, 12);
}

export async function readImage(
  db: Connection,
  ownerType: ImageOwner,
  ownerId: string,
  kind: StoredImageKind,
): Promise<StoredImage | null> {
  const rows = await db.query<StoredImage>(
    'select content_type, content, sha256 from directory_images where owner_type = $1 and owner_id = $2 and kind = $3',
    [ownerType, ownerId, kind],
  );
  return rows[0] ?? null;
}

export async function deleteImage(
  tx: Connection,
  ownerType: ImageOwner,
  ownerId: string,
  kind: StoredImageKind,
): Promise<void> {
  await tx.query('delete from directory_images where owner_type = $1 and owner_id = $2 and kind = $3', [
    ownerType,
    ownerId,
    kind,
  ]);
}

// ---------- settings (one row per practice, or per resource) ----------

/**
 * A settings table holding one row per owner (a practice, or a resource), keyed by the owner's id. Its name
 * and columns are fixed here, never taken from input, so they may be spliced into the SQL (decision 0030).
 */
export interface SettingsTable<Row> {
  name:
    | 'organization_settings'
    | 'practice_clinical_settings'
    | 'patient_portal_settings'
    | 'healthcare_service_settings';
  key: keyof Row & string;
  /** Every other column the row holds (created_at and updated_at are the store's own). */
  columns: readonly (keyof Row & string)[];
}

export interface OrganizationSettingsRow {
  organization_id: string;
  contact_email: string;
  contact_phone: string;
  time_zone: string;
  default_language: string;
  send_appointment_details: boolean;
  hide_reason_in_notifications: boolean;
}

export const ORGANIZATION_SETTINGS: SettingsTable<OrganizationSettingsRow> = {
  name: 'organization_settings',
  key: 'organization_id',
  columns: [
    'contact_email',
    'contact_phone',
    'time_zone',
    'default_language',
    'send_appointment_details',
    'hide_reason_in_notifications',
  ],
};

export interface ClinicalSettingsRow {
  organization_id: string;
  sections: string[];
  require_summary_note: boolean;
}

export const CLINICAL_SETTINGS: SettingsTable<ClinicalSettingsRow> = {
  name: 'practice_clinical_settings',
  key: 'organization_id',
  columns: ['sections', 'require_summary_note'],
};

export interface PortalSettingsRow {
  organization_id: string;
  portal_enabled: boolean;
  allow_online_cancellation: boolean;
  allow_online_reschedule: boolean;
  cancellation_cutoff_hours: number;
  show_balance: boolean;
  allow_family_members: boolean;
  welcome_message: string;
}

export const PORTAL_SETTINGS: SettingsTable<PortalSettingsRow> = {
  name: 'patient_portal_settings',
  key: 'organization_id',
  columns: [
    'portal_enabled',
    'allow_online_cancellation',
    'allow_online_reschedule',
    'cancellation_cutoff_hours',
    'show_balance',
    'allow_family_members',
    'welcome_message',
  ],
};

export async function settingsRow<Row>(
  db: Connection,
  table: SettingsTable<Row>,
  ownerId: string,
): Promise<Row | null> {
  const rows = await db.query<Row>(
    `select ${[table.key, ...table.columns].join(', ')} from ${table.name} where ${table.key} = $1`,
    [ownerId],
  );
  return rows[0] ?? null;
}

/** Inserts, or replaces when `replace`; returns false when the row exists and may not be replaced. */
export async function writeSettingsRow<Row>(
  tx: Connection,
  table: SettingsTable<Row>,
  row: Row,
  replace: boolean,
  now: Date,
): Promise<boolean> {
  const names = [table.key, ...table.columns];
  const at = `$${names.length + 1}`;
  const onConflict = replace
    ? `update set ${table.columns.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = excluded.updated_at`
    : 'nothing';
  const written = await tx.query(
    `insert into ${table.name} (${names.join(', ')}, created_at, updated_at)
     values (${names.map((_, i) => `$${i + 1}`).join(', ')}, ${at}, ${at})
     on conflict (${table.key}) do ${onConflict}
     returning ${table.key}`,
    [...names.map((n) => row[n]), now.toISOString()],
  );
  return written.length > 0;
}

// ---------- locations ----------

export interface LocationColumns {
  organizationId: string;
  name: string;
  timeZone: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zipCode: string;
  county: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  emails: string[];
  checkInEnabled: boolean;
  active: boolean;
  contactFirstName: string | null;
  contactLastName: string | null;
}

/** The columns both statements write, in their order ($3.. of the insert, $2.. of the update). */
const locationValues = (c: LocationColumns) => [
  c.name,
  c.timeZone,
  c.address1,
  c.address2,
  c.city,
  c.state,
  c.zipCode,
  c.county,
  c.latitude,
  c.longitude,
  c.phone,
  c.emails,
  c.checkInEnabled,
  c.active,
  c.contactFirstName,
  c.contactLastName,
];

export async function insertLocation(
  tx: Connection,
  id: string,
  c: LocationColumns,
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into locations (id, organization_id, name, iana_time_zone, address1, address2, city, state, zip_code, county,
                            latitude, longitude, phone, emails, check_in_enabled, active, contact_first_name, contact_last_name,
                            country, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, 'US', $19, $19)`,
    [id, c.organizationId, ...locationValues(c), now.toISOString()],
  );
}

export async function updateLocation(
  tx: Connection,
  id: string,
  c: LocationColumns,
  now: Date,
): Promise<void> {
  await tx.query(
    `update locations set name = $2, iana_time_zone = $3, address1 = $4, address2 = $5, city = $6, state = $7, zip_code = $8,
            county = $9, latitude = $10, longitude = $11, phone = $12, emails = $13, check_in_enabled = $14, active = $15,
            contact_first_name = $16, contact_last_name = $17, updated_at = $18
      where id = $1`,
    [id, ...locationValues(c), now.toISOString()],
  );
}

// ---------- accepted insurances ----------

export async function locationPlanIds(db: Connection, locationId: string): Promise<string[]> {
  const rows = await db.query<{ plan: string }>(
    'select insurance_plan_id as plan from location_insurances where location_id = $1 order by 1',
    [locationId],
  );
  return rows.map((r) => r.plan);
}

export async function replaceLocationPlans(
  tx: Connection,
  locationId: string,
  planIds: string[],
): Promise<void> {
  await tx.query('delete from location_insurances where location_id = $1', [locationId]);
  await tx.query(
    'insert into location_insurances (location_id, insurance_plan_id) select $1, unnest($2::uuid[]) on conflict do nothing',
    [locationId, planIds],
  );
}

// ---------- healthcare services ----------

export interface ServiceColumns {
  organizationId: string;
  name: string;
  category: string | null;
  about: string | null;
  active: boolean;
  locationIds: string[];
}

export async function insertService(tx: Connection, id: string, c: ServiceColumns, now: Date): Promise<void> {
  await tx.query(
    `insert into healthcare_services (id, organization_id, name, category, about, active, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [id, c.organizationId, c.name, c.category, c.about, c.active, now.toISOString()],
  );
  await replaceServiceLocations(tx, id, c.locationIds);
}

export async function updateService(tx: Connection, id: string, c: ServiceColumns, now: Date): Promise<void> {
  await tx.query(
    'update healthcare_services set name = $2, category = $3, about = $4, active = $5, updated_at = $6 where id = $1',
    [id, c.name, c.category, c.about, c.active, now.toISOString()],
  );
  await replaceServiceLocations(tx, id, c.locationIds);
}

async function replaceServiceLocations(tx: Connection, id: string, locationIds: string[]): Promise<void> {
  await tx.query('delete from healthcare_service_locations where healthcare_service_id = $1', [id]);
  await tx.query(
    'insert into healthcare_service_locations (healthcare_service_id, location_id) select $1, unnest($2::uuid[]) on conflict do nothing',
    [id, locationIds],
  );
}

export async function setServicePhoto(
  tx: Connection,
  id: string,
  url: string | null,
  now: Date,
): Promise<void> {
  await tx.query('update healthcare_services set photo_url = $2, updated_at = $3 where id = $1', [
    id,
    url,
    now.toISOString(),
  ]);
}

export interface ServiceSettingsRow {
  healthcare_service_id: string;
  online_booking_enabled: boolean;
  hide_public_profile: boolean;
  patient_survey_instructions: string;
}

export const SERVICE_SETTINGS: SettingsTable<ServiceSettingsRow> = {
  name: 'healthcare_service_settings',
  key: 'healthcare_service_id',
  columns: ['online_booking_enabled', 'hide_public_profile', 'patient_survey_instructions'],
};

// ---------- care teams ----------

export interface CareTeamColumns {
  organizationId: string;
  name: string;
  status: string;
  participants: { practitionerId: string; role: string }[];
}

export async function insertCareTeam(
  tx: Connection,
  id: string,
  c: CareTeamColumns,
  now: Date,
): Promise<void> {
  await tx.query(
    'insert into care_teams (id, organization_id, name, status, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)',
    [id, c.organizationId, c.name, c.status, now.toISOString()],
  );
  await replaceParticipants(tx, id, c.participants);
}

export async function updateCareTeam(
  tx: Connection,
  id: string,
  c: CareTeamColumns,
  now: Date,
): Promise<void> {
  await tx.query('update care_teams set name = $2, status = $3, updated_at = $4 where id = $1', [
    id,
    c.name,
    c.status,
    now.toISOString(),
  ]);
  await replaceParticipants(tx, id, c.participants);
}

async function replaceParticipants(
  tx: Connection,
  id: string,
  participants: { practitionerId: string; role: string }[],
): Promise<void> {
  await tx.query('delete from care_team_participants where care_team_id = $1', [id]);
  if (participants.length === 0) return;
  await tx.query(
    'insert into care_team_participants (care_team_id, practitioner_id, role) select $1, p, r from unnest($2::uuid[], $3::text[]) as t(p, r) on conflict do nothing',
    [id, participants.map((p) => p.practitionerId), participants.map((p) => p.role)],
  );
}
