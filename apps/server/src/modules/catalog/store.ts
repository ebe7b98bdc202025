import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Connection, Db } from '../../platform/db';
import {
  catalogCodes,
  conditionSpecialties,
  conditions,
  insuranceCarriers,
  insurancePlans,
  specialties,
  usStates,
  zipCodes,
  type CodeKind,
} from './tables';

export type ZipCodeRow = typeof zipCodes.$inferSelect;
export type SpecialtyRow = typeof specialties.$inferSelect;
export type CodeRow = typeof catalogCodes.$inferSelect;

export async function zipCodesByPrefix(db: Db, prefix: string, limit: number): Promise<ZipCodeRow[]> {
  // Digits only (checked by the contract), so no LIKE escaping is needed.
  return db
    .select()
    .from(zipCodes)
    .where(like(zipCodes.code, `${prefix}%`))
    .orderBy(asc(zipCodes.code))
    .limit(limit);
}

export async function zipCodeByCode(db: Db, code: string): Promise<ZipCodeRow | null> {
  const rows = await db.select().from(zipCodes).where(eq(zipCodes.code, code)).limit(1);
  return rows[0] ?? null;
}

export async function listSpecialties(db: Db): Promise<SpecialtyRow[]> {
  return db.select().from(specialties).where(eq(specialties.active, true)).orderBy(asc(specialties.display));
}

export async function specialtiesByIds(db: Db, ids: string[]): Promise<SpecialtyRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(specialties).where(inArray(specialties.id, ids));
}

export async function specialtiesByDisplay(db: Db, displays: string[]): Promise<SpecialtyRow[]> {
  if (displays.length === 0) return [];
  return db
    .select()
    .from(specialties)
    .where(
      inArray(
        sql`lower(${specialties.display})`,
        displays.map((d) => d.toLowerCase()),
      ),
    );
}

export async function listConditionsWithSpecialties(db: Db) {
  return db
    .select({
      id: conditions.id,
      code: conditions.code,
      display: conditions.display,
      specialtyId: specialties.id,
      specialtyDisplay: specialties.display,
    })
    .from(conditions)
    .leftJoin(conditionSpecialties, eq(conditionSpecialties.conditionId, conditions.id))
    .leftJoin(specialties, eq(specialties.id, conditionSpecialties.specialtyId))
    .where(eq(conditions.active, true))
    .orderBy(asc(conditions.display), asc(specialties.display));
}

export async function listCarriersWithPlans(db: Db) {
  return db
    .select({ carrier: insuranceCarriers, plan: insurancePlans })
    .from(insuranceCarriers)
    .leftJoin(
      insurancePlans,
      and(eq(insurancePlans.carrierId, insuranceCarriers.id), eq(insurancePlans.active, true)),
    )
    .where(eq(insuranceCarriers.active, true))
    .orderBy(asc(insuranceCarriers.name), asc(insurancePlans.name));
}

export async function plansByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ plan: insurancePlans, carrier: insuranceCarriers })
    .from(insurancePlans)
    .innerJoin(insuranceCarriers, eq(insuranceCarriers.id, insurancePlans.carrierId))
    .where(inArray(insurancePlans.id, ids));
}

export async function listStates(db: Db) {
  return db.select().from(usStates).orderBy(asc(usStates.name));
}

export async function listCodes(db: Db, kind: CodeKind): Promise<CodeRow[]> {
  return db
    .select()
    .from(catalogCodes)
    .where(and(eq(catalogCodes.kind, kind), eq(catalogCodes.active, true)))
    .orderBy(asc(catalogCodes.sortOrder), asc(catalogCodes.display));
}

/** Which of these ids are specialties, on the caller's connection (a transaction's). */
export async function existingSpecialtyIds(db: Pick<Connection, 'query'>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ id: string }>('select id from specialties where id = any($1::uuid[])', [ids]);
  return rows.map((r) => r.id);
}
