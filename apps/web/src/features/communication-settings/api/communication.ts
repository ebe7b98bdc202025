import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailTemplate,
  EmailTemplateUpsert,
  OrganizationNotificationSettings,
  SmsTemplate,
  SmsTemplateUpsert,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const N = '/careslot-notification/api/v1';

/** GET emails/practices/{id}: the practice's e-mail templates (its own or the built-in text), every key and language. */
export const emailTemplatesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['message-templates', 'email', organizationId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: EmailTemplate[] }>(
          `${N}/emails/practices/${encodeURIComponent(organizationId)}`,
          { signal },
        )
      ).data,
  });

/** GET sms/practices/{id}. */
export const smsTemplatesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['message-templates', 'sms', organizationId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: SmsTemplate[] }>(
          `${N}/sms/practices/${encodeURIComponent(organizationId)}`,
          { signal },
        )
      ).data,
  });

/** GET notification/OrganizationSettings/{id}. */
export const organizationSettingsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['notification-settings', organizationId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: OrganizationNotificationSettings }>(
          `${N}/notification/OrganizationSettings/${encodeURIComponent(organizationId)}`,
          { signal },
        )
      ).data,
  });

export const useEmailTemplates = (organizationId: string) => useQuery(emailTemplatesQuery(organizationId));
export const useSmsTemplates = (organizationId: string) => useQuery(smsTemplatesQuery(organizationId));
export const useOrganizationSettings = (organizationId: string) =>
  useQuery(organizationSettingsQuery(organizationId));

export type TemplateSave =
  { channel: 'email'; body: EmailTemplateUpsert } | { channel: 'sms'; body: SmsTemplateUpsert };

/** POST practice-emails/upsert or practice-sms/upsert (UseDefault: back to the built-in text). */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: TemplateSave) =>
      apiRequest<{ data: EmailTemplate | SmsTemplate }>(
        `${N}/${save.channel === 'email' ? 'practice-emails' : 'practice-sms'}/upsert`,
        { method: 'POST', body: save.body },
      ),
    onSuccess: (_data, save) => client.invalidateQueries({ queryKey: ['message-templates', save.channel] }),
  });
}

/** POST notification/OrganizationSettings/upsert. */
export function useSaveOrganizationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: OrganizationNotificationSettings) =>
      apiRequest<{ data: OrganizationNotificationSettings }>(
        `${N}/notification/OrganizationSettings/upsert`,
        { method: 'POST', body: settings },
      ),
    onSuccess: (answer) =>
      client.setQueryData(organizationSettingsQuery(answer.data.OrganizationId).queryKey, answer.data),
  });
}
