import { randomUUID } from 'node:crypto';
import { UPLOAD_RULES, type FileUpload, type StoredFileRef } from '@careslot/contracts';
import {
  authorize,
  authorizePractice,
  callersPractice,
  decide,
  notFoundAudited,
  recordList,
  ROLE_SETS,
  type AccessAction,
  type Relation,
  type Resource,
} from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError } from '../../platform/errors';
import { appendEvents } from '../../platform/events';
import { checkUpload, fileRefs, findFile, storeFile, type StoredFileRow } from '../../platform/files';
import { appointmentForMessage, assignMeetingId, findAppointment } from '../appointments';
import { languageOf } from '../notifications';
import { INVITATION_TEXTS } from './invitation-texts';
import * as store from './store';
import { iceServersFor, iceUrlsOf } from './turn';

export type Deps = Pick<
  AppDeps,
  'database' | 'clock' | 'config' | 'events' | 'jobs' | 'outbox' | 'tokens' | 'realtime'
>;

/** The spec's audit workflows of the meeting (constants.md). */
export const WORKFLOWS = {
  meeting: 'Video_Meeting_Web',
  readiness: 'Meeting_Readiness_Web',
  summary: 'Meeting_Summary_Web',
  waitingRoom: 'Virtual_Waiting_Room_Web',
} as const;

export const VISIT_STATUS_CHANGED = 'telehealth.visit-status';
export const READINESS_CHECKED = 'telehealth.readiness-checked';
export const CHAT_MESSAGE_ADDED = 'telehealth.chat-message';
export const VISIT_EXPIRY_JOB = 'telehealth.visit-expiry';
/** How long a guest's invitation link (its token) lasts. */
const GUEST_TOKEN_SECONDS = 12 * 3600;

/** The participant actions of PUT TeleVisits/{meetingId}/participants/{participantId}/action/{action}. */
export const PARTICIPANT_ACTIONS = [
  'WaitingRoom',
  'Admit',
  'Start',
  'Leave',
  'End',
  'MicOn',
  'MicOff',
  'CameraOn',
  'CameraOff',
  'ScreenShareOn',
  'ScreenShareOff',
  'DeviceChanged',
  'BackgroundOn',
  'BackgroundOff',
] as const;
export type ParticipantAction = (typeof PARTICIPANT_ACTIONS)[number];
/** Actions on another participant or on the whole visit: the practice's (Start and End: its providers). */
const PRACTICE_ACTIONS: readonly ParticipantAction[] = ['Admit'];
const PROVIDER_ACTIONS: readonly ParticipantAction[] = ['Start', 'End'];

export interface Me {
  ParticipantId: string;
  ParticipantType: store.ParticipantType;
}

export interface VisitStatusPayload {
  meetingId: string;
  appointmentId: string;
  organizationId: string | null;
  patientId: string;
  status: store.VisitStatus;
  participantId: string | null;
  participantState: store.ParticipantState | null;
  action: string;
}

const meetingResource = (
  visit: store.VisitRow,
  workflow: string,
  detail?: Record<string, unknown>,
): Resource => ({
  kind: 'appointment',
  id: visit.appointment_id,
  patientId: visit.patient_id,
  organizationId: visit.organization_id,
  meetingGuest: visit.meeting_id,
  workflow,
  detail: { meetingId: visit.meeting_id, ...detail },
});

/** Who the caller is in the visit, from the relation the policy found. */
function meOf(context: RequestContext, visit: store.VisitRow, relation: Exclude<Relation, 'none'>): Me {
  if (relation === 'self' || relation === 'family')
    return { ParticipantId: visit.patient_id, ParticipantType: 'Patient' };
  if (relation === 'guest')
    return {
      ParticipantId: context.principal?.claims.meeting_participant_id ?? '',
      ParticipantType: 'Guest',
    };
  return { ParticipantId: context.userId ?? context.subject ?? '', ParticipantType: 'Practitioner' };
}

/** Support never takes part in a visit (a socket or call states no purpose, and watching is not its business). */
const participates = (relation: Exclude<Relation, 'none'>) => relation !== 'support';

