import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentIdParamsSchema,
  errorEnvelopeSchema,
  PORTAL_MESSAGES,
  portalAppointmentEnvelopeSchema,
  portalAppointmentListSchema,
  portalAppointmentQuerySchema,
  portalCancelSchema,
} from '@careslot/contracts';
import { contextOf } from '../../platform/context';
import { requireUser } from '../../platform/auth';
import * as portal from './portal';
import { BEARER } from '../../platform/route-schemas';

export const PORTAL_WEB = '/careslot-appointment-service/api/v2/web/patient-appointments';
const tags = ['patient portal'];
const security = BEARER;
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** The patient portal's calls (under /portal in the web app): the patient's own appointments only, 404 for anyone else. */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const opts = { preHandler: requireUser };

  app.get(
    PORTAL_WEB,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: "A patient's upcoming or past appointments (the patient or their family's account holder)",
        querystring: portalAppointmentQuerySchema,
        response: { 200: portalAppointmentListSchema, ...errors },
      },
    },
    async (request) => {
      const data = await portal.listPatientAppointments(
        deps,
        contextOf(request),
        request.query.patientId,
        request.query.when,
      );
      return { Data: data, Total: data.length };
    },
  );

  app.get(
    `${PORTAL_WEB}/:id`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'One of the patient’s appointments, with provider, facility and payment',
        params: appointmentIdParamsSchema,
        response: { 200: portalAppointmentEnvelopeSchema, ...errors },
      },
    },
    async (request) => ({
      is_success: true,
      data: await portal.patientAppointment(deps, contextOf(request), request.params.id),
      message: 'success',
    }),
  );

  app.post(
    `${PORTAL_WEB}/:id/cancel`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Cancel an upcoming appointment with a reason; its place goes back to the calendar',
        params: appointmentIdParamsSchema,
        body: portalCancelSchema,
        response: { 200: portalAppointmentEnvelopeSchema, ...errors },
      },
    },
    async (request) => ({
      is_success: true,
      data: await portal.cancelPatientAppointment(
        deps,
        contextOf(request),
        request.params.id,
        request.body.Reason,
      ),
      message: PORTAL_MESSAGES.canceled,
    }),
  );

  app.get(
    `${PORTAL_WEB}/:id/calendar.ics`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'The appointment as an iCalendar file (add to calendar)',
        params: appointmentIdParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const text = await portal.appointmentCalendarFile(
        deps,
        contextOf(request),
        request.params.id,
        deps.config.publicUrl,
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="careslot-appointment-${request.params.id}.ics"`)
        .send(text);
    },
  );
};
