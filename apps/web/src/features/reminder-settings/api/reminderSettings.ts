import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings, ReminderSettingsInput } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const V1 = '/careslot-notification/api/v1';

interface Envelope<T> {
  status_code: number;
  message: string;
  data: T;
}

export const reminderSettingsKey = (practiceId: string) => ['reminder-settings', practiceId] as const;

/** GET ReminderSettings/practices/{id}: the practice's settings, or the defaults (Id null) before any were saved. */
export function useReminderSettings(practiceId: string | null) {
  return useQuery({
    queryKey: reminderSettingsKey(practiceId ?? ''),
    enabled: !!practiceId,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Envelope<ReminderSettings>>(`${V1}/ReminderSettings/practices/${practiceId}`, {
          signal,
        })
      ).data,
  });
}

/** PUT ReminderSettings with the Id to change saved settings, POST without it to add them (§3.8). */
export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReminderSettingsInput) =>
      (
        await apiRequest<Envelope<ReminderSettings>>(`${V1}/ReminderSettings`, {
          method: input.Id ? 'PUT' : 'POST',
          body: input,
        })
      ).data,
    onSuccess: (saved) => client.setQueryData(reminderSettingsKey(saved.PracticeId), saved),
  });
}
