import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignThreadSchema,
  MESSAGING_PATH,
  messageThreadDetailSchema,
  messageThreadListSchema,
  messageThreadsQuerySchema,
  newMessageSchema,
  newMessageThreadSchema,
  threadMessageSchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import { BEARER, ERROR_RESPONSES } from '../../platform/route-schemas';
import * as service from './service';

const tags = ['messaging'];
const security = BEARER;
const errors = ERROR_RESPONSES;
const idParams = z.object({ id: z.string().uuid() });

/** Messaging (practice-portal.md §7): MessageThreads, MessageThreads/{id}?userId=, Messages, Messages/{id}. */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    `${MESSAGING_PATH}/MessageThreads`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "The caller's message threads (a patient's own and their family's; a practice's), newest first",
        querystring: messageThreadsQuerySchema,
        response: { 200: messageThreadListSchema, ...errors },
      },
    },
    async (request) => service.listThreads(deps, contextOf(request), request.query),
  );

  app.post(
    `${MESSAGING_PATH}/MessageThreads`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Starts a thread with its first message (a patient names the practice, a practice the patient)',
        body: newMessageThreadSchema,
        response: { 200: messageThreadDetailSchema, ...errors },
      },
    },
    async (request) => service.startThread(deps, contextOf(request), request.body),
  );

  app.get(
    `${MESSAGING_PATH}/MessageThreads/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "A thread and its messages; the caller's side has read it (userId: the caller's own id)",
        params: idParams,
        querystring: z.object({ userId: z.string().uuid().optional() }),
        response: { 200: messageThreadDetailSchema, ...errors },
      },
    },
    async (request) => service.readThread(deps, contextOf(request), request.params.id, request.query.userId),
  );

  app.put(
    `${MESSAGING_PATH}/MessageThreads/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Assigns the thread to a user of its practice (null: nobody)',
        params: idParams,
        body: assignThreadSchema,
        response: { 200: messageThreadDetailSchema, ...errors },
      },
    },
    async (request) =>
      service.assignThread(deps, contextOf(request), request.params.id, request.body.AssignedTo),
  );

  app.post(
    `${MESSAGING_PATH}/Messages`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "An answer in a thread (the practice's answer is also e-mailed to the patient)",
        body: newMessageSchema,
        response: { 200: threadMessageSchema, ...errors },
      },
    },
    async (request) => service.reply(deps, contextOf(request), request.body),
  );

  app.get(
    `${MESSAGING_PATH}/Messages/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'One message of a thread the caller may read',
        params: idParams,
        response: { 200: threadMessageSchema, ...errors },
      },
    },
    async (request) => service.readMessage(deps, contextOf(request), request.params.id),
  );
};
