import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPOINTMENT_DETAILS_MESSAGES,
  cacheClearResultSchema,
  cacheKeyParamsSchema,
  errorEnvelopeSchema,
} from '@careslot/contracts';
import { requireUser } from './auth';

/**
 * The process's caches, by id (DELETE api/v1/cache/{key}; decision 0032). A module that keeps copies of rows
 * registers how to forget one; clearing a key asks every registered cache to drop it. Caches hold ids,
 * reference data and versioned copies only, never patient data, so clearing a key reveals nothing and costs
 * at most one fresh read.
 */
type Forget = (key: string) => void;
const caches = new Set<Forget>();

/** Registers a cache's forget function; returns the unregister. */
export function registerCache(forget: Forget): () => void {
  caches.add(forget);
  return () => caches.delete(forget);
}

export function clearCacheKey(key: string): void {
  for (const forget of caches) forget(key);
}

/**
 * DELETE {gw}/api/v1/cache/{key}: a signed-in user drops the copies kept under an id (the web asks it after
 * signup for the new patient's id). The same answer whether or not anything was cached: no existence oracle.
 */
export const cacheRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/v1/cache/:key',
    {
      preHandler: requireUser,
      schema: {
        tags: ['platform'],
        security: [{ bearer: [] }],
        summary: 'Drop what this instance keeps cached under an id (keys are ids, never personal data)',
        params: cacheKeyParamsSchema,
        response: { 200: cacheClearResultSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      clearCacheKey(request.params.key);
      return { status_code: 200, message: APPOINTMENT_DETAILS_MESSAGES.cacheCleared, data: null };
    },
  );
};
