import { type CareTeam, type HealthcareService, type Location, type Organization } from '@careslot/contracts';
import type { Connection, Database } from '../../platform/db';
import { groupBy, toIdentifier, type Paged } from '../../platform/resource-shapes';
import * as adminStore from './admin-store';
import * as store from './store';

// ---------- shaping rows into the spec's resources ----------

async function shapeOrganizations(
  database: Database,
  rows: store.OrganizationRow[],
): Promise<Organization[]> {
  const identifiers = groupBy(
    await store.organizationIdentifiersFor(
      database.db,
      rows.map((r) => r.id),
    ),
    (i) => i.organizationId,
  );
  return rows.map((row) => ({
    Id: row.id,
    Name: row.name,
    Identifier: (identifiers.get(row.id) ?? []).map(toIdentifier),
    Logo: row.logoUrl,
    Banner: row.bannerUrl,
    Phone: row.phone,
    Email: row.email,
    Website: row.website,
    Address: {
      Address1: row.address1,
      Address2: row.address2 ? [row.address2] : [],
      City: row.city,
      State: row.state,
      ZipCode: row.zipCode,
    },
    TimeZone: row.timeZone,
    strip_account_id: row.stripeAccountId,
    has_reputation_enabled: row.hasReputationEnabled,
    Active: row.active,
  }));
}

function contactFullName(row: store.LocationRow, withTitle: boolean): string | null {
  const parts = [
    withTitle ? row.contactPrefix : null,
    row.contactFirstName,
    row.contactMiddleName,
    row.contactLastName,
    withTitle ? row.contactSuffix : null,
  ].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(' ') : null;
}

function shapeLocation(row: store.LocationRow): Location {
  return {
    Id: row.id,
    Name: row.name,
    OrganizationId: row.organizationId,
    TimeZone: row.ianaTimeZone,
    iana_time_zone: row.ianaTimeZone,
    check_in_enabled: row.checkInEnabled,
    contact_person_name: {
      first_name: row.contactFirstName,
      last_name: row.contactLastName,
      previous_firstname: row.contactPreviousFirstName,
      previous_lastname: row.contactPreviousLastName,
      middle_name: row.contactMiddleName,
      full_name: contactFullName(row, false),
      suffix: row.contactSuffix,
      prefix: row.contactPrefix,
      full_name_with_title: contactFullName(row, true),
    },
    address: {
      id: row.id,
      address1: row.address1,
      address2: row.address2,
      zip_code: row.zipCode,
      city: row.city,
      state: row.state,
      country: row.country,
      county: row.county,
      longitude: row.longitude,
      latitude: row.latitude,
    },
    emails: row.emails,
    Phone: row.phone,
    Active: row.active,
  };
}

async function shapeServices(
  database: Database,
  rows: store.HealthcareServiceRow[],
): Promise<HealthcareService[]> {
  const locations = groupBy(
    await store.serviceLocationsFor(
      database.db,
      rows.map((r) => r.id),
    ),
    (l) => l.healthcareServiceId,
  );
  return rows.map((row) => ({
    Id: row.id,
    Name: row.name,
    OrganizationId: row.organizationId,
    Category: row.category,
    About: row.about,
    Photo: { Url: row.photoUrl },
    LocationIds: (locations.get(row.id) ?? []).map((l) => l.locationId).sort(),
    Active: row.active,
  }));
}

async function shapeCareTeams(database: Database, rows: store.CareTeamRow[]): Promise<CareTeam[]> {
  const participants = groupBy(
    await store.careTeamParticipantsFor(
      database.db,
      rows.map((r) => r.id),
    ),
    (p) => p.careTeamId,
  );
  return rows.map((row) => ({
    Id: row.id,
    Name: row.name,
    OrganizationId: row.organizationId,
    Status: row.status,
    Participants: (participants.get(row.id) ?? []).map((p) => ({
      PractitionerId: p.practitionerId,
      Role: p.role,
    })),
  }));
}

// ---------- public reads (organizations, locations, services, care teams) ----------

export async function getOrganization(database: Database, id: string): Promise<Organization | null> {
  const rows = await store.organizationsByIds(database.db, [id]);
  return (await shapeOrganizations(database, rows))[0] ?? null;
}

export async function getOrganizationByIdentifier(
  database: Database,
  identifier: string,
): Promise<Organization | null> {
  const id = await store.organizationIdByIdentifier(database.db, identifier);
  return id ? getOrganization(database, id) : null;
}

