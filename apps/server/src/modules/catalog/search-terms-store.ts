import type { Connection } from '../../platform/db';
import type { SearchTermsInput } from './search-terms';

/** Raw SQL of the search-term resolution (catalog/search-terms.ts): SQL only in store files. */

/** Every specialty, condition (with its specialties) and carrier name, for the in-memory reference. */
export async function referenceNames(connection: Connection) {
  return connection.query<{ kind: 'specialty' | 'condition' | 'carrier'; name: string; id: string | null }>(
    `select 'specialty' as kind, display as name, id::text as id from specialties
     union all
     select 'condition', c.display, cs.specialty_id::text from conditions c left join condition_specialties cs on cs.condition_id = c.id
     union all
     select 'carrier', name, id::text from insurance_carriers`,
  );
}

/** Specialty ids, carrier id and place of the search terms, resolved in one round trip. */
export async function searchTermsRow(connection: Connection, input: SearchTermsInput) {
  const [row] = await connection.query<{
    specialty_ids: string[] | null;
    carrier_id: string | null;
    latitude: number | null;
    longitude: number | null;
    label: string | null;
  }>(
    `select
       (select coalesce(array_agg(distinct id::text), '{}'::text[]) from (
          select id from specialties where lower(display) = any($1::text[])
          union
          select cs.specialty_id from conditions c join condition_specialties cs on cs.condition_id = c.id
           where lower(c.display) = lower($2::text)) s) as specialty_ids,
       (select id::text from insurance_carriers where lower(name) = lower($3::text) limit 1) as carrier_id,
       place.latitude, place.longitude, place.label
     from (select 1) one
     left join lateral (
       select latitude, longitude, city || ', ' || state_code || ' ' || code as label
         from zip_codes where $4::text is not null and code = $4::text and latitude is not null
       union all
       select avg(latitude), avg(longitude), min(city) || ', ' || min(state_code)
         from zip_codes
        where $4::text is null and $5::text is not null and lower(city) = lower($5::text) and latitude is not null
          and ($6::text is null or lower(state_name) = lower($6::text) or lower(state_code) = lower($6::text))
       having count(*) > 0
     ) place on true`,
    [
      input.specialties.map((s) => s.toLowerCase()),
      input.condition,
      input.carrierName,
      input.zip,
      input.city,
      input.state,
    ],
  );
  return row;
}

/** Names of the given specialties and plans (with their carriers). */
export async function searchRowNameRows(connection: Connection, specialtyIds: string[], planIds: string[]) {
  return connection.query<{
    kind: 'specialty' | 'plan';
    id: string;
    name: string;
    carrier_id: string | null;
    plan_name: string | null;
  }>(
    `select 'specialty' as kind, id::text, display as name, null::text as carrier_id, null::text as plan_name from specialties where id = any($1::uuid[])
     union all
     select 'plan', p.id::text, c.name, c.id::text, p.name from insurance_plans p join insurance_carriers c on c.id = p.carrier_id
      where p.id = any($2::uuid[])`,
    [specialtyIds, planIds],
  );
}
