/**
 * Real-time hubs and events (practice-portal.md §4.8, patient-booking.md §7). Messages carry ids and versions,
 * never patient data: a client refetches what it needs.
 */
export const HUBS = [
  'push-notifications',
  'calendar',
  'providers',
  'appointments',
  'practice-notifications',
  'meetings',
  'meeting-attendees',
  'digital-check-in',
] as const;
export type Hub = (typeof HUBS)[number];

/** socket.io namespace of a hub. */
export const hubNamespace = (hub: Hub) => `/hubs/${hub}`;

export const REALTIME_EVENTS = [
  'ClientConnected',
  'ClientDisconnected',
  'ReceiveUserOnlineStatus',
  'AppointmentArrived',
  'AppointmentBooked',
  'AppointmentCancelled',
  'AppointmentCheckedIn',
  'AppointmentCheckedOut',
  'AppointmentPending',
  'AppointmentProposed',
  'AppointmentFailure',
  'AppointmentStatusUpdated',
  'AppointmentParticipantAdded',
  'TeleVisitStatus',
  'TeleMeetingReadinessCheck',
  'BroadcastUserChatSession',
  // A video visit's WebRTC signalling (offer, answer, ICE candidate), relayed between its participants only.
  'TeleVisitSignal',
  'SlotAdded',
  'SlotUpdated',
  'SlotDeleted',
  'ReasonBasedSlotAdded',
  'ReasonBasedSlotUpdated',
  'ReasonBasedSlotDeleted',
  'ReservedSlotUpdatedEvent',
  'InAppNotificationAdded',
  'CustomFormResponseAdded',
  'CheckInEnabled',
  // The patient inbox: a thread got a message or was read (ids only; clients read the counts again).
  'MessageThreadUpdated',
] as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[number];

/** Every pushed message: an id to acknowledge, a version to order by, and ids/counts only. */
export interface RealtimeMessage<T = Record<string, unknown>> {
  messageId: string;
  version: number;
  sentAt: string;
  data: T;
}

/** Client → server: acknowledge a message (AcknowledgeMessage with userId and messageId). */
export const ACK_EVENT = 'AcknowledgeMessage';
/** Client → server: follow rooms such as a schedule's slots or an organization's requests. */
export const SUBSCRIBE_EVENT = 'Subscribe';
export const UNSUBSCRIBE_EVENT = 'Unsubscribe';
/** Client → server: ask which of these users are online; answered with ReceiveUserOnlineStatus. */
export const ONLINE_STATUS_EVENT = 'RequestUserOnlineStatus';

/**
 * Client → server: a fresh token for the same user on an open socket ({ token }, acknowledged with { ok: true } or
 * { error }). The server closes a socket when its token expires unless the client sent a fresh one before; an
 * error answer means: reconnect with the new token (decision 0083).
 */
export const REAUTHENTICATE_EVENT = 'Reauthenticate';
/** The acknowledgement of a browser message refused because its socket sent too many (decision 0083). */
export const RATE_LIMITED = 'rate_limited';

/** Rooms a client may follow; user and organization rooms are joined from the token, not on request. */
export type Room =
  | `schedule:${string}`
  | `schedule-reasons:${string}`
  | `meeting:${string}`
  | `appointment:${string}`
  | `user:${string}`
  | `org:${string}`;