export async function searchOrganizations(
  database: Database,
  query: {
    OrganizationId?: string;
    Name?: string;
    Identifier?: string[];
    LocationIds?: string[];
    Limit: number;
    Offset: number;
  },
): Promise<Paged<Organization>> {
  const { rows, total } = await store.searchOrganizations(
    database.db,
    {
      organizationId: query.OrganizationId,
      name: query.Name,
      identifiers: query.Identifier,
      locationIds: query.LocationIds,
    },
    { limit: query.Limit, offset: query.Offset },
  );
  return { Data: await shapeOrganizations(database, rows), Total: total };
}

export async function getLocation(database: Database, id: string): Promise<Location | null> {
  const [row] = await store.locationsByIds(database.db, [id]);
  return row ? shapeLocation(row) : null;
}

export async function getLocations(database: Database, ids: string[]): Promise<Location[]> {
  return (await store.locationsByIds(database.db, ids)).map(shapeLocation);
}

export async function searchLocations(
  database: Database,
  query: { OrganizationId?: string; Name?: string; Ids?: string[]; Limit: number; Offset: number },
): Promise<Paged<Location>> {
  const { rows, total } = await store.searchLocations(
    database.db,
    { organizationId: query.OrganizationId, name: query.Name, ids: query.Ids },
    { limit: query.Limit, offset: query.Offset },
  );
  return { Data: rows.map(shapeLocation), Total: total };
}

export async function getHealthcareService(
  database: Database,
  id: string,
): Promise<HealthcareService | null> {
  const { rows } = await store.searchHealthcareServices(database.db, { ids: [id] }, { limit: 1, offset: 1 });
  return (await shapeServices(database, rows))[0] ?? null;
}

export async function searchHealthcareServices(
  database: Database,
  query: {
    OrganizationId?: string;
    LocationId?: string;
    Name?: string;
    Ids?: string[];
    Limit: number;
    Offset: number;
  },
): Promise<Paged<HealthcareService>> {
  const { rows, total } = await store.searchHealthcareServices(
    database.db,
    { organizationId: query.OrganizationId, locationId: query.LocationId, name: query.Name, ids: query.Ids },
    { limit: query.Limit, offset: query.Offset },
  );
  return { Data: await shapeServices(database, rows), Total: total };
}

export async function searchCareTeams(
  database: Database,
  query: { OrganizationId?: string; PractitionerId?: string; Limit: number; Offset: number },
): Promise<Paged<CareTeam>> {
  const { rows, total } = await store.searchCareTeams(
    database.db,
    { organizationId: query.OrganizationId, practitionerId: query.PractitionerId },
    { limit: query.Limit, offset: query.Offset },
  );
  return { Data: await shapeCareTeams(database, rows), Total: total };
}

/** Plan ids a practitioner accepts: their own list, else those of the facilities they work at. */

/** The insurance plans each facility accepts. */
export async function locationInsurancePlanIds(
  database: Database,
  locationIds: string[],
): Promise<Map<string, string[]>> {
  const locations = new Map<string, string[]>();
  for (const row of await store.acceptedPlansOfLocations(database.db, locationIds))
    locations.set(row.locationId, [...(locations.get(row.locationId) ?? []), row.insurancePlanId]);
  return locations;
}

/** Which of these facility ids belong to the practice, read on the caller's connection (a transaction's). */
export async function locationsOfOrganization(
  connection: Connection,
  organizationId: string,
  ids: string[],
): Promise<string[]> {
  return [...(await adminStore.locationsInOrganization(connection, organizationId, ids))];
}

/** The organization of a legacy EHR practice identifier ('System|Value'), if any (app.ts, decision 0021). */
export async function organizationIdByIdentifier(
  database: Database,
  identifier: string,
): Promise<string | null> {
  return store.organizationIdByIdentifier(database.db, identifier);
}

/**
 * The practice's reputation switch (has_reputation_enabled, practice-portal.md §3.1: derived per practice): the
 * reputation module keeps it equal to "active review-platform settings on file" (decision 0058).
 */
export async function setReputationEnabled(
  connection: Pick<Connection, 'query'>,
  organizationId: string,
  enabled: boolean,
): Promise<void> {
  await store.setReputationEnabled(connection, organizationId, enabled);
}
