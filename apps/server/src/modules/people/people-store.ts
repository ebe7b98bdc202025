import type { PracticeRoleCode } from '@careslot/contracts';
import type { Connection } from '../../platform/db';

/**
 * SQL of a practice's people (people-service.ts): practitioners added and edited by their practice, their roles,
 * the details beside the directory record (practitioner_profiles) and profile pictures (practitioner_photos).
 */

export interface PersonRow {
  id: string;
  given_names: string[];
  family_name: string;
  suffix: string | null;
  gender: string | null;
  npi: string | null;
  email: string | null;
  phone: string | null;
  photo_url: string | null;
  hide_public_profile: boolean;
  languages: string[];
  about: string | null;
  dea_number: string | null;
  board_certifications: string[] | null;
  hospital_affiliations: string[] | null;
  invited_at: Date | string | null;
  activated_at: Date | string | null;
}

const PERSON = `p.id, p.given_names, p.family_name, p.suffix, p.gender, p.npi, p.email, p.phone, p.photo_url,
  p.hide_public_profile, p.languages, p.about, f.dea_number, f.board_certifications, f.hospital_affiliations,
  f.invited_at, f.activated_at`;

export async function personById(db: Connection, id: string): Promise<PersonRow | null> {
  const rows = await db.query<PersonRow>(
    `select ${PERSON} from practitioners p left join practitioner_profiles f on f.practitioner_id = p.id where p.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function practitionerIdWithEmail(db: Connection, email: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>('select id from practitioners where lower(email) = lower($1)', [
    email,
  ]);
  return rows[0]?.id ?? null;
}

/** False when the practitioner is unknown. */
export async function setEmail(db: Connection, id: string, email: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    'update practitioners set email = $2, updated_at = $3 where id = $1 returning id',
    [id, email, now],
  );
  return rows.length > 0;
}

export async function organizationIdsOf(db: Connection, practitionerId: string): Promise<string[]> {
  const rows = await db.query<{ organization_id: string }>(
    'select distinct organization_id from practitioner_roles where practitioner_id = $1',
    [practitionerId],
  );
  return rows.map((r) => r.organization_id);
}

export async function practitionerIdWithNpi(db: Connection, npi: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>('select id from practitioners where npi = $1', [npi]);
  return rows[0]?.id ?? null;
}

export interface PersonValues {
  givenNames: string[];
  familyName: string;
  suffix: string | null;
  gender: string | null;
  npi: string | null;
  email: string;
  phone: string | null;
  hidePublicProfile: boolean;
  languages: string[];
  about: string | null;
  workflow: string;
  /** Only a new practitioner's (practice onboarding asks for it); edits leave the stored prefix alone. */
  prefix?: string | null;
}

export async function insertPerson(db: Connection, id: string, v: PersonValues, now: Date) {
  await db.query(
    `insert into practitioners (id, given_names, family_name, suffix, gender, npi, email, phone, hide_public_profile,
       languages, about, workflow, created_at, updated_at, prefix)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14)`,
    [
      id,
      v.givenNames,
      v.familyName,
      v.suffix,
      v.gender,
      v.npi,
      v.email,
      v.phone,
      v.hidePublicProfile,
      v.languages,
      v.about,
      v.workflow,
      now,
      v.prefix ?? null,
    ],
  );
}

export async function updatePerson(db: Connection, id: string, v: PersonValues, now: Date) {
  await db.query(
    `update practitioners set given_names = $2, family_name = $3, suffix = $4, gender = $5, npi = $6, email = $7, phone = $8,
       hide_public_profile = $9, languages = $10, about = $11, workflow = $12, last_changed_by_system = 'careslot', updated_at = $13
     where id = $1`,
    [
      id,
      v.givenNames,
      v.familyName,
      v.suffix,
      v.gender,
      v.npi,
      v.email,
      v.phone,
      v.hidePublicProfile,
      v.languages,
      v.about,
      v.workflow,
      now,
    ],
  );
}

export async function setSpecialties(db: Connection, practitionerId: string, specialtyIds: string[]) {
  await db.query('delete from practitioner_specialties where practitioner_id = $1', [practitionerId]);
  for (const [position, specialtyId] of specialtyIds.entries()) {
    await db.query(
      'insert into practitioner_specialties (practitioner_id, specialty_id, position) values ($1, $2, $3) on conflict do nothing',
      [practitionerId, specialtyId, position],
    );
  }
}

export interface ProfileValues {
  deaNumber: string | null;
  boardCertifications: string[];
  hospitalAffiliations: string[];
}

export async function upsertProfile(db: Connection, practitionerId: string, v: ProfileValues, now: Date) {
  await db.query(
    `insert into practitioner_profiles (practitioner_id, dea_number, board_certifications, hospital_affiliations, updated_at)
     values ($1, $2, $3, $4, $5)
     on conflict (practitioner_id) do update set dea_number = excluded.dea_number,
       board_certifications = excluded.board_certifications, hospital_affiliations = excluded.hospital_affiliations,
       updated_at = excluded.updated_at`,
    [practitionerId, v.deaNumber, v.boardCertifications, v.hospitalAffiliations, now],
  );
}

export async function updateSettings(
  db: Connection,
  practitionerId: string,
  v: {
    hidePublicProfile: boolean;
    languages: string[];
    boardCertifications: string[];
    hospitalAffiliations: string[];
    workflow: string;
  },
  now: Date,
) {
  await db.query(
    'update practitioners set hide_public_profile = $2, languages = $3, workflow = $4, updated_at = $5 where id = $1',
    [practitionerId, v.hidePublicProfile, v.languages, v.workflow, now],
  );
  await db.query(
    `insert into practitioner_profiles (practitioner_id, board_certifications, hospital_affiliations, updated_at)
     values ($1, $2, $3, $4)
     on conflict (practitioner_id) do update set board_certifications = excluded.board_certifications,
       hospital_affiliations = excluded.hospital_affiliations, updated_at = excluded.updated_at`,
    [practitionerId, v.boardCertifications, v.hospitalAffiliations, now],
  );
}

export async function markInvited(db: Connection, practitionerId: string, now: Date) {
  await db.query(
    `insert into practitioner_profiles (practitioner_id, invited_at, updated_at) values ($1, $2, $2)
     on conflict (practitioner_id) do update set invited_at = excluded.invited_at`,
    [practitionerId, now],
  );
}

/** Identity calls this when the invited user chose their password. */
export async function markActivated(db: Connection, practitionerId: string, now: Date) {
  await db.query(
    `insert into practitioner_profiles (practitioner_id, activated_at, updated_at) values ($1, $2, $2)
     on conflict (practitioner_id) do update set activated_at = coalesce(practitioner_profiles.activated_at, excluded.activated_at)`,
    [practitionerId, now],
  );
}

// --- roles ----------------------------------------------------------------------------------------------

export interface RoleRow {
  id: string;
  practitioner_id: string;
  organization_id: string;
  codes: PracticeRoleCode[];
  active: boolean;
}

export async function roleAt(
  db: Connection,
  practitionerId: string,
  organizationId: string,
): Promise<RoleRow | null> {
  const rows = await db.query<RoleRow>(
    'select id, practitioner_id, organization_id, codes, active from practitioner_roles where practitioner_id = $1 and organization_id = $2',
    [practitionerId, organizationId],
  );
  return rows[0] ?? null;
}

export async function roleById(db: Connection, id: string): Promise<RoleRow | null> {
  const rows = await db.query<RoleRow>(
    'select id, practitioner_id, organization_id, codes, active from practitioner_roles where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export async function roleCount(db: Connection, practitionerId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'select count(*)::int as n from practitioner_roles where practitioner_id = $1',
    [practitionerId],
  );
  return rows[0]?.n ?? 0;
}

export async function insertRole(
  db: Connection,
  row: {
    id: string;
    practitionerId: string;
    organizationId: string;
    codes: PracticeRoleCode[];
    locationIds: string[];
  },
  now: Date,
) {
  await db.query(
    'insert into practitioner_roles (id, practitioner_id, organization_id, codes, active, created_at, updated_at) values ($1, $2, $3, $4, true, $5, $5)',
    [row.id, row.practitionerId, row.organizationId, row.codes, now],
  );
  await setRoleLocations(db, row.id, row.locationIds);
}

export async function updateRole(
  db: Connection,
  id: string,
  v: { codes: PracticeRoleCode[]; active: boolean },
  now: Date,
) {
  await db.query('update practitioner_roles set codes = $2, active = $3, updated_at = $4 where id = $1', [
    id,
    v.codes,
    v.active,
    now,
  ]);
}

export async function setRoleLocations(db: Connection, roleId: string, locationIds: string[]) {
  await db.query('delete from practitioner_role_locations where practitioner_role_id = $1', [roleId]);
  for (const locationId of locationIds) {
    await db.query(
      'insert into practitioner_role_locations (practitioner_role_id, location_id) values ($1, $2) on conflict do nothing',
      [roleId, locationId],
    );
  }
}

export interface PracticeUserRow extends PersonRow {
  role_id: string;
  codes: PracticeRoleCode[];
  role_active: boolean;
}

/** The providers and staff of a practice, by last and first name; a search term matches name, e-mail or NPI. */
export async function practiceUsers(
  db: Connection,
  filter: { organizationId: string; searchTerm: string | null; roles: PracticeRoleCode[] | null },
): Promise<PracticeUserRow[]> {
  return db.query<PracticeUserRow>(
    `select ${PERSON}, r.id as role_id, r.codes, r.active as role_active
       from practitioner_roles r
       join practitioners p on p.id = r.practitioner_id
       left join practitioner_profiles f on f.practitioner_id = p.id
      where r.organization_id = $1
        and ($2::text is null or lower(p.family_name || ' ' || array_to_string(p.given_names, ' ') || ' ' || coalesce(p.email, '') || ' ' || coalesce(p.npi, ''))
             like '%' || lower($2) || '%'
             or lower(array_to_string(p.given_names, ' ') || ' ' || p.family_name) like '%' || lower($2) || '%')
        and ($3::text[] is null or r.codes && $3::text[])
      order by lower(p.family_name), lower(array_to_string(p.given_names, ' ')), p.id
      limit 1000`,
    [filter.organizationId, filter.searchTerm, filter.roles],
  );
}

// --- profile pictures -----------------------------------------------------------------------------------

export async function savePhoto(
  db: Connection,
  practitionerId: string,
  contentType: string,
  content: Buffer,
  url: string,
  now: Date,
) {
  await db.query(
    `insert into practitioner_photos (practitioner_id, content_type, content, updated_at) values ($1, $2, $3, $4)
     on conflict (practitioner_id) do update set content_type = excluded.content_type, content = excluded.content, updated_at = excluded.updated_at`,
    [practitionerId, contentType, content, now],
  );
  await db.query('update practitioners set photo_url = $2, updated_at = $3 where id = $1', [
    practitionerId,
    url,
    now,
  ]);
}

export async function deletePhoto(db: Connection, practitionerId: string, now: Date) {
  await db.query('delete from practitioner_photos where practitioner_id = $1', [practitionerId]);
  await db.query('update practitioners set photo_url = null, updated_at = $2 where id = $1', [
    practitionerId,
    now,
  ]);
}

export async function photoOf(
  db: Connection,
  practitionerId: string,
): Promise<{ content_type: string; content: Uint8Array } | null> {
  const rows = await db.query<{ content_type: string; content: Uint8Array }>(
    'select content_type, content from practitioner_photos where practitioner_id = $1',
    [practitionerId],
  );
  return rows[0] ?? null;
}

// ---------- what practice administration (organizations) asks of practitioners ----------

/** The practices a practitioner holds an active role at. */
export async function activePracticesOf(db: Connection, practitionerId: string): Promise<string[]> {
  const rows = await db.query<{ organization_id: string }>(
    'select distinct organization_id from practitioner_roles where practitioner_id = $1 and active',
    [practitionerId],
  );
  return rows.map((r) => r.organization_id);
}

/** Which of these practitioners hold an active role at the practice. */
export async function membersOf(db: Connection, organizationId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ practitioner_id: string }>(
    'select distinct practitioner_id from practitioner_roles where organization_id = $1 and active and practitioner_id = any($2::uuid[])',
    [organizationId, ids],
  );
  return new Set(rows.map((r) => r.practitioner_id));
}

/** The plans a practitioner lists as accepted (their own list only). */
export async function ownPlanIds(db: Connection, practitionerId: string): Promise<string[]> {
  const rows = await db.query<{ plan: string }>(
    'select insurance_plan_id as plan from practitioner_insurances where practitioner_id = $1 order by 1',
    [practitionerId],
  );
  return rows.map((r) => r.plan);
}

export async function replaceOwnPlans(
  tx: Connection,
  practitionerId: string,
  planIds: string[],
): Promise<void> {
  await tx.query('delete from practitioner_insurances where practitioner_id = $1', [practitionerId]);
  await tx.query(
    'insert into practitioner_insurances (practitioner_id, insurance_plan_id) select $1, unnest($2::uuid[]) on conflict do nothing',
    [practitionerId, planIds],
  );
}
