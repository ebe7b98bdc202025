import type { Connection } from '../../platform/db';

/**
 * What the marketplace's provider search copies from the directory: one row per active provider at each
 * active facility of their practices, with their specialty ids and accepted plan ids (their own list, else
 * the facility's). Takes a Connection so the seed can run it inside its transaction.
 */
export interface ProviderSearchSource {
  practitioner_id: string;
  location_id: string;
  organization_id: string;
  organization_name: string;
  prefix: string | null;
  given_names: string[];
  family_name: string;
  suffix: string | null;
  gender: string | null;
  photo_url: string | null;
  hide_public_profile: boolean;
  about: string | null;
  email: string | null;
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
  specialty_ids: string[];
  plan_ids: string[];
}

/** Sources of the given practitioners, or of every provider when `practitionerIds` is null. */
export async function providerSearchSources(
  connection: Connection,
  practitionerIds: string[] | null,
): Promise<ProviderSearchSource[]> {
  return connection.query<ProviderSearchSource>(
    `select p.id as practitioner_id, l.id as location_id, o.id as organization_id, o.name as organization_name,
            p.prefix, p.given_names, p.family_name, p.suffix, p.gender, p.photo_url, p.hide_public_profile, p.about, p.email,
            l.name as location_name, l.address1, l.address2, l.city, l.state, l.zip_code, coalesce(l.phone, o.phone) as phone,
            l.iana_time_zone as time_zone, l.latitude, l.longitude,
            coalesce((select array_agg(ps.specialty_id::text order by ps.position, ps.specialty_id)
                        from practitioner_specialties ps where ps.practitioner_id = p.id), '{}'::text[]) as specialty_ids,
            coalesce((select array_agg(pi.insurance_plan_id::text order by pi.insurance_plan_id)
                        from practitioner_insurances pi where pi.practitioner_id = p.id),
                     (select array_agg(li.insurance_plan_id::text order by li.insurance_plan_id)
                        from location_insurances li where li.location_id = l.id), '{}'::text[]) as plan_ids
       from practitioners p
       join practitioner_roles r on r.practitioner_id = p.id and r.active and 'provider' = any(r.codes)
       join organizations o on o.id = r.organization_id and o.active
       join practitioner_role_locations rl on rl.practitioner_role_id = r.id
       join locations l on l.id = rl.location_id and l.active
      where p.active and ($1::uuid[] is null or p.id = any($1::uuid[]))
      order by p.id, l.id`,
    [practitionerIds],
  );
}