/** The visit of a meeting and who the caller is in it, decided and audited by the policy (404 otherwise). */
async function openVisit(
  deps: Deps,
  context: RequestContext,
  meetingId: string,
  action: AccessAction,
  options: {
    workflow?: string;
    detail?: Record<string, unknown>;
    permits?: (me: Me, relation: Exclude<Relation, 'none'>) => boolean;
  } = {},
): Promise<{ visit: store.VisitRow; me: Me; relation: Exclude<Relation, 'none'> }> {
  const workflow = options.workflow ?? WORKFLOWS.meeting;
  const visit = await store.visitByMeeting(deps.database, meetingId);
  if (!visit)
    return notFoundAudited(context, action, 'appointment', meetingId, {
      entityType: 'TelehealthMeeting',
      workflow,
    });
  const relation = await authorize(
    context,
    action,
    meetingResource(visit, workflow, options.detail),
    (r) => participates(r) && (options.permits?.(meOf(context, visit, r), r) ?? true),
  );
  return { visit, me: meOf(context, visit, relation), relation };
}

/** A provider's action on the visit (start, end, summary notes, inviting a guest): the practice's providers. */
async function openVisitAsProvider(
  deps: Deps,
  context: RequestContext,
  meetingId: string,
  workflow: string,
  detail: Record<string, unknown>,
): Promise<{ visit: store.VisitRow; me: Me }> {
  const visit = await store.visitByMeeting(deps.database, meetingId);
  await authorizePractice(
    context,
    'update',
    {
      organizationId: visit?.organization_id ?? null,
      entityType: 'TelehealthMeeting',
      id: meetingId,
      workflow,
      detail: visit ? { appointmentId: visit.appointment_id, ...detail } : detail,
    },
    { roles: ROLE_SETS.PROVIDERS, superUser: false },
  );
  return {
    visit: visit!,
    me: { ParticipantId: context.userId ?? context.subject ?? '', ParticipantType: 'Practitioner' },
  };
}

async function logActivity(
  tx: Connection,
  visit: store.VisitRow,
  participantId: string | null,
  activity: string,
  now: Date,
  detail: Record<string, unknown> | null = null,
): Promise<void> {
  await store.insertActivity(tx, {
    id: randomUUID(),
    meeting_id: visit.meeting_id,
    participant_id: participantId,
    activity,
    detail,
    now,
  });
  await store.touchVisit(tx, visit.meeting_id, now);
}

async function announceStatus(
  tx: Connection,
  visit: store.VisitRow,
  status: store.VisitStatus,
  participant: { id: string; state: store.ParticipantState } | null,
  action: string,
): Promise<void> {
  const payload: VisitStatusPayload = {
    meetingId: visit.meeting_id,
    appointmentId: visit.appointment_id,
    organizationId: visit.organization_id,
    patientId: visit.patient_id,
    status,
    participantId: participant?.id ?? null,
    participantState: participant?.state ?? null,
    action,
  };
  await appendEvents(tx, [
    { aggregateType: 'tele-visit', aggregateId: visit.meeting_id, type: VISIT_STATUS_CHANGED, payload },
  ]);
}

/** Expiry when nobody is active: a job at the idle deadline, which looks again when it runs. */
async function scheduleExpiry(deps: Deps, tx: Connection, meetingId: string, from: Date): Promise<void> {
  await deps.jobs.schedule(
    {
      kind: VISIT_EXPIRY_JOB,
      key: `tele-visit-expiry:${meetingId}`,
      runAt: new Date(from.getTime() + deps.config.TELEHEALTH_IDLE_MINUTES * 60_000),
      payload: { meetingId },
    },
    tx,
  );
}

// ---------- views ----------

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

async function visitView(deps: Deps, visit: store.VisitRow, me: Me, relation: Exclude<Relation, 'none'>) {
  const people = await store.participants(deps.database, visit.meeting_id);
  const practice = relation === 'care';
  return {
    MeetingId: visit.meeting_id,
    AppointmentId: visit.appointment_id,
    Status: visit.status,
    StartedAt: iso(visit.started_at),
    EndedAt: iso(visit.ended_at),
    Me: { ...me, State: people.find((p) => p.participant_id === me.ParticipantId)?.state ?? null },
    Participants: people.map((p) => ({
      ParticipantId: p.participant_id,
      ParticipantType: p.participant_type,
      State: p.state,
      WaitingSince: iso(p.waiting_since),
      JoinedAt: iso(p.joined_at),
      Ready: p.ready,
    })),
    // The provider's notes are the practice's: a patient or guest sees only whether they exist.
    SummaryNotes: practice ? visit.summary_notes : null,
    SummarySkipped: visit.summary_skipped,
  };
}
export type VisitView = Awaited<ReturnType<typeof visitView>>;

// ---------- use cases ----------

/**
 * The video visit of a TeleHealth appointment (POST TeleVisits/details): created on first ask with its meeting
 * id (kept on the appointment), for its patient or a user of its practice.
 */
