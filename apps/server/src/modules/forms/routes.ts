import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customFormListSchema,
  customFormResponseInputSchema,
  customFormResponseSchema,
  errorEnvelopeSchema,
  fileUploadSchema,
  formAssociationQuerySchema,
  formResponseIdParamsSchema,
  formTypeQuerySchema,
  preBookingResponseInputSchema,
  preBookingResponseSchema,
  storedFileRefSchema,
} from '@careslot/contracts';
import { contextOf } from '../../platform/context';
import { requireRoles, requireUser } from '../../platform/auth';
import { ROLE_SETS } from '../../platform/access';
import * as service from './service';
import { BEARER, envelopeOf } from '../../platform/route-schemas';

const FORMS = '/careslot-custom-form/api/v1';
const RESOURCE_LIBRARY = '/careslot-resource-library/api/v1';
const PREBOOKING = '/careslot-appointment-service/api/v1/WebPreBookingResponse';
const tags = ['custom forms'];
const security = BEARER;
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * Custom forms (patient-booking.md §7 Custom forms, §3.9). Which forms a booking has is public (the booking
 * flow asks before sign-in, 4.3 step 7); answers and files are a patient's and need a signed-in caller.
 */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    `${FORMS}/customform/associateforms`,
    {
      schema: {
        tags,
        summary: "The practice's forms of a type associated with a facility, provider or resource",
        querystring: formTypeQuerySchema,
        body: formAssociationQuerySchema,
        response: { 200: customFormListSchema, ...errors },
      },
    },
    async (request) => service.associateForms(deps, request.query.formType, request.body),
  );

  app.post(
    `${FORMS}/customform/eligibleForms`,
    {
      schema: {
        tags,
        summary: "The associated forms that apply to the chosen reason ('all reasons' forms always)",
        querystring: formTypeQuerySchema,
        body: formAssociationQuerySchema,
        response: { 200: customFormListSchema, ...errors },
      },
    },
    async (request) => service.eligibleForms(deps, request.query.formType, request.body),
  );

  app.get(
    `${RESOURCE_LIBRARY}/assessment-forms`,
    {
      preHandler: requireRoles(...ROLE_SETS.PRACTICE_USERS, ...ROLE_SETS.SUPPORT),
      schema: {
        tags,
        security,
        summary: "A practice's assessment forms (loaded with the practice data at sign-in)",
        querystring: z.object({ orgId: z.uuid({ error: 'must be a practice id' }) }),
        response: {
          200: z.object({ Data: customFormListSchema, Total: z.number().int() }),
          ...errors,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const forms = await service.assessmentForms(deps, contextOf(request), request.query.orgId);
      return { Data: forms, Total: forms.length };
    },
  );

  app.post(
    `${FORMS}/customformresponse`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Save a patient's answers to a form (checked against the form)",
        body: customFormResponseInputSchema,
        response: { 200: envelopeOf(customFormResponseSchema), ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'success',
      data: await service.saveResponse(deps, contextOf(request), request.body),
    }),
  );

  app.get(
    `${FORMS}/customformresponse/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'One saved response (its patient, their account holder, the practice)',
        params: formResponseIdParamsSchema,
        response: { 200: envelopeOf(customFormResponseSchema), ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'success',
      data: await service.getResponse(deps, contextOf(request), request.params.id),
    }),
  );

  app.post(
    `${FORMS}/customformresponse/files`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Upload a file a form answer refers to (JPEG, PNG, WebP or PDF, at most 5 MB)',
        body: fileUploadSchema.extend({ PatientId: z.string().uuid() }),
        response: { 200: envelopeOf(storedFileRefSchema), ...errors },
      },
    },
    async (request) => {
      const { PatientId, ...upload } = request.body;
      return {
        status_code: 200,
        message: 'success',
        data: await service.uploadFormFile(deps, contextOf(request), PatientId, upload),
      };
    },
  );

  app.get(
    `${FORMS}/customformresponse/files/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'A file uploaded as a form answer',
        params: formResponseIdParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await service.readPatientFile(deps, contextOf(request), request.params.id, 'form');
      return reply
        .type(file.content_type)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${encodeURIComponent(file.name)}"`)
        .send(Buffer.from(file.content));
    },
  );

  app.post(
    PREBOOKING,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Save the screening answers given before booking',
        body: preBookingResponseInputSchema,
        response: { 200: envelopeOf(preBookingResponseSchema), ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'success',
      data: await service.savePreBookingResponse(deps, contextOf(request), request.body),
    }),
  );

  app.get(
    `${PREBOOKING}/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'One pre-booking (screening) response',
        params: formResponseIdParamsSchema,
        response: { 200: envelopeOf(preBookingResponseSchema), ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'success',
      data: await service.getPreBookingResponse(deps, contextOf(request), request.params.id),
    }),
  );
};
