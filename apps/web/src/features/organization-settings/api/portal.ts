import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientPortalSettings, PatientPortalSettingsInput } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const PORTAL = '/careslot-administration/api/v1/PatientPortalSettings';
type Envelope<T> = { status_code: number; message: string; data: T };

/** PatientPortalSettings/advance-search {OrganizationId}: the practice's one record (defaults until saved). */
export const portalSettingsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['patient-portal-settings', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: PatientPortalSettings[] }>(`${PORTAL}/advance-search`, {
        method: 'POST',
        body: { OrganizationId: organizationId },
        signal,
      }).then((r) => r.Data[0]!),
  });

/** PUT PatientPortalSettings/{id} (the id is the organization's). */
export function useSavePortalSettings(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PatientPortalSettingsInput) =>
      apiRequest<Envelope<PatientPortalSettings>>(`${PORTAL}/${organizationId}`, {
        method: 'PUT',
        body: input,
      }).then((r) => r.data),
    onSuccess: (settings) => client.setQueryData(portalSettingsQuery(organizationId).queryKey, settings),
  });
}
