import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  findCareResultSchema,
  findCareSearchSchema,
  nameIdentityParamsSchema,
  pageProfileEntityRequestSchema,
  pageProfileSchedulesRequestSchema,
  pageProfileSchedulesSchema,
  pageProfileSchema,
} from '@careslot/contracts';
import * as service from './service';

const MARKETPLACE = '/careslot-marketplace/api/v1';
const tags = ['marketplace'];

/**
 * The search's answer is the API's largest and most frequent: it is built field by field as its contract
 * type (FindCareResult, with no extra keys), so its 200 skips the zod pass on the way out, a tenth of a
 * search's server time. marketplace.test.ts parses every answer of its searches with findCareResultSchema;
 * errors (400, 404: the error envelope) keep the zod serializer.
 */
const searchSerializer: FastifySerializerCompiler<unknown> = ({ method, url, httpStatus }) =>
  String(httpStatus) === '200'
    ? (data: unknown) => JSON.stringify(data)
    : serializerCompiler({ schema: errorEnvelopeSchema, method, url, ...(httpStatus ? { httpStatus } : {}) });

/** Public search and profile reads (practice-portal.md §7 Marketplace): anyone may call them. */
export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, realtime, events } = app.deps;
  const scheduling = { database, realtime, events };
  const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

  app.post(
    `${MARKETPLACE}/WebCatalog/find-care/catalogs`,
    {
      schema: {
        tags,
        summary: 'Provider search: filters, distance, sort and paging → {count, providers}',
        body: findCareSearchSchema,
        response: { 200: findCareResultSchema, ...errors },
      },
      serializerCompiler: searchSerializer,
    },
    async (request) => service.findCare(database, request.body, clock.now()),
  );

  app.get(
    `${MARKETPLACE}/catalogs`,
    {
      schema: {
        tags,
        summary: 'The provider search with the filter as query parameters (lists repeat the parameter)',
        querystring: findCareSearchSchema,
        response: { 200: findCareResultSchema, ...errors },
      },
      serializerCompiler: searchSerializer,
    },
    async (request) => service.findCare(database, request.query, clock.now()),
  );

  app.post(
    `${MARKETPLACE}/pageProfiles/entity/get`,
    {
      schema: {
        tags,
        summary: "An entity's published page profile",
        body: pageProfileEntityRequestSchema,
        response: { 200: pageProfileSchema, ...errors },
      },
    },
    async (request) =>
      service.pageProfileOfEntity(scheduling, request.body.EntityType, request.body.EntityId, clock.now()),
  );

  app.get(
    `${MARKETPLACE}/pageProfiles/entity/:nameIdentity`,
    {
      schema: {
        tags,
        summary: 'A published page profile by its address segment',
        params: nameIdentityParamsSchema,
        response: { 200: pageProfileSchema, ...errors },
      },
    },
    async (request) =>
      service.pageProfileByNameIdentity(scheduling, request.params.nameIdentity, clock.now()),
  );

  app.post(
    `${MARKETPLACE}/pageProfiles/entity/schedules`,
    {
      schema: {
        tags,
        summary: "A profile's calendars for the week: up to 5 open slots a day",
        body: pageProfileSchedulesRequestSchema,
        response: { 200: pageProfileSchedulesSchema, ...errors },
      },
    },
    async (request) =>
      service.pageProfileSchedules(database, request.body.NameIdentity, request.body.Date, clock.now()),
  );
};
