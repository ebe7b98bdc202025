import { z } from 'zod';
import allergies from './clinical-codes/allergies.json';
import conditions from './clinical-codes/conditions.json';
import medications from './clinical-codes/medications.json';
import procedures from './clinical-codes/procedures.json';
import relationships from './clinical-codes/relationships.json';
import vaccines from './clinical-codes/vaccines.json';
import vitals from './clinical-codes/vitals.json';
import { calendarDate, isoInstant, safeText } from './input';

/**
 * The clinical record's boundary (practice-portal.md §1 and §7 Clinical calls; issue 27, decision 0095). Entries
 * are FHIR R4 resources; callers write them through small, coded inputs (the code subsets shipped in
 * clinical-codes/*.json: LOINC vitals, SNOMED CT and ICD-10-CM problems, RxNorm medications, CVX vaccines) and
 * read them back as the FHIR resources the server stores.
 */

export interface CodeEntry {
  code: string;
  display: string;
}
export interface VitalCode extends CodeEntry {
  key: string;
  unit: string;
  unitText: string;
  min: number;
  max: number;
  components?: CodeEntry[];
}

export const CLINICAL_CODES = {
  vitals,
  vaccines,
  allergies: allergies as {
    system: string;
    codes: (CodeEntry & { category: 'medication' | 'food' | 'environment' })[];
  },
  medications,
  conditions,
  procedures,
  relationships,
} as const;

/** The clinical calls' collections under clinical/patients/{id}/ (spec §7) and the FHIR type each holds. */
export const CLINICAL_COLLECTIONS = {
  observations: 'Observation',
  'medication-statements': 'MedicationStatement',
  immunizations: 'Immunization',
  'document-references': 'DocumentReference',
  'allergy-intolerances': 'AllergyIntolerance',
  conditions: 'Condition',
  'family-member-histories': 'FamilyMemberHistory',
  procedures: 'Procedure',
  'diagnostic-reports': 'DiagnosticReport',
} as const;
export type ClinicalCollection = keyof typeof CLINICAL_COLLECTIONS;
export type ClinicalResourceType = (typeof CLINICAL_COLLECTIONS)[ClinicalCollection] | 'Encounter';
export const CLINICAL_RESOURCE_TYPES: readonly ClinicalResourceType[] = [
  ...Object.values(CLINICAL_COLLECTIONS),
  'Encounter',
];

/** A FHIR R4 resource as the server answers it (the record's shape is FHIR's; typed loosely at this boundary). */
export type FhirResource = { resourceType: string; id: string } & Record<string, unknown>;

const codeOf = (list: readonly CodeEntry[], what: string) =>
  z.string().refine((value) => list.some((entry) => entry.code === value), {
    message: `must be one of the product's ${what} codes`,
  });

const text = (max: number) => safeText().trim().min(1).max(max);
const optionalText = (max: number) => safeText().trim().max(max).nullable().optional();
/** An entry recorded during a visit: the appointment its encounter is made from. */
const visit = { AppointmentId: z.uuid({ error: 'must be an appointment id' }).nullable().optional() };
/** A coded choice from the subset, or free text when the catalog has no code for it. */
const codedOrText = (list: readonly CodeEntry[], what: string) => ({
  Code: codeOf(list, what).nullable().optional(),
  Text: optionalText(200),
});
const needsCodeOrText = (value: { Code?: string | null; Text?: string | null }) =>
  Boolean(value.Code || value.Text);
const codeOrTextIssue = { message: 'needs a Code or a Text', path: ['Code'] };

export const vitalInputSchema = z
  .object({
    ...visit,
    EffectiveDateTime: isoInstant().nullable().optional(),
    Code: codeOf(CLINICAL_CODES.vitals.codes, 'vital-sign (LOINC)'),
    Value: z.number().finite(),
    /** The diastolic pressure of a blood-pressure panel (Value is the systolic). */
    Value2: z.number().finite().nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const vital = CLINICAL_CODES.vitals.codes.find((v) => v.code === value.Code);
    if (!vital) return;
    const check = (field: 'Value' | 'Value2', n: number) => {
      if (n < vital.min || n > vital.max)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `must be between ${vital.min} and ${vital.max} ${vital.unitText}`,
          params: { rule: 'range' },
        });
    };
    check('Value', value.Value);
    if (vital.components) {
      if (value.Value2 === null || value.Value2 === undefined)
        ctx.addIssue({ code: 'custom', path: ['Value2'], message: 'is required for a blood pressure' });
      else check('Value2', value.Value2);
    }
  });

export const allergyInputSchema = z
  .object({
    ...visit,
    ...codedOrText(CLINICAL_CODES.allergies.codes, 'allergy'),
    Category: z.enum(['medication', 'food', 'environment', 'biologic']).nullable().optional(),
    Criticality: z.enum(['low', 'high', 'unable-to-assess']).nullable().optional(),
    Reaction: optionalText(200),
    ClinicalStatus: z.enum(['active', 'inactive', 'resolved']).default('active'),
  })
  .refine(needsCodeOrText, codeOrTextIssue);

