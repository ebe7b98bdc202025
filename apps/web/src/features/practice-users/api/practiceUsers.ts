import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PEOPLE_PATHS,
  type PracticeRoleCode,
  type PracticeUser,
  type Practitioner,
  type PractitionerCreate,
  type PractitionerProfileInput,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';
import {
  fetchPractitionerDetails,
  type PractitionerDetails,
} from '../../../shared/people/practitionerProfile';

type Envelope<T> = { status_code: number; message: string; data: T };

/** The users screen's list: providers and staff of the practice with their account state. */
export function practiceUsersQuery(organizationId: string, searchTerm: string) {
  return queryOptions({
    queryKey: ['practice-users', organizationId, searchTerm],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: PracticeUser[]; Total: number; CanEdit: boolean }>(PEOPLE_PATHS.practiceUsers, {
        method: 'POST',
        body: {
          OrganizationId: organizationId,
          ...(searchTerm.trim() ? { SearchTerm: searchTerm.trim() } : {}),
        },
        signal,
      }),
  });
}

export const usePracticeUsers = (organizationId: string, searchTerm: string) =>
  useQuery(practiceUsersQuery(organizationId, searchTerm));

export type PersonDetails = PractitionerDetails;

/** A practitioner's record and private details (for the edit dialog). */
export function usePersonDetails(practitionerId: string | null) {
  return useQuery({
    queryKey: ['practice-users', 'person', practitionerId],
    enabled: !!practitionerId,
    queryFn: ({ signal }) => fetchPractitionerDetails(practitionerId!, signal),
  });
}

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['practice-users'] });
}

export function useAddPerson() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: PractitionerCreate) =>
      apiRequest<Envelope<Practitioner>>(PEOPLE_PATHS.practitioner, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdatePerson() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PractitionerProfileInput }) =>
      apiRequest<Envelope<Practitioner>>(`${PEOPLE_PATHS.practitioner}/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({
      roleId,
      email,
      code,
      active,
    }: {
      roleId: string;
      email: string | null;
      code: PracticeRoleCode[];
      active: boolean;
    }) =>
      apiRequest(`${PEOPLE_PATHS.practitionerRole}/${roleId}`, {
        method: 'PUT',
        query: { email },
        body: { Code: code, Active: active },
      }),
    onSuccess: invalidate,
  });
}

export function useResendInvitation() {
  return useMutation({
    mutationFn: (id: string) => apiRequest(PEOPLE_PATHS.resendInvitation(id), { method: 'POST' }),
  });
}
