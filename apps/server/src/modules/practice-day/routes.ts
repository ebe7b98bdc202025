import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockedTimeQuerySchema,
  calendarScheduleQuerySchema,
  calendarScheduleResultSchema,
  checkInSearchSchema,
  errorEnvelopeSchema,
  hotlistSchema,
  PRACTICE_ROLE_CODES,
  practiceAppointmentListSchema,
  practiceAppointmentSearchSchema,
  practiceCalendarContextSchema,
  practiceDayQuerySchema,
  practiceProviderParamsSchema,
  scheduleExceptionSchema,
  walkInCountSchema,
  walkInQueueSchema,
} from '@careslot/contracts';
import { contextOf } from '../../platform/context';
import { requireRoles } from '../../platform/auth';
import * as practice from './service';
import { BEARER } from '../../platform/route-schemas';

const V2 = '/careslot-appointment-service/api/v2';
const tags = ['practice day'];
const security = BEARER;
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/**
 * The practice's day (practice-portal.md §2.6, §7 Appointments): search, check-in list, walk-in queue, hotlist,
 * blocked time and the calendar's context (booking on behalf is modules/booking, participants modules/appointments). Only the practice's providers, staff and admins,
 * and only inside their own practice: another practice's appointments, providers and patients are not found.
 */
export const practiceDayRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const preHandler = requireRoles(...PRACTICE_ROLE_CODES);

  for (const path of [`${V2}/appointments/advance-search`, `${V2}/Appointments/advance-search`]) {
    app.post(
      path,
      {
        // Every appointment of the practice with its patients: the calendar's search (decision 0086).
        config: { feature: 'calendar', workflow: 'Calendar_Web' },
        preHandler,
        schema: {
          tags,
          security,
          summary: "The practice's appointments in a range, by provider, resource, location, status and type",
          body: practiceAppointmentSearchSchema,
          response: { 200: practiceAppointmentListSchema, ...errors },
        },
      },
      async (request) => practice.searchPracticeAppointments(deps, contextOf(request), request.body),
    );
  }

  app.post(
    `${V2}/appointments/check-in/get`,
    {
      config: { feature: 'checkInSummary', workflow: 'Checkin_Summary_Web' },
      preHandler,
      schema: {
        tags,
        security,
        summary: "The day's visits at the practice with their check-in status",
        body: checkInSearchSchema,
        response: { 200: practiceAppointmentListSchema, ...errors },
      },
    },
    async (request) => practice.checkInList(deps, contextOf(request), request.body),
  );

  app.get(
    `${V2}/Appointments/providers/:id/walk-in-queue`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "The provider's walk-in queue of the day, in arrival order",
        params: practiceProviderParamsSchema,
        querystring: practiceDayQuerySchema,
        response: { 200: walkInQueueSchema, ...errors },
      },
    },
    async (request) => practice.walkInQueue(deps, contextOf(request), request.params.id, request.query.date),
  );

  app.get(
    `${V2}/Appointments/providers/:id/walk-in-queue/count`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "How many patients wait in the provider's walk-in queue",
        params: practiceProviderParamsSchema,
        response: { 200: walkInCountSchema, ...errors },
      },
    },
    async (request) => practice.walkInCount(deps, contextOf(request), request.params.id),
  );

  app.post(
    `${V2}/Appointments/providers/:id/walk-in-queue/call-next`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Call the next walk-in patient (In Progress)',
        params: practiceProviderParamsSchema,
        response: { 200: walkInQueueSchema, ...errors },
      },
    },
    async (request) => practice.callNextWalkIn(deps, contextOf(request), request.params.id),
  );

  app.get(
    `${V2}/Appointments/providers/:id/patient-hotlist`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "The provider's 10 most recent patients",
        params: practiceProviderParamsSchema,
        response: { 200: hotlistSchema, ...errors },
      },
    },
    async (request) => practice.patientHotlist(deps, contextOf(request), request.params.id),
  );

  app.post(
    `${V2}/appointments/schedule`,
    {
      config: { feature: 'calendar', workflow: 'Calendar_Web' },
      preHandler,
      schema: {
        tags,
        security,
        summary: "The appointments booked on one of the practice's calendars in a range, by start",
        body: calendarScheduleQuerySchema,
        response: { 200: calendarScheduleResultSchema, ...errors },
      },
    },
    async (request) => practice.calendarSchedule(deps, contextOf(request), request.body),
  );

  app.get(
    `${V2}/practice/blocked-time`,
    {
      config: { feature: 'calendar', workflow: 'Calendar_Web' },
      preHandler,
      schema: {
        tags,
        security,
        summary: "Time off and holidays on the practice's schedules in a range",
        querystring: blockedTimeQuerySchema,
        response: {
          200: z.object({ Data: z.array(scheduleExceptionSchema), Total: z.number().int() }),
          ...errors,
        },
      },
    },
    async (request) =>
      practice.blockedTime(deps, contextOf(request), {
        from: new Date(request.query.from),
        to: new Date(request.query.to),
      }),
  );

  app.get(
    `${V2}/practice/calendar-context`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "The practice's providers, resources, facilities and schedules",
        response: { 200: practiceCalendarContextSchema, ...errors },
      },
    },
    async (request) => practice.calendarContext(deps, contextOf(request)),
  );
};
