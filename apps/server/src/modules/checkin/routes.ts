import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHECKIN_STATUSES,
  CHECKIN_TOKEN_HEADER,
  cardPictureInputSchema,
  checkInFormAnswerInputSchema,
  checkInFormResponseSchema,
  checkInInsuranceSchema,
  checkInSessionSchema,
  checkInSettingsSchema,
  checkInSummaryRowSchema,
  checkInWorkflowInputSchema,
  customFormListSchema,
  storedFileRefSchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as service from './service';
import { BEARER, envelopeOf, ERROR_RESPONSES, ok } from '../../platform/route-schemas';

const CHECKIN = '/careslot-checkin-service/api/v1';
const tags = ['digital check-in'];
const security = BEARER;
const errors = ERROR_RESPONSES;
const idParams = z.object({ id: z.uuid({ error: 'must be an appointment id' }) });
const tokenHeaders = z.object({ [CHECKIN_TOKEN_HEADER]: z.string().max(200).optional() });
const appointmentBody = z.object({ AppointmentId: z.uuid({ error: 'must be an appointment id' }) });
const practiceParams = z.object({
  entityType: z.literal('Organization'),
  id: z.uuid({ error: 'must be a practice id' }),
});
/** The patient's routes: the link's token in its header. */
const patientSchema = { tags, headers: tokenHeaders };
/** The practice's routes: its users' sign-in. */
const practiceSchema = { tags, security };
/** The Check-In Summary's routes (its feature switch and audit workflow). */
const checkInSummary = {
  preHandler: requireUser,
  config: { feature: 'checkInSummary', workflow: 'Checkin_Summary_Web' },
} as const;

