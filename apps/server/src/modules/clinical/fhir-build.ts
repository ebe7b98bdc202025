import {
  CLINICAL_CODES,
  type ClinicalCollection,
  type ClinicalInput,
  type CodeEntry,
} from '@careslot/contracts';

/**
 * The product's coded inputs made into FHIR R4 resources (decision 0095). Everything here is pure: ids, the
 * patient, the author and the encounter come from the service; the codes from the shipped subsets.
 */

export interface BuildContext {
  id: string;
  patientId: string;
  /** Who recorded it: `Practitioner/<id>`, `Patient/<id>` or a display only. */
  author: { reference?: string; display?: string };
  encounterId: string | null;
  now: Date;
}

type Coding = { system: string; code: string; display: string };
type CodeableConcept = { coding?: Coding[]; text: string };

const TERMINOLOGY = 'http://terminology.hl7.org/CodeSystem';

function concept(
  system: string,
  list: readonly CodeEntry[],
  code: string | null | undefined,
  text?: string | null,
): CodeableConcept {
  const entry = code ? list.find((c) => c.code === code) : undefined;
  if (!entry) return { text: text ?? '' };
  return { coding: [{ system, code: entry.code, display: entry.display }], text: text || entry.display };
}

const subject = (b: BuildContext) => ({ reference: `Patient/${b.patientId}` });
const encounter = (b: BuildContext) =>
  b.encounterId ? { encounter: { reference: `Encounter/${b.encounterId}` } } : {};
const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

export interface Built {
  resource: Record<string, unknown> & { resourceType: string; id: string };
  codeSystem: string | null;
  code: string | null;
  status: string;
  effectiveAt: string | null;
}

function vital(b: BuildContext, input: ClinicalInput<'observations'>): Built {
  const { system, unitSystem, codes } = CLINICAL_CODES.vitals;
  const v = codes.find((c) => c.code === input.Code)!;
  const effective = input.EffectiveDateTime ?? b.now.toISOString();
  const quantity = (value: number) => ({ value, unit: v.unitText, system: unitSystem, code: v.unit });
  const resource: Built['resource'] = {
    resourceType: 'Observation',
    id: b.id,
    status: 'final',
    category: [
      {
        coding: [
          { system: `${TERMINOLOGY}/observation-category`, code: 'vital-signs', display: 'Vital Signs' },
        ],
      },
    ],
    code: { coding: [{ system, code: v.code, display: v.display }], text: v.display },
    subject: subject(b),
    ...encounter(b),
    effectiveDateTime: effective,
    issued: b.now.toISOString(),
    performer: [b.author],
  };
  if (v.components) {
    const [first, second] = v.components;
    resource.component = [
      { code: { coding: [{ system, ...first! }] }, valueQuantity: quantity(input.Value) },
      { code: { coding: [{ system, ...second! }] }, valueQuantity: quantity(input.Value2!) },
    ];
  } else resource.valueQuantity = quantity(input.Value);
  return { resource, codeSystem: system, code: v.code, status: 'final', effectiveAt: effective };
}

function allergy(b: BuildContext, input: ClinicalInput<'allergy-intolerances'>): Built {
  const { system, codes } = CLINICAL_CODES.allergies;
  const entry = codes.find((c) => c.code === input.Code);
  const category = input.Category ?? entry?.category;
  const status = input.ClinicalStatus ?? 'active';
  const resource: Built['resource'] = {
    resourceType: 'AllergyIntolerance',
    id: b.id,
    clinicalStatus: {
      coding: [{ system: `${TERMINOLOGY}/allergyintolerance-clinical`, code: status }],
    },
    verificationStatus: {
      coding: [{ system: `${TERMINOLOGY}/allergyintolerance-verification`, code: 'unconfirmed' }],
    },
    ...(category ? { category: [category] } : {}),
    ...(input.Criticality ? { criticality: input.Criticality } : {}),
    code: concept(system, codes, input.Code, input.Text),
    patient: subject(b),
    ...encounter(b),
    recordedDate: b.now.toISOString(),
    recorder: b.author,
    ...(input.Reaction ? { reaction: [{ manifestation: [{ text: input.Reaction }] }] } : {}),
  };
  return {
    resource,
    codeSystem: entry ? system : null,
    code: entry?.code ?? null,
    status,
    effectiveAt: b.now.toISOString(),
  };
}

function medication(b: BuildContext, input: ClinicalInput<'medication-statements'>): Built {
  const { system, codes } = CLINICAL_CODES.medications;
  const status = input.Status ?? 'active';
  const effective = input.EffectiveDate ?? dateOnly(b.now);
  const resource: Built['resource'] = {
    resourceType: 'MedicationStatement',
    id: b.id,
    status,
    medicationCodeableConcept: concept(system, codes, input.Code, input.Text),
    subject: subject(b),
    ...(b.encounterId ? { context: { reference: `Encounter/${b.encounterId}` } } : {}),
    effectiveDateTime: effective,
    dateAsserted: b.now.toISOString(),
    informationSource: b.author,
    ...(input.Dosage ? { dosage: [{ text: input.Dosage }] } : {}),
  };
  return {
    resource,
    codeSystem: input.Code ? system : null,
    code: input.Code ?? null,
    status,
    effectiveAt: effective,
  };
}

