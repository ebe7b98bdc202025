import type { VisitType } from '@careslot/contracts';
import type { BoundingBox, GeoPoint } from '@careslot/domain';
import type { Connection } from '../../platform/db';

/** SQL of the marketplace's own tables: page_profiles and provider_search (decision 0007). */

export interface PageProfileRow {
  id: string;
  entity_type: 'Provider' | 'HealthCareService' | 'Organization';
  entity_id: string;
  name_identity: string;
  name: string;
  title: string | null;
  about: string | null;
  profile_picture: string | null;
  cover_photo: string | null;
  visit_types: VisitType[];
  is_published: boolean;
  show_suggested_entities: boolean;
  enable_location_search: boolean;
  display_specialities: boolean;
  display_insurances: boolean;
  display_location_phone: boolean;
  schedule_via_referrer: boolean;
  enable_split_calendar: boolean;
  enable_profile_ranking: boolean;
  referrer_url: string | null;
  referrer_instructions: string | null;
  page_profile_schedule_type: string | null;
  /** Facilities not shown for a provider or resource: {providerId | resourceId, facilityId}. */
  hidden_facilities: { providerId?: string; resourceId?: string; facilityId: string }[];
  /** Providers and resources never suggested on this page. */
  hidden_suggested_ids: string[];
}

export type NewPageProfile = Pick<
  PageProfileRow,
  | 'id'
  | 'entity_type'
  | 'entity_id'
  | 'name_identity'
  | 'name'
  | 'title'
  | 'about'
  | 'profile_picture'
  | 'visit_types'
  | 'is_published'
>;

/** Adds the profiles that do not exist yet (an existing profile keeps its owner's settings). */
export async function insertMissingPageProfiles(
  connection: Connection,
  profiles: NewPageProfile[],
): Promise<void> {
  if (profiles.length === 0) return;
  await connection.query(
    `insert into page_profiles (id, entity_type, entity_id, name_identity, name, title, about, profile_picture, visit_types,
                                is_published, display_specialities, display_insurances, display_location_phone, show_suggested_entities)
     select id, entity_type, entity_id, name_identity, name, title, about, profile_picture, visit_types, is_published, true, true, true, true
       from jsonb_to_recordset($1::jsonb) as p(id uuid, entity_type text, entity_id uuid, name_identity text, name text, title text,
                                               about text, profile_picture text, visit_types text[], is_published boolean)
     on conflict do nothing`,
    [JSON.stringify(profiles)],
  );
}

export async function pageProfilesOfEntities(
  connection: Connection,
  entityIds: string[],
): Promise<PageProfileRow[]> {
  return connection.query<PageProfileRow>('select * from page_profiles where entity_id = any($1::uuid[])', [
    entityIds,
  ]);
}

export async function pageProfileByEntity(
  connection: Connection,
  entityType: string,
  entityId: string,
): Promise<PageProfileRow | null> {
  const rows = await connection.query<PageProfileRow>(
    'select * from page_profiles where entity_type = $1 and entity_id = $2',
    [entityType, entityId],
  );
  return rows[0] ?? null;
}

export async function pageProfileByNameIdentity(
  connection: Connection,
  nameIdentity: string,
): Promise<PageProfileRow | null> {
  const rows = await connection.query<PageProfileRow>(
    'select * from page_profiles where name_identity = $1',
    [nameIdentity],
  );
  return rows[0] ?? null;
}

export interface SearchRow {
  practitioner_id: string;
  location_id: string;
  organization_id: string;
  organization_name: string;
  name_identity: string;
  display_name: string;
  prefix: string | null;
  given_names: string[];
  family_name: string;
  suffix: string | null;
  gender: string | null;
  photo_url: string | null;
  location_name: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip_code: string;
  phone: string | null;
  time_zone: string;
  latitude: number | null;
  longitude: number | null;
  visit_types: VisitType[];
  specialty_ids: string[];
  specialties: { Id: string; Display: string }[];
  insurance_plan_ids: string[];
  insurance_carrier_ids: string[];
  insurance_carriers: { Id: string; Name: string }[];
  search_text: string;
}