/**
 * The check-in service (practice-portal.md §7 Check-in service, §2.12; decision 0094). `digitalcheckin/patient/*`
 * and `patientcheckIn/workflow-status` are the patient's, with the link's token in X-Checkin-Token; the others
 * are the practice's, with its users' sign-in.
 */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const token = (headers: Record<string, unknown>) => headers[CHECKIN_TOKEN_HEADER] as string | undefined;

  // ---------- the patient's (the link's token) ----------

  app.get(
    `${CHECKIN}/digitalcheckin/session`,
    {
      schema: {
        ...patientSchema,
        summary: "The check-in page's visit: details to confirm, forms, answers so far",
        response: { 200: envelopeOf(checkInSessionSchema), ...errors },
      },
    },
    async (request) => ok(await service.getSession(deps, contextOf(request), token(request.headers))),
  );

  for (const [path, consents] of [
    ['custom-forms', false],
    ['consents', true],
  ] as const)
    app.get(
      `${CHECKIN}/digitalcheckin/patient/${path}/:id`,
      {
        schema: {
          ...patientSchema,
          summary: consents ? "The visit's consents to sign" : "The visit's intake and assessment forms",
          params: idParams,
          response: { 200: envelopeOf(customFormListSchema), ...errors },
        },
      },
      async (request) =>
        ok(
          await service.visitForms(
            deps,
            contextOf(request),
            token(request.headers),
            request.params.id,
            consents,
          ),
        ),
    );

  app.post(
    `${CHECKIN}/digitalcheckin/patient/custom-form-response/:id`,
    {
      schema: {
        ...patientSchema,
        summary: 'Save the answers to one of the visit’s forms (in progress, or completed and checked)',
        params: idParams,
        body: checkInFormAnswerInputSchema,
        response: { 200: envelopeOf(checkInFormResponseSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.answerForm(
          deps,
          contextOf(request),
          token(request.headers),
          request.params.id,
          request.body,
        ),
      ),
  );

  app.put(
    `${CHECKIN}/digitalcheckin/patient/insurance/:id`,
    {
      schema: {
        ...patientSchema,
        summary: 'The insurance given at check-in, as policy holder or dependent, with the card pictures',
        params: idParams,
        querystring: z.object({ isPolicyHolder: z.enum(['true', 'false']).optional() }),
        body: checkInInsuranceSchema.omit({ IsPolicyHolder: true }),
        response: { 200: envelopeOf(checkInInsuranceSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.saveInsurance(deps, contextOf(request), token(request.headers), request.params.id, {
          ...request.body,
          IsPolicyHolder: request.query.isPolicyHolder !== 'false',
        }),
      ),
  );

  app.post(
    `${CHECKIN}/digitalcheckin/patient/insurance/:id/card-pictures`,
    {
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        ...patientSchema,
        summary: 'Upload a picture of the insurance card (front or back; JPEG, PNG or WebP, at most 5 MB)',
        params: idParams,
        body: cardPictureInputSchema,
        response: { 200: envelopeOf(storedFileRefSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.uploadCardPicture(
          deps,
          contextOf(request),
          token(request.headers),
          request.params.id,
          request.body,
        ),
      ),
  );

  app.post(
    `${CHECKIN}/patientcheckIn/workflow-status`,
    {
      schema: {
        ...patientSchema,
        summary: 'A check-in step done (Demographics confirmed ... CheckedIn)',
        body: checkInWorkflowInputSchema,
        response: { 200: envelopeOf(z.object({ Status: z.enum(CHECKIN_STATUSES) })), ...errors },
      },
    },
    async (request) =>
      ok(await service.workflowStatus(deps, contextOf(request), token(request.headers), request.body)),
  );

  // ---------- the practice's ----------

  app.post(
    `${CHECKIN}/patientcheckIn/share/checkin-link`,
    {
      ...checkInSummary,
      schema: {
        ...practiceSchema,
        summary: 'Send (or resend) the visit’s check-in link by e-mail and SMS',
        body: appointmentBody,
        response: {
          200: envelopeOf(z.object({ Sends: z.number().int(), LastSentOn: z.string().nullable() })),
          ...errors,
        },
      },
    },
    async (request) => ok(await service.shareLink(deps, contextOf(request), request.body.AppointmentId)),
  );

  for (const [path, summary, link] of [
    ['', 'A fresh check-in link for the visit (text), replacing the last one', service.generateLink],
    [
      '/short-url',
      'A fresh short check-in link for the visit (text), replacing the last one',
      async (...args: Parameters<typeof service.shortLink>) => (await service.shortLink(...args)).ShortUrl,
    ],
  ] as const)
    app.post(
      `${CHECKIN}/token/generate${path}`,
      {
        ...checkInSummary,
        schema: {
          ...practiceSchema,
          summary,
          ...(path ? {} : { querystring: z.object({ workFlowSystem: z.string().max(64).optional() }) }),
          body: appointmentBody,
        },
      },
      async (request, reply) =>
        reply.type('text/plain').send(await link(deps, contextOf(request), request.body.AppointmentId)),
    );

  app.post(
    `${CHECKIN}/token/generate/qr-code`,
    {
      ...checkInSummary,
      schema: {
        ...practiceSchema,
        summary: 'A fresh short check-in link for the visit with its QR code (SVG), replacing the last link',
        body: appointmentBody,
        response: {
          200: envelopeOf(z.object({ ShortUrl: z.string(), QrSvg: z.string() })),
          ...errors,
        },
      },
    },
    async (request) => ok(await service.shortLink(deps, contextOf(request), request.body.AppointmentId)),
  );

  app.post(
    `${CHECKIN}/patientcheckIn/statuses`,
    {
      ...checkInSummary,
      schema: {
        ...practiceSchema,
        summary: 'The check-in state of the listed visits (the Check-In Summary)',
        body: z.object({ AppointmentIds: z.array(z.uuid()).max(200) }),
        response: {
          200: z.object({
            Data: z.array(
              z.object({
                AppointmentId: z.string(),
                Status: z.enum(CHECKIN_STATUSES),
                CompletedOn: z.string().nullable(),
                Sends: z.number().int(),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      Data: await service.statuses(deps, contextOf(request), request.body.AppointmentIds),
    }),
  );

  app.get(
    `${CHECKIN}/digitalcheckin/custom-form-response/:id`,
    {
      ...checkInSummary,
      schema: {
        ...practiceSchema,
        summary: 'A visit’s check-in with the patient’s answers (the Check-In Summary)',
        params: idParams,
        response: { 200: envelopeOf(checkInSummaryRowSchema), ...errors },
      },
    },
    async (request) => ok(await service.visitCheckIn(deps, contextOf(request), request.params.id)),
  );

  app.get(
    `${CHECKIN}/digitalcheckin/insurance/:id/card-pictures/:side`,
    {
      ...checkInSummary,
      schema: {
        ...practiceSchema,
        summary: 'A card picture the patient gave at check-in',
        params: idParams.extend({ side: z.enum(['front', 'back']) }),
      },
    },
    async (request, reply) => {
      const file = await service.cardPicture(
        deps,
        contextOf(request),
        request.params.id,
        request.params.side,
      );
      return reply
        .type(file.content_type)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.content));
    },
  );

  app.get(
    `${CHECKIN}/digitalcheckin/consents/:id/pdf`,
    {
      ...checkInSummary,
      schema: {
        ...practiceSchema,
        summary: 'A signed consent as a PDF',
        params: z.object({ id: z.uuid({ error: 'must be a form response id' }) }),
      },
    },
    async (request, reply) => {
      const pdf = await service.consentDownload(deps, contextOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${encodeURIComponent(pdf.name)}"`)
        .send(Buffer.from(pdf.bytes));
    },
  );

  // The spec's batch read and create of entity configurations; only the practice (Organization) has one yet.
  const entityRef = z.object({
    EntityType: z.literal('Organization', { error: "must be 'Organization'" }),
    EntityId: z.uuid({ error: 'must be a practice id' }),
  });
  app.post(
    `${CHECKIN}/entity-configurations/batch/get`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The check-in configurations of several entities (the practice) in one call',
        body: z.object({ Entities: z.array(entityRef).min(1).max(50) }),
        response: { 200: z.object({ Data: z.array(checkInSettingsSchema) }), ...errors },
      },
    },
    async (request) => ({
      Data: await service.settingsOfEntities(
        deps,
        contextOf(request),
        request.body.Entities.map((e) => e.EntityId),
      ),
    }),
  );

  app.post(
    `${CHECKIN}/entity-configurations`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Create (or replace) an entity's check-in configuration (the practice's admins)",
        body: entityRef.extend(checkInSettingsSchema.omit({ OrganizationId: true }).shape),
        response: { 200: envelopeOf(checkInSettingsSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.putSettings(deps, contextOf(request), request.body.EntityId, {
          Enabled: request.body.Enabled,
          SendHoursBefore: request.body.SendHoursBefore,
        }),
      ),
  );

  app.get(
    `${CHECKIN}/entity-configurations/:entityType/:id`,
    {
      preHandler: requireUser,
      schema: {
        ...practiceSchema,
        summary: "The practice's check-in configuration (when links go out)",
        params: practiceParams,
        response: { 200: envelopeOf(checkInSettingsSchema), ...errors },
      },
    },
    async (request) => ok(await service.getSettings(deps, contextOf(request), request.params.id)),
  );

  app.put(
    `${CHECKIN}/entity-configurations/:entityType/:id`,
    {
      preHandler: requireUser,
      schema: {
        ...practiceSchema,
        summary: "Set the practice's check-in configuration (its admins)",
        params: practiceParams,
        body: checkInSettingsSchema.omit({ OrganizationId: true }),
        response: { 200: envelopeOf(checkInSettingsSchema), ...errors },
      },
    },
    async (request) =>
      ok(await service.putSettings(deps, contextOf(request), request.params.id, request.body)),
  );
};
