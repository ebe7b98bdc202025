import type { Connection } from '../../platform/db';
import * as store from './search-terms-store';

/**
 * Catalog look-ups of the provider search, at most one statement however many names it resolves (none when
 * the names and the zip are in memory). They take a Connection so the seed can use them inside its
 * transaction.
 */

export interface SearchTerms {
  /** Ids of the named specialties and of those treating the condition; null when neither was asked. */
  specialtyIds: string[] | null;
  /** The named carrier's id; null when none was asked, '' when the name is unknown. */
  carrierId: string | null;
  /** The zip's or the city's centre; null when no place was asked or it is unknown. */
  place: { latitude: number; longitude: number; label: string } | null;
}

type Place = NonNullable<SearchTerms['place']>;

/**
 * The reference lists a search resolves names against (specialties, conditions, carriers) and the zip
 * codes already asked for, kept in memory per database. They are loaded by the seed and never edited while
 * the server runs; entries are trusted for REFERENCE_TTL_MS all the same, and a name or zip not in memory
 * is asked of the database as before, so a miss never answers "unknown" from memory.
 */
interface Reference {
  /** lower(display) → specialty id. */
  specialties: Map<string, string>;
  /** lower(display) → ids of the specialties treating the condition (every condition of that name). */
  conditions: Map<string, string[]>;
  /** lower(name) → carrier id, for names held by exactly one carrier. */
  carriers: Map<string, string>;
  /** 5-digit code → centre, for the codes found so far. */
  zips: Map<string, Place>;
  expires: number;
}

const ASCII = /^[\x20-\x7e]*$/;
/** The name as the memory's key, or null for a name only the database may compare (not ASCII). */
const keyOf = (name: string) => (ASCII.test(name) ? name.toLowerCase() : null);

export const REFERENCE_TTL_MS = 5 * 60_000;
const references = new WeakMap<Connection, Promise<Reference>>();

async function loadReference(connection: Connection): Promise<Reference> {
  const rows = await store.referenceNames(connection);
  const reference: Reference = {
    specialties: new Map(),
    conditions: new Map(),
    carriers: new Map(),
    zips: new Map(),
    expires: Date.now() + REFERENCE_TTL_MS,
  };
  const ambiguous = new Set<string>();
  for (const row of rows) {
    // Lower-casing is the database's (lower()) on the way in: only ASCII names, where both agree, are kept.
    if (!ASCII.test(row.name)) continue;
    const name = row.name.toLowerCase();
    if (row.kind === 'specialty' && row.id) {
      // Two specialties of one display both match it: such a name goes to the database.
      if (reference.specialties.has(name)) ambiguous.add(`s|${name}`);
      reference.specialties.set(name, row.id);
    } else if (row.kind === 'condition') {
      const ids = reference.conditions.get(name) ?? [];
      if (row.id) ids.push(row.id);
      reference.conditions.set(name, ids);
    } else if (row.kind === 'carrier' && row.id) {
      if (reference.carriers.has(name)) ambiguous.add(`c|${name}`);
      reference.carriers.set(name, row.id);
    }
  }
  for (const key of ambiguous)
    (key.startsWith('s|') ? reference.specialties : reference.carriers).delete(key.slice(2));
  return reference;
}

async function referenceOf(connection: Connection): Promise<Reference> {
  const cached = references.get(connection);
  if (cached) {
    const reference = await cached.catch(() => null);
    if (reference && reference.expires > Date.now()) return reference;
    if (references.get(connection) !== cached) return referenceOf(connection);
  }
  const loading = loadReference(connection);
  references.set(connection, loading);
  loading.catch(() => references.delete(connection));
  return loading;
}

/** The terms from memory, or null when a name or the zip is not there (the database decides then). */
function termsFromMemory(reference: Reference, input: SearchTermsInput): SearchTerms | null {
  if (input.city !== null) return null;
  const specialtyIds = new Set<string>();
  for (const name of input.specialties) {
    const key = keyOf(name);
    const id = key === null ? undefined : reference.specialties.get(key);
    if (!id) return null;
    specialtyIds.add(id);
  }
  if (input.condition !== null) {
    const key = keyOf(input.condition);
    const ids = key === null ? undefined : reference.conditions.get(key);
    if (!ids) return null;
    for (const id of ids) specialtyIds.add(id);
  }
  let carrierId: string | null = null;
  if (input.carrierName !== null) {
    const key = keyOf(input.carrierName);
    const id = key === null ? undefined : reference.carriers.get(key);
    if (!id) return null;
    carrierId = id;
  }
  let place: Place | null = null;
  if (input.zip !== null) {
    const known = reference.zips.get(input.zip);
    if (!known) return null;
    place = known;
  }
  const asked = input.specialties.length > 0 || input.condition !== null;
  return { specialtyIds: asked ? [...specialtyIds].sort() : null, carrierId, place };
}

export interface SearchTermsInput {
  specialties: string[];
  condition: string | null;
  carrierName: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
}

/**
 * Resolves the search's names and place: from memory when every name and the zip are known there (no
 * statement), else in one statement.
 */
export async function resolveSearchTerms(
  connection: Connection,
  input: SearchTermsInput,
): Promise<SearchTerms> {
  const reference = await referenceOf(connection);
  const remembered = termsFromMemory(reference, input);
  if (remembered) return remembered;
  const terms = await resolveSearchTermsInDatabase(connection, input);
  if (input.zip !== null && input.city === null && terms.place) reference.zips.set(input.zip, terms.place);
  return terms;
}

async function resolveSearchTermsInDatabase(
  connection: Connection,
  input: SearchTermsInput,
): Promise<SearchTerms> {
  const row = await store.searchTermsRow(connection, input);
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
): Promise<{
  specialties: Map<string, string>;
  plans: Map<string, { carrierId: string; carrierName: string; planName: string }>;
}> {
  const rows = await store.searchRowNameRows(connection, specialtyIds, planIds);
  const specialties = new Map<string, string>();
  const plans = new Map<string, { carrierId: string; carrierName: string; planName: string }>();
  for (const row of rows) {
    if (row.kind === 'specialty') specialties.set(row.id, row.name);
    else plans.set(row.id, { carrierId: row.carrier_id!, carrierName: row.name, planName: row.plan_name! });
  }
  return { specialties, plans };
}