const SEARCH_COLUMNS =
  'practitioner_id uuid, location_id uuid, organization_id uuid, organization_name text, name_identity text, display_name text, ' +
  'prefix text, given_names text[], family_name text, suffix text, gender text, photo_url text, location_name text, address1 text, ' +
  'address2 text, city text, state text, zip_code text, phone text, time_zone text, latitude double precision, ' +
  'longitude double precision, visit_types text[], specialty_ids uuid[], specialties jsonb, insurance_plan_ids uuid[], ' +
  'insurance_carrier_ids uuid[], insurance_carriers jsonb, search_text text';
const SEARCH_COLUMN_NAMES = SEARCH_COLUMNS.split(', ')
  .map((column) => column.split(' ')[0])
  .join(', ');

/**
 * Replaces the search rows of the given practitioners (every row when `practitionerIds` is null) with `rows`,
 * in two statements: a JSON recordset insert keeps the statement count fixed for any number of rows.
 */
export async function replaceSearchRows(
  connection: Connection,
  practitionerIds: string[] | null,
  rows: SearchRow[],
): Promise<void> {
  if (practitionerIds === null) await connection.query('delete from provider_search');
  else
    await connection.query('delete from provider_search where practitioner_id = any($1::uuid[])', [
      practitionerIds,
    ]);
  if (rows.length === 0) return;
  await connection.query(
    `insert into provider_search (${SEARCH_COLUMN_NAMES})
     select ${SEARCH_COLUMN_NAMES} from jsonb_to_recordset($1::jsonb) as r(${SEARCH_COLUMNS})`,
    [JSON.stringify(rows)],
  );
}

export interface SearchFilter {
  specialtyIds: string[] | null;
  carrierId: string | null;
  planIds: string[] | null;
  gender: string | null;
  visitType: VisitType | null;
  /** Lower-cased free text. */
  text: string | null;
  place: GeoPoint | null;
  /** Miles; null for any distance. */
  radius: number | null;
  box: BoundingBox | null;
}

/** What a result card shows of a search row: the filter columns (ids, search text) stay in the database. */
export type CardRow = Omit<
  SearchRow,
  'specialty_ids' | 'insurance_plan_ids' | 'insurance_carrier_ids' | 'search_text'
>;
const CARD_COLUMNS = [
  'practitioner_id',
  'location_id',
  'organization_id',
  'organization_name',
  'name_identity',
  'display_name',
  'prefix',
  'given_names',
  'family_name',
  'suffix',
  'gender',
  'photo_url',
  'location_name',
  'address1',
  'address2',
  'city',
  'state',
  'zip_code',
  'phone',
  'time_zone',
  'latitude',
  'longitude',
  'visit_types',
  'specialties',
  'insurance_carriers',
] as const satisfies readonly (keyof CardRow)[];

/** Another office of the same provider that matches the same search (card columns of its location). */
export interface OtherOfficeRow {
  id: string;
  name: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip_code: string;
  phone: string | null;
  iana_time_zone: string;
  latitude: number | null;
  longitude: number | null;
  distance: number | null;
}

export interface MatchedRow extends CardRow {
  distance: number | null;
  total: number;
  /** The provider's other matching offices, nearest first (issue 17: a card shows one office's times). */
  other_offices: OtherOfficeRow[];
}

const HAVERSINE =
  '2 * 3958.8 * asin(least(1, sqrt(power(sin(radians(latitude - $LAT) / 2), 2) + ' +
  'cos(radians($LAT)) * cos(radians(latitude)) * power(sin(radians(longitude - $LON) / 2), 2))))';

/**
 * One statement: every match, one row per provider (their nearest facility), with the total count and the
 * provider's other matching facilities (within the radius, nearest first). Sorted by distance (then name)
 * and cut to the page when `page` is given; all matches (for sorting by next availability in the service)
 * when it is not.
 */