export async function visitForAppointment(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
): Promise<VisitView> {
  const row = await findAppointment(deps.database, appointmentId);
  if (!row)
    return notFoundAudited(context, 'read', 'appointment', appointmentId, { workflow: WORKFLOWS.meeting });
  const relation = await authorize(
    context,
    'read',
    {
      kind: 'appointment',
      id: row.id,
      patientId: row.patient_id,
      organizationId: row.organization_id,
      workflow: WORKFLOWS.meeting,
    },
    (r) => participates(r) && row.appointment_type === 'TeleHealth',
  );
  let visit = await store.visitByAppointment(deps.database, row.id);
  if (!visit) {
    const now = deps.clock.now();
    await deps.database.transaction(async (tx) => {
      const meetingId = (await assignMeetingId(tx, row.id, randomUUID())) ?? randomUUID();
      await store.insertVisit(tx, {
        meetingId,
        appointmentId: row.id,
        organizationId: row.organization_id,
        patientId: row.patient_id,
        now,
      });
    });
    visit = (await store.visitByAppointment(deps.database, row.id))!;
  }
  return visitView(deps, visit, meOf(context, visit, relation), relation);
}

/** GET TeleVisits/{meetingId}: the visit, for its participants. */
export async function getVisit(deps: Deps, context: RequestContext, meetingId: string): Promise<VisitView> {
  const { visit, me, relation } = await openVisit(deps, context, meetingId, 'read');
  return visitView(deps, visit, me, relation);
}

/**
 * POST TeleVisits/statuses: the TeleVisitStatus of the practice's video visits among these appointments, for
 * its dashboards and calendars (they refetch on each TeleVisitStatus of the practice's room). Users of the
 * caller's own practice only; one list row in the audit trail naming the patients shown. An appointment with
 * no visit yet (nobody asked for it) is left out: it is Scheduled.
 */
export async function visitStatuses(deps: Deps, context: RequestContext, appointmentIds: readonly string[]) {
  const organizationId = callersPractice(context);
  await authorizePractice(
    context,
    'search',
    { organizationId, entityType: 'TelehealthMeeting', id: null, workflow: WORKFLOWS.meeting },
    { superUser: false, audit: 'refusals' },
  );
  const rows = await store.visitsOfAppointments(deps.database, organizationId!, [...new Set(appointmentIds)]);
  await recordList(
    context,
    'search',
    'appointment',
    rows.map((row) => row.patient_id),
    { entityType: 'TelehealthMeeting', workflow: WORKFLOWS.meeting },
  );
  return rows.map((row) => ({
    AppointmentId: row.appointment_id,
    MeetingId: row.meeting_id,
    Status: row.status,
    Waiting: row.waiting,
    StartedAt: iso(row.started_at),
    EndedAt: iso(row.ended_at),
  }));
}

/** TeleAppointments/{id}/participants: the visit's participants by its appointment. */
export async function participantsOfAppointment(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
): Promise<VisitView['Participants']> {
  const visit = await store.visitByAppointment(deps.database, appointmentId);
  if (!visit)
    return notFoundAudited(context, 'read', 'appointment', appointmentId, { workflow: WORKFLOWS.meeting });
  return (await getVisit(deps, context, visit.meeting_id)).Participants;
}

/**
 * A participant's action: entering the waiting room, admitting (the practice), starting and ending (its
 * providers), leaving, and the media changes the meeting's activities log (mic, camera, screen share...).
 * Statuses move Scheduled → Waiting-Room → Started → Ended with a TeleVisitStatus event each.
 */
