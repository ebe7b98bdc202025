import type { Room } from '@careslot/contracts';
import { authorizeRoomJoin } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { publisherFor } from '../../platform/realtime';
import { appointmentResource, visitOfMeeting } from '../appointments';
import {
  CHAT_MESSAGE_ADDED,
  READINESS_CHECKED,
  signalAllowed,
  VISIT_STATUS_CHANGED,
  type VisitStatusPayload,
} from './service';

type Deps = Pick<AppDeps, 'database' | 'realtime'>;

/**
 * A video visit's meeting rooms (`meeting:<meetingId>` on the meetings and meeting-attendees hubs), owned by the
 * telehealth module (decision 0083). Only the visit's participants may join: the appointment's patient or the
 * account holder who manages them, users of the practice that owns the appointment, and a guest whose
 * invitation token names this meeting (decision 0091). Support is refused even with a purpose (a socket states
 * none, and watching a visit is not support's business). Every join, allowed or not, writes one audit row
 * through the policy.
 */
export function registerMeetingRooms(deps: Deps): void {
  deps.realtime.registerRooms(
    ['meetings', 'meeting-attendees'],
    'meeting',
    async (context, meetingId, request) => {
      const visit = await visitOfMeeting(deps.database, meetingId);
      return authorizeRoomJoin(context, {
        room: request.room,
        hub: request.hub,
        entityType: 'TelehealthMeeting',
        resource: visit ? { ...appointmentResource(visit, { meetingId }), meetingGuest: meetingId } : null,
        permits: (relation) => relation !== 'support',
      });
    },
  );
}

/** hello: "I am here, offer me" (the participant with the smaller id offers); bye: "I left". */
const SIGNAL_KINDS = new Set(['hello', 'offer', 'answer', 'candidate', 'bye']);
/** An SDP is a few kilobytes; anything far larger is not a signal. */
const SIGNAL_MAX_CHARS = 64_000;

interface SignalPayload {
  MeetingId?: unknown;
  To?: unknown;
  Kind?: unknown;
  Sdp?: unknown;
  Candidate?: unknown;
  /** The offerer's negotiation id, so a stale answer or candidate is told from a current one. */
  Session?: unknown;
}

/**
 * WebRTC signalling on the meetings hub (TeleVisitSignal: offer, answer, ICE candidate, bye): the browser sends
 * `{ MeetingId, To, Kind, Sdp | Candidate }`; the server relays it only when the sender may join the meeting's
 * room (the room rule, audited) and both sender and addressee are admitted participants of the started visit.
 * The message goes to the meeting's room with From and To; browsers keep only what is addressed to them.
 */
export function registerSignalling(deps: Deps): void {
  deps.realtime.onMessage('meetings', 'TeleVisitSignal', {
    room: (payload) => {
      const id = (payload as SignalPayload | null)?.MeetingId;
      return typeof id === 'string' ? `meeting:${id}` : null;
    },
    handle: async (caller, payload) => {
      const signal = payload as SignalPayload;
      const meetingId = signal.MeetingId as string;
      if (typeof signal.To !== 'string' || typeof signal.Kind !== 'string' || !SIGNAL_KINDS.has(signal.Kind))
        return { error: 'bad_request' };
      if (JSON.stringify(payload).length > SIGNAL_MAX_CHARS) return { error: 'bad_request' };
      const allowed = await signalAllowed(deps, caller.context, meetingId, signal.To);
      if (!allowed) return { error: 'forbidden' };
      deps.realtime.publish({
        hub: 'meetings',
        event: 'TeleVisitSignal',
        rooms: [`meeting:${meetingId}`],
        data: {
          MeetingId: meetingId,
          From: allowed.from,
          To: signal.To,
          Kind: signal.Kind,
          ...(typeof signal.Sdp === 'string' ? { Sdp: signal.Sdp } : {}),
          ...(typeof signal.Session === 'string' ? { Session: signal.Session.slice(0, 64) } : {}),
          ...(signal.Candidate && typeof signal.Candidate === 'object'
            ? { Candidate: signal.Candidate }
            : {}),
        },
      });
      return { ok: true };
    },
  });
}

/**
 * The meetings hub's consumer of the visit's events: TeleVisitStatus, TeleMeetingReadinessCheck and
 * BroadcastUserChatSession to the meeting's rooms, and the status and readiness to the practice (its dashboards
 * and calendars show them live). Ids and states only: a client refetches what it shows.
 */
export function registerTelehealthHub(deps: Pick<AppDeps, 'realtime' | 'events'>): void {
  deps.events.subscribe(
    'telehealth.hub',
    [VISIT_STATUS_CHANGED, READINESS_CHECKED, CHAT_MESSAGE_ADDED],
    async (event) => {
      const realtime = publisherFor(deps.realtime, event.id);
      const payload = event.payload as Record<string, unknown> & { meetingId: string };
      const meeting: Room[] = [`meeting:${payload.meetingId}`];
      const organizationId = payload.organizationId as string | null | undefined;
      const practice: Room[] = organizationId ? [`org:${organizationId}`] : [];
      const toMeeting = (
        name: 'TeleVisitStatus' | 'TeleMeetingReadinessCheck' | 'BroadcastUserChatSession',
        data: Record<string, unknown>,
      ) => {
        for (const hub of ['meetings', 'meeting-attendees'] as const)
          realtime.publish({ hub, event: name, rooms: meeting, data, version: event.version });
      };
      if (event.type === VISIT_STATUS_CHANGED) {
        const change = payload as unknown as VisitStatusPayload;
        const data = {
          MeetingId: change.meetingId,
          AppointmentId: change.appointmentId,
          Status: change.status,
          ParticipantId: change.participantId,
          ParticipantState: change.participantState,
          Action: change.action,
        };
        toMeeting('TeleVisitStatus', data);
        if (practice.length)
          realtime.publish({
            hub: 'practice-notifications',
            event: 'TeleVisitStatus',
            rooms: practice,
            data,
          });
        return;
      }
      if (event.type === READINESS_CHECKED) {
        const data = {
          MeetingId: payload.meetingId,
          ParticipantId: payload.participantId,
          Ready: payload.ready,
          AudioOk: payload.audioOk,
          VideoOk: payload.videoOk,
          NetworkOk: payload.networkOk,
        };
        toMeeting('TeleMeetingReadinessCheck', data);
        if (practice.length)
          realtime.publish({
            hub: 'practice-notifications',
            event: 'TeleMeetingReadinessCheck',
            rooms: practice,
            data,
          });
        return;
      }
      toMeeting('BroadcastUserChatSession', {
        MeetingId: payload.meetingId,
        MessageId: payload.messageId,
        SenderId: payload.senderId,
      });
    },
    { hub: true },
  );
}
