import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicalCollection, ClinicalInput, ClinicalList, FhirResource } from '@careslot/contracts';
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
