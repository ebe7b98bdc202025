import { PERSONAL_RELATIONS, V3_ROLE_CODE, type FhirResource, type RelatedPerson } from '@careslot/contracts';
import type { ContactRow, PharmacyRow } from './contacts-store';

/**
 * The FHIR R4 shapes of a patient's pharmacies (Organization), emergency contacts (Patient.contact) and family
 * members (RelatedPerson; the member's own Patient links back to it), decision 0110.
 */

const NCPDP = 'http://terminology.hl7.org/CodeSystem/NCPDPProviderIdentificationNumber';
const NPI = 'http://hl7.org/fhir/sid/us-npi';
const CONTACT_ROLE = 'http://terminology.hl7.org/CodeSystem/v2-0131';

/** A relation the product stores ('Child') as a v3 RoleCode concept; 'Other' has no code, only its text. */
export function relationConcept(display: string): Record<string, unknown> {
  const code = PERSONAL_RELATIONS.find(([, d]) => d === display)?.[0];
  return code && code !== 'O'
    ? { coding: [{ system: V3_ROLE_CODE, code, display }], text: display }
    : { text: display };
}

const telecom = (entries: [string, string | null][]) =>
  entries.flatMap(([system, value]) => (value ? [{ system, value }] : []));

export function pharmacyOrganization(row: PharmacyRow): FhirResource {
  const identifier = [
    ...(row.ncpdpId ? [{ system: NCPDP, value: row.ncpdpId }] : []),
    ...(row.npi ? [{ system: NPI, value: row.npi }] : []),
  ];
  const contactPoints = telecom([
    ['phone', row.phone],
    ['fax', row.fax],
  ]);
  return {
    resourceType: 'Organization',
    id: row.id,
    ...(identifier.length ? { identifier } : {}),
    active: true,
    type: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/organization-type',
            code: 'prov',
            display: 'Healthcare Provider',
          },
        ],
        text: 'Pharmacy',
      },
    ],
    name: row.name,
    ...(contactPoints.length ? { telecom: contactPoints } : {}),
    ...(row.address
      ? {
          address: [
            {
              line: [row.address.Address1, ...row.address.Address2].filter(Boolean),
              city: row.address.City,
              state: row.address.State,
              postalCode: row.address.ZipCode,
              country: 'US',
            },
          ],
        }
      : {}),
  };
}

/** An emergency contact as a Patient.contact element. */
export function patientContact(row: ContactRow): Record<string, unknown> {
  const contactPoints = telecom([
    ['phone', row.phone],
    ['email', row.email],
  ]);
  return {
    relationship: [
      { coding: [{ system: CONTACT_ROLE, code: 'C', display: 'Emergency Contact' }] },
      relationConcept(row.relationship),
    ],
    name: { family: row.lastName, given: [row.firstName] },
    ...(contactPoints.length ? { telecom: contactPoints } : {}),
  };
}

/**
 * A family member as a RelatedPerson of the account holder: `patient` is the holder, the relationship says
 * what the member is to them (a Child), and the member's own Patient resource is `Patient/{RelatedPatientId}`.
 */
export function relatedPersonResource(person: RelatedPerson): FhirResource {
  const gender = person.Gender?.toLowerCase();
  const contactPoints = person.Telecom.filter((t) => t.Value).map((t) => ({
    system: t.System === 'Email' ? 'email' : 'phone',
    value: t.Value,
  }));
  return {
    resourceType: 'RelatedPerson',
    id: person.Id,
    active: person.Active,
    patient: { reference: `Patient/${person.PatientId}` },
    relationship: [relationConcept(person.Relationship)],
    name: person.Name.map((n) => ({ family: n.Family, given: n.Given })),
    ...(contactPoints.length ? { telecom: contactPoints } : {}),
    ...(gender && ['male', 'female', 'other', 'unknown'].includes(gender) ? { gender } : {}),
    ...(person.BirthDate ? { birthDate: person.BirthDate } : {}),
  };
}
