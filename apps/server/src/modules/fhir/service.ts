import { REALM } from '@careslot/contracts';
import { CLINICAL_RESOURCE_TYPES, type FhirResource, type Patient } from '@careslot/contracts';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { fieldError, notFound } from '../../platform/errors';
import { everythingOf, readEntry, searchForFhir } from '../clinical';
import { DIRECTORY_SEARCH, readDirectory, SCHEDULING_TYPES, searchDirectory } from './directory';
import {
  patientExtrasForFhir,
  pharmacyForFhir,
  readPatient,
  relatedPersonForFhir,
  relatedPersonsForFhir,
} from '../patients';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** The FHIR types served (decision 0096): exactly what the CapabilityStatement lists. */
export const SEARCHABLE_TYPES: readonly string[] = CLINICAL_RESOURCE_TYPES;
/**
 * Organization: a practice (read and search) or a pharmacy a patient chose (read); read and search by patient:
 * family links (decision 0110).
 */
export const DIRECTORY_TYPES = ['Organization', 'RelatedPerson'] as const;
export const SERVED_TYPES: readonly string[] = [
  'Patient',
  ...DIRECTORY_TYPES,
  ...SCHEDULING_TYPES,
  ...SEARCHABLE_TYPES,
];
export const SEARCH_PARAMS = ['patient', 'date', 'code', 'status', '_count'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TELECOM: Record<string, string> = { Email: 'email', Phone: 'phone', Mobile: 'phone' };

/** The product's patient as a FHIR R4 Patient. */
export function toFhirPatient(patient: Patient): FhirResource {
  const gender = patient.Gender ? patient.Gender.toLowerCase() : undefined;
  return {
    resourceType: 'Patient',
    id: patient.Id,
    active: patient.Active,
    name: patient.Name.map((n) => ({
      ...(n.Use ? { use: n.Use.toLowerCase() === 'official' ? 'official' : 'usual' } : {}),
      family: n.Family,
      given: n.Given,
    })),
    telecom: patient.Telecom.filter((t) => t.Value).map((t) => ({
      system: TELECOM[t.System] ?? 'other',
      value: t.Value,
      ...(t.System === 'Mobile' ? { use: 'mobile' } : {}),
    })),
    ...(gender ? { gender } : {}),
    ...(patient.BirthDate ? { birthDate: patient.BirthDate } : {}),
  };
}

/** The FHIR Patient with its emergency contacts (Patient.contact) and the family links naming it (Patient.link). */
async function fhirPatient(deps: Deps, context: RequestContext, id: string) {
  const patient = toFhirPatient(await readPatient(deps.database, context, id));
  const extras = await patientExtrasForFhir(deps, patient.id);
  return {
    patient: {
      ...patient,
      ...(extras.contact.length ? { contact: extras.contact } : {}),
      ...(extras.link.length ? { link: extras.link } : {}),
    },
    pharmacies: extras.pharmacies,
  };
}

export async function read(
  deps: Deps,
  context: RequestContext,
  type: string,
  id: string,
): Promise<FhirResource> {
  if (type === 'Patient') return (await fhirPatient(deps, context, id)).patient;
  const directory = await readDirectory(deps, context, type, id);
  if (directory) return directory;
  if ((DIRECTORY_TYPES as readonly string[]).includes(type) && !UUID.test(id)) throw notFound();
  if (type === 'Organization') return pharmacyForFhir(deps, context, id);
  if (type === 'RelatedPerson') return relatedPersonForFhir(deps, context, id);
  if (!SEARCHABLE_TYPES.includes(type)) throw notFound();
  return readEntry(deps, context, id, type);
}

export interface SearchInput {
  patient?: string;
  date?: string | string[];
  /** Slot's start range (ge/gt/le/lt/eq, as date). */
  start?: string | string[];
  /** The directory types' parameters (_id, name, identifier, organization, actor, schedule...). */
  params?: Record<string, string | undefined>;
  code?: string;
  status?: string;
  count: number;
  offset: number;
}

/** date=ge2026-01-01&date=lt2026-02-01 (and eq, a plain date: that day) as a range. */
function dateRange(
  date: string | string[] | undefined,
  field = 'date',
): { from: string | null; to: string | null } {
  let from: string | null = null;
  let to: string | null = null;
  for (const value of date === undefined ? [] : Array.isArray(date) ? date : [date]) {
    const match = /^(ge|gt|le|lt|eq)?(\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2}))?)$/.exec(value);
    if (!match)
      throw fieldError(field, 'format', 'must be a FHIR date with an optional ge, gt, le, lt or eq prefix');
    const [, prefix = 'eq', when] = match;
    const next = (d: string) =>
      new Date(Date.parse(d.length === 10 ? `${d}T00:00:00Z` : d) + 86_400_000).toISOString();
    if (prefix === 'ge' || prefix === 'gt') from = when!;
    else if (prefix === 'le') to = next(when!);
    else if (prefix === 'lt') to = when!;
    else {
      from = when!;
      to = next(when!);
    }
  }
  return { from, to };
}

