import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization, Patient, SupportPatientOverview } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

export const PATIENT_PAGE_SIZE = 10;

export interface PatientCriteria {
  Name?: string;
  BirthDate?: string;
  Phone?: string;
  Email?: string;
}

interface List<T> {
  Data: T[];
  Total: number;
}

/** POST /careslot-administration/api/v2/patient/advance-search: a support agent sees every practice's patients. */
export const patientSearchQuery = (criteria: PatientCriteria | null, page: number, purpose: string) =>
  queryOptions({
    queryKey: ['patient-search', criteria, page, purpose],
    queryFn: ({ signal }) =>
      apiRequest<List<Patient>>('/careslot-administration/api/v2/patient/advance-search', {
        method: 'POST',
        body: { ...criteria, Limit: PATIENT_PAGE_SIZE, Offset: page },
        // The access policy lets support read patients only for a stated purpose, which it audits.
        headers: { 'x-access-purpose': purpose },
        signal,
      }),
    enabled: criteria !== null,
    placeholderData: keepPreviousData,
  });

export function usePatientSearch(criteria: PatientCriteria | null, page: number, purpose: string) {
  return useQuery(patientSearchQuery(criteria, page, purpose));
}

/** Practice names by id, for the results' Practice column (organization look-ups use page size 1000). */
export function usePracticeNames(enabled: boolean) {
  return useQuery({
    queryKey: ['practice-names'],
    queryFn: async ({ signal }) => {
      const list = await apiRequest<List<Organization>>(
        '/careslot-administration/api/v2/organization/advance-search',
        {
          method: 'POST',
          body: { Limit: 1000, Offset: 1 },
          signal,
        },
      );
      return new Map(list.Data.map((o) => [o.Id, o.Name]));
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET support/patients/{id}/overview: the patient's appointments and account state, with the stated purpose (audited). */
export function usePatientOverview(patientId: string | null, purpose: string) {
  return useQuery({
    queryKey: ['support-overview', patientId, purpose],
    queryFn: ({ signal }) =>
      apiRequest<SupportPatientOverview>(
        `/careslot-administration/api/v1/support/patients/${patientId}/overview`,
        { headers: { 'x-access-purpose': purpose }, signal },
      ),
    enabled: patientId !== null && purpose !== '',
  });
}