export async function searchProviders(
  connection: Connection,
  filter: SearchFilter,
  page: { limit: number; offset: number } | null,
): Promise<MatchedRow[]> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (filter.specialtyIds) where.push(`specialty_ids && ${param(filter.specialtyIds)}::uuid[]`);
  if (filter.carrierId) where.push(`insurance_carrier_ids @> array[${param(filter.carrierId)}::uuid]`);
  if (filter.planIds) where.push(`insurance_plan_ids && ${param(filter.planIds)}::uuid[]`);
  if (filter.gender) where.push(`gender = ${param(filter.gender)}`);
  if (filter.visitType) where.push(`visit_types @> array[${param(filter.visitType)}::text]`);
  if (filter.text) {
    const escaped = filter.text.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(`search_text like ${param(`%${escaped}%`)}`);
  }
  let distance = 'null::double precision';
  if (filter.place) {
    const lat = param(filter.place.latitude);
    const lon = param(filter.place.longitude);
    distance = HAVERSINE.replaceAll('$LAT', `${lat}::double precision`).replaceAll(
      '$LON',
      `${lon}::double precision`,
    );
    if (filter.box && filter.radius !== null) {
      // The box uses the (latitude, longitude) index; the exact circle is checked below.
      where.push(`latitude between ${param(filter.box.minLatitude)} and ${param(filter.box.maxLatitude)}`);
      where.push(`longitude between ${param(filter.box.minLongitude)} and ${param(filter.box.maxLongitude)}`);
    }
  }
  const radius = filter.place && filter.radius !== null ? `where distance <= ${param(filter.radius)}` : '';
  const paging = page ? `limit ${param(page.limit)} offset ${param(page.offset)}` : '';
  const filtered = where.length > 0 ? `where ${where.join(' and ')}` : '';
  // Distances, the one-per-provider cut and the order work on narrow rows; only the page's rows are read whole.
  // The count is a scalar over the cut rows (a window count made the page's sort carry every match).
  // A page row's other offices are the provider's other rows (primary-key look-up) under the same filter and radius.
  return connection.query<MatchedRow>(
    `with scored as (
       select practitioner_id, location_id, display_name, ${distance} as distance from provider_search
       ${filtered}
     ), nearest as (
       select distinct on (practitioner_id) * from scored ${radius}
       order by practitioner_id, distance nulls last, location_id
     ), page as (
       select * from nearest
       order by distance nulls last, display_name, practitioner_id
       ${paging}
     )
     select ${CARD_COLUMNS.map((column) => `ps.${column}`).join(', ')}, page.distance, (select count(*) from nearest)::int as total,
            (select coalesce(json_agg(json_build_object(
                      'id', o.location_id, 'name', o.location_name, 'address1', o.address1, 'address2', o.address2, 'city', o.city,
                      'state', o.state, 'zip_code', o.zip_code, 'phone', o.phone, 'iana_time_zone', o.time_zone,
                      'latitude', o.latitude, 'longitude', o.longitude, 'distance', o.distance)
                    order by o.distance nulls last, o.location_name, o.location_id), '[]'::json)
               from (select location_id, location_name, address1, address2, city, state, zip_code, phone, time_zone, latitude, longitude,
                            ${distance} as distance
                       from provider_search
                      where practitioner_id = page.practitioner_id and location_id <> page.location_id
                      ${where.length > 0 ? `and ${where.join(' and ')}` : ''}) o
              ${radius}) as other_offices
       from page join provider_search ps on ps.practitioner_id = page.practitioner_id and ps.location_id = page.location_id
      order by page.distance nulls last, page.display_name, page.practitioner_id`,
    params,
  );
}

/** The search rows of one provider (their facilities), for the profile page. */
export async function searchRowsOfPractitioner(
  connection: Connection,
  practitionerId: string,
): Promise<SearchRow[]> {
  return connection.query<SearchRow>(
    'select * from provider_search where practitioner_id = $1 order by location_name, location_id',
    [practitionerId],
  );
}

