import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CodedItem, Condition, InsuranceCarrier, Specialty, ZipCode } from '@careslot/contracts';
import { apiRequest } from '../api/client';

const LIBRARY = '/careslot-resource-library/api/v1';
type List<T> = { Data: T[]; Total: number };
// Reference lists change with a release, not during a visit.
const REFERENCE = { staleTime: Infinity, gcTime: Infinity } as const;

export const specialtiesQuery = queryOptions({
  queryKey: ['library', 'specialties'],
  queryFn: ({ signal }) =>
    apiRequest<List<Specialty>>(`${LIBRARY}/specialties`, { signal }).then((r) => r.Data),
  ...REFERENCE,
});

export const conditionsQuery = queryOptions({
  queryKey: ['library', 'conditions'],
  queryFn: ({ signal }) =>
    apiRequest<List<Condition>>(`${LIBRARY}/conditions`, { signal }).then((r) => r.Data),
  ...REFERENCE,
});

export const insurancesQuery = queryOptions({
  queryKey: ['library', 'insurances'],
  queryFn: ({ signal }) =>
    apiRequest<List<InsuranceCarrier>>(`${LIBRARY}/insurances`, { signal }).then((r) => r.Data),
  ...REFERENCE,
});

/** A coded list of the resource library (a practitioner's languages and board certifications). */
export const codeListQuery = (path: 'languages' | 'board-certifications') =>
  queryOptions({
    queryKey: ['library', path],
    queryFn: ({ signal }) =>
      apiRequest<List<CodedItem>>(`${LIBRARY}/${path}`, { signal }).then((r) => r.Data),
    ...REFERENCE,
  });

/** Specialties and conditions load on focus of the combobox (patient-booking.md §2.4). */
export function useSpecialtiesAndConditions(enabled: boolean) {
  const specialties = useQuery({ ...specialtiesQuery, enabled });
  const conditions = useQuery({ ...conditionsQuery, enabled });
  return {
    specialties: specialties.data ?? [],
    conditions: conditions.data ?? [],
    loading: specialties.isLoading || conditions.isLoading,
  };
}

export function useInsurances() {
  return useQuery(insurancesQuery);
}

/** Zip codes starting with the typed digits: the look-up starts at 3 digits (patient-booking.md §5.1). */
export function useZipSuggestions(digits: string) {
  const prefix = digits.slice(0, 5);
  return useQuery({
    queryKey: ['library', 'zip-prefix', prefix],
    queryFn: ({ signal }) =>
      apiRequest<List<ZipCode>>(`${LIBRARY}/zip-codes/prefix`, {
        method: 'POST',
        body: { Code: prefix, Limit: 8 },
        signal,
      }).then((r) => r.Data),
    enabled: prefix.length >= 3,
    staleTime: 5 * 60_000,
  });
}
