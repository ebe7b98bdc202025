import type { CodedItem, Condition, InsuranceCarrier, Specialty, ZipCode } from '@careslot/contracts';
import type { Connection, Database } from '../../platform/db';
import { notFound } from '../../platform/errors';
import * as store from './store';
import type { CodeKind } from './tables';

function toZipCode(row: store.ZipCodeRow): ZipCode {
  return {
    Code: row.code,
    City: row.city,
    State: row.stateName,
    StateCode: row.stateCode,
    StateFips: row.stateFips,
    CountyCode: row.countyCode,
    County: row.county,
    Latitude: row.latitude,
    Longitude: row.longitude,
  };
}

export async function zipCodesByPrefix(
  database: Database,
  prefix: string,
  limit: number,
): Promise<ZipCode[]> {
  return (await store.zipCodesByPrefix(database.db, prefix, limit)).map(toZipCode);
}

/** A 5-digit zip or a ZIP+4 (with or without dash); the catalog is keyed on the first five digits. */
export async function zipCode(database: Database, zip: string): Promise<ZipCode> {
  const row = await store.zipCodeByCode(database.db, zip.slice(0, 5));
  if (!row) throw notFound();
  return toZipCode(row);
}

export async function specialties(database: Database): Promise<Specialty[]> {
  return (await store.listSpecialties(database.db)).map((s) => ({
    Id: s.id,
    Code: s.code,
    Display: s.display,
  }));
}

export async function specialtiesByIds(database: Database, ids: string[]): Promise<Map<string, Specialty>> {
  const rows = await store.specialtiesByIds(database.db, [...new Set(ids)]);
  return new Map(rows.map((s) => [s.id, { Id: s.id, Code: s.code, Display: s.display }]));
}

/** Which of these ids name specialties of the catalog, read on the caller's connection (a transaction's). */
export function existingSpecialtyIds(
  connection: Pick<Connection, 'query'>,
  ids: string[],
): Promise<string[]> {
  return store.existingSpecialtyIds(connection, ids);
}

export async function specialtiesByDisplay(database: Database, displays: string[]): Promise<Specialty[]> {
  return (await store.specialtiesByDisplay(database.db, displays)).map((s) => ({
    Id: s.id,
    Code: s.code,
    Display: s.display,
  }));
}

export async function conditions(database: Database): Promise<Condition[]> {
  const rows = await store.listConditionsWithSpecialties(database.db);
  const byId = new Map<string, Condition>();
  for (const row of rows) {
    let condition = byId.get(row.id);
    if (!condition) {
      condition = { Id: row.id, Code: row.code, Display: row.display, Specialties: [] };
      byId.set(row.id, condition);
    }
    if (row.specialtyId && row.specialtyDisplay)
      condition.Specialties.push({ Id: row.specialtyId, Display: row.specialtyDisplay });
  }
  return [...byId.values()];
}

export async function insurances(database: Database): Promise<InsuranceCarrier[]> {
  const rows = await store.listCarriersWithPlans(database.db);
  const byId = new Map<string, InsuranceCarrier>();
  for (const { carrier, plan } of rows) {
    let item = byId.get(carrier.id);
    if (!item) {
      item = { Id: carrier.id, Code: carrier.code, Name: carrier.name, PayerId: carrier.payerId, Plans: [] };
      byId.set(carrier.id, item);
    }
    if (plan) item.Plans.push({ Id: plan.id, Code: plan.code, Name: plan.name, PlanType: plan.planType });
  }
  return [...byId.values()];
}

export interface PlanRef {
  planId: string;
  planName: string;
  carrierId: string;
  carrierName: string;
  /** How a coverage or a search shows the plan: 'Carrier Plan'. */
  display: string;
  /** The plan's type (PPO, HMO...), when known. */
  planType: string | null;
  /** Whether patients may still choose the plan. */
  active: boolean;
}

export async function insurancePlansByIds(database: Database, ids: string[]): Promise<Map<string, PlanRef>> {
  const rows = await store.plansByIds(database.db, [...new Set(ids)]);
  return new Map(
    rows.map(({ plan, carrier }) => [
      plan.id,
      {
        planId: plan.id,
        planName: plan.name,
        carrierId: carrier.id,
        carrierName: carrier.name,
        display: `${carrier.name} ${plan.name}`,
        planType: plan.planType,
        active: plan.active,
      },
    ]),
  );
}

export async function states(database: Database) {
  return (await store.listStates(database.db)).map((s) => ({ Code: s.code, Display: s.name, Fips: s.fips }));
}

export async function codes(database: Database, kind: CodeKind): Promise<CodedItem[]> {
  return (await store.listCodes(database.db, kind)).map((c) => ({
    Id: c.id,
    Code: c.code,
    Display: c.display,
    System: c.system,
    Version: c.version,
    Active: c.active,
    CreatedOn: c.createdOn.toISOString(),
    CreatedBy: c.createdBy,
    ModifiedOn: c.modifiedOn.toISOString(),
    ExternalModifiedOn: c.externalModifiedOn?.toISOString() ?? null,
  }));
}
