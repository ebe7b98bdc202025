import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  idParamSchema,
  PRACTICE_ROLE_CODES,
  scheduleExceptionInputSchema,
  scheduleExceptionListSchema,
  scheduleExceptionParamsSchema,
  scheduleExceptionSchema,
} from '@careslot/contracts';
import { auditContextOf, recordAudit } from '../../platform/audit';
import { currentPrincipal, requireRoles, type Principal } from '../../platform/auth';
import { fieldError, notFound } from '../../platform/errors';
import { getLocation, searchLocations } from '../directory';
import { deleteException, exceptionsOf, insertException } from './exceptions';
import { getSchedule, publishSlotChanges, searchSchedules, searchSlots, type ScheduleRow, type SchedulingDeps } from './service';

const CALENDAR = '/careslot-calendar/api/v2';
const tags = ['calendar'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const exceptionSearchSchema = z
  .object({ ScheduleIds: z.array(z.uuid()).max(200).optional(), From: z.iso.datetime({ offset: true }), To: z.iso.datetime({ offset: true }) })
  .refine((q) => Date.parse(q.To) > Date.parse(q.From), { message: 'must be after From', path: ['To'] })
  .refine((q) => Date.parse(q.To) - Date.parse(q.From) <= 62 * 86_400_000, { message: 'may cover at most 62 days', path: ['To'] });

/** The schedule, when it belongs to the caller's practice; another practice's schedule does not exist for them. */
async function practiceSchedule(deps: SchedulingDeps, principal: Principal, id: string): Promise<ScheduleRow> {
  const schedule = await getSchedule(deps.database, id);
  const location = schedule?.location_id ? await getLocation(deps.database, schedule.location_id) : null;
  if (!schedule || !location || !principal.organizationId || location.OrganizationId !== principal.organizationId) throw notFound();
  return schedule;
}

/** The slots a block covers, as they would be offered without it (the ones that leave or come back). */
async function slotsIn(deps: SchedulingDeps, scheduleId: string, from: Date, to: Date, now: Date) {
  const slots = await searchSlots(deps.database, { scheduleIds: [scheduleId], from, to, now, isAvailable: false });
  return slots.map((s) => ({ scheduleId, start: new Date(s.Start) }));
}

/**
 * Blocking time off a provider's schedule (schedule exceptions), for the practice's own providers, staff and
 * admins. Open calendars hear SlotDeleted for each slot a block removes and SlotAdded when it is lifted.
 */
export const scheduleExceptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, realtime, clock } = app.deps;
  const deps: SchedulingDeps = { database, realtime };
  const guard = requireRoles(...PRACTICE_ROLE_CODES);

  app.post(
    `${CALENDAR}/schedule/:id/exceptions`,
    { preHandler: guard, schema: { tags, security, summary: 'Block time off a schedule of the practice', params: idParamSchema, body: scheduleExceptionInputSchema, response: { 200: scheduleExceptionSchema, ...errors } } },
    async (request) => {
      const principal = currentPrincipal(request);
      const schedule = await practiceSchedule(deps, principal, request.params.id);
      const start = new Date(request.body.Start);
      const end = new Date(request.body.End);
      const now = clock.now();
      if (end <= now) throw fieldError('End', 'future', 'must be in the future');
      const removed = await slotsIn(deps, schedule.id, start, end, now);
      const created = await insertException(database, { scheduleId: schedule.id, start, end, reason: request.body.Reason, createdBy: principal.userId ?? principal.subject });
      await recordAudit(database, auditContextOf(request), { action: 'create', entityType: 'ScheduleException', entityId: created.Id, outcome: 'success', workflow: 'Calendar_Web' });
      await publishSlotChanges(deps, removed.map((r) => ({ kind: 'removed' as const, ...r })));
      return created;
    },
  );

  app.delete(
    `${CALENDAR}/schedule/:id/exceptions/:exceptionId`,
    { preHandler: guard, schema: { tags, security, summary: 'Lift a block of time', params: scheduleExceptionParamsSchema, response: { 200: scheduleExceptionSchema, ...errors } } },
    async (request) => {
      const principal = currentPrincipal(request);
      const schedule = await practiceSchedule(deps, principal, request.params.id);
      const deleted = await deleteException(database, schedule.id, request.params.exceptionId);
      if (!deleted) throw notFound();
      await recordAudit(database, auditContextOf(request), { action: 'delete', entityType: 'ScheduleException', entityId: deleted.Id, outcome: 'success', workflow: 'Calendar_Web' });
      const back = await slotsIn(deps, schedule.id, new Date(deleted.Start), new Date(deleted.End), clock.now());
      await publishSlotChanges(deps, back.map((r) => ({ kind: 'returned' as const, ...r })));
      return deleted;
    },
  );

  app.post(
    `${CALENDAR}/schedule/exceptions/advance-search`,
    { preHandler: guard, schema: { tags, security, summary: "Blocks of time on the practice's schedules in a range", body: exceptionSearchSchema, response: { 200: scheduleExceptionListSchema, ...errors } } },
    async (request) => {
      const principal = currentPrincipal(request);
      if (!principal.organizationId) return { Data: [], Total: 0 };
      const locations = await searchLocations(database, { OrganizationId: principal.organizationId, Limit: 1000, Offset: 1 });
      const schedules = (await Promise.all(locations.Data.map((l) => searchSchedules(database, { LocationId: l.Id })))).flat();
      const own = new Set(schedules.map((s) => s.id));
      // Another practice's schedule ids in the query simply match nothing.
      const ids = request.body.ScheduleIds ? request.body.ScheduleIds.filter((id) => own.has(id)) : [...own];
      const data = await exceptionsOf(database, ids, new Date(request.body.From), new Date(request.body.To));
      return { Data: data, Total: data.length };
    },
  );
};
