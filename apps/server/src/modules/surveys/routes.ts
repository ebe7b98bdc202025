import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  idParamSchema,
  SURVEY_API,
  surveyInputSchema,
  surveyListSchema,
  surveyOrganizationParamSchema,
  surveySchema,
  surveyTemplateInputSchema,
  surveyTemplateListSchema,
  surveyTemplateSchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as service from './service';

const tags = ['surveys'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** The practice's patient surveys and their templates (practice-portal.md §7 "Surveys"; decision 0067). */
export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const signedIn = { preHandler: requireUser };

  app.post(
    `${SURVEY_API}/survey/organization/:id`,
    { ...signedIn, schema: { tags, security, summary: "A practice's surveys", params: surveyOrganizationParamSchema, response: { 200: surveyListSchema, ...errors } } },
    async (request) => service.listSurveys(deps, contextOf(request), request.params.id),
  );
  app.get(
    `${SURVEY_API}/survey/:id`,
    { ...signedIn, schema: { tags, security, summary: 'A survey', params: idParamSchema, response: { 200: surveySchema, ...errors } } },
    async (request) => service.getSurvey(deps, contextOf(request), request.params.id),
  );
  app.post(
    `${SURVEY_API}/survey`,
    { ...signedIn, schema: { tags, security, summary: 'Add a survey (practice admins)', body: surveyInputSchema, response: { 201: surveySchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await service.saveSurvey(deps, contextOf(request), request.body, 'add')),
  );
  app.put(
    `${SURVEY_API}/survey`,
    { ...signedIn, schema: { tags, security, summary: 'Change a survey (practice admins)', body: surveyInputSchema, response: { 200: surveySchema, ...errors } } },
    async (request) => service.saveSurvey(deps, contextOf(request), request.body, 'update'),
  );

  app.post(
    `${SURVEY_API}/surveyTemplate/organization/:id`,
    {
      ...signedIn,
      schema: { tags, security, summary: "The library's and the practice's survey templates", params: surveyOrganizationParamSchema, response: { 200: surveyTemplateListSchema, ...errors } },
    },
    async (request) => service.listTemplates(deps, contextOf(request), request.params.id),
  );
  app.get(
    `${SURVEY_API}/surveyTemplate/:id`,
    { ...signedIn, schema: { tags, security, summary: 'A survey template', params: idParamSchema, response: { 200: surveyTemplateSchema, ...errors } } },
    async (request) => service.getTemplate(deps, contextOf(request), request.params.id),
  );
  app.post(
    `${SURVEY_API}/surveyTemplate`,
    { ...signedIn, schema: { tags, security, summary: 'Add a survey template', body: surveyTemplateInputSchema, response: { 201: surveyTemplateSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await service.saveTemplate(deps, contextOf(request), request.body, 'add')),
  );
  app.put(
    `${SURVEY_API}/surveyTemplate`,
    { ...signedIn, schema: { tags, security, summary: 'Change a survey template', body: surveyTemplateInputSchema, response: { 200: surveyTemplateSchema, ...errors } } },
    async (request) => service.saveTemplate(deps, contextOf(request), request.body, 'update'),
  );
};
