import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { pagedSelect, type Page } from '../../platform/paging';
import { patientContacts, patientPharmacies, patientRelatedPersons } from './tables';

/** SQL of a patient's preferred pharmacies and emergency contacts. */
export type PharmacyRow = typeof patientPharmacies.$inferSelect;
export type ContactRow = typeof patientContacts.$inferSelect;

export async function searchPharmacies(
  db: Db,
  patientId: string,
  order: { by: 'CreatedAt' | 'Name'; direction: 'asc' | 'desc' },
  page: Page,
) {
  const dir = order.direction === 'asc' ? asc : desc;
  const column = order.by === 'Name' ? patientPharmacies.name : patientPharmacies.createdAt;
  return pagedSelect(
    db,
    patientPharmacies,
    eq(patientPharmacies.patientId, patientId),
    [dir(column), dir(patientPharmacies.id)],
    page,
  );
}

export async function insertPharmacy(db: Db, row: typeof patientPharmacies.$inferInsert) {
  await db.insert(patientPharmacies).values(row);
}

/** Removes one of the patient's pharmacies; false when the patient has no such pharmacy. */
export async function deletePharmacy(db: Db, patientId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(patientPharmacies)
    .where(and(eq(patientPharmacies.patientId, patientId), eq(patientPharmacies.id, id)))
    .returning({ id: patientPharmacies.id });
  return gone.length > 0;
}

export async function searchContacts(db: Db, patientId: string, page: Page) {
  return pagedSelect(
    db,
    patientContacts,
    eq(patientContacts.patientId, patientId),
    [asc(patientContacts.createdAt), asc(patientContacts.id)],
    page,
  );
}

export async function contactsOfPatient(db: Db, patientId: string): Promise<ContactRow[]> {
  return db
    .select()
    .from(patientContacts)
    .where(eq(patientContacts.patientId, patientId))
    .orderBy(asc(patientContacts.createdAt), asc(patientContacts.id));
}

export async function insertContact(db: Db, row: typeof patientContacts.$inferInsert) {
  await db.insert(patientContacts).values(row);
}

export async function deleteContact(db: Db, patientId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(patientContacts)
    .where(and(eq(patientContacts.patientId, patientId), eq(patientContacts.id, id)))
    .returning({ id: patientContacts.id });
  return gone.length > 0;
}

export async function pharmacyById(db: Db, id: string): Promise<PharmacyRow | null> {
  const [row] = await db.select().from(patientPharmacies).where(eq(patientPharmacies.id, id));
  return row ?? null;
}

/** The family links naming this patient as the member (their holders' RelatedPerson ids). */
export async function memberLinksOf(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ id: patientRelatedPersons.id })
    .from(patientRelatedPersons)
    .where(and(eq(patientRelatedPersons.relatedPatientId, memberId), eq(patientRelatedPersons.active, true)))
    .orderBy(asc(patientRelatedPersons.createdAt), asc(patientRelatedPersons.id));
  return rows.map((r) => r.id);
}

export async function relatedPersonLink(db: Db, id: string) {
  const [row] = await db.select().from(patientRelatedPersons).where(eq(patientRelatedPersons.id, id));
  return row ?? null;
}
