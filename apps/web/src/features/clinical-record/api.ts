import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ClinicalCollection,
  ClinicalInput,
  ClinicalList,
  ContactInput,
  FhirResource,
  PatientContact,
  Pharmacy,
  PharmacyInput,
  RelatedPerson,
} from '@careslot/contracts';
import { apiRequest } from '../../shared/api/client';

const CLINICAL = '/careslot-clinical-service/api/v1/clinical/patients';

export const clinicalKeys = {
  patient: (patientId: string) => ['clinical', patientId] as const,
  list: (patientId: string, collection: ClinicalCollection) => ['clinical', patientId, collection] as const,
};

/** One of the patient's chart lists (FHIR R4 resources), newest first. */
export const clinicalListQuery = (patientId: string, collection: ClinicalCollection) =>
  queryOptions({
    queryKey: clinicalKeys.list(patientId, collection),
    queryFn: ({ signal }) =>
      apiRequest<ClinicalList>(`${CLINICAL}/${encodeURIComponent(patientId)}/${collection}`, {
        query: { Limit: 200 },
        signal,
      }),
    retry: false,
  });

/** Records an entry on the chart; the list refreshes. */
export function useRecordEntry<C extends ClinicalCollection>(patientId: string, collection: C) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ClinicalInput<C>) =>
      apiRequest<FhirResource>(`${CLINICAL}/${encodeURIComponent(patientId)}/${collection}`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: clinicalKeys.list(patientId, collection) }),
  });
}

/** The SMART Health Card of the signed-in patient's immunizations (the vaccination passport). */
export interface HealthCard {
  /** The compact JWS (the verifiable credential). */
  Jws: string;
  /** The QR payload, `shc:/` and numeric digits. */
  Qr: string;
  /** The QR code as an SVG document. */
  QrSvg: string;
  Immunizations: FhirResource[];
}

export const healthCardQuery = (patientId: string) =>
  queryOptions({
    queryKey: ['clinical', patientId, 'health-card'] as const,
    queryFn: ({ signal }) =>
      apiRequest<HealthCard>(
        `/careslot-clinical-service/api/v1/health-cards/patients/${encodeURIComponent(patientId)}`,
        {
          signal,
        },
      ),
    retry: false,
  });

// ---------- pharmacies, emergency contacts and family members (decision 0110) ----------

const ADMIN = '/careslot-administration/api';
type Paged<T> = { Data: T[]; Total: number };

export const contactKeys = {
  pharmacies: (patientId: string) => ['patient-contacts', patientId, 'pharmacies'] as const,
  contacts: (patientId: string) => ['patient-contacts', patientId, 'contacts'] as const,
  family: (patientId: string) => ['patient-contacts', patientId, 'family'] as const,
};

export const pharmaciesQuery = (patientId: string) =>
  queryOptions({
    queryKey: contactKeys.pharmacies(patientId),
    queryFn: ({ signal }) =>
      apiRequest<Paged<Pharmacy>>(`${ADMIN}/v2/PatientPharmacies/advance-search`, {
        method: 'POST',
        body: { PatientId: patientId, OrderBy: 'desc', Offset: 0, Limit: 0 },
        signal,
      }),
    retry: false,
  });

export const contactsQuery = (patientId: string) =>
  queryOptions({
    queryKey: contactKeys.contacts(patientId),
    queryFn: ({ signal }) =>
      apiRequest<Paged<PatientContact>>(`${ADMIN}/v1/PatientContact/advance-search`, {
        method: 'POST',
        body: { PatientId: patientId, Limit: 0 },
        signal,
      }),
    retry: false,
  });

export const familyQuery = (patientId: string) =>
  queryOptions({
    queryKey: contactKeys.family(patientId),
    queryFn: ({ signal }) =>
      apiRequest<Paged<RelatedPerson>>(
        `${ADMIN}/v1/patients/${encodeURIComponent(patientId)}/related-persons`,
        { signal },
      ),
    retry: false,
  });

/** Adds or removes a pharmacy or an emergency contact; the list refreshes. */
export function useContactChange<I>(
  patientId: string,
  kind: 'pharmacies' | 'contacts',
  call: (input: I) => Promise<unknown>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => call(input),
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys[kind](patientId) }),
  });
}

export const addPharmacy = (input: Omit<PharmacyInput, 'Address'>) =>
  apiRequest(`${ADMIN}/v2/PatientPharmacies`, { method: 'POST', body: input });
export const addContact = (input: ContactInput) =>
  apiRequest(`${ADMIN}/v1/PatientContact`, { method: 'POST', body: input });
export const removeEntry = (kind: 'pharmacies' | 'contacts', patientId: string, id: string) =>
  apiRequest(
    `${ADMIN}/${kind === 'pharmacies' ? 'v2/patient' : 'v1/patients'}/${encodeURIComponent(patientId)}/${kind}/${encodeURIComponent(id)}`,
    { method: 'DELETE' },
  );