export async function participantAction(
  deps: Deps,
  context: RequestContext,
  input: { meetingId: string; participantId: string; action: ParticipantAction; mediaRegion?: string },
): Promise<VisitView> {
  const { meetingId, participantId, action } = input;
  const detail = { participantId, action };
  const own = !PRACTICE_ACTIONS.includes(action) && !PROVIDER_ACTIONS.includes(action);
  const opened = PROVIDER_ACTIONS.includes(action)
    ? {
        ...(await openVisitAsProvider(deps, context, meetingId, WORKFLOWS.meeting, detail)),
        relation: 'care' as const,
      }
    : await openVisit(deps, context, meetingId, 'update', {
        workflow: action === 'WaitingRoom' || action === 'Admit' ? WORKFLOWS.waitingRoom : WORKFLOWS.meeting,
        detail,
        // One's own presence and media only; admitting another is the practice's.
        permits: (me, relation) => (own ? me.ParticipantId === participantId : relation === 'care'),
      });
  const { visit, me, relation } = opened;
  const closed = visit.status === 'Ended' || visit.status === 'Expired';
  if (closed && action !== 'Leave') throw conflict('The visit has ended');
  const now = deps.clock.now();
  await deps.database.transaction(async (tx) => {
    const set = async (id: string, type: store.ParticipantType, state: store.ParticipantState) =>
      store.upsertParticipant(tx, { meetingId, participantId: id, type, state, now });
    switch (action) {
      case 'WaitingRoom': {
        const current = await store.participant(tx, meetingId, me.ParticipantId);
        // Back after a refresh or a dropped connection while admitted: straight back in.
        const state: store.ParticipantState =
          current?.state === 'admitted' && visit.status === 'Started' ? 'admitted' : 'waiting';
        await set(me.ParticipantId, me.ParticipantType, state);
        const status: store.VisitStatus = visit.status === 'Scheduled' ? 'Waiting-Room' : visit.status;
        if (status !== visit.status) await store.changeVisitStatus(tx, meetingId, ['Scheduled'], status, now);
        await scheduleExpiry(deps, tx, meetingId, now);
        await announceStatus(tx, visit, status, { id: me.ParticipantId, state }, action);
        break;
      }
      case 'Admit':
      case 'Start': {
        if (action === 'Admit') {
          const target = await store.participant(tx, meetingId, participantId);
          if (!target || target.state === 'invited')
            throw fieldError('participantId', 'waiting', 'This participant is not in the waiting room');
          await set(participantId, target.participant_type, 'admitted');
        }
        await set(me.ParticipantId, 'Practitioner', 'admitted');
        await store.changeVisitStatus(tx, meetingId, ['Scheduled', 'Waiting-Room'], 'Started', now);
        await scheduleExpiry(deps, tx, meetingId, now);
        await announceStatus(
          tx,
          visit,
          'Started',
          { id: action === 'Admit' ? participantId : me.ParticipantId, state: 'admitted' },
          action,
        );
        break;
      }
      case 'Leave': {
        await set(me.ParticipantId, me.ParticipantType, 'left');
        await announceStatus(tx, visit, visit.status, { id: me.ParticipantId, state: 'left' }, action);
        break;
      }
      case 'End': {
        await store.changeVisitStatus(tx, meetingId, ['Scheduled', 'Waiting-Room', 'Started'], 'Ended', now);
        await store.leaveAll(tx, meetingId, now);
        await deps.jobs.cancel({ key: `tele-visit-expiry:${meetingId}` }, tx);
        await announceStatus(tx, visit, 'Ended', null, action);
        break;
      }
      default:
        break;
    }
    await logActivity(tx, visit, me.ParticipantId, action, now, {
      ...(input.mediaRegion ? { mediaRegion: input.mediaRegion } : {}),
      ...(action === 'Admit' ? { admitted: participantId } : {}),
    });
  });
  await deps.events.flush();
  const fresh = (await store.visitByMeeting(deps.database, meetingId))!;
  return visitView(deps, fresh, me, relation);
}

export interface ReadinessInput {
  MeetingId: string;
  ParticipantId: string;
  MediaRegion?: string | null | undefined;
  AudioInputDeviceId?: string | null | undefined;
  VideoInputDeviceId?: string | null | undefined;
  AudioOk?: boolean | null | undefined;
  VideoOk?: boolean | null | undefined;
  NetworkOk?: boolean | null | undefined;
  RoundTripMs?: number | null | undefined;
  BandwidthKbps?: number | null | undefined;
}

