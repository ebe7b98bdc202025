import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSettable } from './clock';
import { notFound } from './errors';

const messageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().optional(),
  body: z.string(),
  template: z.string(),
  status: z.enum(['stored', 'pending', 'sent', 'failed']),
  createdAt: z.string(),
  attempts: z.number().int(),
  lastError: z.string().optional(),
  sentAt: z.string().optional(),
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() }))
    .optional(),
  organizationId: z.string().nullish(),
  workflowKey: z.string().nullish(),
  html: z.string().nullish(),
});

/** A connection from this machine itself (the socket's address, whatever a proxy header claims). */
export const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address));

/**
 * Developer tools, on only when DEV_TOOLS=true (never in a real deployment) and answered only to callers on
 * this machine: the outbox of e-mails and SMS the local default keeps instead of sending, and the server's
 * settable clock (a journey that needs a given hour at a facility sets it, then puts it back).
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!isLoopback(request.socket.remoteAddress)) throw notFound();
  });
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['developer'],
        summary: 'Messages kept by the local outbox (developer tool)',
        querystring: z.object({
          to: z.string().max(320).optional(),
          template: z.string().max(64).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(50),
        }),
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
    },
    async (request) => ({ messages: await app.deps.outbox.list(request.query) }),
  );
  app.put(
    '/dev/clock',
    {
      schema: {
        tags: ['developer'],
        summary:
          "Sets the server's product time to an instant, from which it runs on (At null: the system's time)",
        body: z.object({
          At: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant' }).nullable(),
        }),
        response: { 200: z.object({ Now: z.string() }) },
      },
    },
    async (request) => {
      const clock = app.deps.clock;
      // Only a server started with the settable clock (main.ts with DEV_TOOLS) has a time to set.
      if (!isSettable(clock)) throw notFound();
      clock.set(request.body.At);
      return { Now: clock.now().toISOString() };
    },
  );
};
