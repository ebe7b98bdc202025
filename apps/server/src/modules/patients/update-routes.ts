import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  cardPictureParamsSchema,
  cardPictureQuerySchema,
  coverageInputSchema,
  coverageListSchema,
  coverageResponseSchema,
  coverageSearchSchema,
  errorEnvelopeSchema,
  fileUploadSchema,
  idParamSchema,
  patientPatchSchema,
  patientUpdateResponseSchema,
  patientUpdateSchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as updates from './patient-updates';
import { readCoverages } from './service';
import { BEARER, ok } from '../../platform/route-schemas';

const V2 = '/careslot-administration/api/v2';
const tags = ['patients'];
const security = BEARER;
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const workflowQuery = z.object({
  workflow: z
    .string()
    .max(64)
    .optional()
    .describe('The workflow recorded in the audit trail, e.g. Online_Booking_Web'),
});

/**
 * Changes a patient makes while booking (patient-booking.md §7 Patients and Coverage): demographics, coverages
 * and insurance card pictures, with their web variants. Each answers 404 for a patient the caller may not act for.
 */
export const patientUpdateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;

  for (const [method, summary, body] of [
    ['PUT', "Replace a patient's demographics (a changed mobile needs verifying again)", patientUpdateSchema],
    ['PATCH', "Change some of a patient's demographics", patientPatchSchema],
  ] as const)
    app.route({
      method,
      url: `${V2}/patient/:id`,
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary,
        params: idParamSchema,
        querystring: workflowQuery,
        body,
        response: { 200: patientUpdateResponseSchema, ...errors },
      },
      handler: async (request) =>
        ok(
          await updates.updatePatient(
            database,
            contextOf(request),
            request.query.workflow ?? null,
            request.params.id,
            request.body,
          ),
          ACCOUNT_MESSAGES.patientUpdated,
        ),
    });

  for (const base of [`${V2}/PatientCoverage`, `${V2}/web/patient-coverage`]) {
    app.post(
      base,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary: 'Add a coverage (it replaces the active one of its priority)',
          querystring: workflowQuery,
          body: coverageInputSchema,
          response: { 200: coverageResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await updates.createCoverage(
            database,
            contextOf(request),
            request.query.workflow ?? null,
            request.body,
          ),
        ),
    );
    app.put(
      `${base}/:id`,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary: 'Change a coverage',
          params: idParamSchema,
          querystring: workflowQuery,
          body: coverageInputSchema,
          response: { 200: coverageResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await updates.updateCoverage(
            database,
            contextOf(request),
            request.query.workflow ?? null,
            request.params.id,
            request.body,
          ),
        ),
    );
  }

  app.post(
    `${V2}/web/patient-coverage/advance-search`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'A patient’s insurance coverages, primary first',
        body: coverageSearchSchema,
        response: { 200: coverageListSchema, ...errors },
      },
    },
    async (request) => readCoverages(database, contextOf(request), request.body),
  );

  app.post(
    `${V2}/PatientCoverage/:id/card-pictures`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Upload a picture of the insurance card (JPEG, PNG or WebP, at most 5 MB)',
        params: idParamSchema,
        querystring: cardPictureQuerySchema,
        body: fileUploadSchema,
        response: { 200: coverageResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await updates.addCardPicture(
          database,
          contextOf(request),
          request.query.auditTrail ?? null,
          request.params.id,
          request.query.side,
          request.body,
        ),
      ),
  );

  app.get(
    `${V2}/PatientCoverage/:id/card-pictures/:fileId`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'One picture of an insurance card',
        params: cardPictureParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await updates.readCardPicture(
        database,
        contextOf(request),
        request.params.id,
        request.params.fileId,
      );
      return reply
        .type(file.content_type)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.content));
    },
  );
};
