import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import { BEARER, ERROR_RESPONSES } from '../../platform/route-schemas';
import { addConfirmationLog } from './confirmation-log';

/** POST AppointmentConfirmationLog (add), practice-portal.md §7. */
export const confirmationLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.post(
    '/careslot-notification/api/v1/AppointmentConfirmationLog',
    {
      preHandler: requireUser,
      config: { feature: 'reports' },
      schema: {
        tags: ['reports'],
        security: BEARER,
        summary: "Logs a visit's confirmation that reached the practice another way (its admins)",
        body: z.object({
          AppointmentId: z.string().uuid(),
          ConfirmedBy: z.enum(['Patient', 'Practice']).default('Patient'),
        }),
        response: {
          200: z.object({
            status_code: z.number(),
            message: z.string(),
            data: z.object({ AppointmentId: z.string().uuid() }),
          }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'success',
      data: await addConfirmationLog(deps, contextOf(request), request.body),
    }),
  );
};
