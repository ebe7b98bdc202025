import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESET_MESSAGES, resetAnswerSchema, resetPasswordBodySchema } from '@careslot/contracts';
import { contextOf } from '../../platform/context';
import * as service from './service';

export { RESET_MESSAGES };

const V1 = '/careslot-administration/api/v1';

const emailQuery = z.object({ email: z.email({ error: 'must be a valid e-mail address' }).max(320) });

const answer = resetAnswerSchema;

/**
 * Password recovery of spec §2.8 / §7: send-email starts it (a 6-digit code through the outbox);
 * PUT reset-password without a body looks the e-mail up and sends a new code (resend), with {Code}
 * checks the code, with {Code, NewPassword} sets the password.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  app.post(
    `${V1}/account/password/reset/send-email`,
    {
      schema: {
        tags: ['account'],
        summary: 'Sends a password reset code to the e-mail',
        querystring: emailQuery,
        response: { 200: answer },
      },
      config: { rateLimit },
    },
    async (request) => service.sendPasswordResetCode(deps, request.query.email),
  );

  app.put(
    `${V1}/account/reset-password`,
    {
      schema: {
        tags: ['account'],
        summary:
          'E-mail lookup and code resend (no body), code check ({Code}) or reset ({Code, NewPassword})',
        querystring: emailQuery,
        body: resetPasswordBodySchema.nullish(),
        response: { 200: answer },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { email } = request.query;
      const body = request.body;
      if (!body) return service.sendPasswordResetCode(deps, email);
      if (!body.NewPassword) return service.verifyPasswordResetCode(deps, email, body.Code);
      return service.resetPasswordWithCode(deps, contextOf(request), email, body.Code, body.NewPassword);
    },
  );
};
