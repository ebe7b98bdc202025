import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FileUpload,
  HealthcareService,
  HealthcareServiceInput,
  HealthcareServiceSettings,
  HealthcareServiceSettingsInput,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const V2 = '/careslot-administration/api/v2';
const GATEWAY = '/careslot-gateway/healthcareservice';
type Envelope<T> = { status_code: number; message: string; data: T };

/** POST v2/healthcareservice/advance-search {OrganizationId} (Limit 0: all). */
export const resourcesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['healthcare-services', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: HealthcareService[] }>(`${V2}/healthcareservice/advance-search`, {
        method: 'POST',
        body: { OrganizationId: organizationId, Limit: 0 },
        signal,
      }).then((r) => r.Data),
  });

/** POST careslot-gateway/healthcareservice/settings {HealthcareServiceId}. */
export const resourceSettingsQuery = (id: string) =>
  queryOptions({
    queryKey: ['healthcare-service-settings', id],
    queryFn: ({ signal }) =>
      apiRequest<Envelope<HealthcareServiceSettings>>(`${GATEWAY}/settings`, {
        method: 'POST',
        body: { HealthcareServiceId: id },
        signal,
      }).then((r) => r.data),
  });

/** Add (POST) or change (PUT) a resource, then its settings (PUT settings/update). */
export function useSaveResource(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      settings,
    }: {
      id: string | null;
      input: HealthcareServiceInput;
      settings: Omit<HealthcareServiceSettingsInput, 'HealthcareServiceId'>;
    }) => {
      const saved = id
        ? await apiRequest<Envelope<HealthcareService>>(`${V2}/healthcareservice/${id}`, {
            method: 'PUT',
            body: input,
          })
        : await apiRequest<Envelope<HealthcareService>>(`${V2}/healthcareservice`, {
            method: 'POST',
            body: input,
          });
      await apiRequest(`${GATEWAY}/settings/update`, {
        method: 'PUT',
        body: { ...settings, HealthcareServiceId: saved.data.Id },
      });
      return saved.data;
    },
    onSuccess: (service) => {
      void client.invalidateQueries({ queryKey: resourcesQuery(organizationId).queryKey });
      void client.invalidateQueries({ queryKey: resourceSettingsQuery(service.Id).queryKey });
    },
  });
}

/** PUT or DELETE v2/healthcareservice/{id}/profile-picture. */
export function useResourcePhoto(organizationId: string) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: resourcesQuery(organizationId).queryKey });
  const upload = useMutation({
    mutationFn: ({ id, file }: { id: string; file: FileUpload }) =>
      apiRequest<Envelope<HealthcareService>>(`${V2}/healthcareservice/${id}/profile-picture`, {
        method: 'PUT',
        body: file,
      }).then((r) => r.data),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiRequest<Envelope<HealthcareService>>(`${V2}/healthcareservice/${id}/profile-picture`, {
        method: 'DELETE',
      }).then((r) => r.data),
    onSuccess: refresh,
  });
  return { upload, remove };
}
