import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Liveness (/healthz) and readiness (/readyz: the database answers). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
      config: { rateLimit: false },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: the database answers',
        response: {
          200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
          503: z.object({ status: z.literal('unavailable'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const { database } = app.deps;
      try {
        await database.query('select 1');
        return { status: 'ready' as const, database: database.kind };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, database: database.kind });
      }
    },
  );
};
