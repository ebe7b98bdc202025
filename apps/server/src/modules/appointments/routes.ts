import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  appointmentEnvelopeSchema,
  appointmentIdParamsSchema,
  bookAppointmentSchema,
  bookingResultSchema,
  errorEnvelopeSchema,
} from '@careslot/contracts';
import { auditContextOf } from '../../platform/audit';
import { currentPrincipal, requireUser } from '../../platform/auth';
import { sessionOf } from '../scheduling';
import * as service from './service';

const V2 = '/careslot-appointment-service/api/v2';
const tags = ['appointments'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 503: errorEnvelopeSchema };
const idempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(8).max(100).optional().describe('A retried request with the same key never books twice'),
});

const callerOf = (request: FastifyRequest) => ({ principal: currentPrincipal(request), audit: auditContextOf(request) });

/** Booking and reading appointments (patient-booking.md §3.5, §7 Appointments). */
export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    `${V2}/Appointments`,
    { preHandler: requireUser, schema: { tags, security, summary: 'Book the slot the caller holds (or a free one); the visit fee is captured once the booking commits', headers: idempotencyHeaders, body: bookAppointmentSchema, response: { 200: bookingResultSchema, ...errors } } },
    async (request) =>
      service.bookAppointment(deps, { ...callerOf(request), sessionId: sessionOf(request) }, request.body, request.headers['idempotency-key'] ?? null),
  );

  app.get(
    `${V2}/Appointments/:id`,
    { preHandler: requireUser, schema: { tags, security, summary: 'One appointment (its patient, their account holder, or the practice)', params: appointmentIdParamsSchema, response: { 200: appointmentEnvelopeSchema, ...errors } } },
    async (request) => ({ is_success: true, data: await service.getAppointment(deps, callerOf(request), request.params.id), message: 'success' }),
  );
};