/** POST TeleVisitsDevice: a participant's readiness check, recorded and pushed (TeleMeetingReadinessCheck). */
export async function recordReadiness(deps: Deps, context: RequestContext, input: ReadinessInput) {
  const { visit, me } = await openVisit(deps, context, input.MeetingId, 'update', {
    workflow: WORKFLOWS.readiness,
    detail: { participantId: input.ParticipantId },
    permits: (who) => who.ParticipantId === input.ParticipantId,
  });
  const now = deps.clock.now();
  const ready = input.AudioOk !== false && input.VideoOk !== false && input.NetworkOk !== false;
  const id = randomUUID();
  await deps.database.transaction(async (tx) => {
    await store.insertDevice(tx, {
      id,
      meeting_id: visit.meeting_id,
      participant_id: me.ParticipantId,
      media_region: input.MediaRegion ?? null,
      audio_input_device_id: input.AudioInputDeviceId ?? null,
      video_input_device_id: input.VideoInputDeviceId ?? null,
      audio_ok: input.AudioOk ?? null,
      video_ok: input.VideoOk ?? null,
      network_ok: input.NetworkOk ?? null,
      round_trip_ms: input.RoundTripMs ?? null,
      bandwidth_kbps: input.BandwidthKbps ?? null,
      now,
    });
    if (!(await store.participant(tx, visit.meeting_id, me.ParticipantId)))
      await store.upsertParticipant(tx, {
        meetingId: visit.meeting_id,
        participantId: me.ParticipantId,
        type: me.ParticipantType,
        state: 'invited',
        now,
      });
    await store.markReady(tx, visit.meeting_id, me.ParticipantId, ready);
    await logActivity(tx, visit, me.ParticipantId, 'ReadinessCheck', now, {
      audio: input.AudioOk ?? null,
      video: input.VideoOk ?? null,
      network: input.NetworkOk ?? null,
    });
    await appendEvents(tx, [
      {
        aggregateType: 'tele-visit',
        aggregateId: visit.meeting_id,
        type: READINESS_CHECKED,
        payload: {
          meetingId: visit.meeting_id,
          organizationId: visit.organization_id,
          participantId: me.ParticipantId,
          ready,
          audioOk: input.AudioOk ?? null,
          videoOk: input.VideoOk ?? null,
          networkOk: input.NetworkOk ?? null,
        },
      },
    ]);
  });
  await deps.events.flush();
  return { Id: id, ParticipantId: me.ParticipantId, Ready: ready };
}

const deviceView = (row: store.DeviceRow) => ({
  Id: row.id,
  MeetingId: row.meeting_id,
  ParticipantId: row.participant_id,
  MediaRegion: row.media_region,
  AudioInputDeviceId: row.audio_input_device_id,
  VideoInputDeviceId: row.video_input_device_id,
  AudioOk: row.audio_ok,
  VideoOk: row.video_ok,
  NetworkOk: row.network_ok,
  RoundTripMs: row.round_trip_ms,
  BandwidthKbps: row.bandwidth_kbps,
  CreatedAt: iso(row.created_at),
});

/** GET TeleVisitsDevice/{meetingId} and its advance-search: the readiness checks, for the visit's participants. */
export async function readinessChecks(
  deps: Deps,
  context: RequestContext,
  meetingId: string,
  participantId?: string | null,
) {
  const { visit } = await openVisit(deps, context, meetingId, 'read', { workflow: WORKFLOWS.readiness });
  return (await store.devices(deps.database, visit.meeting_id, participantId)).map(deviceView);
}

/**
 * POST TeleVisits/{meetingId}/participants/{participantId}/invitations: the practice invites a guest
 * (interpreter, family member, second clinician) by e-mail or SMS. The guest gets a signed link carrying a
 * guest token for this one meeting (no account); the message goes through the outbox with the change.
 */
export async function inviteGuest(
  deps: Deps,
  context: RequestContext,
  input: {
    meetingId: string;
    participantId: string;
    contactMethod: 'email' | 'phoneNo';
    contactDetail: string;
  },
) {
  const { visit, me } = await openVisit(deps, context, input.meetingId, 'create', {
    detail: { invitedBy: input.participantId, contactMethod: input.contactMethod },
    permits: (who, relation) => relation === 'care' && who.ParticipantId === input.participantId,
  });
  const detail = input.contactDetail.trim();
  if (input.contactMethod === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(detail))
    throw fieldError('querystring.contactDetail', 'email', 'Enter a valid e-mail address');
  if (input.contactMethod === 'phoneNo' && !/^\+?[0-9 ()-]{7,20}$/.test(detail))
    throw fieldError('querystring.contactDetail', 'phone', 'Enter a valid phone number');
  if (visit.status === 'Ended' || visit.status === 'Expired') throw conflict('The visit has ended');
  const now = deps.clock.now();
  const guestId = randomUUID();
  const invitationId = randomUUID();
  const token = await deps.tokens.sign(
    {
      sub: `guest:${guestId}`,
      user_roles: [],
      guest: true,
      meeting_id: visit.meeting_id,
      meeting_participant_id: guestId,
    },
    GUEST_TOKEN_SECONDS,
  );
  const query = new URLSearchParams({
    mId: visit.meeting_id,
    aptId: visit.appointment_id,
    pId: guestId,
    pType: 'Guest',
    isGuestParticipant: 'true',
  });
  // The token rides in the fragment: browsers never send it to a server, so no access log keeps it.
  const link = `${deps.config.publicUrl}/meeting/uri?${query.toString()}#token=${token}`;
  // In the patient's language: the guest is most often their family or interpreter.
  const language = languageOf(
    (await appointmentForMessage(deps, visit.appointment_id))?.patient.languages ?? [],
  );
  const texts = INVITATION_TEXTS[language];
  await deps.database.transaction(async (tx) => {
    await store.insertInvitation(tx, {
      id: invitationId,
      meetingId: visit.meeting_id,
      guestId,
      invitedBy: me.ParticipantId,
      contactMethod: input.contactMethod,
      expiresAt: new Date(now.getTime() + GUEST_TOKEN_SECONDS * 1000),
      now,
    });
    await store.upsertParticipant(tx, {
      meetingId: visit.meeting_id,
      participantId: guestId,
      type: 'Guest',
      state: 'invited',
      now,
    });
    await logActivity(tx, visit, me.ParticipantId, 'GuestInvited', now, { guestId });
    await deps.outbox.send(
      {
        channel: input.contactMethod === 'email' ? 'email' : 'sms',
        to: detail,
        subject: texts.subject,
        body: (input.contactMethod === 'email' ? texts.body : texts.sms).replace('{link}', link),
        template: 'tele-visit-invitation',
        dedupeKey: `tele-visit-invitation:${invitationId}`,
        organizationId: visit.organization_id,
      },
      tx,
    );
  });
  return { InvitationId: invitationId, ParticipantId: guestId };
}

