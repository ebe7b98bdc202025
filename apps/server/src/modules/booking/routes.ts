import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentIdParamsSchema,
  bookAppointmentSchema,
  bookingResultSchema,
  errorEnvelopeSchema,
  officeAppointmentResultSchema,
  officeAppointmentSchema,
  PORTAL_MESSAGES,
  portalAppointmentResultSchema,
  portalRescheduleSchema,
  PRACTICE_ROLE_CODES,
  practiceAppointmentSchema,
  practiceMoveSchema,
  APPOINTMENT_DETAILS_MESSAGES,
  publishAppointmentResultSchema,
  publishAppointmentSchema,
} from '@careslot/contracts';
import type { FastifyRequest } from 'fastify';
import { contextOf, requireSession, type RequestContext } from '../../platform/context';
import { requireRoles, requireUser } from '../../platform/auth';
import { PORTAL_WEB } from '../appointments';
import { publishAppointment } from './publish';
import { moveOnCalendar, reschedulePatientAppointment } from './reschedule';
import { bookAppointment, bookOnBehalf } from './service';
import { BEARER } from '../../platform/route-schemas';

/** The request's context, which must carry a hold session (a booking takes the session's hold): 400 otherwise. */
function sessionContext(request: FastifyRequest): RequestContext {
  const context = contextOf(request);
  requireSession(context);
  return context;
}

const V2 = '/careslot-appointment-service/api/v2';
const security = BEARER;
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8)
    .max(100)
    .optional()
    .describe('A retried request with the same key never books twice'),
});

/**
 * Booking (patient-booking.md §3.5, practice-portal.md §7 Appointments): the patient's booking, the practice's
 * booking on behalf of a patient (one booking transaction for both), and moving a booked visit (the patient's
 * reschedule in the portal, a move on the practice calendar).
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const practice = requireRoles(...PRACTICE_ROLE_CODES);

  app.post(
    `${V2}/Appointments`,
    {
      preHandler: requireUser,
      schema: {
        tags: ['appointments'],
        security,
        summary:
          'Book the slot the caller holds (or a free one); the visit fee is captured once the booking commits',
        headers: idempotencyHeaders,
        body: bookAppointmentSchema,
        response: { 200: bookingResultSchema, ...errors },
      },
    },
    async (request) =>
      bookAppointment(
        deps,
        sessionContext(request),
        request.body,
        request.headers['idempotency-key'] ?? null,
      ),
  );

  app.post(
    `${V2}/OfficeAppointments`,
    {
      config: { feature: 'calendar' },
      preHandler: practice,
      schema: {
        tags: ['practice day'],
        security,
        summary:
          'Book a visit for a patient of the practice, or a new patient (Practice_Staff_Appointment_Web)',
        body: officeAppointmentSchema,
        response: { 200: officeAppointmentResultSchema, ...errors },
      },
    },
    async (request) => bookOnBehalf(deps, contextOf(request), request.body),
  );

  app.put(
    `${V2}/appointments/:id`,
    {
      config: { feature: 'calendar' },
      preHandler: practice,
      schema: {
        tags: ['practice day'],
        security,
        summary: "Move a booked visit to an open slot of one of the practice's calendars",
        params: appointmentIdParamsSchema,
        body: practiceMoveSchema,
        response: { 200: practiceAppointmentSchema, ...errors },
      },
    },
    async (request) => moveOnCalendar(deps, contextOf(request), request.params.id, request.body),
  );

  app.post(
    `${PORTAL_WEB}/:id/reschedule`,
    {
      preHandler: requireUser,
      schema: {
        tags: ['patient portal'],
        security,
        summary: 'Move an upcoming appointment to a slot the caller holds now (slot/reserve first)',
        params: appointmentIdParamsSchema,
        body: portalRescheduleSchema,
        response: { 200: portalAppointmentResultSchema, ...errors },
      },
    },
    async (request) => ({
      is_success: true,
      data: await reschedulePatientAppointment(
        deps,
        sessionContext(request),
        request.params.id,
        request.body,
      ),
      message: PORTAL_MESSAGES.rescheduled,
    }),
  );

  app.post(
    `${V2}/web/BobAppointment`,
    {
      preHandler: requireUser,
      schema: {
        tags: ['appointments'],
        security,
        summary: 'Publish a booked appointment to outside systems (once per appointment; ids only)',
        body: publishAppointmentSchema,
        response: { 200: publishAppointmentResultSchema, ...errors },
      },
    },
    async (request) => ({
      is_success: true,
      data: await publishAppointment(deps, contextOf(request), request.body),
      message: APPOINTMENT_DETAILS_MESSAGES.published,
    }),
  );
};
