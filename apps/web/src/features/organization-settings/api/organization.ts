import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FileUpload,
  ImageKind,
  Organization,
  OrganizationSettings,
  OrganizationSettingsInput,
  OrganizationUpdate,
  PracticeClinicalSettings,
  PracticeClinicalSettingsInput,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const V1 = '/careslot-administration/api/v1';
const V2 = '/careslot-administration/api/v2';
type Envelope<T> = { status_code: number; message: string; data: T };

/** GET v2/organization/{id}: the practice as everyone sees it. */
export const organizationQuery = (id: string) =>
  queryOptions({
    queryKey: ['organization', id],
    queryFn: ({ signal }) => apiRequest<Organization>(`${V2}/organization/${id}`, { signal }),
  });

export const useOrganization = (id: string | null) =>
  useQuery({ ...organizationQuery(id ?? ''), enabled: !!id });

/** PUT v2/organization/{id} (Organization_Update_Web). */
export function useUpdateOrganization(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganizationUpdate) =>
      apiRequest<Envelope<Organization>>(`${V2}/organization/${id}`, { method: 'PUT', body: input }).then(
        (r) => r.data,
      ),
    onSuccess: (organization) => client.setQueryData(organizationQuery(id).queryKey, organization),
  });
}

/** PUT or DELETE v2/organization/{id}/logo|banner: the image as base64 JSON (decision 0049). */
export function useOrganizationImage(id: string, kind: ImageKind) {
  const client = useQueryClient();
  const done = (organization: Organization) =>
    client.setQueryData(organizationQuery(id).queryKey, organization);
  const upload = useMutation({
    mutationFn: (file: FileUpload) =>
      apiRequest<Envelope<Organization>>(`${V2}/organization/${id}/${kind}`, {
        method: 'PUT',
        body: file,
      }).then((r) => r.data),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: () =>
      apiRequest<Envelope<Organization>>(`${V2}/organization/${id}/${kind}`, { method: 'DELETE' }).then(
        (r) => r.data,
      ),
    onSuccess: done,
  });
  return { upload, remove };
}

/** GET v1/organizationsettings/{id}: one per practice, keyed by its id; defaults until saved. */
export const organizationSettingsQuery = (id: string) =>
  queryOptions({
    queryKey: ['organization-settings', id],
    queryFn: ({ signal }) =>
      apiRequest<Envelope<OrganizationSettings>>(`${V1}/organizationsettings/${id}`, { signal }).then(
        (r) => r.data,
      ),
  });

export function useSaveOrganizationSettings(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganizationSettingsInput) =>
      apiRequest<Envelope<OrganizationSettings>>(`${V1}/organizationsettings/upsert`, {
        method: 'POST',
        body: input,
      }).then((r) => r.data),
    onSuccess: (settings) => client.setQueryData(organizationSettingsQuery(id).queryKey, settings),
  });
}

/** POST v1/practiceclinicalsettings/get {OrganizationId}. */
export const clinicalSettingsQuery = (id: string) =>
  queryOptions({
    queryKey: ['practice-clinical-settings', id],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: PracticeClinicalSettings[] }>(`${V1}/practiceclinicalsettings/get`, {
        method: 'POST',
        body: { OrganizationId: id },
        signal,
      }).then((r) => r.Data[0]!),
  });

export function useSaveClinicalSettings(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PracticeClinicalSettingsInput) =>
      apiRequest<Envelope<PracticeClinicalSettings>>(`${V1}/practiceclinicalsettings/${id}`, {
        method: 'PUT',
        body: input,
      }).then((r) => r.data),
    onSuccess: (settings) => client.setQueryData(clinicalSettingsQuery(id).queryKey, settings),
  });
}