/** The search rows of a practice's providers (one per provider and facility), for the practice's profile. */
export async function searchRowsOfOrganization(
  connection: Connection,
  organizationId: string,
): Promise<SearchRow[]> {
  return connection.query<SearchRow>(
    'select * from provider_search where organization_id = $1 order by display_name, practitioner_id, location_name',
    [organizationId],
  );
}

/** Published profiles of some entities (suggestions), by entity id. */
export async function publishedProfilesOfEntities(
  connection: Connection,
  entityIds: string[],
): Promise<PageProfileRow[]> {
  if (entityIds.length === 0) return [];
  return connection.query<PageProfileRow>(
    'select * from page_profiles where entity_id = any($1::uuid[]) and is_published order by entity_type, name, id',
    [entityIds],
  );
}

/** Publishes or unpublishes the page profiles of these entities; returns entity id → address segment. */
export async function setPublished(
  connection: Connection,
  entityIds: string[],
  published: boolean,
): Promise<{ entity_id: string; name_identity: string }[]> {
  if (entityIds.length === 0) return [];
  return connection.query<{ entity_id: string; name_identity: string }>(
    'update page_profiles set is_published = $2 where entity_id = any($1::uuid[]) returning entity_id, name_identity',
    [entityIds, published],
  );
}

export async function pageProfileById(connection: Connection, id: string): Promise<PageProfileRow | null> {
  const rows = await connection.query<PageProfileRow>('select * from page_profiles where id = $1', [id]);
  return rows[0] ?? null;
}

/** The editable columns of a profile (the ones given; keys are column names). */
export interface PageProfileChanges {
  title?: string | null;
  about?: string | null;
  visit_types?: string[];
  is_published?: boolean;
  show_suggested_entities?: boolean;
  enable_location_search?: boolean;
  display_specialities?: boolean;
  display_insurances?: boolean;
  display_location_phone?: boolean;
  schedule_via_referrer?: boolean;
  enable_split_calendar?: boolean;
  enable_profile_ranking?: boolean;
  referrer_url?: string | null;
  referrer_instructions?: string | null;
  page_profile_schedule_type?: string | null;
  hidden_facilities?: PageProfileRow['hidden_facilities'];
  hidden_suggested_ids?: string[];
}

const JSON_COLUMNS = new Set(['hidden_facilities']);

/** Sets the given columns of one profile (column names come from PageProfileChanges, never from input). */
export async function updatePageProfile(
  connection: Connection,
  id: string,
  changes: PageProfileChanges,
): Promise<PageProfileRow | null> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  const params: unknown[] = [id];
  const sets = entries.map(([column, value]) => {
    params.push(JSON_COLUMNS.has(column) ? JSON.stringify(value) : value);
    return `${column} = $${params.length}${JSON_COLUMNS.has(column) ? '::jsonb' : ''}`;
  });
  const rows = await connection.query<PageProfileRow>(
    `update page_profiles set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning *`,
    params,
  );
  return rows[0] ?? null;
}

/** Profiles by name (case-insensitive part), optionally of one entity type or of some entities; with the total. */
export async function searchPageProfiles(
  connection: Connection,
  filter: { name: string | null; entityType: string | null; entityIds: string[] | null },
  page: { limit: number; offset: number },
): Promise<(PageProfileRow & { total: number })[]> {
  const escaped = filter.name ? `%${filter.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return connection.query<PageProfileRow & { total: number }>(
    `select *, count(*) over ()::int as total from page_profiles
      where ($1::text is null or lower(name) like $1) and ($2::text is null or entity_type = $2)
        and ($3::uuid[] is null or entity_id = any($3::uuid[]))
      order by case entity_type when 'Organization' then 0 when 'Provider' then 1 else 2 end, name, id
      limit $4 offset $5`,
    [escaped, filter.entityType, filter.entityIds, page.limit, page.offset],
  );
}
