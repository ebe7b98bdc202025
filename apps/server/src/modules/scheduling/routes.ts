import { GUEST_HOLD_LIMIT_MESSAGE, GUEST_HOLD_LIMIT_RULE } from './guest-holds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  HOLD_LIMIT_RULE,
  idParamSchema,
  patientIdQuerySchema,
  scheduleCreateSchema,
  scheduleExceptionInputSchema,
  scheduleExceptionSchema,
  scheduleListSchema,
  scheduleSchema,
  scheduleSearchSchema,
  scheduleServicesSchema,
  scheduleSettingCreateSchema,
  scheduleSettingsSchema,
  scheduleSettingUpdateSchema,
  scheduleUpdateSchema,
  serviceCategoryInputSchema,
  serviceCategorySchema,
  serviceCategorySearchSchema,
  serviceTypeCategoryAssignSchema,
  serviceTypeInputSchema,
  serviceTypeSchema,
  serviceTypeSearchSchema,
  SLOT_RESPONSE_TEXTS,
  slotHoldInfoSchema,
  slotHandOverRequestSchema,
  slotHandOverResultSchema,
  slotHoldRequestSchema,
  slotListSchema,
  slotReleaseResultSchema,
  slotSearchSchema,
  updateReservedSlotQuerySchema,
  validateReservedSlotQuerySchema,
} from '@careslot/contracts';
import type { FastifyRequest } from 'fastify';
import { authorize, type AccessAction } from '../../platform/access';
import { contextOf, requireSession } from '../../platform/context';
import { isSignedInUser } from '../../platform/auth';
import { AppError, conflict, fieldError, notFound, tooManyRequests } from '../../platform/errors';
import * as schedules from './schedules';
import * as service from './service';
import { searchSlotsOf } from './slot-search';

const CALENDAR = '/careslot-calendar/api/v2';
const tags = ['calendar'];

/**
 * Who a hold belongs to: the subject of the caller's verified token, a guest's or a signed-in user's
 * (decision 0035, the request context's session). A cookie the caller writes proves nothing, so without a
 * token there is no hold (401).
 */
export function sessionOf(request: FastifyRequest): string {
  return requireSession(contextOf(request));
}

/**
 * A hold for a patient touches that patient's data: the caller must be signed in and allowed to act for
 * them (themself, a family member, or a patient their practice cares for); the policy audits every attempt
 * and answers 404 for anyone else's patient.
 */
async function checkPatient(
  request: FastifyRequest,
  patientId: string,
  action: AccessAction,
  slotIds: string[],
) {
  const context = contextOf(request);
  if (!context.isSignedIn) throw new AppError('unauthorized');
  await authorize(context, action, {
    kind: 'patient',
    id: slotIds[0] ?? null,
    patientId,
    entityType: 'SlotHold',
  });
}

