import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MFA_PATHS,
  mfaCodeSchema,
  mfaRequirementInputSchema,
  mfaRequirementSchema,
  mfaStatusSchema,
  totpConfirmedSchema,
  totpEnrolmentSchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as mfa from './mfa';

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status_code: z.number().int(), message: z.string(), data });
const ok = <T>(data: T) => ({ status_code: 200, message: 'OK', data });
/** Codes are guessed against the same counter as sign-in; the route limit only keeps a flood off the database. */
const rateLimit = { max: 20, timeWindow: '1 minute' };

/** The second factor of the signed-in practice user, and a practice's requirement of one (decision 0105). */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    MFA_PATHS.status,
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary:
          "The caller's second factors: an authenticator app, recovery codes left, and whether required",
        response: { 200: envelope(mfaStatusSchema) },
      },
    },
    async (request) => ok(await mfa.mfaStatus(deps, contextOf(request))),
  );

  app.post(
    MFA_PATHS.totp,
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Starts setting up an authenticator app: a new secret, its otpauth URI and QR code',
        response: { 200: envelope(totpEnrolmentSchema) },
      },
      config: { rateLimit },
    },
    async (request) => ok(await mfa.startTotpEnrolment(deps, contextOf(request))),
  );

  app.post(
    MFA_PATHS.totpConfirm,
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Confirms the authenticator with its first code and answers ten recovery codes, shown once',
        body: mfaCodeSchema,
        response: { 200: envelope(totpConfirmedSchema) },
      },
      config: { rateLimit },
    },
    async (request) => ok(await mfa.confirmTotpEnrolment(deps, contextOf(request), request.body.Code)),
  );

  app.delete(
    MFA_PATHS.totp,
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Removes the authenticator app and the recovery codes, with a current code',
        body: mfaCodeSchema,
        response: { 200: envelope(z.object({ TotpEnrolled: z.literal(false) })) },
      },
      config: { rateLimit },
    },
    async (request) => ok(await mfa.removeTotp(deps, contextOf(request), request.body.Code)),
  );

  const practiceParams = z.object({ practiceId: z.uuid({ error: 'must be a practice id' }) });

  app.get(
    MFA_PATHS.practiceRequirement,
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Whether the practice requires a second factor of all its users',
        params: practiceParams,
        response: { 200: envelope(mfaRequirementSchema) },
      },
    },
    async (request) =>
      ok(await mfa.practiceMfaRequirement(deps, contextOf(request), request.params.practiceId)),
  );

  app.put(
    MFA_PATHS.practiceRequirement,
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary:
          "The practice admin requires (or stops requiring) a second factor of all the practice's users",
        params: practiceParams,
        body: mfaRequirementInputSchema,
        response: { 200: envelope(mfaRequirementSchema) },
      },
    },
    async (request) =>
      ok(
        await mfa.setPracticeMfaRequirement(
          deps,
          contextOf(request),
          request.params.practiceId,
          request.body.Required,
        ),
      ),
  );
};