/** GET TeleVisits/{meetingId}/ice-servers: STUN/TURN servers with a TURN credential of the caller's own. */
export async function iceServers(deps: Deps, context: RequestContext, meetingId: string) {
  const { me } = await openVisit(deps, context, meetingId, 'read');
  const { servers, expiresAt } = iceServersFor(
    {
      urls: iceUrlsOf(deps.config.TELEHEALTH_ICE_URLS),
      secret: deps.config.TELEHEALTH_TURN_SECRET,
      ttlSeconds: deps.config.TELEHEALTH_TURN_TTL_SECONDS,
    },
    me.ParticipantId,
    deps.clock.now(),
  );
  return { IceServers: servers, ExpiresAt: expiresAt };
}

// ---------- chat ----------

const chatView = (row: store.ChatRow, files: Map<string, StoredFileRef>) => ({
  Id: row.id,
  MeetingId: row.meeting_id,
  SenderId: row.sender_participant_id,
  SenderType: row.sender_type,
  Message: row.body,
  File: row.file_id ? (files.get(row.file_id) ?? null) : null,
  CreatedAt: iso(row.created_at),
});

async function chatViews(deps: Deps, rows: store.ChatRow[]) {
  const ids = rows.flatMap((row) => (row.file_id ? [row.file_id] : []));
  const files = new Map((await fileRefs(deps.database, ids)).map((f) => [f.FileId, stripRef(f)]));
  return rows.map((row) => chatView(row, files));
}
const stripRef = ({ FileId, Name, ContentType, Size }: StoredFileRef): StoredFileRef => ({
  FileId,
  Name,
  ContentType,
  Size,
});

/** The purpose of a file sent in a visit's chat (stored_files.purpose). */
export const CHAT_FILE_PURPOSE = 'tele-visit-chat';

/** A chat message (its text, or a file already stored in the same transaction), logged and broadcast. */
async function postChat(
  deps: Deps,
  context: RequestContext,
  meetingId: string,
  message: (
    tx: Connection,
    visit: store.VisitRow,
    me: Me,
  ) => Promise<{ body: string; file: StoredFileRef | null }>,
) {
  const { visit, me } = await openVisit(deps, context, meetingId, 'create', { detail: { chat: true } });
  const now = deps.clock.now();
  const id = randomUUID();
  const row = await deps.database.transaction(async (tx) => {
    const { body, file } = await message(tx, visit, me);
    const row: store.ChatRow = {
      id,
      meeting_id: visit.meeting_id,
      sender_participant_id: me.ParticipantId,
      sender_type: me.ParticipantType,
      body,
      file_id: file?.FileId ?? null,
      created_at: now,
    };
    await store.insertChat(tx, { ...row, now });
    await logActivity(
      tx,
      visit,
      me.ParticipantId,
      file ? 'FileUploaded' : 'Chat',
      now,
      file ? { fileId: file.FileId } : null,
    );
    await appendEvents(tx, [
      {
        aggregateType: 'tele-visit',
        aggregateId: visit.meeting_id,
        type: CHAT_MESSAGE_ADDED,
        payload: { meetingId: visit.meeting_id, messageId: id, senderId: me.ParticipantId },
      },
    ]);
    return { row, file };
  });
  await deps.events.flush();
  return chatView(row.row, new Map(row.file ? [[row.file.FileId, row.file]] : []));
}

