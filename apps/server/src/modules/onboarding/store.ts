import type { Connection } from '../../platform/db';

/**
 * SQL of the onboarding module. It owns no table: it writes a new practice's first rows into the directory's
 * tables (organizations, locations, practitioners and their roles; migrations/20261122T0101_directory.sql)
 * the way the seed's writeDirectory does, because the directory module has no create calls for them yet
 * (decision 0064). Every statement runs in the onboarding transaction.
 */

export interface NewOrganization {
  id: string;
  name: string;
  phone: string;
  email: string;
  website: string | null;
  address1: string;
  city: string;
  state: string;
  zipCode: string;
  timeZone: string;
  workflow: string;
}

export async function insertOrganization(tx: Connection, o: NewOrganization): Promise<void> {
  await tx.query(
    `insert into organizations (id, name, phone, email, website, address1, city, state, zip_code, time_zone, workflow)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [o.id, o.name, o.phone, o.email, o.website, o.address1, o.city, o.state, o.zipCode, o.timeZone, o.workflow],
  );
}

export interface NewLocation {
  id: string;
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
  phone: string;
}

export async function insertLocation(tx: Connection, l: NewLocation): Promise<void> {
  await tx.query(
    `insert into locations (id, organization_id, name, iana_time_zone, address1, address2, city, state, zip_code, county, latitude, longitude, phone)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [l.id, l.organizationId, l.name, l.timeZone, l.address1, l.address2, l.city, l.state, l.zipCode, l.county, l.latitude, l.longitude, l.phone],
  );
}

export interface NewProvider {
  id: string;
  roleId: string;
  organizationId: string;
  locationId: string;
  prefix: string | null;
  given: string[];
  family: string;
  suffix: string | null;
  gender: string | null;
  npi: string;
  email: string;
  specialtyId: string;
  workflow: string;
}

/** The practitioner, their specialty and their role at the practice (provider and practice admin) at the location. */
export async function insertProvider(tx: Connection, p: NewProvider): Promise<void> {
  await tx.query(
    `insert into practitioners (id, prefix, given_names, family_name, suffix, gender, npi, email, workflow)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [p.id, p.prefix, p.given, p.family, p.suffix, p.gender, p.npi, p.email, p.workflow],
  );
  await tx.query('insert into practitioner_specialties (practitioner_id, specialty_id, position) values ($1, $2, 0)', [p.id, p.specialtyId]);
  await tx.query(`insert into practitioner_roles (id, practitioner_id, organization_id, codes) values ($1, $2, $3, '{provider,practiceadmin}')`, [
    p.roleId,
    p.id,
    p.organizationId,
  ]);
  await tx.query('insert into practitioner_role_locations (practitioner_role_id, location_id) values ($1, $2)', [p.roleId, p.locationId]);
}

/** Which of the unique values are taken already: the NPI and the e-mail (directory and sign-in accounts). */
export async function takenValues(tx: Connection, npi: string, email: string): Promise<{ npi: boolean; email: boolean }> {
  const [row] = await tx.query<{ npi: boolean; email: boolean }>(
    `select exists (select 1 from practitioners where npi = $1) as npi,
            exists (select 1 from practitioners where lower(email) = lower($2))
              or exists (select 1 from identity_users where lower(email) = lower($2)) as email`,
    [npi, email],
  );
  return row ?? { npi: false, email: false };
}
