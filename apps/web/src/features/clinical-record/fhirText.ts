import type { FhirResource } from '@careslot/contracts';

/**
 * Reading the few FHIR R4 fields the chart shows. The record's resources are FHIR's own shape; these helpers
 * pick the text, the codes, the values and the dates out of them.
 */
type Concept = { text?: string; coding?: { code?: string; display?: string; system?: string }[] };

export function conceptText(concept: unknown): string {
  const c = concept as Concept | undefined;
  return c?.text || c?.coding?.[0]?.display || c?.coding?.[0]?.code || '';
}

export function conceptCode(concept: unknown): string | null {
  return (concept as Concept | undefined)?.coding?.[0]?.code ?? null;
}

/** The code of a status concept (clinicalStatus) or the plain status. */
export function statusOf(resource: FhirResource): string {
  const clinical = resource.clinicalStatus as Concept | undefined;
  return clinical?.coding?.[0]?.code ?? (resource.status as string | undefined) ?? '';
}

export function dateOf(resource: FhirResource): string | null {
  const candidates = [
    resource.effectiveDateTime,
    resource.occurrenceDateTime,
    resource.onsetDateTime,
    resource.performedDateTime,
    resource.recordedDate,
    resource.date,
  ];
  const found = candidates.find((v): v is string => typeof v === 'string');
  return found ?? null;
}

interface Quantity {
  value: number;
  unit?: string;
}

/** A vital's value(s): one quantity, or a blood pressure's two components. */
export function vitalValues(resource: FhirResource): number[] {
  const single = resource.valueQuantity as Quantity | undefined;
  if (single) return [single.value];
  const components = (resource.component as { valueQuantity?: Quantity }[] | undefined) ?? [];
  return components.map((c) => c.valueQuantity?.value).filter((v): v is number => typeof v === 'number');
}