/** POST chatsession (and its broadcast): a chat message of the visit, pushed as BroadcastUserChatSession. */
export async function addChatMessage(
  deps: Deps,
  context: RequestContext,
  input: { MeetingId: string; Message: string },
) {
  const body = input.Message.trim();
  if (!body) throw fieldError('body.Message', 'required', 'Type a message');
  return postChat(deps, context, input.MeetingId, async () => ({ body, file: null }));
}

/**
 * POST chatsession/files: a file sent in the visit's chat (a picture or a PDF, at most 5 MB: the platform's upload
 * rules, a 400 naming the rule otherwise). Stored through the platform's files as the visit's patient's, kept
 * with the appointment; the other participants download it (chatFile).
 */
export async function addChatFile(
  deps: Deps,
  context: RequestContext,
  input: { MeetingId: string; File: FileUpload },
) {
  return postChat(deps, context, input.MeetingId, async (tx, visit) => {
    const bytes = checkUpload(input.File, UPLOAD_RULES.contentTypes, 'File.Data');
    const file = await storeFile(tx, {
      patientId: visit.patient_id,
      purpose: CHAT_FILE_PURPOSE,
      upload: input.File,
      bytes,
      createdBy: context.subject ?? 'unknown',
      now: deps.clock.now(),
    });
    return { body: file.Name, file };
  });
}

/** GET chatsession/files/{fileId}: a file of a visit's chat, for that visit's participants only (404 otherwise). */
export async function chatFile(deps: Deps, context: RequestContext, fileId: string): Promise<StoredFileRow> {
  const message = await store.chatOfFile(deps.database, fileId);
  const file = message ? await findFile(deps.database, fileId) : null;
  if (!message || !file || file.purpose !== CHAT_FILE_PURPOSE)
    return notFoundAudited(context, 'read', 'file', fileId, {
      entityType: 'TelehealthMeeting',
      workflow: WORKFLOWS.meeting,
    });
  const { visit, me } = await openVisit(deps, context, message.meeting_id, 'read', {
    detail: { chat: true, fileId },
  });
  await deps.database.transaction((tx) =>
    logActivity(tx, visit, me.ParticipantId, 'FileDownloaded', deps.clock.now(), { fileId }),
  );
  return file;
}

/** The visit's chat (chatsession/appointments/{id}, chatsession/batch), for its participants only. */
export async function chatOfMeeting(deps: Deps, context: RequestContext, meetingId: string) {
  const { visit } = await openVisit(deps, context, meetingId, 'read', { detail: { chat: true } });
  return chatViews(deps, await store.chat(deps.database, visit.meeting_id));
}

export async function chatOfAppointment(deps: Deps, context: RequestContext, appointmentId: string) {
  const visit = await store.visitByAppointment(deps.database, appointmentId);
  if (!visit)
    return notFoundAudited(context, 'read', 'appointment', appointmentId, { workflow: WORKFLOWS.meeting });
  return chatOfMeeting(deps, context, visit.meeting_id);
}

// ---------- after the visit ----------

/** POST TeleVisitsRating/ratings: the patient's (or a guest's) rating of the visit, submitted or skipped. */
export async function rateVisit(
  deps: Deps,
  context: RequestContext,
  input: { MeetingId: string; Rating?: number | null; Comment?: string | null; Skipped?: boolean },
) {
  const { visit, me } = await openVisit(deps, context, input.MeetingId, 'update', {
    detail: { rating: true },
    permits: (_me, relation) => relation !== 'care',
  });
  const skipped = input.Skipped === true;
  if (!skipped && (input.Rating === undefined || input.Rating === null))
    throw fieldError('body.Rating', 'required', 'Choose a rating from 1 to 5, or skip');
  const now = deps.clock.now();
  await deps.database.transaction(async (tx) => {
    await store.upsertRating(tx, {
      meeting_id: visit.meeting_id,
      participant_id: me.ParticipantId,
      rating: skipped ? null : (input.Rating ?? null),
      comment: skipped ? null : input.Comment?.trim() || null,
      skipped,
      now,
    });
    await logActivity(tx, visit, me.ParticipantId, skipped ? 'ReviewSkipped' : 'ReviewSubmitted', now);
  });
  return { MeetingId: visit.meeting_id, ParticipantId: me.ParticipantId, Skipped: skipped };
}

