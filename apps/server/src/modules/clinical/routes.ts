import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLINICAL_COLLECTIONS,
  CLINICAL_INPUT_SCHEMAS,
  clinicalAdvanceSearchSchema,
  clinicalListQuerySchema,
  clinicalListSchema,
  clinicalStatusInputSchema,
  type ClinicalCollection,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as service from './service';
import { issueCard, publishedKeys } from './health-card';
import { BEARER, ERROR_RESPONSES } from '../../platform/route-schemas';

/** The clinical service (practice-portal.md §7 Clinical calls). */
export const CLINICAL = '/careslot-clinical-service/api/v1';
/** v1/patients/{id}/encounters sits with the directory's patient calls (§7 Patients). */
const ADMINISTRATION_V1 = '/careslot-administration/api/v1';
const tags = ['clinical record'];
const security = BEARER;
const errors = ERROR_RESPONSES;
const fhirResourceSchema = z.record(z.string(), z.unknown());
const patientParams = z.object({ id: z.uuid({ error: 'must be a patient id' }) });
const idParams = z.object({ id: z.uuid({ error: 'must be an id' }) });

/**
 * The chart's calls. Every read and change goes through the access policy (service.ts), which audits it: a
 * practice reads and writes its own entries of a patient it cares for, a patient their own and their family's.
 */
export const clinicalRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  for (const collection of Object.keys(CLINICAL_COLLECTIONS) as ClinicalCollection[]) {
    const type = CLINICAL_COLLECTIONS[collection];
    app.get(
      `${CLINICAL}/clinical/patients/:id/${collection}`,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary: `The patient's ${type} entries the caller may see (FHIR R4), newest first`,
          params: patientParams,
          querystring: clinicalListQuerySchema,
          response: { 200: clinicalListSchema, ...errors },
        },
      },
      async (request) =>
        service.listCollection(deps, contextOf(request), request.params.id, collection, request.query),
    );

    app.post(
      `${CLINICAL}/clinical/patients/:id/${collection}`,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary: `Record a ${type} on the patient's chart (answered as the FHIR R4 resource)`,
          params: patientParams,
          body: CLINICAL_INPUT_SCHEMAS[collection],
          response: { 201: fhirResourceSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await service.record(
          deps,
          contextOf(request),
          request.params.id,
          collection,
          request.body,
        );
        return reply.code(201).send(created);
      },
    );

    app.patch(
      `${CLINICAL}/clinical/patients/:id/${collection}/:entryId`,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary: `Change a ${type}'s status (resolved, stopped, entered in error...)`,
          params: patientParams.extend({ entryId: z.uuid({ error: 'must be an entry id' }) }),
          body: clinicalStatusInputSchema,
          response: { 200: fhirResourceSchema, ...errors },
        },
      },
      async (request) =>
        service.changeStatus(
          deps,
          contextOf(request),
          request.params.id,
          collection,
          request.params.entryId,
          request.body.Status,
        ),
    );
  }

  app.get(
    `${CLINICAL}/clinical/encounters/:id/document-references`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The documents of one encounter',
        params: idParams,
        response: { 200: clinicalListSchema, ...errors },
      },
    },
    async (request) => service.ofEncounter(deps, contextOf(request), request.params.id, 'DocumentReference'),
  );

  app.get(
    `${CLINICAL}/clinical/observations/encounters/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The observations (vitals) recorded during one encounter',
        params: idParams,
        response: { 200: clinicalListSchema, ...errors },
      },
    },
    async (request) => service.ofEncounter(deps, contextOf(request), request.params.id, 'Observation'),
  );

  app.get(
    `${CLINICAL}/clinical/diagnostic-reports/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'One diagnostic report (FHIR R4)',
        params: idParams,
        response: { 200: fhirResourceSchema, ...errors },
      },
    },
    async (request) => service.readEntry(deps, contextOf(request), request.params.id, 'DiagnosticReport'),
  );

  for (const [path, type] of [
    ['procedures', 'Procedure'],
    ['conditions', 'Condition'],
  ] as const)
    app.post(
      `${CLINICAL}/clinical/${path}/advance-search`,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary: `A patient's ${type} entries by code and status, paged`,
          body: clinicalAdvanceSearchSchema,
          response: { 200: clinicalListSchema, ...errors },
        },
      },
      async (request) => service.advanceSearch(deps, contextOf(request), type, request.body),
    );

  app.get(
    `${CLINICAL}/web/patient-medication/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The patient's medication statements (the web's medication list; id = patient id)",
        params: patientParams,
        querystring: clinicalListQuerySchema,
        response: { 200: clinicalListSchema, ...errors },
      },
    },
    async (request) =>
      service.listCollection(
        deps,
        contextOf(request),
        request.params.id,
        'medication-statements',
        request.query,
      ),
  );

  // The vaccination passport (decision 0097): the patient's SMART Health Card, its file, the issuer's keys.
  const healthCardSchema = z.object({
    Jws: z.string(),
    Qr: z.string(),
    QrSvg: z.string(),
    Immunizations: z.array(fhirResourceSchema),
  });
  app.get(
    `${CLINICAL}/health-cards/patients/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "The patient's SMART Health Card of their immunizations: the signed JWS, its shc:/ QR code (SVG) and the doses it carries",
        params: patientParams,
        response: { 200: healthCardSchema, ...errors },
      },
    },
    async (request) => issueCard(deps, contextOf(request), request.params.id),
  );
  app.get(
    `${CLINICAL}/health-cards/patients/:id/file`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The SMART Health Card as a .smart-health-card file (application/smart-health-card)',
        params: patientParams,
        // 200: the file, {"verifiableCredential": [jws]} as application/smart-health-card.
        response: errors,
      },
    },
    async (request, reply) => {
      const card = await issueCard(deps, contextOf(request), request.params.id);
      return (
        reply
          .type('application/smart-health-card')
          .header('content-disposition', 'attachment; filename="vaccination.smart-health-card"')
          // Sent as bytes: the file is the JSON itself, under its own media type (no JSON serializer).
          .send(Buffer.from(JSON.stringify({ verifiableCredential: [card.Jws] })) as never)
      );
    },
  );
  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        tags,
        summary: "The SMART Health Card issuer's public keys (ES256), for any verifier",
        response: {
          200: z.object({ keys: z.array(z.record(z.string(), z.string())) }),
        },
      },
    },
    async (_request, reply) =>
      // Verifiers fetch the keys from any origin (SMART Health Cards: CORS open on the key set).
      reply
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=3600')
        .send(await publishedKeys(deps)),
  );

  app.get(
    `${ADMINISTRATION_V1}/patients/:id/encounters`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The patient's encounters (made from visits, office and video), newest first",
        params: patientParams,
        querystring: clinicalListQuerySchema,
        response: { 200: clinicalListSchema, ...errors },
      },
    },
    async (request) => service.listEncounters(deps, contextOf(request), request.params.id, request.query),
  );
};
