import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, idParamSchema, supportPatientOverviewSchema } from '@careslot/contracts';
import { requireRoles } from '../../platform/auth';
import { ROLE_SETS } from '../../platform/access';
import { patientOverview } from './service';

/**
 * GET careslot-administration/api/v1/support/patients/{id}/overview: support agents and super users only, and
 * only with a stated purpose (X-Access-Purpose); the access policy audits every look-up with that purpose.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/careslot-administration/api/v1/support/patients/:id/overview',
    {
      preValidation: requireRoles(...ROLE_SETS.SUPPORT),
      schema: {
        tags: ['support'],
        security: [{ bearer: [] }],
        summary:
          "A patient's appointments and account state (locked, verified, last sign-in), for support with a stated purpose",
        params: idParamSchema,
        response: {
          200: supportPatientOverviewSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => patientOverview(deps, request.context, request.params.id),
  );
};
