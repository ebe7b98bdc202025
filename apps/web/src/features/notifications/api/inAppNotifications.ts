import {
  NOTIFICATION_HEADERS,
  NOTIFICATION_PAGE,
  notificationPayloadSchema,
  notificationWindow,
  type AppointmentStatus,
  type InAppNotification,
} from '@careslot/contracts';
import { startOfDay } from 'date-fns';
import { apiRequest } from '../../../shared/api/client';

const V1 = '/careslot-notification/api/v1';
const V2 = '/careslot-appointment-service/api/v2';

/** A notification as the sidebar presents it (practice-portal.md §3.2 "As presented"). */
export interface PresentedNotification {
  practice_id: string;
  id: string;
  provider_id: string | null;
  patient_id: string;
  appointment_id: string;
  notification_status: 'new' | 'seen';
  appointment_status: AppointmentStatus;
  appointment_start_date: string;
  notification_date: string;
  patient_name: { first_name: string; last_name: string };
  provider_name: { first_name: string; last_name: string } | null;
  profile_picture_uri: string | null;
  resource_id: string | null;
  resource_name: string | null;
}

/** A server record to its presented form; a record whose payload does not parse is left out. */
export function present(record: InAppNotification): PresentedNotification | null {
  let payload: unknown;
  try {
    payload = JSON.parse(record.payload);
  } catch {
    return null;
  }
  const parsed = notificationPayloadSchema.safeParse(payload);
  if (!parsed.success) return null;
  const p = parsed.data;
  return {
    practice_id: record.sourceSystem,
    id: record.id,
    provider_id: p.ProviderId,
    patient_id: p.PatientId,
    appointment_id: p.AppointmentId,
    notification_status: record.seen ? 'seen' : 'new',
    appointment_status: p.AppointmentStatus,
    appointment_start_date: p.AppointmentTime,
    notification_date: record.recievedOn,
    patient_name: p.PatientName,
    provider_name: p.ProviderName,
    profile_picture_uri: p.ProfilePictureUri,
    resource_id: p.ResourceId ?? null,
    resource_name: p.ResourceName ?? null,
  };
}

export interface NotificationPage {
  items: PresentedNotification[];
  total: number;
  unseen: number;
}

/** One page (1-based) of the user's notifications in the notification window, newest first. */
export async function fetchNotificationPage(
  userId: string,
  userType: string,
  page: number,
  now = new Date(),
): Promise<NotificationPage> {
  const window = notificationWindow(startOfDay(now));
  let total = 0;
  let unseen = 0;
  const records = await apiRequest<InAppNotification[]>(`${V1}/InAppNotifications/${userId}`, {
    query: {
      userType,
      notificationType: 'Appointment',
      Offset: page,
      Limit: NOTIFICATION_PAGE.defaultLimit,
      from: window.from.toISOString(),
      to: window.to.toISOString(),
    },
    onHeaders: (headers) => {
      total = Number(headers.get(NOTIFICATION_HEADERS.total) ?? 0);
      unseen = Number(headers.get(NOTIFICATION_HEADERS.unseen) ?? 0);
    },
  });
  return { items: records.map(present).filter((n): n is PresentedNotification => n !== null), total, unseen };
}

/** PATCH InAppNotifications/batch/mark-as-seen; a truthy answer is success. */
export async function markNotificationsSeen(ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  return !!(await apiRequest<boolean>(`${V1}/InAppNotifications/batch/mark-as-seen`, {
    method: 'PATCH',
    body: ids,
  }));
}

/** How many requests wait for the caller's decision (the Requests badge). */
export async function fetchPendingRequestCount(): Promise<number> {
  const answer = await apiRequest<{ data: { Total: number } }>(`${V2}/appointments/requests/get`, {
    method: 'POST',
    body: { Limit: 1, Offset: 1 },
  });
  return answer.data.Total;
}
