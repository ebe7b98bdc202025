import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './constants';

/**
 * In-app notifications (practice-portal.md §3.2, §4.2, §7 "In-app notifications"): one record per recipient
 * whenever one of their practice's appointments is booked, requested, cancelled, checked in or changes status.
 */

export const NOTIFICATION_TYPES = ['Appointment'] as const;

/** The JSON inside a record's payload string (§3.2). */
export const notificationPayloadSchema = z.object({
  ProviderId: z.string().nullable(),
  PatientId: z.string(),
  AppointmentId: z.string(),
  AppointmentStatus: z.enum(APPOINTMENT_STATUSES),
  AppointmentTime: z.string(),
  PatientName: z.object({ first_name: z.string(), last_name: z.string() }),
  ProviderName: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  ProfilePictureUri: z.string().nullable(),
  /** The facility's IANA zone: the start time shows as the visit will be lived (an addition to §3.2). */
  TimeZone: z.string().nullable().optional(),
  /** The resource (healthcare service) whose schedule the visit is on, with its name; null for a provider's schedule. */
  ResourceId: z.string().nullable().optional(),
  ResourceName: z.string().nullable().optional(),
  /** For a moved appointment (rescheduled), the start it had before: an addition to §3.2 (decision 0023). */
  PreviousAppointmentTime: z.string().nullable().optional(),
});
export type NotificationPayload = z.infer<typeof notificationPayloadSchema>;

/** The server record, spelt as the spec spells it (recievedOn); payload is a JSON string. */
export const inAppNotificationSchema = z.object({
  id: z.string().uuid(),
  sourceSystem: z.string(),
  seen: z.boolean(),
  recievedOn: z.string(),
  payload: z.string(),
});
export type InAppNotification = z.infer<typeof inAppNotificationSchema>;

/** Paging of the list: Offset is the 1-based page, as everywhere in the spec; newest first. */
export const NOTIFICATION_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

export const inAppNotificationsQuerySchema = z.object({
  userType: z.string().trim().min(1).max(40),
  notificationType: z.enum(NOTIFICATION_TYPES).default('Appointment'),
  Offset: z.coerce.number().int().min(1).default(1),
  Limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_PAGE.maxLimit)
    .default(NOTIFICATION_PAGE.defaultLimit),
  /** The notification window (constants.md), as the client's day boundaries; both optional. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type InAppNotificationsQuery = z.infer<typeof inAppNotificationsQuerySchema>;
export const inAppNotificationsParamsSchema = z.object({ userId: z.string().uuid() });
export const inAppNotificationListSchema = z.array(inAppNotificationSchema);

/** The list answer's headers: how many records match, and how many of them are still new. */
export const NOTIFICATION_HEADERS = { total: 'x-total-count', unseen: 'x-unseen-count' } as const;

/** PATCH InAppNotifications/batch/mark-as-seen: an array of id strings; answers true. */
export const markAsSeenBodySchema = z.array(z.string().uuid()).min(1).max(1000);

/**
 * Pushed as InAppNotificationAdded on the push-notifications hub to the recipient only. Like every pushed
 * message it carries ids, the status and the time, not names (design.md §5): the client reads the record.
 */
export interface PushedNotification {
  Id: string;
  SourceSystem: string;
  RecievedOn: string;
  /** JSON of {ProviderId, AppointmentId, AppointmentStatus, AppointmentTime}. */
  Payload: string;
}

/** Pushed as AppointmentPending on the appointments hub (§3.2): the Host participant is the provider. */
export interface AppointmentPendingPush {
  AppointmentId: string;
  Participants: { Type: 'Host' | 'Staff'; ParticipantId: string }[];
  Status: 'Pending';
}

/** Notification list row height in px (constants.md). */
export const NOTIFICATION_ROW_HEIGHT = 85;

/** The notification window of constants.md: from the start of today + 1 day, back 6 days before today. */
export function notificationWindow(startOfToday: Date): { from: Date; to: Date } {
  const day = 86_400_000;
  return { from: new Date(startOfToday.getTime() - 6 * day), to: new Date(startOfToday.getTime() + day) };
}
