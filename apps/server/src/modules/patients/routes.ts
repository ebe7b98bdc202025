import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coverageListSchema,
  coverageSearchSchema,
  errorEnvelopeSchema,
  identifierQuerySchema,
  idParamSchema,
  patientListSchema,
  patientSchema,
  patientSearchSchema,
  relatedPersonListSchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as service from './service';
import { BEARER } from '../../platform/route-schemas';

const V2 = '/careslot-administration/api/v2';
const V1 = '/careslot-administration/api/v1';
const patientTags = ['patients'];
const security = BEARER;

/**
 * Patient reads: a signed-in user, scoped per patient and audited by the access policy.
 */
export const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };
  const userErrors = { ...errors, 401: errorEnvelopeSchema };
  // ---------- patients (signed-in, patient-scoped, audited) ----------

  app.get(
    `${V2}/patient`,
    {
      preHandler: requireUser,
      schema: {
        tags: patientTags,
        security,
        summary: 'The patient holding an identifier, if the caller may see them',
        querystring: identifierQuerySchema,
        response: { 200: patientSchema, ...userErrors },
      },
    },
    async (request) =>
      service.readPatientByIdentifier(database, contextOf(request), request.query.identifier),
  );

  app.get(
    `${V2}/patient/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags: patientTags,
        security,
        summary: 'A patient: the caller themself, a family member, or a patient of the caller’s practice',
        params: idParamSchema,
        response: { 200: patientSchema, ...userErrors },
      },
    },
    async (request) => service.readPatient(database, contextOf(request), request.params.id),
  );

  app.post(
    `${V2}/patient/advance-search`,
    {
      preHandler: requireUser,
      schema: {
        tags: patientTags,
        security,
        summary:
          'Patients matching every criterion given, among those the caller may see (own practice; every practice for support agents and super users; a patient’s own family)',
        body: patientSearchSchema,
        response: { 200: patientListSchema, ...userErrors, 403: errorEnvelopeSchema },
      },
    },
    async (request) => service.searchPatients(database, contextOf(request), request.body),
  );

  app.get(
    `${V1}/patients/:id/related-persons`,
    {
      preHandler: requireUser,
      schema: {
        tags: patientTags,
        security,
        summary: 'The family members a patient books for',
        params: idParamSchema,
        response: { 200: relatedPersonListSchema, ...userErrors },
      },
    },
    async (request) => service.readRelatedPersons(database, contextOf(request), request.params.id),
  );

  app.post(
    `${V2}/PatientCoverage/advance-search`,
    {
      preHandler: requireUser,
      schema: {
        tags: patientTags,
        security,
        summary: 'A patient’s insurance coverages, primary first',
        body: coverageSearchSchema,
        response: { 200: coverageListSchema, ...userErrors },
      },
    },
    async (request) => service.readCoverages(database, contextOf(request), request.body),
  );
};
