import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { REPUTATION_BASE, type PatientReviewInput, type PatientVisitReview } from '@careslot/contracts';
import { apiRequest } from '../../shared/api/client';

/** The patient's review of a visit (the patient-review route, patient-booking.md §2.7). */
const url = (id: string) => `${REPUTATION_BASE}/patient-reviews/appointments/${encodeURIComponent(id)}`;
const key = (id: string) => ['portal', 'review', id] as const;

export const visitReviewQuery = (id: string) =>
  queryOptions({
    queryKey: key(id),
    queryFn: ({ signal }) => apiRequest<PatientVisitReview>(url(id), { signal }),
    retry: false,
  });

export function useReviewVisit(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientReviewInput) =>
      apiRequest<PatientVisitReview>(url(id), { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(key(id), saved),
  });
}