export async function search(
  deps: Deps,
  context: RequestContext,
  type: string,
  input: SearchInput,
): Promise<{ resources: FhirResource[]; total: number }> {
  const patient = input.patient?.replace(/^Patient\//, '');
  if (patient !== undefined && !UUID.test(patient))
    throw fieldError('patient', 'format', 'must be a Patient id');
  const range = dateRange(type === 'Slot' ? input.start : input.date, type === 'Slot' ? 'start' : 'date');
  const directory = await searchDirectory(deps, context, type, {
    params: { ...input.params, patient, status: input.status },
    ...range,
    count: input.count,
    offset: input.offset,
  });
  if (directory) return directory;
  if (type === 'RelatedPerson') {
    if (!patient) throw fieldError('patient', 'required', 'is required to search RelatedPerson');
    const all = await relatedPersonsForFhir(deps, context, patient);
    return { resources: all.slice(input.offset, input.offset + input.count), total: all.length };
  }
  if (!SEARCHABLE_TYPES.includes(type)) throw notFound();
  const code = input.code?.includes('|') ? input.code.split('|')[1] : input.code;
  return searchForFhir(deps, context, {
    resourceType: type,
    patientId: patient ?? null,
    code: code ?? null,
    status: input.status ?? null,
    ...dateRange(input.date),
    offset: input.offset,
    count: input.count,
  });
}

/**
 * Patient/{id}/$everything: the patient, their family links and pharmacies, and every appointment and clinical
 * entry the caller may see.
 */
export async function everything(deps: Deps, context: RequestContext, id: string): Promise<FhirResource[]> {
  const { patient, pharmacies } = await fhirPatient(deps, context, id);
  const family = await relatedPersonsForFhir(deps, context, patient.id);
  const appointments = await searchDirectory(deps, context, 'Appointment', {
    params: { patient: patient.id },
    from: null,
    to: null,
    count: 1000,
    offset: 0,
  });
  return [
    patient,
    ...family,
    ...pharmacies,
    ...(appointments?.resources ?? []),
    ...(await everythingOf(deps, context, id)),
  ];
}

/** The CapabilityStatement: exactly the types, interactions and search parameters served. */
export function capabilityStatement(baseUrl: string, now: Date): FhirResource {
  const searchParam = [
    { name: 'patient', type: 'reference' },
    { name: 'date', type: 'date' },
    { name: 'code', type: 'token' },
    { name: 'status', type: 'token' },
    { name: '_count', type: 'number' },
  ];
  return {
    resourceType: 'CapabilityStatement',
    id: 'careslot',
    status: 'active',
    date: now.toISOString(),
    kind: 'instance',
    software: { name: 'CareSlot' },
    implementation: { description: 'CareSlot FHIR R4 API', url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        security: {
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          description: 'Bearer tokens of the product; SMART scopes patient/*.read and user/*.read.',
        },
        resource: [
          {
            type: 'Patient',
            interaction: [{ code: 'read' }],
            operation: [
              {
                name: 'everything',
                definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything',
              },
            ],
          },
          ...(['Organization', ...SCHEDULING_TYPES] as const).map((type) => ({
            type,
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [...DIRECTORY_SEARCH[type]!, searchParam[4]!],
          })),
          {
            type: 'RelatedPerson',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [searchParam[0]!, searchParam[4]!],
          },
          ...SEARCHABLE_TYPES.map((type) => ({
            type,
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam,
          })),
        ],
      },
    ],
  };
}

/** The SMART discovery document (.well-known/smart-configuration). */
export function smartConfiguration(issuer: string): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/realms/${REALM}/protocol/openid-connect/auth`,
    token_endpoint: `${issuer}/realms/${REALM}/protocol/openid-connect/token`,
    jwks_uri: `${issuer}/realms/${REALM}/protocol/openid-connect/certs`,
    grant_types_supported: ['authorization_code'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'fhirUser', 'patient/*.read', 'user/*.read'],
    response_types_supported: ['code'],
    capabilities: [
      'launch-standalone',
      'client-public',
      'context-standalone-patient',
      'permission-patient',
      'permission-user',
    ],
  };
}
