import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  REMINDER_MESSAGES,
  reminderPracticeParamsSchema,
  reminderSettingsInputSchema,
  reminderSettingsResponseSchema,
} from '@careslot/contracts';
import { requireRoles } from '../../platform/auth';
import { ROLE_SETS } from '../../platform/access';
import { contextOf } from '../../platform/context';
import * as service from './service';

/** The notification service's gateway prefix (modules/notifications/routes.ts). */
const V1 = '/careslot-notification/api/v1';
const tags = ['reminders'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/**
 * Appointment reminders (practice-portal.md §3.8, §7 "Reminders"): a practice admin's settings of their own
 * practice. The background work (scheduling each booked visit's reminders, sending them when due) is wired by
 * the module's register (index.ts).
 */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const security = [{ bearer: [] }];
  const preHandler = requireRoles(...ROLE_SETS.ADMINS);

  app.get(
    `${V1}/ReminderSettings/practices/:id`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "The practice's appointment reminder settings",
        params: reminderPracticeParamsSchema,
        response: { 200: reminderSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: REMINDER_MESSAGES.found,
      data: await service.getReminderSettings(deps, contextOf(request), request.params.id),
    }),
  );

  // PUT and POST alike: Id present updates, absent adds (§3.8).
  for (const method of ['put', 'post'] as const) {
    app[method](
      `${V1}/ReminderSettings`,
      {
        preHandler,
        schema: {
          tags,
          security,
          summary: 'Save the practice’s reminder settings (Id present = update, absent = add)',
          body: reminderSettingsInputSchema,
          response: { 200: reminderSettingsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        status_code: 200,
        message: REMINDER_MESSAGES.saved,
        data: await service.saveReminderSettings(deps, contextOf(request), request.body),
      }),
    );
  }
};
