import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPOINTMENT_STATUS_MESSAGES,
  appointmentChangeResultSchema,
  appointmentCountsQuerySchema,
  appointmentCountsResultSchema,
  appointmentRequestsQuerySchema,
  appointmentRequestsResultSchema,
  requestActivityQuerySchema,
  requestActivityResultSchema,
  statusChangeBodySchema,
  statusQuerySchema,
  appointmentEnvelopeSchema,
  appointmentIdParamsSchema,
  errorEnvelopeSchema,
  addParticipantSchema,
  PRACTICE_ROLE_CODES,
  practiceAppointmentSchema,
  APPOINTMENT_DETAILS_MESSAGES,
  appointmentIdentifiersQuerySchema,
  appointmentIdentifiersResultSchema,
  appointmentPatchResultSchema,
  appointmentPatchSchema,
  webAppointmentPatchSchema,
} from '@careslot/contracts';
import { contextOf } from '../../platform/context';
import { requireRoles, requireUser } from '../../platform/auth';
import { portalRoutes } from './portal-routes';
import { appointmentsByIdentifiers, patchAppointment, patchWebAppointment } from './details';
import { addParticipant } from './practice';
import * as requests from './requests';
import * as service from './service';
import { changeAppointmentStatus, type AppointmentFamily } from './status';
import { BEARER } from '../../platform/route-schemas';

const V2 = '/careslot-appointment-service/api/v2';
const V1 = '/careslot-appointment-service/api/v1';
const tags = ['appointments'];
const security = BEARER;
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

/**
 * The appointment record (patient-booking.md §3.5, practice-portal.md §7 Appointments): reading it, the
 * practice's status actions, requests and counts, participants, and the patient portal's reads and cancel.
 */
export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // The patient's own appointments (the portal): their own file, kept apart from the practice's calls.
  await app.register(portalRoutes);

  app.get(
    `${V2}/Appointments/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'One appointment (its patient, their account holder, or the practice)',
        params: appointmentIdParamsSchema,
        response: { 200: appointmentEnvelopeSchema, ...errors },
      },
    },
    async (request) => ({
      is_success: true,
      data: await service.getAppointment(deps, contextOf(request), request.params.id),
      message: 'success',
    }),
  );

  app.patch(
    `${V2}/Appointments/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Change an appointment's reasons or identifiers (its practice only)",
        params: appointmentIdParamsSchema,
        body: appointmentPatchSchema,
        response: { 200: appointmentPatchResultSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: APPOINTMENT_DETAILS_MESSAGES.updated,
      data: await patchAppointment(deps, contextOf(request), request.params.id, request.body),
    }),
  );

  app.patch(
    `${V2}/web/WebAppointments/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags: ['patient portal'],
        security,
        summary: 'The patient rewords the reasons of their own upcoming appointment',
        params: appointmentIdParamsSchema,
        body: webAppointmentPatchSchema,
        response: { 200: appointmentPatchResultSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: APPOINTMENT_DETAILS_MESSAGES.updated,
      data: await patchWebAppointment(deps, contextOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    `${V2}/Appointments/identifiers/get`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's practice's appointments carrying any of these identifiers",
        body: appointmentIdentifiersQuerySchema,
        response: { 200: appointmentIdentifiersResultSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'success',
      data: await appointmentsByIdentifiers(deps, contextOf(request), request.body),
    }),
  );

  // ---------- the practice's status actions (practice-portal.md §4.1, §7; decision 0016) ----------
  const families: [string, AppointmentFamily][] = [
    ['OfficeAppointments', 'Office'],
    ['TeleAppointments', 'Tele'],
  ];
  for (const [path, family] of families) {
    const what = family === 'Office' ? 'an office or resource' : 'a tele';
    app.route({
      method: ['PUT', 'PATCH'],
      url: `${V2}/${path}/:id/status`,
      // The calendar's drawer, the requests list and the check-in summary change a visit's status.
      config: { feature: ['calendar', 'requests', 'checkInSummary'] },
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: `Change the status of ${what} appointment (allowed transitions: decision 0016); Rejected needs a Reason`,
        params: appointmentIdParamsSchema,
        querystring: statusQuerySchema,
        body: statusChangeBodySchema,
        response: { 200: appointmentChangeResultSchema, ...errors },
      },
      handler: async (request) => ({
        status_code: 200,
        message: APPOINTMENT_STATUS_MESSAGES.updated,
        data: await changeAppointmentStatus(deps, contextOf(request), {
          id: request.params.id,
          family,
          status: request.query.status,
          reason: request.body?.Reason,
          workflow: request.body?.AuditTrail?.WorkflowOrServiceName,
        }),
      }),
    });
    app.route({
      method: ['PUT', 'POST'],
      url: `${V2}/${path}/:id/confirm`,
      config: { feature: ['calendar', 'requests', 'checkInSummary'] },
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: `Confirm ${what} appointment: a request is accepted as Scheduled, a scheduled visit becomes Confirmed`,
        params: appointmentIdParamsSchema,
        body: statusChangeBodySchema,
        response: { 200: appointmentChangeResultSchema, ...errors },
      },
      handler: async (request) => ({
        status_code: 200,
        message: APPOINTMENT_STATUS_MESSAGES.confirmed,
        data: await changeAppointmentStatus(deps, contextOf(request), {
          id: request.params.id,
          family,
          status: 'confirm',
          reason: request.body?.Reason,
          workflow: request.body?.AuditTrail?.WorkflowOrServiceName,
        }),
      }),
    });
  }

  app.post(
    `${V2}/appointments/requests/get`,
    {
      config: { feature: 'requests', workflow: 'Pending_Appointment_List_Web' },
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's practice's pending appointments (a provider's own only), soonest first",
        body: appointmentRequestsQuerySchema,
        response: { 200: appointmentRequestsResultSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'success',
      data: await requests.listRequests(deps, contextOf(request), request.body),
    }),
  );

  app.post(
    `${V2}/appointmentrequestactivity/logs/get`,
    {
      config: { feature: 'requests' },
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "Decisions on the caller's practice's requests (accepted, declined, withdrawn), newest first",
        body: requestActivityQuerySchema,
        response: { 200: requestActivityResultSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'success',
      data: await requests.listRequestActivity(deps, contextOf(request), request.body),
    }),
  );

  app.get(
    `${V2}/Appointments/providers/:id/appointments/count`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "A provider's WalkinCount and ScheduledCount of a day and PendingCount of requests to come",
        params: appointmentIdParamsSchema,
        querystring: appointmentCountsQuerySchema,
        response: { 200: appointmentCountsResultSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'success',
      data: await requests.providerCounts(deps, contextOf(request), {
        practitionerId: request.params.id,
        date: request.query.date,
        timeZone: request.query.timeZone,
      }),
    }),
  );

  app.post(
    `${V1}/appointmentparticipants/:id`,
    {
      preHandler: requireRoles(...PRACTICE_ROLE_CODES),
      schema: {
        tags: ['practice day'],
        security,
        summary: 'Add a practitioner, staff member or resource of the practice to a visit',
        params: appointmentIdParamsSchema,
        body: addParticipantSchema,
        response: { 200: practiceAppointmentSchema, ...errors, 403: errorEnvelopeSchema },
      },
    },
    async (request) => addParticipant(deps, contextOf(request), request.params.id, request.body),
  );
};
