import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customFormInputSchema,
  customFormListSchema,
  customFormSchema,
  practiceFormsQuerySchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as builder from './builder';
import { BEARER, envelopeOf, ERROR_RESPONSES, ok } from '../../platform/route-schemas';

const FORMS = '/careslot-custom-form/api/v1';
const tags = ['custom forms'];
const security = BEARER;
const errors = ERROR_RESPONSES;
const idParams = z.object({ id: z.uuid({ error: 'must be a form id' }) });
const versionQuery = z.object({ version: z.coerce.number().int().positive().optional() });

/** The form builder's calls (practice-portal.md §7 Custom forms; decision 0093). */
export const builderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    `${FORMS}/customform/organization/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "A practice's custom forms (the form builder's list)",
        params: z.object({ id: z.uuid({ error: 'must be a practice id' }) }),
        body: practiceFormsQuerySchema.default({ IncludeInactive: false }),
        response: { 200: z.object({ Data: customFormListSchema, Total: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const forms = await builder.organizationForms(
        deps,
        contextOf(request),
        request.params.id,
        request.body,
      );
      return { Data: forms, Total: forms.length };
    },
  );

  app.post(
    `${FORMS}/customform/getbyids`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Several of the practice's forms by id",
        body: z.object({ Ids: z.array(z.uuid()).max(100) }),
        response: { 200: z.object({ Data: customFormListSchema }), ...errors },
      },
    },
    async (request) => ({ Data: await builder.formsByIds(deps, contextOf(request), request.body.Ids) }),
  );

  app.get(
    `${FORMS}/customform/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'One custom form (its current version, or ?version=)',
        params: idParams,
        querystring: versionQuery,
        response: { 200: envelopeOf(customFormSchema), ...errors },
      },
    },
    async (request) =>
      ok(await builder.getForm(deps, contextOf(request), request.params.id, request.query.version)),
  );

  app.get(
    `${FORMS}/customform/:id/questionnaire`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The form version as a FHIR R4 Questionnaire',
        params: idParams,
        querystring: versionQuery,
      },
    },
    async (request, reply) =>
      reply
        .type('application/fhir+json')
        .send(
          await builder.getQuestionnaire(deps, contextOf(request), request.params.id, request.query.version),
        ),
  );

  app.get(
    `${FORMS}/customform/:id/versions`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "A form's versions, newest first",
        params: idParams,
        response: {
          200: z.object({
            Data: z.array(z.object({ Version: z.number().int(), Name: z.string(), CreatedOn: z.string() })),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({ Data: await builder.versionsOf(deps, contextOf(request), request.params.id) }),
  );

  app.post(
    `${FORMS}/customform`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Create a custom form (practice admins; Custom_Form_Add_Web)',
        body: customFormInputSchema,
        response: { 200: envelopeOf(customFormSchema), ...errors },
      },
    },
    async (request) => ok(await builder.createForm(deps, contextOf(request), request.body)),
  );

  app.put(
    `${FORMS}/customform/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Edit a custom form: a change of its questions makes a new version (Custom_Form_Edit_Web)',
        params: idParams,
        body: customFormInputSchema,
        response: { 200: envelopeOf(customFormSchema), ...errors },
      },
    },
    async (request) =>
      ok(await builder.updateForm(deps, contextOf(request), request.params.id, request.body)),
  );
};
