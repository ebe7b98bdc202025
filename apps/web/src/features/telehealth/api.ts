import { apiFile, apiRequest } from '../../shared/api/client';

/** The tele-visit calls (practice-portal.md §7), with the guest's own token when the page was opened from an invitation. */
export const V2 = '/careslot-appointment-service/api/v2';
const GUEST_TOKEN_KEY = 'careslot_meeting_guest_token';

export type VisitStatus = 'Scheduled' | 'Waiting-Room' | 'Started' | 'Ended' | 'Expired';
export type ParticipantType = 'Patient' | 'Practitioner' | 'Guest';
export type ParticipantState = 'invited' | 'waiting' | 'admitted' | 'left';

export interface Participant {
  ParticipantId: string;
  ParticipantType: ParticipantType;
  State: ParticipantState;
  WaitingSince: string | null;
  JoinedAt: string | null;
  Ready: boolean | null;
}

export interface Visit {
  MeetingId: string;
  AppointmentId: string;
  Status: VisitStatus;
  StartedAt: string | null;
  EndedAt: string | null;
  Me: { ParticipantId: string; ParticipantType: ParticipantType; State: ParticipantState | null };
  Participants: Participant[];
  SummaryNotes: string | null;
  SummarySkipped: boolean;
}

export interface ChatMessage {
  Id: string;
  SenderId: string;
  SenderType: ParticipantType;
  Message: string;
  /** A file the message carries (its Message is then the file's name). */
  File: { FileId: string; Name: string; ContentType: string; Size: number } | null;
  CreatedAt: string;
}

export interface IceAnswer {
  IceServers: RTCIceServer[];
  ExpiresAt: string | null;
}

/** A guest link's token, kept for the tab only (sessionStorage), never in the address once read. */
export function setGuestToken(token: string) {
  sessionStorage.setItem(GUEST_TOKEN_KEY, token);
}
export function guestToken(): string | null {
  return sessionStorage.getItem(GUEST_TOKEN_KEY);
}

/** The token for the meeting's calls: the guest's when this tab is a guest's, else the session's. */
export function meetingToken(isGuest: boolean): string | undefined {
  return isGuest ? (guestToken() ?? undefined) : undefined;
}

interface Envelope<T> {
  data: T;
}

const call = async <T>(
  path: string,
  isGuest: boolean,
  options: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; query?: Record<string, string> } = {},
): Promise<T> => {
  const token = meetingToken(isGuest);
  return (
    await apiRequest<Envelope<T>>(`${V2}/${path}`, {
      ...options,
      ...(token ? { token } : {}),
    })
  ).data;
};

export const telehealthApi = {
  visitForAppointment: (appointmentId: string) =>
    call<Visit>('TeleVisits/details', false, { method: 'POST', body: { AppointmentId: appointmentId } }),
  visit: (meetingId: string, isGuest: boolean) =>
    call<Visit>(`TeleVisits/${encodeURIComponent(meetingId)}`, isGuest),
  act: (meetingId: string, participantId: string, action: string, isGuest: boolean) =>
    call<Visit>(
      `TeleVisits/${encodeURIComponent(meetingId)}/participants/${encodeURIComponent(participantId)}/action/${action}`,
      isGuest,
      { method: 'PUT' },
    ),
  readiness: (
    body: {
      MeetingId: string;
      ParticipantId: string;
      AudioInputDeviceId: string | null;
      VideoInputDeviceId: string | null;
      AudioOk: boolean;
      VideoOk: boolean;
      NetworkOk: boolean;
      RoundTripMs: number | null;
      BandwidthKbps: number | null;
    },
    isGuest: boolean,
  ) => call<{ Ready: boolean }>('TeleVisitsDevice', isGuest, { method: 'POST', body }),
  iceServers: (meetingId: string, isGuest: boolean) =>
    call<IceAnswer>(`TeleVisits/${encodeURIComponent(meetingId)}/ice-servers`, isGuest),
  chat: (meetingId: string, isGuest: boolean) =>
    call<ChatMessage[]>('chatsession/batch', isGuest, { method: 'POST', body: { MeetingId: meetingId } }),
  sendChat: (meetingId: string, message: string, isGuest: boolean) =>
    call<ChatMessage>('chatsession', isGuest, {
      method: 'POST',
      body: { MeetingId: meetingId, Message: message },
    }),
  sendFile: (
    meetingId: string,
    file: { Name: string; ContentType: string; Data: string },
    isGuest: boolean,
  ) =>
    call<ChatMessage>('chatsession/files', isGuest, {
      method: 'POST',
      body: { MeetingId: meetingId, File: file },
    }),
  downloadFile: (fileId: string, isGuest: boolean) => {
    const token = meetingToken(isGuest);
    return apiFile(`${V2}/chatsession/files/${encodeURIComponent(fileId)}`, token ? { token } : {});
  },
  invite: (meetingId: string, participantId: string, email: string) =>
    call<{ ParticipantId: string }>(
      `TeleVisits/${encodeURIComponent(meetingId)}/participants/${encodeURIComponent(participantId)}/invitations`,
      false,
      { method: 'POST', query: { contactMethod: 'email', contactDetail: email } },
    ),
  summary: (meetingId: string, body: { Notes?: string; Skipped?: boolean }) =>
    call<unknown>(`TeleVisits/${encodeURIComponent(meetingId)}/summary`, false, { method: 'PUT', body }),
  rate: (
    meetingId: string,
    body: { Rating?: number; Comment?: string; Skipped?: boolean },
    isGuest: boolean,
  ) =>
    call<unknown>('TeleVisitsRating/ratings', isGuest, {
      method: 'POST',
      body: { MeetingId: meetingId, ...body },
    }),
};
