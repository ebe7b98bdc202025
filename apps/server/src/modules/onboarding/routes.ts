import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, onboardingRequestSchema, onboardingResultSchema } from '@careslot/contracts';
import { requireRoles } from '../../platform/auth';
import { ROLE_SETS } from '../../platform/access';
import { onboardPractice } from './service';

const GATEWAY = '/careslot-gateway';

/** Practice onboarding (practice-portal.md §7 "POST {p}-gateway/organization/add"): super users only (decision 0064). */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${GATEWAY}/organization/add`,
    {
      preValidation: requireRoles(...ROLE_SETS.SUPER_USERS),
      schema: {
        tags: ['onboarding'],
        summary:
          'Onboard a new practice in one transaction: organization, first location, first provider, schedule with reasons, payment choice, publish',
        security: [{ bearer: [] }],
        body: onboardingRequestSchema,
        response: {
          201: onboardingResultSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await onboardPractice(app.deps, request.context, request.body)),
  );
};
