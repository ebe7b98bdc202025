import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PEOPLE_PATHS,
  type EntityPaymentConfig,
  type FileUpload,
  type PractitionerProfileInput,
  type Schedule,
  type ServiceType,
  type UpdatePassword,
  type ChangeEmail,
  type VisitFeeInput,
  type VisitFeeSettings,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';
import {
  fetchPractitionerDetails,
  type PractitionerDetails,
} from '../../../shared/people/practitionerProfile';

type Envelope<T> = { status_code: number; message: string; data: T };
const CALENDAR = '/careslot-calendar/api/v2';
const PAY = '/careslot-payment-service/api';

export type ProviderData = PractitionerDetails;

/** The provider's record (public) and private settings (e-mail, phone, DEA, certifications...). */
export function useProvider(id: string) {
  return useQuery({
    queryKey: ['provider-settings', id],
    queryFn: ({ signal }) => fetchPractitionerDetails(id, signal),
  });
}

function useInvalidate(id: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['provider-settings', id] });
}

export function useSaveProfile(id: string) {
  const invalidate = useInvalidate(id);
  return useMutation({
    mutationFn: (body: PractitionerProfileInput) =>
      apiRequest(`${PEOPLE_PATHS.practitioner}/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useSetPhoto(id: string) {
  const invalidate = useInvalidate(id);
  return useMutation({
    mutationFn: (upload: FileUpload | null) =>
      upload
        ? apiRequest(`${PEOPLE_PATHS.practitioner}/${id}/profile-picture`, { method: 'PUT', body: upload })
        : apiRequest(`${PEOPLE_PATHS.practitioner}/${id}/profile-picture`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useChangePassword(userId: string) {
  return useMutation({
    mutationFn: (body: UpdatePassword) =>
      apiRequest<Envelope<{ OtherSessionsEnded: number }>>(PEOPLE_PATHS.updatePassword(userId), {
        method: 'POST',
        body,
      }),
  });
}

/** POST change-email (decision 0085): the new address gets a confirmation link; nothing changes before it. */
export function useChangeEmail(userId: string) {
  return useMutation({
    mutationFn: (body: ChangeEmail) =>
      apiRequest<Envelope<{ NewEmail: string; ExpiresInHours: number }>>(PEOPLE_PATHS.changeEmail(userId), {
        method: 'POST',
        body,
      }),
  });
}

/** The provider's visit fee as the payments module keeps it (GET entityconfigurations/entity), in cents. */
export function useVisitFee(organizationId: string | null, providerId: string) {
  return useQuery({
    queryKey: ['provider-settings', providerId, 'visit-fee', organizationId],
    enabled: !!organizationId,
    queryFn: ({ signal }) =>
      apiRequest<Envelope<EntityPaymentConfig>>(`${PAY}/entityconfigurations/entity`, {
        query: { organizationId, entityType: 'provider', entityId: providerId },
        signal,
      }).then((r) => r.data),
  });
}

/**
 * POST entityconfigurations/upsert: the provider's own visit fee, in cents (decision 0068; a practice admin may
 * set any provider's). The server answers 403 for another's fee and while the practice's settings are off.
 */
export function useSaveVisitFee(organizationId: string | null, providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitFeeInput) =>
      apiRequest<Envelope<VisitFeeSettings>>(`${PAY}/entityconfigurations/upsert`, {
        method: 'POST',
        query: { organizationId, entityType: 'provider', entityId: providerId },
        body,
      }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: ['provider-settings', providerId, 'visit-fee'] }),
  });
}

/** The provider's schedules (with the reasons each offers) and the practice's reasons to choose from. */
export function useProviderServices(organizationId: string | null, providerId: string) {
  return useQuery({
    queryKey: ['provider-settings', providerId, 'services', organizationId],
    enabled: !!organizationId,
    queryFn: async ({ signal }) => {
      const [schedules, types] = await Promise.all([
        apiRequest<{ Data: Schedule[] }>(`${CALENDAR}/schedule/advance-search`, {
          method: 'POST',
          body: { PractitionerId: providerId },
          signal,
        }),
        apiRequest<{ Data: ServiceType[] }>(`${CALENDAR}/servicetype/advance-search`, {
          method: 'POST',
          body: { OrganizationId: organizationId },
          signal,
        }),
      ]);
      return {
        schedules: schedules.Data.filter((s) => s.OrganizationId === organizationId),
        types: types.Data,
      };
    },
  });
}

export function useUpdateServices(providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ scheduleId, ids }: { scheduleId: string; ids: string[] }) =>
      apiRequest(`${CALENDAR}/schedule/${scheduleId}/update-services`, {
        method: 'PUT',
        body: { ServiceTypeIds: ids },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['provider-settings', providerId, 'services'] }),
  });
}
