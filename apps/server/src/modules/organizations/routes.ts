import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  careTeamListSchema,
  careTeamSearchSchema,
  healthcareServiceListSchema,
  healthcareServiceSchema,
  healthcareServiceSearchSchema,
  identifierQuerySchema,
  idParamSchema,
  locationListSchema,
  locationSchema,
  locationSearchSchema,
  organizationListSchema,
  organizationSchema,
  organizationSearchSchema,
} from '@careslot/contracts';
import { contextOf } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { viewLocation } from './admin-service';
import * as service from './service';

const V2 = '/careslot-administration/api/v2';
const publicTags = ['directory'];

function found<T>(value: T | null): T {
  if (value === null) throw notFound();
  return value;
}

/**
 * Public reads of practices, facilities, healthcare services and care teams (search and booking show them
 * to guests).
 */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };
  // ---------- organizations and locations ----------

  app.get(
    `${V2}/organization`,
    {
      schema: {
        tags: publicTags,
        summary: 'The practice holding an identifier',
        querystring: identifierQuerySchema,
        response: { 200: organizationSchema, ...errors },
      },
    },
    async (request) => found(await service.getOrganizationByIdentifier(database, request.query.identifier)),
  );

  app.get(
    `${V2}/organization/:id`,
    {
      schema: {
        tags: publicTags,
        summary: 'A practice',
        params: idParamSchema,
        response: { 200: organizationSchema, ...errors },
      },
    },
    async (request) => found(await service.getOrganization(database, request.params.id)),
  );

  app.post(
    `${V2}/organization/advance-search`,
    {
      schema: {
        tags: publicTags,
        summary: 'Practices by id, name, identifier or facility',
        body: organizationSearchSchema,
        response: { 200: organizationListSchema, ...errors },
      },
    },
    async (request) => service.searchOrganizations(database, request.body),
  );

  app.get(
    `${V2}/location/:id`,
    {
      schema: {
        tags: publicTags,
        summary: 'A facility',
        params: idParamSchema,
        response: { 200: locationSchema, ...errors },
      },
    },
    // Public; a user of the owning practice reading it is audited as Location_View_Web.
    async (request) => viewLocation(database, contextOf(request), request.params.id),
  );

  app.post(
    `${V2}/location/advance-search`,
    {
      schema: {
        tags: publicTags,
        summary: 'Facilities of a practice, by name',
        body: locationSearchSchema,
        response: { 200: locationListSchema, ...errors },
      },
    },
    async (request) => service.searchLocations(database, request.body),
  );

  // ---------- healthcare services and care teams ----------

  app.get(
    `${V2}/healthcareservice/:id`,
    {
      schema: {
        tags: publicTags,
        summary: 'A healthcare service (resource)',
        params: idParamSchema,
        response: { 200: healthcareServiceSchema, ...errors },
      },
    },
    async (request) => found(await service.getHealthcareService(database, request.params.id)),
  );

  app.post(
    `${V2}/healthcareservice/advance-search`,
    {
      schema: {
        tags: publicTags,
        summary: 'Healthcare services of a practice or facility',
        body: healthcareServiceSearchSchema,
        response: { 200: healthcareServiceListSchema, ...errors },
      },
    },
    async (request) => service.searchHealthcareServices(database, request.body),
  );

  app.post(
    `${V2}/careteam/advance-search`,
    {
      schema: {
        tags: publicTags,
        summary: 'Care teams of a practice or practitioner',
        body: careTeamSearchSchema,
        response: { 200: careTeamListSchema, ...errors },
      },
    },
    async (request) => service.searchCareTeams(database, request.body),
  );
};