function immunization(b: BuildContext, input: ClinicalInput<'immunizations'>): Built {
  const { system, codes } = CLINICAL_CODES.vaccines;
  const status = input.Status ?? 'completed';
  const resource: Built['resource'] = {
    resourceType: 'Immunization',
    id: b.id,
    status,
    vaccineCode: concept(system, codes, input.Code),
    patient: subject(b),
    ...encounter(b),
    occurrenceDateTime: input.OccurrenceDate,
    recorded: b.now.toISOString(),
    primarySource: b.author.reference?.startsWith('Practitioner/') ?? false,
    ...(input.LotNumber ? { lotNumber: input.LotNumber } : {}),
    ...(input.Performer ? { performer: [{ actor: { display: input.Performer } }] } : {}),
  };
  return { resource, codeSystem: system, code: input.Code, status, effectiveAt: input.OccurrenceDate };
}

function condition(b: BuildContext, input: ClinicalInput<'conditions'>): Built {
  const { system, icd10System, codes } = CLINICAL_CODES.conditions;
  const entry = codes.find((c) => c.code === input.Code);
  const status = input.ClinicalStatus ?? 'active';
  const code = concept(system, codes, input.Code, input.Text);
  if (entry) code.coding!.push({ system: icd10System, code: entry.icd10, display: entry.icd10Display });
  const category = input.Category ?? 'problem-list-item';
  const resource: Built['resource'] = {
    resourceType: 'Condition',
    id: b.id,
    clinicalStatus: { coding: [{ system: `${TERMINOLOGY}/condition-clinical`, code: status }] },
    verificationStatus: { coding: [{ system: `${TERMINOLOGY}/condition-ver-status`, code: 'confirmed' }] },
    category: [{ coding: [{ system: `${TERMINOLOGY}/condition-category`, code: category }] }],
    code,
    subject: subject(b),
    ...encounter(b),
    ...(input.OnsetDate ? { onsetDateTime: input.OnsetDate } : {}),
    recordedDate: b.now.toISOString(),
    recorder: b.author,
  };
  return {
    resource,
    codeSystem: entry ? system : null,
    code: entry?.code ?? null,
    status,
    effectiveAt: input.OnsetDate ?? b.now.toISOString(),
  };
}

function familyHistory(b: BuildContext, input: ClinicalInput<'family-member-histories'>): Built {
  const conditions = CLINICAL_CODES.conditions;
  const relations = CLINICAL_CODES.relationships;
  const resource: Built['resource'] = {
    resourceType: 'FamilyMemberHistory',
    id: b.id,
    status: 'completed',
    patient: subject(b),
    date: b.now.toISOString(),
    relationship: concept(relations.system, relations.codes, input.Relationship),
    condition: [
      {
        code: concept(conditions.system, conditions.codes, input.Code, input.Text),
        ...(input.OnsetAge != null
          ? {
              onsetAge: {
                value: input.OnsetAge,
                unit: 'yr',
                system: 'http://unitsofmeasure.org',
                code: 'a',
              },
            }
          : {}),
      },
    ],
  };
  return {
    resource,
    codeSystem: input.Code ? conditions.system : null,
    code: input.Code ?? null,
    status: 'completed',
    effectiveAt: b.now.toISOString(),
  };
}

function procedure(b: BuildContext, input: ClinicalInput<'procedures'>): Built {
  const { system, codes } = CLINICAL_CODES.procedures;
  const status = input.Status ?? 'completed';
  const resource: Built['resource'] = {
    resourceType: 'Procedure',
    id: b.id,
    status,
    code: concept(system, codes, input.Code, input.Text),
    subject: subject(b),
    ...encounter(b),
    ...(input.PerformedDate ? { performedDateTime: input.PerformedDate } : {}),
    recorder: b.author,
  };
  return {
    resource,
    codeSystem: input.Code ? system : null,
    code: input.Code ?? null,
    status,
    effectiveAt: input.PerformedDate ?? b.now.toISOString(),
  };
}

