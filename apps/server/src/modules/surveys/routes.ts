import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
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
  surveyAppointmentInfoSchema,
  surveyAppointmentParamSchema,
  surveyLinkQuerySchema,
  surveyQuestionsSchema,
  surveyResponseInputSchema,
  surveyResponseResultSchema,
  surveyResultsQuerySchema,
  surveyResultsSchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import { onAppointmentChanged } from '../appointments';
import * as patientSurvey from './patient-survey';
import { sendSurveyMessage } from './survey-messages';
import { surveyResults } from './results';
import * as service from './service';
import { BEARER, ERROR_RESPONSES } from '../../platform/route-schemas';

const tags = ['surveys'];
const security = BEARER;
const errors = ERROR_RESPONSES;

/** Wired by the module's register (index.ts). */
export function subscribeSurveyMessages(deps: AppDeps): void {
  // After a visit: the survey message with its signed link (a durable consumer, keyed so a redelivery sends nothing twice).
  onAppointmentChanged(deps.events, 'surveys.after-visit', (change) => sendSurveyMessage(deps, change));
}

/** The practice's patient surveys and their templates (practice-portal.md §7 "Surveys"; decision 0067). */
export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  /** A practice-side route's options: the surveys feature switch, a signed-in caller, the document's tags. */
  const practiceRoute = <S extends FastifySchema>(summary: string, schema: S) => ({
    config: { feature: 'surveys' as const },
    preHandler: requireUser,
    schema: { tags, security, summary, ...schema },
  });

  // The surveys and their templates: the practice's list, one by id, add (201) and change, each alike.
  app.post(
    `${SURVEY_API}/survey/organization/:id`,
    practiceRoute("A practice's surveys", {
      params: surveyOrganizationParamSchema,
      response: { 200: surveyListSchema, ...errors },
    }),
    async (request) => service.listSurveys(deps, contextOf(request), request.params.id),
  );
  app.get(
    `${SURVEY_API}/survey/:id`,
    practiceRoute('A survey', { params: idParamSchema, response: { 200: surveySchema, ...errors } }),
    async (request) => service.getSurvey(deps, contextOf(request), request.params.id),
  );
  app.post(
    `${SURVEY_API}/survey/:id/results`,
    practiceRoute("A survey's results in a date range (every user of the practice)", {
      params: idParamSchema,
      body: surveyResultsQuerySchema,
      response: { 200: surveyResultsSchema, ...errors },
    }),
    async (request) => surveyResults(deps, contextOf(request), request.params.id, request.body),
  );
  app.post(
    `${SURVEY_API}/survey`,
    practiceRoute('Add a survey (practice admins)', {
      body: surveyInputSchema,
      response: { 201: surveySchema, ...errors },
    }),
    async (request, reply) =>
      reply.code(201).send(await service.saveSurvey(deps, contextOf(request), request.body, 'add')),
  );
  app.put(
    `${SURVEY_API}/survey`,
    practiceRoute('Change a survey (practice admins)', {
      body: surveyInputSchema,
      response: { 200: surveySchema, ...errors },
    }),
    async (request) => service.saveSurvey(deps, contextOf(request), request.body, 'update'),
  );

  app.post(
    `${SURVEY_API}/surveyTemplate/organization/:id`,
    practiceRoute("The library's and the practice's survey templates", {
      params: surveyOrganizationParamSchema,
      response: { 200: surveyTemplateListSchema, ...errors },
    }),
    async (request) => service.listTemplates(deps, contextOf(request), request.params.id),
  );
  app.get(
    `${SURVEY_API}/surveyTemplate/:id`,
    practiceRoute('A survey template', {
      params: idParamSchema,
      response: { 200: surveyTemplateSchema, ...errors },
    }),
    async (request) => service.getTemplate(deps, contextOf(request), request.params.id),
  );
  app.post(
    `${SURVEY_API}/surveyTemplate`,
    practiceRoute('Add a survey template', {
      body: surveyTemplateInputSchema,
      response: { 201: surveyTemplateSchema, ...errors },
    }),
    async (request, reply) =>
      reply.code(201).send(await service.saveTemplate(deps, contextOf(request), request.body, 'add')),
  );
  app.put(
    `${SURVEY_API}/surveyTemplate`,
    practiceRoute('Change a survey template', {
      body: surveyTemplateInputSchema,
      response: { 200: surveyTemplateSchema, ...errors },
    }),
    async (request) => service.saveTemplate(deps, contextOf(request), request.body, 'update'),
  );

  // The survey app (§2.11; decision 0074): no sign-in, the link's signature is the proof; a few calls a minute.
  // Like every API answer they are Cache-Control: no-store (platform/http-headers.ts); the tests hold them to it.
  const link = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
  const linkErrors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
  app.get(
    `${SURVEY_API}/survey/appointment/:id`,
    {
      ...link,
      schema: {
        tags,
        summary: 'Survey appointment info (§3.6) for the welcome screen, from a signed survey link',
        params: surveyAppointmentParamSchema,
        querystring: surveyLinkQuerySchema,
        response: { 200: surveyAppointmentInfoSchema, ...linkErrors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'OK',
      data: await patientSurvey.surveyAppointmentInfo(
        deps,
        contextOf(request),
        request.params.id,
        request.query,
      ),
    }),
  );
  app.get(
    `${SURVEY_API}/survey/appointment/:id/questions`,
    {
      ...link,
      schema: {
        tags,
        summary: "The practice's active survey, to answer after the visit (signed link)",
        params: surveyAppointmentParamSchema,
        querystring: surveyLinkQuerySchema,
        response: { 200: surveyQuestionsSchema, ...linkErrors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'OK',
      data: await patientSurvey.surveyQuestions(deps, contextOf(request), request.params.id, request.query),
    }),
  );
  app.post(
    `${SURVEY_API}/survey/appointment/:id/responses`,
    {
      ...link,
      schema: {
        tags,
        summary: "The patient's answers, once per visit (signed link)",
        params: surveyAppointmentParamSchema,
        querystring: surveyLinkQuerySchema,
        body: surveyResponseInputSchema,
        response: { 201: surveyResponseResultSchema, ...linkErrors },
      },
    },
    async (request, reply) => {
      await patientSurvey.answerSurvey(
        deps,
        contextOf(request),
        request.params.id,
        request.query,
        request.body,
      );
      return reply.code(201).send({ status_code: 201, message: 'Thank you for your feedback.' });
    },
  );
};
