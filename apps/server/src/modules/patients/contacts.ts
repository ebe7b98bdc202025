import { randomUUID } from 'node:crypto';
import type {
  ContactInput,
  FamilyMemberInput,
  FhirResource,
  PatientContact,
  Pharmacy,
  PharmacyInput,
  PharmacySearch,
  RelatedPerson,
} from '@careslot/contracts';
import { notFoundAudited } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import type { Paged } from '../../platform/resource-shapes';
import { notFound } from '../../platform/errors';
import * as store from './contacts-store';
import { patientContact, pharmacyOrganization, relatedPersonResource } from './fhir-shapes';
import { accessiblePatient, addFamilyMember, recordCareRelation, relatedPersons } from './service';

/**
 * A patient's preferred pharmacies, emergency contacts and family members (practice-portal.md §7 Patients;
 * decision 0110). Who may read and change them is the patient's record's rule (the patient, their account
 * holder, a practice caring for them, support with a purpose), decided and audited by the access policy.
 */

type Deps = Pick<AppDeps, 'database' | 'clock'>;

function shapePharmacy(row: store.PharmacyRow): Pharmacy {
  return {
    Id: row.id,
    PatientId: row.patientId,
    Name: row.name,
    NcpdpId: row.ncpdpId,
    Npi: row.npi,
    Phone: row.phone,
    Fax: row.fax,
    Address: row.address,
    CreatedAt: row.createdAt.toISOString(),
  };
}

function shapeContact(row: store.ContactRow): PatientContact {
  return {
    Id: row.id,
    PatientId: row.patientId,
    FirstName: row.firstName,
    LastName: row.lastName,
    Relationship: row.relationship,
    Phone: row.phone,
    Email: row.email,
    CreatedAt: row.createdAt.toISOString(),
  };
}

const PHARMACY = { entityType: 'PatientPharmacy' } as const;
const CONTACT = { entityType: 'PatientContact' } as const;

/** GET v2/patient/{id}/pharmacies and POST v2/PatientPharmacies/advance-search: newest first by default. */
export async function searchPharmacies(
  deps: Deps,
  context: RequestContext,
  query: PharmacySearch,
): Promise<Paged<Pharmacy>> {
  await accessiblePatient(deps.database, context, query.PatientId, 'read', {
    ...PHARMACY,
    workflow: 'pharmacy_search',
  });
  const { rows, total } = await store.searchPharmacies(
    deps.database.db,
    query.PatientId,
    { by: query.SortBy, direction: query.OrderBy },
    { limit: query.Limit, offset: query.Offset },
  );
  return { Data: rows.map(shapePharmacy), Total: total };
}

export async function addPharmacy(
  deps: Deps,
  context: RequestContext,
  input: PharmacyInput,
): Promise<Pharmacy> {
  const id = randomUUID();
  await accessiblePatient(deps.database, context, input.PatientId, 'create', {
    ...PHARMACY,
    workflow: 'pharmacy_add',
    detail: { pharmacyId: id },
  });
  const row: store.PharmacyRow = {
    id,
    patientId: input.PatientId,
    name: input.Name,
    ncpdpId: input.NcpdpId ?? null,
    npi: input.Npi ?? null,
    phone: input.Phone || null,
    fax: input.Fax || null,
    address: input.Address ?? null,
    createdAt: deps.clock.now(),
    createdBy: context.userId,
  };
  await store.insertPharmacy(deps.database.db, row);
  return shapePharmacy(row);
}

export async function removePharmacy(
  deps: Deps,
  context: RequestContext,
  patientId: string,
  pharmacyId: string,
): Promise<void> {
  await accessiblePatient(deps.database, context, patientId, 'delete', {
    ...PHARMACY,
    workflow: 'pharmacy_remove',
    detail: { pharmacyId },
  });
  if (!(await store.deletePharmacy(deps.database.db, patientId, pharmacyId))) throw notFound();
}

/** POST v1/PatientContact/advance-search: the patient's emergency contacts, in the order they were added. */
export async function searchContacts(
  deps: Deps,
  context: RequestContext,
  query: { PatientId: string; Offset: number; Limit: number },
): Promise<Paged<PatientContact>> {
  await accessiblePatient(deps.database, context, query.PatientId, 'read', {
    ...CONTACT,
    workflow: 'contact_search',
  });
  const { rows, total } = await store.searchContacts(deps.database.db, query.PatientId, {
    limit: query.Limit,
    offset: query.Offset,
  });
  return { Data: rows.map(shapeContact), Total: total };
}

