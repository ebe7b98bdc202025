import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, idParamSchema, scheduleSettingsSchema } from '@careslot/contracts';
import { notFound } from '../../platform/errors';
import { scheduleSettings } from './settings';

/**
 * What the booking flow needs of a schedule in one public read (as the schedule itself is public): the
 * settings of GET schedulesetting/schedule/{id} that decide the stages (4.2), the verification regions, the
 * self-pay option and the provider's insurances for the plan search (2.9).
 */
export const scheduleSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  // The spec's path, and the booking flow's own name for the same read.
  for (const url of [
    '/careslot-calendar/api/v2/schedulesetting/schedule/:id',
    '/careslot-calendar/api/v2/schedule/:id/booking-settings',
  ]) {
    app.get(
      url,
      {
        schema: {
          tags: ['calendar'],
          summary:
            'The booking settings of a schedule: which booking stages apply, verification regions, the provider’s insurances',
          params: idParamSchema,
          response: { 200: scheduleSettingsSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const settings = await scheduleSettings(database, request.params.id);
        if (!settings) throw notFound();
        return settings;
      },
    );
  }
};
