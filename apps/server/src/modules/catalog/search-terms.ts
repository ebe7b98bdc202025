import type { Connection } from '../../platform/db';

/**
 * Catalog look-ups of the provider search, each one statement however many names it resolves. They take a
 * Connection so the seed can use them inside its transaction.
 */

export interface SearchTerms {
  /** Ids of the named specialties and of those treating the condition; null when neither was asked. */
  specialtyIds: string[] | null;
  /** The named carrier's id; null when none was asked, '' when the name is unknown. */
  carrierId: string | null;
  /** The zip's or the city's centre; null when no place was asked or it is unknown. */
  place: { latitude: number; longitude: number; label: string } | null;
}

export async function resolveSearchTerms(
  connection: Connection,
  input: { specialties: string[]; condition: string | null; carrierName: string | null; zip: string | null; city: string | null; state: string | null },
): Promise<SearchTerms> {
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
    [input.specialties.map((s) => s.toLowerCase()), input.condition, input.carrierName, input.zip, input.city, input.state],
  );
  const asked = input.specialties.length > 0 || input.condition !== null;
  return {
    specialtyIds: asked ? (row?.specialty_ids ?? []) : null,
    carrierId: input.carrierName === null ? null : (row?.carrier_id ?? ''),
    place:
      row && row.latitude !== null && row.longitude !== null
        ? { latitude: Number(row.latitude), longitude: Number(row.longitude), label: row.label ?? '' }
        : null,
  };
}

/** Display names of specialties and the carriers of plans, for the search rows. */
export async function searchRowNames(
  connection: Connection,
  specialtyIds: string[],
  planIds: string[],
): Promise<{ specialties: Map<string, string>; plans: Map<string, { carrierId: string; carrierName: string; planName: string }> }> {
  const rows = await connection.query<{ kind: 'specialty' | 'plan'; id: string; name: string; carrier_id: string | null; plan_name: string | null }>(
    `select 'specialty' as kind, id::text, display as name, null::text as carrier_id, null::text as plan_name from specialties where id = any($1::uuid[])
     union all
     select 'plan', p.id::text, c.name, c.id::text, p.name from insurance_plans p join insurance_carriers c on c.id = p.carrier_id
      where p.id = any($2::uuid[])`,
    [specialtyIds, planIds],
  );
  const specialties = new Map<string, string>();
  const plans = new Map<string, { carrierId: string; carrierName: string; planName: string }>();
  for (const row of rows) {
    if (row.kind === 'specialty') specialties.set(row.id, row.name);
    else plans.set(row.id, { carrierId: row.carrier_id!, carrierName: row.name, planName: row.plan_name! });
  }
  return { specialties, plans };
}
