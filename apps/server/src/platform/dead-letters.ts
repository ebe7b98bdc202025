import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEAD_LETTER_RETRY_PATH,
  DEAD_LETTERS_PATH,
  dataList,
  deadLetterRetryBodySchema,
  deadLetterSchema,
  deadLettersQuerySchema,
  envelope,
} from '@careslot/contracts';
import { z } from 'zod';
import { authorizePractice } from './access';
import { requireUser } from './auth';
import { contextOf } from './context';
import { notFound } from './errors';
import { BEARER, ERROR_RESPONSES } from './route-schemas';

const tags = ['platform'];
const security = BEARER;
const errors = ERROR_RESPONSES;

/** The audit trail's entity type of a delivery of a domain event to a consumer. */
const ENTITY_TYPE = 'DomainEventDelivery';

/**
 * The dead letters of the domain events (decision 0082): deliveries that failed every attempt, listed for a
 * super user, who may make one due again. They are the platform's own objects: the policy lets only a super
 * user act on them (403 for anyone else) and audits each call. The list names events and consumers, never an
 * event's payload.
 */
export const deadLetterRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    DEAD_LETTERS_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Deliveries of domain events that failed every attempt, newest first (super user)',
        querystring: deadLettersQuerySchema,
        response: { 200: envelope(dataList(deadLetterSchema)), ...errors },
      },
    },
    async (request) => {
      await authorizePractice(contextOf(request), 'read', {
        organizationId: null,
        platform: true,
        entityType: ENTITY_TYPE,
        id: null,
      });
      const letters = await deps.events.deadLetters(request.query.Limit);
      return {
        status_code: 200,
        message: 'Success',
        data: {
          Data: letters.map((letter) => ({
            Consumer: letter.consumer,
            EventId: letter.eventId,
            EventType: letter.eventType,
            AggregateType: letter.aggregateType,
            AggregateId: letter.aggregateId,
            Version: letter.version,
            OccurredAt: letter.occurredAt,
            Attempts: letter.attempts,
            LastError: letter.lastError,
            FailedAt: letter.failedAt,
          })),
          Total: letters.length,
        },
      };
    },
  );

  app.post(
    DEAD_LETTER_RETRY_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Deliver a dead letter again, with a fresh count of attempts (super user)',
        body: deadLetterRetryBodySchema,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const { Consumer, EventId } = request.body;
      await authorizePractice(contextOf(request), 'update', {
        organizationId: null,
        platform: true,
        entityType: ENTITY_TYPE,
        id: EventId,
        detail: { consumer: Consumer, retry: true },
      });
      if (!(await deps.events.retryDead(Consumer, EventId))) throw notFound();
      return { status_code: 200, message: 'Success', data: null };
    },
  );
};