export const medicationStatementInputSchema = z
  .object({
    ...visit,
    ...codedOrText(CLINICAL_CODES.medications.codes, 'medication (RxNorm)'),
    Dosage: optionalText(200),
    Status: z.enum(['active', 'completed', 'stopped', 'on-hold', 'intended']).default('active'),
    EffectiveDate: calendarDate().nullable().optional(),
  })
  .refine(needsCodeOrText, codeOrTextIssue);

export const immunizationInputSchema = z.object({
  ...visit,
  Code: codeOf(CLINICAL_CODES.vaccines.codes, 'vaccine (CVX)'),
  OccurrenceDate: calendarDate(),
  LotNumber: optionalText(40),
  Status: z.enum(['completed', 'not-done']).default('completed'),
  Performer: optionalText(120),
});

export const conditionInputSchema = z
  .object({
    ...visit,
    ...codedOrText(CLINICAL_CODES.conditions.codes, 'problem (SNOMED CT)'),
    OnsetDate: calendarDate().nullable().optional(),
    ClinicalStatus: z.enum(['active', 'inactive', 'resolved']).default('active'),
    Category: z.enum(['problem-list-item', 'encounter-diagnosis']).default('problem-list-item'),
  })
  .refine(needsCodeOrText, codeOrTextIssue);

export const familyHistoryInputSchema = z
  .object({
    Relationship: codeOf(CLINICAL_CODES.relationships.codes, 'relationship'),
    ...codedOrText(CLINICAL_CODES.conditions.codes, 'problem (SNOMED CT)'),
    OnsetAge: z.number().int().min(0).max(130).nullable().optional(),
  })
  .refine(needsCodeOrText, codeOrTextIssue);

export const procedureInputSchema = z
  .object({
    ...visit,
    ...codedOrText(CLINICAL_CODES.procedures.codes, 'procedure (SNOMED CT)'),
    PerformedDate: calendarDate().nullable().optional(),
    Status: z.enum(['completed', 'in-progress', 'not-done']).default('completed'),
  })
  .refine(needsCodeOrText, codeOrTextIssue);

export const diagnosticReportInputSchema = z.object({
  ...visit,
  /** A LOINC report code, e.g. 58410-2 (CBC panel). */
  Code: z.string().regex(/^\d{1,7}-\d$/, { message: 'must be a LOINC code' }),
  Text: text(200),
  Conclusion: optionalText(2000),
  ResultIds: z.array(z.uuid()).max(50).default([]),
  Status: z.enum(['registered', 'preliminary', 'final', 'amended']).default('final'),
});

/** A document (upload, preview, download): kept inline as a FHIR attachment, 2 MB at most. */
export const DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;
export const documentReferenceInputSchema = z.object({
  ...visit,
  Title: text(200),
  ContentType: z.enum(['application/pdf', 'image/png', 'image/jpeg', 'text/plain']),
  /** The file's bytes, base64. */
  Data: z
    .string()
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'must be base64' })
    .max(Math.ceil((DOCUMENT_MAX_BYTES * 4) / 3) + 4, { message: 'must be 2 MB or smaller' }),
});

export const CLINICAL_INPUT_SCHEMAS = {
  observations: vitalInputSchema,
  'medication-statements': medicationStatementInputSchema,
  immunizations: immunizationInputSchema,
  'document-references': documentReferenceInputSchema,
  'allergy-intolerances': allergyInputSchema,
  conditions: conditionInputSchema,
  'family-member-histories': familyHistoryInputSchema,
  procedures: procedureInputSchema,
  'diagnostic-reports': diagnosticReportInputSchema,
} as const satisfies Record<ClinicalCollection, z.ZodType>;
export type ClinicalInput<C extends ClinicalCollection> = z.input<(typeof CLINICAL_INPUT_SCHEMAS)[C]>;

/** A list's filters (query string): FHIR-like code, status, date range; paging. */
export const clinicalListQuerySchema = z.object({
  code: z.string().max(40).optional(),
  status: z.string().max(40).optional(),
  from: calendarDate().optional(),
  to: calendarDate().optional(),
  Offset: z.coerce.number().int().min(0).default(0),
  Limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ClinicalListQuery = z.infer<typeof clinicalListQuerySchema>;

export const clinicalListSchema = z.object({
  Data: z.array(z.record(z.string(), z.unknown())),
  Total: z.number().int(),
});
export interface ClinicalList {
  Data: FhirResource[];
  Total: number;
}

/** The advance searches (conditions, procedures): criteria in the body. */
export const clinicalAdvanceSearchSchema = z.object({
  PatientId: z.uuid({ error: 'must be a patient id' }),
  Code: z.string().max(40).optional(),
  Status: z.string().max(40).optional(),
  Offset: z.number().int().min(0).default(0),
  Limit: z.number().int().min(1).max(200).default(50),
});

/** A change of an entry's status (e.g. an allergy resolved, a medication stopped, entered in error). */
export const clinicalStatusInputSchema = z.object({
  Status: z.enum(['active', 'inactive', 'resolved', 'completed', 'stopped', 'on-hold', 'entered-in-error']),
});
