import type { Connection } from '../../platform/db';

/** A facility as a public profile shows it (only active facilities of active practices). */
export interface PublicLocationSource {
  id: string;
  organization_id: string;
  name: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip_code: string;
  phone: string | null;
  time_zone: string;
  latitude: number | null;
  longitude: number | null;
  /** Plans the facility accepts. */
  plan_ids: string[];
}

/** What the marketplace's practice and healthcare-service profiles copy from the directory. */
export interface ProfileEntitySource {
  entity_type: 'Organization' | 'HealthCareService';
  id: string;
  organization_id: string;
  organization_name: string;
  name: string;
  about: string | null;
  photo_url: string | null;
  category: string | null;
  /** The practice's active facilities; the service's facilities. */
  location_ids: string[];
}

/**
 * Active practices and healthcare services (all when both id lists are null), one statement. Takes a
 * Connection so the seed can run it inside its transaction.
 */
export async function profileEntitySources(
  connection: Connection,
  ids: {
    organizationIds: string[] | null;
    serviceIds: string[] | null;
    servicesOfOrganizationIds?: string[];
  } = { organizationIds: null, serviceIds: null },
): Promise<ProfileEntitySource[]> {
  const all = ids.organizationIds === null && ids.serviceIds === null && !ids.servicesOfOrganizationIds;
  return connection.query<ProfileEntitySource>(
    `select 'Organization' as entity_type, o.id, o.id as organization_id, o.name as organization_name, o.name, null::text as about,
            o.logo_url as photo_url, null::text as category,
            coalesce((select array_agg(l.id::text order by l.name, l.id) from locations l where l.organization_id = o.id and l.active), '{}'::text[]) as location_ids
       from organizations o
      where o.active and ($3 or o.id = any($1::uuid[]))
     union all
     select 'HealthCareService', s.id, o.id, o.name, s.name, s.about, s.photo_url, s.category,
            coalesce((select array_agg(l.id::text order by l.name, l.id) from healthcare_service_locations hl
                        join locations l on l.id = hl.location_id and l.active where hl.healthcare_service_id = s.id), '{}'::text[])
       from healthcare_services s join organizations o on o.id = s.organization_id and o.active
      where s.active and ($3 or s.id = any($2::uuid[]) or s.organization_id = any($4::uuid[]))
      order by 1 desc, 5, 2`,
    [ids.organizationIds ?? [], ids.serviceIds ?? [], all, ids.servicesOfOrganizationIds ?? []],
  );
}

/** Facilities by id with the plans each accepts (a profile's locations and insurances), one statement. */
export async function publicLocations(
  connection: Connection,
  locationIds: string[],
): Promise<PublicLocationSource[]> {
  if (locationIds.length === 0) return [];
  return connection.query<PublicLocationSource>(
    `select l.id, l.organization_id, l.name, l.address1, l.address2, l.city, l.state, l.zip_code,
            coalesce(l.phone, o.phone) as phone, l.iana_time_zone as time_zone, l.latitude, l.longitude,
            coalesce((select array_agg(li.insurance_plan_id::text order by li.insurance_plan_id)
                        from location_insurances li where li.location_id = l.id), '{}'::text[]) as plan_ids
       from unnest($1::uuid[]) with ordinality as want(id, n)
       join locations l on l.id = want.id and l.active
       join organizations o on o.id = l.organization_id and o.active
      order by want.n`,
    [locationIds],
  );
}

/** A facility as the provider search copies it for a provider's role at a practice. */
export type ProviderFacilitySource = Omit<PublicLocationSource, 'id' | 'name' | 'plan_ids'> & {
  location_id: string;
  organization_name: string;
  location_name: string;
  /** Plans the facility accepts; null when it lists none. */
  plan_ids: string[] | null;
};

/**
 * The given (practice, facility) pairs where both are active, one statement (the people module's provider
 * search source joins them to providers' roles). Takes a Connection so the seed can run it in its transaction.
 */
export async function providerFacilities(
  connection: Connection,
  pairs: { organizationId: string; locationId: string }[],
): Promise<ProviderFacilitySource[]> {
  if (pairs.length === 0) return [];
  return connection.query<ProviderFacilitySource>(
    `select o.id as organization_id, l.id as location_id, o.name as organization_name, l.name as location_name,
            l.address1, l.address2, l.city, l.state, l.zip_code, coalesce(l.phone, o.phone) as phone,
            l.iana_time_zone as time_zone, l.latitude, l.longitude,
            (select array_agg(li.insurance_plan_id::text order by li.insurance_plan_id)
               from location_insurances li where li.location_id = l.id) as plan_ids
       from unnest($1::uuid[], $2::uuid[]) as want(organization_id, location_id)
       join organizations o on o.id = want.organization_id and o.active
       join locations l on l.id = want.location_id and l.active`,
    [pairs.map((p) => p.organizationId), pairs.map((p) => p.locationId)],
  );
}