export async function addContact(
  deps: Deps,
  context: RequestContext,
  input: ContactInput,
): Promise<PatientContact> {
  const id = randomUUID();
  await accessiblePatient(deps.database, context, input.PatientId, 'create', {
    ...CONTACT,
    workflow: 'contact_add',
    detail: { contactId: id },
  });
  const row: store.ContactRow = {
    id,
    patientId: input.PatientId,
    firstName: input.FirstName,
    lastName: input.LastName,
    relationship: input.Relationship,
    phone: input.Phone || null,
    email: input.Email || null,
    createdAt: deps.clock.now(),
    createdBy: context.userId,
  };
  await store.insertContact(deps.database.db, row);
  return shapeContact(row);
}

export async function removeContact(
  deps: Deps,
  context: RequestContext,
  patientId: string,
  contactId: string,
): Promise<void> {
  await accessiblePatient(deps.database, context, patientId, 'delete', {
    ...CONTACT,
    workflow: 'contact_remove',
    detail: { contactId },
  });
  if (!(await store.deleteContact(deps.database.db, patientId, contactId))) throw notFound();
}

/**
 * POST v2/patient/{id}/family-member?relation=: a family member with their own patient record, booked for by
 * the holder {id}. A practice that adds one (at the desk) cares for the new member too, so it can book them.
 */
export async function addFamilyMemberFor(
  deps: Deps,
  context: RequestContext,
  holderId: string,
  relation: string,
  input: FamilyMemberInput,
): Promise<RelatedPerson> {
  const holder = await accessiblePatient(deps.database, context, holderId, 'create', {
    entityType: 'RelatedPerson',
    workflow: 'family_member_add',
    detail: { relation },
  });
  const member = await addFamilyMember(deps.database, holderId, relation, {
    firstName: input.FirstName,
    lastName: input.LastName,
    birthDate: input.BirthDate,
    gender: input.Gender,
    email: input.Email ?? null,
    mobile: input.Mobile ?? null,
    managingOrganizationId: holder.managingOrganizationId,
  });
  if (context.organizationId && !context.patientId)
    await recordCareRelation(deps.database, member.RelatedPatientId, context.organizationId, 'registration');
  return member;
}

// ---------- FHIR reads (decision 0110) ----------

/** Organization/{id} for a pharmacy: readable by whoever may read the patient who chose it. */
export async function pharmacyForFhir(
  deps: Deps,
  context: RequestContext,
  id: string,
): Promise<FhirResource> {
  const row = await store.pharmacyById(deps.database.db, id);
  if (!row) return notFoundAudited(context, 'read', 'patient', null, { ...PHARMACY, workflow: 'FHIR_Read' });
  await accessiblePatient(deps.database, context, row.patientId, 'read', {
    ...PHARMACY,
    workflow: 'FHIR_Read',
  });
  return pharmacyOrganization(row);
}

/** RelatedPerson/{id}: a family link, readable by whoever may read the account holder. */
export async function relatedPersonForFhir(
  deps: Deps,
  context: RequestContext,
  id: string,
): Promise<FhirResource> {
  const link = await store.relatedPersonLink(deps.database.db, id);
  if (!link)
    return notFoundAudited(context, 'read', 'patient', null, {
      entityType: 'RelatedPerson',
      workflow: 'FHIR_Read',
    });
  await accessiblePatient(deps.database, context, link.patientId, 'read', {
    entityType: 'RelatedPerson',
    workflow: 'FHIR_Read',
  });
  const person = (await relatedPersons(deps.database, link.patientId)).find((p) => p.Id === id);
  if (!person) throw notFound();
  return relatedPersonResource(person);
}

/** RelatedPerson?patient={id}: the holder's family members. */
export async function relatedPersonsForFhir(
  deps: Deps,
  context: RequestContext,
  patientId: string,
): Promise<FhirResource[]> {
  await accessiblePatient(deps.database, context, patientId, 'read', {
    entityType: 'RelatedPerson',
    workflow: 'FHIR_Search',
  });
  return (await relatedPersons(deps.database, patientId)).map(relatedPersonResource);
}

/**
 * What a FHIR Patient carries besides the demographics, for a patient the caller was just authorized to read
 * (unchecked): Patient.contact (emergency contacts), Patient.link to the family links naming them, and their
 * pharmacies as Organizations (for $everything).
 */
export async function patientExtrasForFhir(
  deps: Deps,
  patientId: string,
): Promise<{
  contact: Record<string, unknown>[];
  link: Record<string, unknown>[];
  pharmacies: FhirResource[];
}> {
  const [contacts, links, pharmacies] = await Promise.all([
    store.contactsOfPatient(deps.database.db, patientId),
    store.memberLinksOf(deps.database.db, patientId),
    store.searchPharmacies(
      deps.database.db,
      patientId,
      { by: 'CreatedAt', direction: 'desc' },
      { limit: 0, offset: 0 },
    ),
  ]);
  return {
    contact: contacts.map(patientContact),
    link: links.map((id) => ({ other: { reference: `RelatedPerson/${id}` }, type: 'seealso' })),
    pharmacies: pharmacies.rows.map(pharmacyOrganization),
  };
}
