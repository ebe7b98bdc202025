import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEMO_REQUEST_RECEIVED,
  demoRequestInputSchema,
  demoRequestListQuerySchema,
  demoRequestListSchema,
  demoRequestReceiptSchema,
  errorEnvelopeSchema,
} from '@careslot/contracts';
import { requireRoles } from '../../platform/auth';
import { ROLE_SETS } from '../../platform/access';
import { tooManyRequests } from '../../platform/errors';
import * as service from './service';

const V1 = '/careslot-marketing/api/v1';

/** The landing page's demo-request form and the super users' list of what came in. */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;

  app.post(
    `${V1}/demo-requests`,
    {
      config: {
        // Spam guard beside the honeypot: a few requests per client address in ten minutes.
        rateLimit: {
          max: config.DEMO_REQUEST_LIMIT,
          timeWindow: '10 minutes',
          errorResponseBuilder: () => tooManyRequests(),
        },
      },
      schema: {
        tags: ['marketing'],
        summary: 'Request a demo from the landing page (public)',
        body: demoRequestInputSchema,
        response: { 201: demoRequestReceiptSchema, 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await service.submitDemoRequest(app.deps, request.body);
      return reply.code(201).send({ status_code: 201, message: DEMO_REQUEST_RECEIVED, data: null });
    },
  );

  app.get(
    `${V1}/demo-requests`,
    {
      preHandler: requireRoles(...ROLE_SETS.SUPER_USERS),
      schema: {
        tags: ['marketing'],
        summary: 'Demo requests, newest first (super users)',
        security: [{ bearer: [] }],
        querystring: demoRequestListQuerySchema,
        response: {
          200: demoRequestListSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (request) => service.listDemoRequests(app.deps, request.query.Offset, request.query.Limit),
  );
};
