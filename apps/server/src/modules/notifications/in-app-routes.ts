import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  inAppNotificationListSchema,
  inAppNotificationsParamsSchema,
  inAppNotificationsQuerySchema,
  markAsSeenBodySchema,
  NOTIFICATION_HEADERS,
} from '@careslot/contracts';
import { contextOf } from '../../platform/context';
import { requireUser } from '../../platform/auth';
import { onAppointmentChanged } from '../appointments';
import * as inApp from './in-app';
import { BEARER } from '../../platform/route-schemas';

const V1 = '/careslot-notification/api/v1';
const tags = ['notification'];
const security = BEARER;
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * In-app notifications are written when an appointment changes (the appointments module's domain event).
 * Wired by the module's register (index.ts).
 */
export function subscribeInAppNotifications(deps: AppDeps): void {
  // A durable consumer: a failure is logged by the dispatcher and retried; a redelivery writes nothing twice.
  onAppointmentChanged(deps.events, 'notifications.in-app', async (change, event) => {
    await inApp.notifyAppointmentChanged(deps, change, event.id);
  });
}

/**
 * In-app notifications (practice-portal.md §3.2, §4.2, §7): read a page at a time and marked seen in batches.
 */
export const inAppNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    `${V1}/InAppNotifications/:userId`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: `The caller's own notifications, newest first, a page at a time (Offset is the 1-based page); headers ${NOTIFICATION_HEADERS.total} and ${NOTIFICATION_HEADERS.unseen} count the whole list`,
        params: inAppNotificationsParamsSchema,
        querystring: inAppNotificationsQuerySchema,
        response: { 200: inAppNotificationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await inApp.listNotifications(
        deps,
        contextOf(request),
        request.params.userId,
        request.query,
      );
      void reply.header(NOTIFICATION_HEADERS.total, String(result.total));
      void reply.header(NOTIFICATION_HEADERS.unseen, String(result.unseen));
      return result.records;
    },
  );

  app.patch(
    `${V1}/InAppNotifications/batch/mark-as-seen`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Marks the caller's own notifications among these ids seen; answers true",
        body: markAsSeenBodySchema,
        response: { 200: z.boolean(), ...errors },
      },
    },
    async (request) => {
      await inApp.markAsSeen(deps, contextOf(request), request.body);
      return true;
    },
  );
};
