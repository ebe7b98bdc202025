import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  patientReviewInputSchema,
  patientReviewReplySchema,
  patientReviewSchema,
  patientVisitReviewSchema,
  PRACTICE_ROLE_CODES,
  practiceReviewListSchema,
  REPUTATION_BASE,
  reputationEntityConfigurationBatchSchema,
  reputationEntityConfigurationInputSchema,
  reputationEntityConfigurationListSchema,
  reputationEntityConfigurationParamsSchema,
  reputationEntityConfigurationSchema,
  reputationLocationSettingsInputSchema,
  reputationLocationSettingsListSchema,
  reputationLocationSettingsSchema,
  reputationOrganizationQuerySchema,
  reputationOrganizationSettingsInputSchema,
  reputationOrganizationSettingsSchema,
  reputationProviderSettingsInputSchema,
  reputationProviderSettingsListSchema,
  reputationProviderSettingsSchema,
  reputationSignOnSchema,
  reputationUserDetailsSchema,
} from '@careslot/contracts';
import { requireRoles, requireUser } from '../../platform/auth';
import { ROLE_SETS } from '../../platform/access';
import { contextOf } from '../../platform/context';
import { signOnPage } from './sign-on-page';
import * as service from './service';
import * as reviews from './reviews';
import { BEARER } from '../../platform/route-schemas';

const tags = ['reputation'];
const security = BEARER;
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const idParams = z.object({ id: z.uuid() });

/**
 * The review platform (practice-portal.md §7 "Review platform", {gw}/careslot-reputation-service/api/v1;
 * decision 0058). Settings are the practice admin's, of their own practice only (another practice's answer 404,
 * audited); the API key is answered masked everywhere but in the sign-on form of the signed-in user.
 */