function diagnosticReport(b: BuildContext, input: ClinicalInput<'diagnostic-reports'>): Built {
  const status = input.Status ?? 'final';
  const resource: Built['resource'] = {
    resourceType: 'DiagnosticReport',
    id: b.id,
    status,
    code: {
      coding: [{ system: 'http://loinc.org', code: input.Code, display: input.Text }],
      text: input.Text,
    },
    subject: subject(b),
    ...encounter(b),
    effectiveDateTime: b.now.toISOString(),
    issued: b.now.toISOString(),
    performer: [b.author],
    ...((input.ResultIds ?? []).length
      ? { result: input.ResultIds!.map((id) => ({ reference: `Observation/${id}` })) }
      : {}),
    ...(input.Conclusion ? { conclusion: input.Conclusion } : {}),
  };
  return {
    resource,
    codeSystem: 'http://loinc.org',
    code: input.Code,
    status,
    effectiveAt: b.now.toISOString(),
  };
}

function documentReference(b: BuildContext, input: ClinicalInput<'document-references'>): Built {
  const resource: Built['resource'] = {
    resourceType: 'DocumentReference',
    id: b.id,
    status: 'current',
    subject: subject(b),
    date: b.now.toISOString(),
    author: [b.author],
    description: input.Title,
    content: [
      {
        attachment: {
          contentType: input.ContentType,
          data: input.Data,
          title: input.Title,
          size: Math.floor((input.Data.length * 3) / 4) - (input.Data.match(/=+$/)?.[0].length ?? 0),
          creation: b.now.toISOString(),
        },
      },
    ],
    ...(b.encounterId ? { context: { encounter: [{ reference: `Encounter/${b.encounterId}` }] } } : {}),
  };
  return { resource, codeSystem: null, code: null, status: 'current', effectiveAt: b.now.toISOString() };
}

export function buildResource<C extends ClinicalCollection>(
  collection: C,
  b: BuildContext,
  input: ClinicalInput<C>,
): Built {
  switch (collection) {
    case 'observations':
      return vital(b, input as ClinicalInput<'observations'>);
    case 'allergy-intolerances':
      return allergy(b, input as ClinicalInput<'allergy-intolerances'>);
    case 'medication-statements':
      return medication(b, input as ClinicalInput<'medication-statements'>);
    case 'immunizations':
      return immunization(b, input as ClinicalInput<'immunizations'>);
    case 'conditions':
      return condition(b, input as ClinicalInput<'conditions'>);
    case 'family-member-histories':
      return familyHistory(b, input as ClinicalInput<'family-member-histories'>);
    case 'procedures':
      return procedure(b, input as ClinicalInput<'procedures'>);
    case 'diagnostic-reports':
      return diagnosticReport(b, input as ClinicalInput<'diagnostic-reports'>);
    case 'document-references':
      return documentReference(b, input as ClinicalInput<'document-references'>);
  }
  throw new Error(`no builder for ${String(collection)}`);
}

export interface EncounterSource {
  appointmentId: string;
  patientId: string;
  organizationId: string | null;
  practitionerId: string | null;
  locationId: string | null;
  start: string;
  end: string;
  virtual: boolean;
  finished: boolean;
}

/** An encounter made from a visit (office or video): the appointment it came from, who and where. */
export function buildEncounter(id: string, source: EncounterSource): Built {
  const status = source.finished ? 'finished' : 'in-progress';
  const resource: Built['resource'] = {
    resourceType: 'Encounter',
    id,
    status,
    class: source.virtual
      ? { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'VR', display: 'virtual' }
      : { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    subject: { reference: `Patient/${source.patientId}` },
    ...(source.practitionerId
      ? { participant: [{ individual: { reference: `Practitioner/${source.practitionerId}` } }] }
      : {}),
    appointment: [{ reference: `Appointment/${source.appointmentId}` }],
    period: { start: source.start, end: source.end },
    ...(source.locationId
      ? { location: [{ location: { reference: `Location/${source.locationId}` } }] }
      : {}),
    ...(source.organizationId
      ? { serviceProvider: { reference: `Organization/${source.organizationId}` } }
      : {}),
  };
  return { resource, codeSystem: null, code: null, status, effectiveAt: source.start };
}

/** The status a change sets, written where each type keeps it. */
export function withStatus(resource: Record<string, unknown>, status: string): Record<string, unknown> {
  const type = resource.resourceType;
  if (type === 'AllergyIntolerance' || type === 'Condition') {
    if (status === 'entered-in-error') {
      const system =
        type === 'Condition'
          ? `${TERMINOLOGY}/condition-ver-status`
          : `${TERMINOLOGY}/allergyintolerance-verification`;
      const { clinicalStatus: _gone, ...rest } = resource;
      return { ...rest, verificationStatus: { coding: [{ system, code: 'entered-in-error' }] } };
    }
    const system =
      type === 'Condition'
        ? `${TERMINOLOGY}/condition-clinical`
        : `${TERMINOLOGY}/allergyintolerance-clinical`;
    return { ...resource, clinicalStatus: { coding: [{ system, code: status }] } };
  }
  if (type === 'DocumentReference')
    return { ...resource, status: status === 'entered-in-error' ? status : 'current' };
  return { ...resource, status };
}
