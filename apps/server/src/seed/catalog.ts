import type { Connection } from '../platform/db';
import { seedId } from './ids';
import { CODE_LISTS, CONDITIONS, INSURANCE_CARRIERS, SPECIALTIES, US_STATES } from './reference-data';
import { insertRows, isEmpty } from './sql';
import { loadZipCodes } from './zip-codes';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const specialtyId = (name: string) => seedId(`specialty:${name}`);
export const conditionId = (name: string) => seedId(`condition:${name}`);
export const carrierId = (name: string) => seedId(`carrier:${name}`);
export const planId = (carrier: string, plan: string) => seedId(`plan:${carrier}:${plan}`);

export interface ReferenceSeedResult {
  lists: boolean;
  zipCodes: number;
}

/**
 * Loads the reference catalog into empty tables only, so a restart costs two existence checks.
 * Each part is checked on its own: a database that has the lists but lost its zip codes gets them back.
 */
export async function seedReferenceData(connection: Connection): Promise<ReferenceSeedResult> {
  const result: ReferenceSeedResult = { lists: false, zipCodes: 0 };
  if (await isEmpty(connection, 'specialties')) {
    await seedLists(connection);
    result.lists = true;
  } else await topUpCodeLists(connection);
  if (await isEmpty(connection, 'zip_codes')) result.zipCodes = await loadZipCodes(connection);
  return result;
}

/** Code lists added after a database was first seeded (hospitals, procedures) reach it on the next start. */
async function topUpCodeLists(connection: Connection): Promise<void> {
  const present = new Set(
    (await connection.query<{ kind: string }>('select distinct kind from catalog_codes')).map((r) => r.kind),
  );
  const missing = Object.entries(CODE_LISTS).filter(([kind]) => !present.has(kind));
  if (missing.length) await insertCodes(connection, missing);
}

async function insertCodes(
  connection: Connection,
  lists: [string, readonly { code: string; display: string; system?: string }[]][],
): Promise<void> {
  await insertRows(
    connection,
    'catalog_codes',
    ['id', 'kind', 'code', 'display', 'system', 'version', 'sort_order'],
    lists.flatMap(([kind, items]) =>
      items.map((item, index) => [
        seedId(`code:${kind}:${item.code}`),
        kind,
        item.code,
        item.display,
        item.system ?? null,
        null,
        index,
      ]),
    ),
    'on conflict (kind, code) do nothing',
  );
}

async function seedLists(connection: Connection): Promise<void> {
  await insertRows(
    connection,
    'specialties',
    ['id', 'code', 'display'],
    SPECIALTIES.map((name) => [specialtyId(name), slug(name), name]),
  );
  await insertRows(
    connection,
    'conditions',
    ['id', 'code', 'display'],
    Object.keys(CONDITIONS).map((name) => [conditionId(name), slug(name), name]),
  );
  await insertRows(
    connection,
    'condition_specialties',
    ['condition_id', 'specialty_id'],
    Object.entries(CONDITIONS).flatMap(([condition, specialties]) =>
      specialties.map((specialty) => [conditionId(condition), specialtyId(specialty)]),
    ),
  );
  await insertRows(
    connection,
    'insurance_carriers',
    ['id', 'code', 'name', 'payer_id'],
    INSURANCE_CARRIERS.map((c) => [carrierId(c.name), slug(c.name), c.name, c.payerId]),
  );
  await insertRows(
    connection,
    'insurance_plans',
    ['id', 'carrier_id', 'code', 'name', 'plan_type'],
    INSURANCE_CARRIERS.flatMap((c) =>
      c.plans.map(([plan, type]) => [
        planId(c.name, plan),
        carrierId(c.name),
        `${slug(c.name)}-${slug(plan)}`,
        plan,
        type,
      ]),
    ),
  );
  await insertRows(
    connection,
    'us_states',
    ['code', 'name', 'fips'],
    US_STATES.map(([code, name, fips]) => [code, name, fips]),
  );
  await insertCodes(connection, Object.entries(CODE_LISTS));
}
