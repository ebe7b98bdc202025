import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  idParamSchema,
  patientIdQuerySchema,
  scheduleListSchema,
  scheduleSearchSchema,
  scheduleSummarySchema,
  SLOT_RESPONSE_TEXTS,
  slotHoldInfoSchema,
  slotHoldRequestSchema,
  slotListSchema,
  slotReleaseResultSchema,
  slotSearchSchema,
  updateReservedSlotQuerySchema,
  validateReservedSlotQuerySchema,
} from '@careslot/contracts';
import type { FastifyRequest } from 'fastify';
import { auditContextOf, recordAudit, type AuditAction, type AuditOutcome } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../platform/errors';
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
export function sessionOf(request: FastifyRequest): string {
  const cookie = request.headers.cookie ?? '';
  const match = /(?:^|;\s*)SessionId=([^;]+)/.exec(cookie);
  if (match) return `cookie:${decodeURIComponent(match[1]!)}`;
  if (request.principal) return `user:${request.principal.subject}`;
  throw fieldError('SessionId', 'required', 'value cannot be null');
}

/**
 * A hold for a patient touches that patient's data: the caller must be signed in and allowed to act for
 * them (themself, a family member, or a patient of their practice), and every attempt is audited.
 */
async function checkPatient(database: Database, request: FastifyRequest, patientId: string, action: AuditAction, slotIds: string[]) {
  const principal = request.principal;
  const allowed = !!principal && !principal.isGuest && (await canReadPatient(database, principal, patientId));
  const outcome: AuditOutcome = allowed ? 'success' : 'denied';
  await recordAudit(database, auditContextOf(request), { action, entityType: 'SlotHold', entityId: slotIds[0] ?? null, patientId, outcome });
  if (!principal || principal.isGuest) throw new AppError('unauthorized');
  if (!allowed) throw forbidden();
}

function scheduleSummary(row: service.ScheduleRow) {
  return {
    Id: row.id,
    PractitionerId: row.practitioner_id,
    LocationId: row.location_id,
    TimeZone: row.time_zone,
    SlotMinutes: row.slot_minutes,
    Capacity: row.capacity,
    PlanningHorizonDays: row.planning_horizon_days,
    SlotHideHours: row.slot_hide_hours,
    OnlineBookingEnabled: row.online_booking_enabled,
  };
}

export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, realtime } = app.deps;
  const deps = { database, realtime };
  const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

  app.get(
    `${CALENDAR}/schedule/:id`,
    { schema: { tags, summary: 'A schedule (calendar)', params: idParamSchema, response: { 200: scheduleSummarySchema, ...errors } } },
    async (request) => {
      const row = await service.getSchedule(database, request.params.id);
      if (!row) throw notFound();
      return scheduleSummary(row);
    },
  );

  app.post(
    `${CALENDAR}/schedule/advance-search`,
    { schema: { tags, summary: 'Schedules of a practitioner, a facility, or by id', body: scheduleSearchSchema, response: { 200: scheduleListSchema, ...errors } } },
    async (request) => {
      const rows = await service.searchSchedules(database, request.body);
      return { Data: rows.map(scheduleSummary), Total: rows.length };
    },
  );

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
      if (patientId) await checkPatient(database, request, patientId, 'create', request.body.SlotIds);
      const parsed = service.parseSlotId(request.body.SlotIds[0]!);
      if (!parsed) throw fieldError('SlotIds', 'slot_id', 'calendar timeslot is not available');
      const result = await service.reserveSlot(deps, {
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
    async (request) => ({ Released: await service.releaseHeldSlots(deps, { slotIds: request.body.SlotIds, sessionId: sessionOf(request) }) }),
  );

  app.post(
    `${CALENDAR}/slot/update-reserved-slot`,
    {
      schema: {
        tags,
        summary: "Sets the patient of this session's hold (the expiry is unchanged)",
        querystring: updateReservedSlotQuerySchema,
        body: slotHoldRequestSchema,
        response: { 200: slotHoldInfoSchema, ...errors },
      },
    },
    async (request) => {
      await checkPatient(database, request, request.query.PatientId, 'update', request.body.SlotIds);
      const updated = await service.updateReservedSlot(deps, {
        slotIds: request.body.SlotIds,
        sessionId: sessionOf(request),
        patientId: request.query.PatientId,
        now: clock.now(),
      });
      if (!updated) throw new AppError('not_found', { message: SLOT_RESPONSE_TEXTS.reservedNotFound });
      return { SlotIds: updated.slot.SlotIds, Slot: updated.slot, ExpiresAt: updated.expiresAt.toISOString() };
    },
  );

  app.post(
    `${CALENDAR}/slot/validate-reserved-slot`,
    {
      schema: {
        tags,
        summary: 'Is the slot still held by this session (and for this patient)?',
        querystring: validateReservedSlotQuerySchema,
        body: slotHoldRequestSchema,
        response: { 200: z.boolean(), ...errors },
      },
    },
    async (request) => {
      const { cookieSessionId, patientId } = request.query;
      if (patientId) await checkPatient(database, request, patientId, 'read', request.body.SlotIds);
      const session = sessionOf(request);
      // Only the caller's own session can be asked about, so hold ids cannot be probed across browsers.
      if (cookieSessionId && session !== `cookie:${cookieSessionId}` && session !== `user:${cookieSessionId}`) return false;
      return service.validateReservedSlot(database, {
        slotIds: request.body.SlotIds,
        sessionId: session,
        patientId: patientId ?? null,
        now: clock.now(),
      });
    },
  );
};

