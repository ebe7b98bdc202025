import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESS_CONTROL_BASE,
  accessServiceListSchema,
  entityConfigurationListSchema,
  entityConfigurationSearchSchema,
  entityConfigurationUpdateSchema,
  PRACTICE_ROLE_CODES,
} from '@careslot/contracts';
import { requireRoles } from '../../platform/auth';
import { ROLE_SETS } from '../../platform/access';
import { contextOf } from '../../platform/context';
import * as service from './service';
import { BEARER, ERROR_RESPONSES } from '../../platform/route-schemas';

const tags = ['access control'];
const security = BEARER;
const errors = ERROR_RESPONSES;

/**
 * Access control (practice-portal.md §7 "Other services": GET Service, POST EntityConfigurations/get, PUT
 * EntityConfigurations/{id} answering text). Users of a practice read their practice's switches (the menus
 * follow them); only its practice admin changes them. Another practice's configuration is not found.
 */
export const accessControlRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const practiceUser = requireRoles(...PRACTICE_ROLE_CODES);

  app.get(
    `${ACCESS_CONTROL_BASE}/Service`,
    {
      preHandler: practiceUser,
      schema: {
        tags,
        security,
        summary: 'The features a practice can switch per role, with the roles the menu rules allow',
        response: { 200: accessServiceListSchema, ...errors },
      },
    },
    async () => service.listServices(),
  );

  app.post(
    `${ACCESS_CONTROL_BASE}/EntityConfigurations/get`,
    {
      preHandler: practiceUser,
      schema: {
        tags,
        security,
        summary: "The practice's feature switches per role",
        body: entityConfigurationSearchSchema,
        response: { 200: entityConfigurationListSchema, ...errors },
      },
    },
    async (request) =>
      service.getConfigurations(deps, contextOf(request), {
        OrganizationId: request.body.OrganizationId,
        EntityIds: request.body.EntityIds,
      }),
  );

  app.put(
    `${ACCESS_CONTROL_BASE}/EntityConfigurations/:id`,
    {
      preHandler: requireRoles(...ROLE_SETS.ADMINS),
      schema: {
        tags,
        security,
        summary:
          "Switch features of one role of the practice (text response); the practice admin's settings stay on",
        params: z.object({ id: z.uuid() }),
        body: entityConfigurationUpdateSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const text = await service.updateConfiguration(
        deps,
        contextOf(request),
        request.params.id,
        request.body,
      );
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );
};
