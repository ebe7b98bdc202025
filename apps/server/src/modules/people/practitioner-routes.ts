import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  identifierQuerySchema,
  idParamSchema,
  orgIdParamSchema,
  practitionerListSchema,
  practitionerRoleListSchema,
  practitionerRoleSearchSchema,
  practitionerSchema,
  practitionerSearchSchema,
  webOrganizationSchema,
} from '@careslot/contracts';
import { notFound } from '../../platform/errors';
import * as service from './service';

const V2 = '/careslot-administration/api/v2';
const V1 = '/careslot-administration/api/v1';
const publicTags = ['directory'];

function found<T>(value: T | null): T {
  if (value === null) throw notFound();
  return value;
}

/**
 * Public reads of practitioners and their roles, and a practice's web aggregate (its facilities, practitioners
 * and resources): search and booking show them to guests.
 */
export const practitionerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };
  // ---------- practitioners ----------

  app.get(
    `${V2}/practitioner`,
    {
      schema: {
        tags: publicTags,
        summary: 'The practitioner holding an identifier',
        querystring: identifierQuerySchema,
        response: { 200: practitionerSchema, ...errors },
      },
    },
    async (request) => found(await service.findPractitionerByIdentifier(database, request.query.identifier)),
  );

  app.get(
    `${V2}/practitioner/:id`,
    {
      schema: {
        tags: publicTags,
        summary: 'A practitioner',
        params: idParamSchema,
        response: { 200: practitionerSchema, ...errors },
      },
    },
    async (request) => found(await service.getPractitioner(database, request.params.id)),
  );

  app.post(
    `${V2}/practitioner/advance-search`,
    {
      schema: {
        tags: publicTags,
        summary: 'Practitioners by identifier, name, NPI, e-mail, practice, role or id',
        body: practitionerSearchSchema,
        response: { 200: practitionerListSchema, ...errors },
      },
    },
    async (request) => service.searchPractitioners(database, request.body),
  );

  app.get(
    `${V2}/practitioner/get-by-organization/:orgId`,
    {
      schema: {
        tags: publicTags,
        summary: 'Every practitioner holding a role at a practice',
        params: orgIdParamSchema,
        response: { 200: practitionerListSchema, ...errors },
      },
    },
    async (request) =>
      service.searchPractitioners(database, { OrganizationId: request.params.orgId, Limit: 0, Offset: 1 }),
  );

  app.post(
    `${V2}/practitionerrole/advance-search`,
    {
      schema: {
        tags: publicTags,
        summary: 'Practitioner roles by practitioner and practice',
        body: practitionerRoleSearchSchema,
        response: { 200: practitionerRoleListSchema, ...errors },
      },
    },
    async (request) => {
      const roles = await service.listPractitionerRoles(database, request.body);
      return { Data: roles, Total: roles.length };
    },
  );

  app.get(
    `${V1}/web/organizations/:id`,
    {
      schema: {
        tags: publicTags,
        summary: 'A practice with its facilities, practitioners and resources (the aggregate the web loads)',
        params: idParamSchema,
        response: { 200: webOrganizationSchema, ...errors },
      },
    },
    async (request) => found(await service.webOrganization(database, request.params.id)),
  );
};
