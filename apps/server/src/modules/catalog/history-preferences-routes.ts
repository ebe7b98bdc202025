import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  HISTORY_ENTITY_TYPES,
  HISTORY_KINDS,
  historyPreferenceBatchSchema,
  historyPreferenceListSchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import { BEARER } from '../../platform/route-schemas';
import * as service from './history-preferences';

const BASE = '/careslot-resource-library/api/v1';
const tags = ['resource library'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** The 8 history-preference calls (4 kinds × read and batch upsert), practice-owned (practice-portal.md §7). */
export const historyPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  for (const kind of HISTORY_KINDS) {
    app.get(
      `${BASE}/entity-${kind}-history-preferences/:id`,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security: BEARER,
          summary: `The practice's ${kind} history preferences (what its patients are asked at check-in)`,
          params: z.object({ id: z.uuid({ error: 'must be a practice id' }) }),
          querystring: z.object({ entityType: z.enum(HISTORY_ENTITY_TYPES).default('Organization') }),
          response: { 200: historyPreferenceListSchema, ...errors },
        },
      },
      async (request) => {
        const items = await service.historyPreferences(
          deps,
          contextOf(request),
          kind,
          request.query.entityType,
          request.params.id,
        );
        return { Data: items, Total: items.length };
      },
    );
    app.post(
      `${BASE}/entity-${kind}-history-preferences/batch-upsert`,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security: BEARER,
          summary: `Add or change the practice's ${kind} history preferences by Code (its admins)`,
          body: historyPreferenceBatchSchema,
          response: { 200: historyPreferenceListSchema, ...errors },
        },
      },
      async (request) => {
        const items = await service.upsertHistoryPreferences(deps, contextOf(request), kind, request.body);
        return { Data: items, Total: items.length };
      },
    );
  }
};
