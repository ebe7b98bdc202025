import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESET_MESSAGES, resetAnswerSchema, resetPasswordBodySchema } from '@careslot/contracts';
import { recordAudit } from '../../platform/audit';
import { AppError, badRequest, tooManyRequests } from '../../platform/errors';
import { checkResetCode, resetPassword, sendResetCode, type CodeCheck } from './password-reset';

export { RESET_MESSAGES };

const V1 = '/careslot-administration/api/v1';

const emailQuery = z.object({ email: z.email({ error: 'must be a valid e-mail address' }).max(320) });

const answer = resetAnswerSchema;

function refuse(check: Exclude<CodeCheck, { ok: true }>): never {
  if (check.reason === 'unknown') throw new AppError('not_found', { message: RESET_MESSAGES.noRecord });
  if (check.reason === 'exhausted') throw tooManyRequests(RESET_MESSAGES.exhausted);
  const message = check.reason === 'expired' ? RESET_MESSAGES.expired : RESET_MESSAGES.invalid;
  throw badRequest(
    [{ field: 'body.Code', rule: check.reason === 'expired' ? 'expired' : 'invalid_code', message }],
    message,
  );
}

/**
 * Password recovery of spec §2.8 / §7: send-email starts it (a 6-digit code through the outbox);
 * PUT reset-password without a body looks the e-mail up and sends a new code (resend), with {Code}
 * checks the code, with {Code, NewPassword} sets the password.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, outbox, clock } = app.deps;
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  const send = async (email: string) => {
    const result = await sendResetCode(database, outbox, email, clock.now());
    if (!result.ok && result.reason === 'unknown')
      throw new AppError('not_found', { message: RESET_MESSAGES.noRecord });
    if (!result.ok) throw tooManyRequests(RESET_MESSAGES.wait);
    return {
      status_code: 200,
      message: RESET_MESSAGES.sent,
      data: { Email: result.account.email, CodeVerified: false, PasswordReset: false },
    };
  };

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
    async (request) => send(request.query.email),
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
      if (!body) return send(email);
      const now = clock.now();
      if (!body.NewPassword) {
        const check = await checkResetCode(database, email, body.Code, now);
        if (!check.ok) refuse(check);
        return {
          status_code: 200,
          message: RESET_MESSAGES.verified,
          data: { Email: check.account.email, CodeVerified: true, PasswordReset: false },
        };
      }
      const done = await resetPassword(database, email, body.Code, body.NewPassword, now);
      if (!done.ok) refuse(done);
      await recordAudit(
        database,
        {
          actorId: done.account.id,
          actorType: done.account.userType,
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        },
        {
          action: 'update',
          entityType: 'User',
          entityId: done.account.id,
          outcome: 'success',
          detail: { change: 'password-reset' },
        },
      );
      return {
        status_code: 200,
        message: RESET_MESSAGES.reset,
        data: { Email: done.account.email, CodeVerified: true, PasswordReset: true },
      };
    },
  );
};
