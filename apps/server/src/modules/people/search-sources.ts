import type { Connection } from '../../platform/db';
import { providerFacilities } from '../organizations';

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

/** A provider's active role at a facility, with what the people module keeps of them. */
type ProviderRoleRow = Pick<
  ProviderSearchSource,
  | 'practitioner_id'
  | 'location_id'
  | 'organization_id'
  | 'prefix'
  | 'given_names'
  | 'family_name'
  | 'suffix'
  | 'gender'
  | 'photo_url'
  | 'hide_public_profile'
  | 'about'
  | 'email'
  | 'specialty_ids'
> & { own_plan_ids: string[] | null };

/**
 * Sources of the given practitioners, or of every provider when `practitionerIds` is null: their provider
 * roles here, the facilities (active, of active practices) from the organizations module.
 */
export async function providerSearchSources(
  connection: Connection,
  practitionerIds: string[] | null,
): Promise<ProviderSearchSource[]> {
  const roles = await connection.query<ProviderRoleRow>(
    `select p.id as practitioner_id, rl.location_id, r.organization_id,
            p.prefix, p.given_names, p.family_name, p.suffix, p.gender, p.photo_url, p.hide_public_profile, p.about, p.email,
            coalesce((select array_agg(ps.specialty_id::text order by ps.position, ps.specialty_id)
                        from practitioner_specialties ps where ps.practitioner_id = p.id), '{}'::text[]) as specialty_ids,
            (select array_agg(pi.insurance_plan_id::text order by pi.insurance_plan_id)
               from practitioner_insurances pi where pi.practitioner_id = p.id) as own_plan_ids
       from practitioners p
       join practitioner_roles r on r.practitioner_id = p.id and r.active and 'provider' = any(r.codes)
       join practitioner_role_locations rl on rl.practitioner_role_id = r.id
      where p.active and ($1::uuid[] is null or p.id = any($1::uuid[]))
      order by p.id, rl.location_id`,
    [practitionerIds],
  );
  const key = (organizationId: string, locationId: string) => `${organizationId} ${locationId}`;
  const pairs = new Map(
    roles.map((r) => [
      key(r.organization_id, r.location_id),
      { organizationId: r.organization_id, locationId: r.location_id },
    ]),
  );
  const facilities = new Map(
    (await providerFacilities(connection, [...pairs.values()])).map((f) => [
      key(f.organization_id, f.location_id),
      f,
    ]),
  );
  return roles.flatMap(({ own_plan_ids, ...role }) => {
    const facility = facilities.get(key(role.organization_id, role.location_id));
    if (!facility) return [];
    const { plan_ids, ...place } = facility;
    return [{ ...role, ...place, plan_ids: own_plan_ids ?? plan_ids ?? [] }];
  });
}