export async function ratingsOf(deps: Deps, context: RequestContext, meetingId: string) {
  const { visit } = await openVisit(deps, context, meetingId, 'read', { detail: { rating: true } });
  return (await store.ratings(deps.database, visit.meeting_id)).map((row) => ({
    ParticipantId: row.participant_id,
    Rating: row.rating,
    Comment: row.comment,
    Skipped: row.skipped,
    CreatedAt: iso(row.created_at),
  }));
}

/** PUT TeleVisits/{meetingId}/summary: the provider's summary notes, added or skipped. */
export async function saveSummary(
  deps: Deps,
  context: RequestContext,
  input: { meetingId: string; Notes?: string | null; Skipped?: boolean },
) {
  const skipped = input.Skipped === true;
  const { visit, me } = await openVisitAsProvider(deps, context, input.meetingId, WORKFLOWS.summary, {
    skipped,
  });
  const notes = skipped ? null : input.Notes?.trim() || null;
  if (!skipped && !notes) throw fieldError('body.Notes', 'required', 'Write the summary notes, or skip');
  const now = deps.clock.now();
  await deps.database.transaction(async (tx) => {
    await store.saveSummary(tx, visit.meeting_id, { notes, skipped, now });
    await logActivity(tx, visit, me.ParticipantId, skipped ? 'SummarySkipped' : 'SummaryAdded', now);
  });
  return { MeetingId: visit.meeting_id, SummaryNotes: notes, SummarySkipped: skipped };
}

/** GET TeleVisitsHistory/{meetingId}: the meeting's activities (who did what when; no chat text). */
export async function history(deps: Deps, context: RequestContext, meetingId: string) {
  const { visit } = await openVisit(deps, context, meetingId, 'read', { detail: { history: true } });
  return (await store.activities(deps.database, visit.meeting_id)).map((row) => ({
    Id: row.id,
    ParticipantId: row.participant_id,
    Activity: row.activity,
    Detail: row.detail,
    CreatedAt: iso(row.created_at),
  }));
}

// ---------- signalling and expiry ----------

/**
 * Whether the socket's caller and the addressee are both admitted participants of a started visit: only then
 * is an offer, answer or ICE candidate relayed. The room rule already decided (and audited) the caller's join;
 * this asks the same policy without a second row.
 */
export async function signalAllowed(
  deps: Pick<Deps, 'database'>,
  context: RequestContext,
  meetingId: string,
  to: string,
): Promise<{ from: string } | null> {
  const visit = await store.visitByMeeting(deps.database, meetingId);
  if (!visit || visit.status !== 'Started') return null;
  const decision = await decide(context, 'read', meetingResource(visit, WORKFLOWS.meeting));
  if (!decision.allowed || !participates(decision.relation)) return null;
  const me = meOf(context, visit, decision.relation);
  const [from, target] = await Promise.all([
    store.participant(deps.database, meetingId, me.ParticipantId),
    store.participant(deps.database, meetingId, to),
  ]);
  if (from?.state !== 'admitted' || target?.state !== 'admitted' || from.participant_id === to) return null;
  return { from: me.ParticipantId };
}

/** The expiry job: a visit idle for TELEHEALTH_IDLE_MINUTES expires; one still active looks again later. */
export async function expireIdleVisit(deps: Deps, meetingId: string): Promise<void> {
  const visit = await store.visitByMeeting(deps.database, meetingId);
  if (!visit || visit.status === 'Ended' || visit.status === 'Expired') return;
  const now = deps.clock.now();
  const deadline = new Date(visit.last_activity_at).getTime() + deps.config.TELEHEALTH_IDLE_MINUTES * 60_000;
  await deps.database.transaction(async (tx) => {
    if (deadline > now.getTime()) {
      await scheduleExpiry(deps, tx, meetingId, new Date(visit.last_activity_at));
      return;
    }
    if (!(await store.changeVisitStatus(tx, meetingId, [visit.status], 'Expired', now))) return;
    await store.leaveAll(tx, meetingId, now);
    await store.insertActivity(tx, {
      id: randomUUID(),
      meeting_id: meetingId,
      participant_id: null,
      activity: 'ExpiredForInactivity',
      detail: null,
      now,
    });
    await announceStatus(tx, visit, 'Expired', null, 'Expire');
  });
}
