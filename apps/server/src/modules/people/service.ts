import {
  type Identifier,
  type Practitioner,
  type PractitionerRole,
  type WebOrganization,
} from '@careslot/contracts';
import type { Database } from '../../platform/db';
import { auditTrail, groupBy, toIdentifier, type Paged } from '../../platform/resource-shapes';
import { specialtiesByIds } from '../catalog';
import { getOrganization, searchHealthcareServices, searchLocations } from '../organizations';
import * as store from './store';

// ---------- shaping rows into the spec's resources ----------

async function shapePractitioners(
  database: Database,
  rows: store.PractitionerRow[],
): Promise<Practitioner[]> {
  const ids = rows.map((r) => r.id);
  const [identifierRows, specialtyRows] = await Promise.all([
    store.practitionerIdentifiersFor(database.db, ids),
    store.practitionerSpecialtiesFor(database.db, ids),
  ]);
  const specialtyNames = await specialtiesByIds(
    database,
    specialtyRows.map((s) => s.specialtyId),
  );
  const identifiers = groupBy(identifierRows, (i) => i.practitionerId);
  const specialties = groupBy(specialtyRows, (s) => s.practitionerId);
  return rows.map((row) => ({
    Id: row.id,
    Type: 'Practitioner' as const,
    Active: row.active,
    Identifier: (identifiers.get(row.id) ?? []).map(toIdentifier),
    Name: [
      {
        Prefix: row.prefix ? [row.prefix] : [],
        Given: row.givenNames,
        Family: row.familyName,
        Suffix: row.suffix,
        Title: row.title,
      },
    ],
    Gender: row.gender,
    Npi: row.npi,
    Photos: row.photoUrl ? [{ Url: row.photoUrl }] : [],
    Specialities: (specialties.get(row.id) ?? []).flatMap((s) => {
      const specialty = specialtyNames.get(s.specialtyId);
      return specialty ? [{ Id: specialty.Id, Name: specialty.Display }] : [];
    }),
    hide_public_profile: row.hidePublicProfile,
    HidePublicProfile: row.hidePublicProfile,
    Languages: row.languages,
    About: row.about,
    AuditTrail: auditTrail(row),
  }));
}

async function shapeRoles(
  database: Database,
  rows: store.PractitionerRoleRow[],
): Promise<PractitionerRole[]> {
  const locations = groupBy(
    await store.roleLocationsFor(
      database.db,
      rows.map((r) => r.id),
    ),
    (l) => l.practitionerRoleId,
  );
  return rows.map((row) => ({
    Id: row.id,
    PractitionerId: row.practitionerId,
    OrganizationId: row.organizationId,
    Code: row.codes,
    LocationIds: (locations.get(row.id) ?? []).map((l) => l.locationId).sort(),
    Active: row.active,
  }));
}

// ---------- public reads (practitioners and their roles) ----------

export async function getPractitioner(database: Database, id: string): Promise<Practitioner | null> {
  return (await getPractitioners(database, [id]))[0] ?? null;
}

/** Practitioners in the order of the ids given (unknown ids are left out). */
export async function getPractitioners(database: Database, ids: string[]): Promise<Practitioner[]> {
  const rows = await store.practitionersByIds(database.db, [...new Set(ids)]);
  const byId = new Map((await shapePractitioners(database, rows)).map((p) => [p.Id, p]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    return p ? [p] : [];
  });
}

export async function findPractitionerByEmail(
  database: Database,
  email: string,
): Promise<Practitioner | null> {
  const id = await store.practitionerIdByEmail(database.db, email);
  return id ? getPractitioner(database, id) : null;
}

export async function findPractitionerByIdentifier(
  database: Database,
  identifier: string,
): Promise<Practitioner | null> {
  const id = await store.practitionerIdByIdentifier(database.db, identifier);
  return id ? getPractitioner(database, id) : null;
}

export async function searchPractitioners(
  database: Database,
  query: {
    Identifier?: string[];
    FamilyName?: string;
    GivenName?: string;
    Npi?: string;
    Email?: string;
    OrganizationId?: string;
    UserRoles?: string[];
    Ids?: string[];
    Limit: number;
    Offset: number;
  },
): Promise<Paged<Practitioner>> {
  const { rows, total } = await store.searchPractitioners(
    database.db,
    {
      identifiers: query.Identifier,
      familyName: query.FamilyName,
      givenName: query.GivenName,
      npi: query.Npi,
      email: query.Email,
      organizationId: query.OrganizationId,
      userRoles: query.UserRoles,
      ids: query.Ids,
    },
    { limit: query.Limit, offset: query.Offset },
  );
  return { Data: await shapePractitioners(database, rows), Total: total };
}

export async function listPractitionerRoles(
  database: Database,
  query: {
    Id?: string;
    PractitionerId?: string;
    OrganizationId?: string;
    Code?: string[];
    LocationId?: string;
  },
): Promise<PractitionerRole[]> {
  const rows = await store.searchPractitionerRoles(database.db, {
    id: query.Id,
    practitionerId: query.PractitionerId,
    organizationId: query.OrganizationId,
    codes: query.Code,
    locationId: query.LocationId,
  });
  return shapeRoles(database, rows);
}

/** The insurance plans each practitioner accepts (their own list; scheduling falls back to the facility's). */
export async function practitionerInsurancePlanIds(
  database: Database,
  practitionerIds: string[],
): Promise<Map<string, string[]>> {
  const practitioners = new Map<string, string[]>();
  for (const row of await store.acceptedPlansOfPractitioners(database.db, practitionerIds))
    practitioners.set(row.practitionerId, [
      ...(practitioners.get(row.practitionerId) ?? []),
      row.insurancePlanId,
    ]);
  return practitioners;
}

export async function addPractitionerIdentifier(
  database: Database,
  practitionerId: string,
  identifier: Identifier,
): Promise<void> {
  await store.addIdentifier(database.db, practitionerId, {
    system: identifier.System,
    value: identifier.Value,
    use: identifier.Use ?? null,
  });
}

export async function webOrganization(database: Database, id: string): Promise<WebOrganization | null> {
  const organization = await getOrganization(database, id);
  if (!organization) return null;
  const all = { OrganizationId: id, Limit: 0, Offset: 1 };
  const [locations, practitioners, services] = await Promise.all([
    searchLocations(database, all),
    searchPractitioners(database, all),
    searchHealthcareServices(database, all),
  ]);
  return {
    Organization: organization,
    Locations: locations.Data,
    Practitioners: practitioners.Data,
    HealthcareServices: services.Data,
  };
}