export const reputationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const admin = requireRoles(...ROLE_SETS.ADMINS);
  const practiceUser = requireRoles(...PRACTICE_ROLE_CODES);

  // ---------- organization settings ----------

  app.get(
    `${REPUTATION_BASE}/OrganizationSettings`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: "The practice's reputation settings (API key masked), or null",
        querystring: reputationOrganizationQuerySchema,
        response: { 200: reputationOrganizationSettingsSchema.nullable(), ...errors },
      },
    },
    async (request) => service.organizationSettings(deps, contextOf(request), request.query.organizationId),
  );

  app.post(
    `${REPUTATION_BASE}/OrganizationSettings`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Add the practice’s reputation settings: API key (32 characters) and business id (15)',
        body: reputationOrganizationSettingsInputSchema,
        response: { 200: reputationOrganizationSettingsSchema, ...errors },
      },
    },
    async (request) => service.addOrganizationSettings(deps, contextOf(request), request.body),
  );

  app.put(
    `${REPUTATION_BASE}/OrganizationSettings/:id`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Change the practice’s reputation settings; without ApiKey the stored key stays',
        params: idParams,
        body: reputationOrganizationSettingsInputSchema,
        response: { 200: reputationOrganizationSettingsSchema, ...errors },
      },
    },
    async (request) =>
      service.updateOrganizationSettings(deps, contextOf(request), request.params.id, request.body),
  );

  // ---------- location and provider settings ----------

  const kinds = [
    {
      kind: 'location',
      base: 'LocationSettings',
      entityPath: 'locations',
      input: reputationLocationSettingsInputSchema,
      one: reputationLocationSettingsSchema,
      list: reputationLocationSettingsListSchema,
      shape: service.shapeLocation,
      idOf: (b: { LocationId?: string; ProviderId?: string }) => b.LocationId!,
    },
    {
      kind: 'provider',
      base: 'ProviderSettings',
      entityPath: 'providers',
      input: reputationProviderSettingsInputSchema,
      one: reputationProviderSettingsSchema,
      list: reputationProviderSettingsListSchema,
      shape: service.shapeProvider,
      idOf: (b: { LocationId?: string; ProviderId?: string }) => b.ProviderId!,
    },
  ] as const;

  for (const entry of kinds) {
    const { kind } = entry;
    const shape = entry.shape as (
      row: Parameters<typeof service.shapeLocation>[0],
    ) => z.infer<typeof entry.one>;
    app.get(
      `${REPUTATION_BASE}/${entry.base}/organizations/:id`,
      {
        preHandler: admin,
        schema: {
          tags,
          security,
          summary: `The practice's ${kind} reputation listings`,
          params: idParams,
          response: { 200: entry.list, ...errors },
        },
      },
      async (request) => {
        const rows = await service.entitySettingsOfOrganization(
          deps,
          contextOf(request),
          kind,
          request.params.id,
        );
        return { Data: rows.map(shape), Total: rows.length } as never;
      },
    );
    app.get(
      `${REPUTATION_BASE}/${entry.base}/${entry.entityPath}/:id`,
      {
        preHandler: admin,
        schema: {
          tags,
          security,
          summary: `One ${kind}'s reputation listing at the caller's practice`,
          params: idParams,
          response: { 200: entry.one, ...errors },
        },
      },
      async (request) =>
        shape(
          await service.entitySettingsOfEntity(deps, contextOf(request), kind, request.params.id),
        ) as never,
    );
    app.post(
      `${REPUTATION_BASE}/${entry.base}`,
      {
        preHandler: admin,
        schema: {
          tags,
          security,
          summary: `Add a ${kind}'s reputation listing (business id, 15 characters)`,
          body: entry.input,
          response: { 200: entry.one, ...errors },
        },
      },
      async (request) => {
        const body = request.body as z.infer<typeof entry.input>;
        return shape(
          await service.addEntitySettings(deps, contextOf(request), kind, {
            ...body,
            EntityId: entry.idOf(body),
          }),
        );
      },
    );
    app.put(
      `${REPUTATION_BASE}/${entry.base}/:id`,
      {
        preHandler: admin,
        schema: {
          tags,
          security,
          summary: `Change a ${kind}'s reputation listing`,
          params: idParams,
          body: entry.input,
          response: { 200: entry.one, ...errors },
        },
      },
      async (request) => {
        const body = request.body as z.infer<typeof entry.input>;
        return shape(
          await service.updateEntitySettings(deps, contextOf(request), kind, request.params.id, {
            ...body,
            EntityId: entry.idOf(body),
          }),
        );
      },
    );
    app.delete(
      `${REPUTATION_BASE}/${entry.base}/:id`,
      {
        preHandler: admin,
        schema: {
          tags,
          security,
          summary: `Remove a ${kind}'s reputation listing`,
          params: idParams,
          response: { 200: z.object({ status_code: z.number().int(), message: z.string() }), ...errors },
        },
      },
      async (request) => {
        await service.deleteEntitySettings(deps, contextOf(request), kind, request.params.id);
        return { status_code: 200, message: 'OK' };
      },
    );
  }

  // ---------- review-request configuration per entity ----------

  app.get(
    `${REPUTATION_BASE}/EntityConfiguration/:type/entities/:id`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary:
          'Whether and when patients are asked for a review after a visit with the practice, a location or a provider',
        params: reputationEntityConfigurationParamsSchema,
        response: { 200: reputationEntityConfigurationSchema, ...errors },
      },
    },
    async (request) =>
      service.entityConfiguration(deps, contextOf(request), request.params.type, request.params.id),
  );

  app.post(
    `${REPUTATION_BASE}/EntityConfiguration/entities`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary:
          "The review-request configurations of many of the practice's entities (the settings screen's one call)",
        body: reputationEntityConfigurationBatchSchema,
        response: { 200: reputationEntityConfigurationListSchema, ...errors },
      },
    },
    async (request) => ({
      Data: await service.entityConfigurations(deps, contextOf(request), request.body.Entities),
    }),
  );

  app.put(
    `${REPUTATION_BASE}/EntityConfiguration/:id`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Change an entity’s review-request configuration',
        params: idParams,
        body: reputationEntityConfigurationInputSchema,
        response: { 200: reputationEntityConfigurationSchema, ...errors },
      },
    },
    async (request) =>
      service.updateEntityConfiguration(deps, contextOf(request), request.params.id, request.body),
  );

  // ---------- user details and sign-on ----------

  app.get(
    `${REPUTATION_BASE}/users/:email/:organizationId`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "A practice user's reputation details, by e-mail and organization (practice-portal.md §4.4): found when the practice has reputation enabled",
        params: z.object({ email: z.email().max(254), organizationId: z.uuid() }),
        response: { 200: reputationUserDetailsSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'OK',
      data: await service.userDetails(
        deps,
        contextOf(request),
        request.params.email,
        request.params.organizationId,
      ),
    }),
  );

  app.post(
    `${REPUTATION_BASE}/single-sign-on`,
    {
      config: { feature: 'reputation', workflow: 'Reputation_Sign_On_Web' },
      preHandler: practiceUser,
      schema: {
        tags,
        security,
        summary:
          "The hidden sign-on form of the Reputation Management item (§2.10): target, e-mail, the practice's API key, redirect",
        response: { 200: reputationSignOnSchema, ...errors },
      },
    },
    async (request) => service.signOn(deps, contextOf(request)),
  );

  // ---------- the patient's review of a visit (the patient-review route, patient-booking.md §2.7) ----------

  const visitParams = z.object({ id: z.uuid({ error: 'must be an appointment id' }) });
  app.get(
    `${REPUTATION_BASE}/patient-reviews/appointments/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "The patient's review of their visit (null before they wrote one) and the review sites offered",
        params: visitParams,
        response: { 200: patientVisitReviewSchema, ...errors },
      },
    },
    async (request) => reviews.patientReview(deps, contextOf(request), request.params.id),
  );

  app.put(
    `${REPUTATION_BASE}/patient-reviews/appointments/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Rate the visit from 1 to 5 and comment (the patient or their account holder, after the visit)',
        params: visitParams,
        body: patientReviewInputSchema,
        response: { 200: patientVisitReviewSchema, ...errors },
      },
    },
    async (request) => reviews.reviewVisit(deps, contextOf(request), request.params.id, request.body),
  );

  app.get(
    `${REPUTATION_BASE}/patient-reviews/organizations/:id`,
    {
      preHandler: practiceUser,
      config: { feature: 'reputation', workflow: reviews.REVIEW_WORKFLOWS.practiceList },
      schema: {
        tags,
        security,
        summary: "The practice's reviews by its patients, newest first, with the average rating",
        params: z.object({ id: z.uuid({ error: 'must be a practice id' }) }),
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(25),
          offset: z.coerce.number().int().min(0).default(0),
        }),
        response: { 200: practiceReviewListSchema, ...errors },
      },
    },
    async (request) => reviews.practiceReviews(deps, contextOf(request), request.params.id, request.query),
  );

  app.put(
    `${REPUTATION_BASE}/patient-reviews/:id/reply`,
    {
      preHandler: practiceUser,
      config: { feature: 'reputation', workflow: reviews.REVIEW_WORKFLOWS.practiceReply },
      schema: {
        tags,
        security,
        summary: "The practice's answer to a review (its admins and staff)",
        params: z.object({ id: z.uuid({ error: 'must be a review id' }) }),
        body: patientReviewReplySchema,
        response: { 200: patientReviewSchema, ...errors },
      },
    },
    async (request) => reviews.replyToReview(deps, contextOf(request), request.params.id, request.body.Reply),
  );

  // The stand-in reputation site (no REPUTATION_SIGN_ON_URL): shows what the form posted, the key masked.
  app.post(
    service.REPUTATION_LOCAL_SIGN_ON_PATH,
    {
      schema: {
        tags,
        summary:
          'The built-in stand-in of the reputation site: a page showing the sign-on fields it received',
        body: z
          .object({
            emailId: z.string().max(320).optional(),
            apiKey: z.string().max(200).optional(),
            redirectURL: z.string().max(500).optional(),
          })
          .optional(),
      },
    },
    async (request, reply) => reply.type('text/html; charset=utf-8').send(signOnPage(request.body ?? {})),
  );
};