export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, realtime, events, config, tokens } = app.deps;
  const deps = { database, realtime, events };
  const errors = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
    409: errorEnvelopeSchema,
  };

  const list = <T extends z.ZodType>(item: T) => z.object({ Data: z.array(item), Total: z.number().int() });
  const exceptionParams = z.object({ id: z.string().uuid(), exceptionId: z.string().uuid() });

  // ---------- schedules ----------

  app.get(
    `${CALENDAR}/schedule/:id`,
    {
      schema: {
        tags,
        summary: 'A schedule (calendar)',
        params: idParamSchema,
        response: { 200: scheduleSchema, ...errors },
      },
    },
    async (request) => {
      const schedule = await schedules.getScheduleDetails(deps, request.params.id, clock.now());
      if (!schedule) throw notFound();
      return schedule;
    },
  );

  app.post(
    `${CALENDAR}/schedule`,
    {
      schema: {
        tags,
        summary: "Creates a schedule of the caller's practice",
        body: scheduleCreateSchema,
        response: { 200: scheduleSchema, ...errors },
      },
    },
    async (request) => schedules.createSchedule(deps, contextOf(request), request.body, clock.now()),
  );

  app.put(
    `${CALENDAR}/schedule/:id`,
    {
      config: { feature: 'settings', workflow: 'Schedule_Edit_Web' },
      schema: {
        tags,
        summary: 'Changes a schedule; its calendars hear about the slots that moved',
        params: idParamSchema,
        body: scheduleUpdateSchema,
        response: { 200: scheduleSchema, ...errors },
      },
    },
    async (request) =>
      schedules.updateSchedule(deps, contextOf(request), request.params.id, request.body, clock.now()),
  );

  app.put(
    `${CALENDAR}/schedule/:id/update-services`,
    {
      config: { feature: 'settings' },
      schema: {
        tags,
        summary: 'The service types (reasons) a schedule offers',
        params: idParamSchema,
        body: scheduleServicesSchema,
        response: { 200: scheduleSchema, ...errors },
      },
    },
    async (request) =>
      schedules.updateScheduleServices(
        deps,
        contextOf(request),
        request.params.id,
        request.body.ServiceTypeIds,
        clock.now(),
      ),
  );

  app.post(
    `${CALENDAR}/schedule/advance-search`,
    {
      schema: {
        tags,
        summary: 'Schedules of a practitioner, a service, a facility, a practice, or by id',
        body: scheduleSearchSchema,
        response: { 200: scheduleListSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await schedules.searchScheduleDetails(deps, request.body, clock.now());
      return { Data: rows, Total: rows.length };
    },
  );

  app.get(
    `${CALENDAR}/schedule/:id/exceptions`,
    {
      config: { feature: ['calendar', 'settings'] },
      schema: {
        tags,
        summary: "A schedule's time off and holidays",
        params: idParamSchema,
        response: { 200: list(scheduleExceptionSchema), ...errors },
      },
    },
    async (request) => {
      const rows = await schedules.listScheduleExceptions(deps, contextOf(request), request.params.id);
      return { Data: rows, Total: rows.length };
    },
  );

  app.post(
    `${CALENDAR}/schedule/:id/exceptions`,
    {
      config: { feature: ['calendar', 'settings'] },
      schema: {
        tags,
        summary: 'Blocks time off or a holiday: its slots leave every calendar',
        params: idParamSchema,
        body: scheduleExceptionInputSchema,
        response: { 200: scheduleExceptionSchema, ...errors },
      },
    },
    async (request) =>
      schedules.addScheduleException(deps, contextOf(request), request.params.id, request.body, clock.now()),
  );

  app.delete(
    `${CALENDAR}/schedule/:id/exceptions/:exceptionId`,
    {
      config: { feature: ['calendar', 'settings'] },
      schema: {
        tags,
        summary: 'Gives blocked time back to the schedule',
        params: exceptionParams,
        response: { 200: z.object({ Removed: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await schedules.removeScheduleException(
        deps,
        contextOf(request),
        request.params.id,
        request.params.exceptionId,
        clock.now(),
      );
      return { Removed: true as const };
    },
  );

  // ---------- schedule settings ----------

  app.post(
    `${CALENDAR}/schedulesetting`,
    {
      config: { feature: 'settings' },
      schema: {
        tags,
        summary: "Saves a schedule's booking settings",
        body: scheduleSettingCreateSchema,
        response: { 200: scheduleSettingsSchema, ...errors },
      },
    },
    async (request) =>
      schedules.saveScheduleSetting(
        deps,
        contextOf(request),
        request.body.ScheduleId,
        request.body,
        clock.now(),
      ),
  );

  app.put(
    `${CALENDAR}/schedulesetting/:id`,
    {
      config: { feature: 'settings' },
      schema: {
        tags,
        summary: "Changes a schedule's booking settings ({id}: the schedule's id)",
        params: idParamSchema,
        body: scheduleSettingUpdateSchema,
        response: { 200: scheduleSettingsSchema, ...errors },
      },
    },
    async (request) =>
      schedules.saveScheduleSetting(deps, contextOf(request), request.params.id, request.body, clock.now()),
  );

  // ---------- service categories ----------

  app.post(
    `${CALENDAR}/servicecategory`,
    {
      schema: {
        tags,
        summary: "Creates a service category of the caller's practice",
        body: serviceCategoryInputSchema,
        response: { 200: serviceCategorySchema, ...errors },
      },
    },
    async (request) => schedules.createServiceCategory(deps, contextOf(request), request.body),
  );

  app.get(
    `${CALENDAR}/servicecategory/:id`,
    {
      schema: {
        tags,
        summary: 'A service category',
        params: idParamSchema,
        response: { 200: serviceCategorySchema, ...errors },
      },
    },
    async (request) => {
      const category = await schedules.getServiceCategory(deps, request.params.id);
      if (!category) throw notFound();
      return category;
    },
  );

  app.put(
    `${CALENDAR}/servicecategory/:id`,
    {
      schema: {
        tags,
        summary: 'Changes a service category',
        params: idParamSchema,
        body: serviceCategoryInputSchema,
        response: { 200: serviceCategorySchema, ...errors },
      },
    },
    async (request) =>
      schedules.updateServiceCategory(deps, contextOf(request), request.params.id, request.body, clock.now()),
  );

  app.post(
    `${CALENDAR}/servicecategory/advance-search`,
    {
      schema: {
        tags,
        summary: 'Service categories of a practice or a schedule',
        body: serviceCategorySearchSchema,
        response: { 200: list(serviceCategorySchema), ...errors },
      },
    },
    async (request) => {
      const rows = await schedules.searchServiceCategories(deps, request.body);
      return { Data: rows, Total: rows.length };
    },
  );

  // ---------- service types (reasons) ----------

  app.post(
    `${CALENDAR}/servicetype`,
    {
      schema: {
        tags,
        summary: "Creates a service type (reason) of the caller's practice",
        body: serviceTypeInputSchema,
        response: { 200: serviceTypeSchema, ...errors },
      },
    },
    async (request) => schedules.createServiceType(deps, contextOf(request), request.body),
  );

  app.post(
    `${CALENDAR}/servicetype/advance-search`,
    {
      schema: {
        tags,
        summary: 'Service types of a practice, a schedule or a category',
        body: serviceTypeSearchSchema,
        response: { 200: list(serviceTypeSchema), ...errors },
      },
    },
    async (request) => {
      const rows = await schedules.searchServiceTypes(deps, request.body);
      return { Data: rows, Total: rows.length };
    },
  );

  app.get(
    `${CALENDAR}/servicetype/:id`,
    {
      schema: {
        tags,
        summary: 'A service type (reason)',
        params: idParamSchema,
        response: { 200: serviceTypeSchema, ...errors },
      },
    },
    async (request) => {
      const type = await schedules.getServiceType(deps, request.params.id);
      if (!type) throw notFound();
      return type;
    },
  );

  app.put(
    `${CALENDAR}/servicetype/:id`,
    {
      schema: {
        tags,
        summary: 'Changes a service type',
        params: idParamSchema,
        body: serviceTypeInputSchema,
        response: { 200: serviceTypeSchema, ...errors },
      },
    },
    async (request) =>
      schedules.updateServiceType(deps, contextOf(request), request.params.id, request.body, clock.now()),
  );

  app.put(
    `${CALENDAR}/servicetype/serviceCategory/:id`,
    {
      schema: {
        tags,
        summary: 'Moves service types into a category',
        params: idParamSchema,
        body: serviceTypeCategoryAssignSchema,
        response: { 200: list(serviceTypeSchema), ...errors },
      },
    },
    async (request) => {
      const rows = await schedules.assignServiceTypesToCategory(
        deps,
        contextOf(request),
        request.params.id,
        request.body.ServiceTypeIds,
        clock.now(),
      );
      return { Data: rows, Total: rows.length };
    },
  );

  // ---------- slots ----------

  app.post(
    `${CALENDAR}/slot/advance-search`,
    {
      schema: {
        tags,
        summary: 'Slots of schedules in a UTC range (EndDate null: the next availability)',
        body: slotSearchSchema,
        response: { 200: slotListSchema, ...errors },
      },
    },
    async (request) => {
      const slots = await searchSlotsOf(deps, request.body, clock.now());
      return { Data: slots, Total: slots.length };
    },
  );

  app.post(
    `${CALENDAR}/slot/reserve`,
    {
      // Per client address, on top of the 3 live holds per token: new guest tokens cost nothing.
      config: {
        rateLimit: {
          max: config.HOLD_RATE_LIMIT,
          timeWindow: '1 minute',
          errorResponseBuilder: () => tooManyRequests(),
        },
      },
      schema: {
        tags,
        summary:
          "Hold a slot for a while (a guest's or user's token; at most 3 live holds per token and per patient)",
        querystring: patientIdQuerySchema,
        body: slotHoldRequestSchema,
        response: { 200: slotHoldInfoSchema, ...errors, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { patientId } = request.query;
      const sessionId = sessionOf(request);
      if (patientId) await checkPatient(request, patientId, 'create', request.body.SlotIds);
      const parsed = service.parseSlotId(request.body.SlotIds[0]!);
      if (!parsed) throw fieldError('SlotIds', 'slot_id', 'calendar timeslot is not available');
      // A guest's hold is shorter and needs a ticket of its client address and of the calendar (decision 0085).
      const guest = contextOf(request).isGuest;
      const result = await service.reserveSlot(deps, {
        scheduleId: parsed.scheduleId,
        start: parsed.start,
        sessionId,
        patientId: patientId ?? null,
        now: clock.now(),
        serviceTypeId: request.body.ServiceType?.[0]?.Id ?? null,
        serviceCategoryIds: (request.body.ServiceCategory ?? []).map((c) => c.Id),
        ttlMs:
          (guest ? Math.min(config.GUEST_HOLD_SECONDS, config.SLOT_HOLD_SECONDS) : config.SLOT_HOLD_SECONDS) *
          1000,
        guest: {
          address: guest ? (request.ip ?? 'unknown') : null,
          perAddress: config.GUEST_HOLDS_PER_ADDRESS,
          perCalendar: config.GUEST_HOLDS_PER_CALENDAR,
        },
      });
      if (!result.ok && result.reason === 'guest_hold_limit') {
        throw new AppError('conflict', {
          message: service.HOLD_FAILED_MESSAGE,
          issues: [{ field: 'SlotIds', rule: GUEST_HOLD_LIMIT_RULE, message: GUEST_HOLD_LIMIT_MESSAGE }],
        });
      }
      if (!result.ok && result.reason === 'too_many_holds') {
        throw new AppError('conflict', {
          message: service.HOLD_FAILED_MESSAGE,
          issues: [{ field: 'SlotIds', rule: HOLD_LIMIT_RULE, message: service.HOLD_LIMIT_MESSAGE }],
        });
      }
      if (!result.ok) throw conflict(service.HOLD_FAILED_MESSAGE);
      return { SlotIds: result.slot.SlotIds, Slot: result.slot, ExpiresAt: result.expiresAt.toISOString() };
    },
  );

  app.post(
    `${CALENDAR}/slot/release`,
    {
      schema: {
        tags,
        summary: "Release this session's holds on slots",
        body: slotHoldRequestSchema,
        response: { 200: slotReleaseResultSchema, ...errors },
      },
    },
    async (request) => ({
      Released: await service.releaseHeldSlots(deps, {
        slotIds: request.body.SlotIds,
        sessionId: sessionOf(request),
      }),
    }),
  );

  app.post(
    `${CALENDAR}/slot/release-all`,
    {
      schema: {
        tags,
        summary:
          "Release every live hold of the caller's token (the 'release my holds' answer to the hold limit, sign-out)",
        response: { 200: slotReleaseResultSchema, ...errors },
      },
    },
    async (request) => ({
      Released: await service.releaseAllHolds(deps, { sessionId: sessionOf(request), now: clock.now() }),
    }),
  );

  app.post(
    `${CALENDAR}/slot/hand-over`,
    {
      schema: {
        tags,
        summary:
          "Moves the holds this browser made as a guest (proved by its guest token) to the signed-in caller's session",
        body: slotHandOverRequestSchema,
        response: { 200: slotHandOverResultSchema, ...errors },
      },
    },
    async (request) => {
      if (!isSignedInUser(request.principal)) throw new AppError('unauthorized');
      const guest = await tokens.verify(request.body.GuestToken).catch(() => null);
      if (!guest || guest.guest !== true || typeof guest.sub !== 'string') {
        throw fieldError('GuestToken', 'guest_token', "must be this browser's unexpired guest token");
      }
      const moved = await service.handOverHolds(database, {
        fromSession: `user:${guest.sub}`,
        toSession: sessionOf(request),
        now: clock.now(),
      });
      return { HandedOver: moved };
    },
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
      await checkPatient(request, request.query.PatientId, 'update', request.body.SlotIds);
      const updated = await service.updateReservedSlot(deps, {
        slotIds: request.body.SlotIds,
        sessionId: sessionOf(request),
        patientId: request.query.PatientId,
        now: clock.now(),
      });
      if (!updated) throw new AppError('not_found', { message: SLOT_RESPONSE_TEXTS.reservedNotFound });
      return {
        SlotIds: updated.slot.SlotIds,
        Slot: updated.slot,
        ExpiresAt: updated.expiresAt.toISOString(),
      };
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
      if (patientId) await checkPatient(request, patientId, 'read', request.body.SlotIds);
      const session = sessionOf(request);
      // Only the caller's own session (its token's subject) can be asked about, so holds cannot be probed across browsers.
      if (cookieSessionId && session !== `user:${cookieSessionId}`) return false;
      return service.validateReservedSlot(database, {
        slotIds: request.body.SlotIds,
        sessionId: session,
        patientId: patientId ?? null,
        now: clock.now(),
      });
    },
  );
};
