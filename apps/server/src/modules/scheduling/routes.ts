import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  patientIdQuerySchema,
  slotHoldInfoSchema,
  slotHoldRequestSchema,
  slotListSchema,
  slotReleaseResultSchema,
  slotSearchSchema,
} from '@careslot/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, conflict, fieldError, forbidden } from '../../platform/errors';
import { canReadPatient } from '../directory';
import * as service from './service';

const CALENDAR = '/careslot-calendar/api/v2';
const tags = ['calendar'];
/** How far a search with EndDate null looks for the next availability. */
const NEXT_AVAILABILITY_DAYS = 90;

function parseUtc(value: string): Date {
  return new Date(`${value.replace(' ', 'T')}Z`);
}

/** The browser session a hold is tied to: the SessionId cookie, else the signed-in user. */
function sessionOf(request: FastifyRequest): string {
  const cookie = request.headers.cookie ?? '';
  const match = /(?:^|;\s*)SessionId=([^;]+)/.exec(cookie);
  if (match) return `cookie:${decodeURIComponent(match[1]!)}`;
  if (request.principal) return `user:${request.principal.subject}`;
  throw fieldError('SessionId', 'required', 'value cannot be null');
}

export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 409: errorEnvelopeSchema };

  app.post(
    `${CALENDAR}/slot/advance-search`,
    { schema: { tags, summary: 'Slots of schedules in a UTC range (EndDate null: the next availability)', body: slotSearchSchema, response: { 200: slotListSchema, ...errors } } },
    async (request) => {
      const now = clock.now();
      const from = parseUtc(request.body.StartDate);
      const open = request.body.EndDate === null || request.body.EndDate === undefined;
      const to = open ? new Date(from.getTime() + NEXT_AVAILABILITY_DAYS * 86_400_000) : parseUtc(request.body.EndDate!);
      if (to <= from) throw fieldError('EndDate', 'after_start', 'EndDate must be after StartDate');
      let slots = await service.searchSlots(database, {
        scheduleIds: request.body.ScheduleIds,
        from,
        to,
        now,
        isAvailable: request.body.IsAvailable,
      });
      if (open) slots = slots.slice(0, 1);
      return { Data: slots, Total: slots.length };
    },
  );

  app.post(
    `${CALENDAR}/slot/reserve`,
    { schema: { tags, summary: 'Hold a slot for a while', querystring: patientIdQuerySchema, body: slotHoldRequestSchema, response: { 200: slotHoldInfoSchema, ...errors } } },
    async (request) => {
      const { patientId } = request.query;
      if (patientId) {
        if (!request.principal) throw new AppError('unauthorized');
        if (!(await canReadPatient(database, request.principal, patientId))) throw forbidden();
      }
      const parsed = service.parseSlotId(request.body.SlotIds[0]!);
      if (!parsed) throw fieldError('SlotIds', 'slot_id', 'calendar timeslot is not available');
      const result = await service.holdSlot(database, {
        scheduleId: parsed.scheduleId,
        start: parsed.start,
        sessionId: sessionOf(request),
        patientId: patientId ?? null,
        now: clock.now(),
      });
      if (!result.ok) throw conflict(service.HOLD_FAILED_MESSAGE);
      return { SlotIds: result.slot.SlotIds, Slot: result.slot, ExpiresAt: result.expiresAt.toISOString() };
    },
  );

  app.post(
    `${CALENDAR}/slot/release`,
    { schema: { tags, summary: "Release this session's holds on slots", body: slotHoldRequestSchema, response: { 200: slotReleaseResultSchema, ...errors } } },
    async (request) => ({ Released: await service.releaseSlots(database, { slotIds: request.body.SlotIds, sessionId: sessionOf(request) }) }),
  );
};

