import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelopeSchema, fileUploadSchema } from '@careslot/contracts';
import { requireToken, requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as service from './service';
import { BEARER, ok } from '../../platform/route-schemas';

const V2 = '/careslot-appointment-service/api/v2';
const tags = ['telehealth'];
const security = BEARER;
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
/** Meeting ids are uuids the server makes (rooms allow letters, digits, - and _). */
const meetingId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a meeting id');
const participantId = z.string().regex(/^[A-Za-z0-9_:-]{1,80}$/, 'a participant id');
const meetingParams = z.object({ meetingId });
const anyData = envelope(z.any());
const text = (max: number) => z.string().max(max);

/**
 * The tele-visit calls of practice-portal.md §7 (TeleVisits, TeleVisitsDevice, TeleVisitsHistory,
 * TeleVisitsRating, TeleAppointments participants, chatsession). Participants only: the appointment's patient,
 * its practice's users and guests invited to the meeting (their token); everyone else gets 404.
 */
export const telehealthRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const participant = { preHandler: requireToken };

  app.post(
    `${V2}/TeleVisits/details`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The video visit of a TeleHealth appointment (created on first ask, with its meeting id)',
        body: z.object({ AppointmentId: z.uuid() }),
        response: { 200: anyData, ...errors },
      },
    },
    async (request) =>
      ok(await service.visitForAppointment(deps, contextOf(request), request.body.AppointmentId)),
  );
  app.post(
    `${V2}/TeleVisits/statuses`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "The TeleVisitStatus of the practice's video visits among these appointments (dashboards, calendars)",
        body: z.object({ AppointmentIds: z.array(z.uuid()).max(500) }),
        response: { 200: anyData, ...errors },
      },
    },
    async (request) => ok(await service.visitStatuses(deps, contextOf(request), request.body.AppointmentIds)),
  );
  app.get(
    `${V2}/TeleVisits/:meetingId`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: 'A video visit: status and participants',
        params: meetingParams,
        response: { 200: anyData, ...errors },
      },
    },
    async (request) => ok(await service.getVisit(deps, contextOf(request), request.params.meetingId)),
  );
  app.put(
    `${V2}/TeleVisits/:meetingId/participants/:participantId/action/:action`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary:
          "A participant's action: WaitingRoom, Admit, Start, Leave, End, or a media change (mic, camera, screen share)",
        params: z.object({ meetingId, participantId, action: z.enum(service.PARTICIPANT_ACTIONS) }),
        querystring: z.object({ mediaRegion: text(40).optional() }),
        response: { 200: anyData, ...errors },
      },
    },
    async (request) =>
      ok(
        await service.participantAction(deps, contextOf(request), {
          ...request.params,
          ...(request.query.mediaRegion ? { mediaRegion: request.query.mediaRegion } : {}),
        }),
      ),
  );
  app.post(
    `${V2}/TeleVisits/:meetingId/participants/:participantId/invitations`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: 'Invite a guest to the visit by e-mail or SMS (a signed join link; no account needed)',
        params: z.object({ meetingId, participantId }),
        querystring: z.object({
          contactMethod: z.enum(['email', 'phoneNo']),
          contactDetail: z.string().min(1).max(254),
        }),
        response: { 200: anyData, ...errors },
      },
    },
    async (request) =>
      ok(
        await service.inviteGuest(deps, contextOf(request), {
          ...request.params,
          ...request.query,
        }),
      ),
  );
  app.put(
    `${V2}/TeleVisits/:meetingId/summary`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: "The provider's summary notes of the visit, added or skipped",
        params: meetingParams,
        body: z.object({ Notes: text(8000).nullish(), Skipped: z.boolean().optional() }),
        response: { 200: anyData, ...errors },
      },
    },
    async (request) =>
      ok(
        await service.saveSummary(deps, contextOf(request), {
          meetingId: request.params.meetingId,
          ...(request.body.Notes !== undefined ? { Notes: request.body.Notes } : {}),
          ...(request.body.Skipped !== undefined ? { Skipped: request.body.Skipped } : {}),
        }),
      ),
  );
  app.get(
    `${V2}/TeleVisits/:meetingId/ice-servers`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: 'STUN/TURN servers for the visit, with a short-lived TURN credential (TURN REST)',
        params: meetingParams,
        response: { 200: anyData, ...errors },
      },
    },
    async (request) => ok(await service.iceServers(deps, contextOf(request), request.params.meetingId)),
  );
  app.get(
    `${V2}/TeleAppointments/:id/participants`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: "A tele appointment's video-visit participants",
        params: z.object({ id: z.uuid() }),
        response: { 200: anyData, ...errors },
      },
    },
    async (request) =>
      ok(await service.participantsOfAppointment(deps, contextOf(request), request.params.id)),
  );

  // ---------- readiness (TeleVisitsDevice) ----------
  const readinessBody = z.object({
    MeetingId: meetingId,
    ParticipantId: participantId,
    MediaRegion: text(40).nullish(),
    AudioInputDeviceId: text(200).nullish(),
    VideoInputDeviceId: text(200).nullish(),
    AudioOk: z.boolean().nullish(),
    VideoOk: z.boolean().nullish(),
    NetworkOk: z.boolean().nullish(),
    RoundTripMs: z.number().int().min(0).max(600_000).nullish(),
    BandwidthKbps: z.number().int().min(0).max(10_000_000).nullish(),
  });
  app.post(
    `${V2}/TeleVisitsDevice`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: "A participant's readiness check (camera, microphone, network), pushed to the practice",
        body: readinessBody,
        response: { 200: anyData, ...errors },
      },
    },
    async (request) => ok(await service.recordReadiness(deps, contextOf(request), request.body)),
  );
  app.get(
    `${V2}/TeleVisitsDevice/:meetingId`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: "The visit's readiness checks (a participant's with participantId)",
        params: meetingParams,
        querystring: z.object({ participantId: participantId.optional(), mediaRegion: text(40).optional() }),
        response: { 200: anyData, ...errors },
      },
    },
    async (request) =>
      ok(
        await service.readinessChecks(
          deps,
          contextOf(request),
          request.params.meetingId,
          request.query.participantId ?? null,
        ),
      ),
  );
  app.post(
    `${V2}/TeleVisitsDevice/advance-search`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: "The visit's readiness checks",
        body: z.object({ MeetingId: meetingId, ParticipantId: participantId.nullish() }),
        response: { 200: anyData, ...errors },
      },
    },
    async (request) =>
      ok(
        await service.readinessChecks(
          deps,
          contextOf(request),
          request.body.MeetingId,
          request.body.ParticipantId ?? null,
        ),
      ),
  );

  // ---------- after the visit ----------
  app.get(
    `${V2}/TeleVisitsHistory/:meetingId`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: "The meeting's activities (video-session log)",
        params: meetingParams,
        response: { 200: anyData, ...errors },
      },
    },
    async (request) => ok(await service.history(deps, contextOf(request), request.params.meetingId)),
  );
  app.post(
    `${V2}/TeleVisitsRating/ratings`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: "The patient's (or a guest's) rating of the visit, submitted or skipped",
        body: z.object({
          MeetingId: meetingId,
          Rating: z.number().int().min(1).max(5).nullish(),
          Comment: text(2000).nullish(),
          Skipped: z.boolean().optional(),
        }),
        response: { 200: anyData, ...errors },
      },
    },
    async (request) =>
      ok(
        await service.rateVisit(deps, contextOf(request), {
          MeetingId: request.body.MeetingId,
          Rating: request.body.Rating ?? null,
          Comment: request.body.Comment ?? null,
          Skipped: request.body.Skipped === true,
        }),
      ),
  );
  app.get(
    `${V2}/TeleVisitsRating/:meetingId/ratings`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: "The visit's ratings",
        params: meetingParams,
        response: { 200: anyData, ...errors },
      },
    },
    async (request) => ok(await service.ratingsOf(deps, contextOf(request), request.params.meetingId)),
  );

  // ---------- chat ----------
  const chatBody = z.object({ MeetingId: meetingId, Message: z.string().min(1).max(2000) });
  for (const url of [`${V2}/chatsession`, `${V2}/chatsession/broadcast`])
    app.post(
      url,
      {
        ...participant,
        schema: {
          tags,
          security,
          summary: 'A chat message of the visit, broadcast to its participants (BroadcastUserChatSession)',
          body: chatBody,
          response: { 200: anyData, ...errors },
        },
      },
      async (request) => ok(await service.addChatMessage(deps, contextOf(request), request.body)),
    );
  app.post(
    `${V2}/chatsession/files`,
    {
      ...participant,
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        security,
        summary:
          "A file sent in the visit's chat (JPEG, PNG, WebP or PDF, at most 5 MB), broadcast like a message",
        body: z.object({ MeetingId: meetingId, File: fileUploadSchema }),
        response: { 200: anyData, ...errors },
      },
    },
    async (request) => ok(await service.addChatFile(deps, contextOf(request), request.body)),
  );
  app.get(
    `${V2}/chatsession/files/:fileId`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: "A file of a visit's chat, for the visit's participants only",
        params: z.object({ fileId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const file = await service.chatFile(deps, contextOf(request), request.params.fileId);
      return reply
        .type(file.content_type)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
        .send(Buffer.from(file.content));
    },
  );
  app.post(
    `${V2}/chatsession/batch`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: "The visit's chat messages",
        body: z.object({ MeetingId: meetingId }),
        response: { 200: anyData, ...errors },
      },
    },
    async (request) => ok(await service.chatOfMeeting(deps, contextOf(request), request.body.MeetingId)),
  );
  app.get(
    `${V2}/chatsession/appointments/:id`,
    {
      ...participant,
      schema: {
        tags,
        security,
        summary: "A tele appointment's chat messages",
        params: z.object({ id: z.uuid() }),
        response: { 200: anyData, ...errors },
      },
    },
    async (request) => ok(await service.chatOfAppointment(deps, contextOf(request), request.params.id)),
  );
};
