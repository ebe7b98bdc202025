import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PEOPLE_PATHS,
  activationDoneSchema,
  activationInfoSchema,
  activationLinkSchema,
  activationSubmitSchema,
  errorEnvelopeSchema,
  updatePasswordDoneSchema,
  updatePasswordSchema,
} from '@careslot/contracts';
import { contextOf } from '../../platform/context';
import { currentPrincipal, requireUser } from '../../platform/auth';
import { PASSWORD_CHANGED, changePassword } from './password-change';
import { completeActivation, readActivation } from './staff-activation';

const tags = ['account'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/**
 * Invited practice users' activation (decision 0052) and the change of password (decision 0053). The consumer
 * that makes invited users' accounts and e-mails their links is subscribed by the module's register (index.ts).
 */
export const peopleAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  app.get(
    PEOPLE_PATHS.activation,
    {
      schema: {
        tags,
        summary: 'Checks an activation link (signed, expiring, single use) and names whom it is for',
        querystring: activationLinkSchema,
        response: { 200: activationInfoSchema, ...errors },
      },
      config: { rateLimit },
    },
    async (request) => ({ status_code: 200, message: 'OK', data: await readActivation(deps, request.query) }),
  );

  app.post(
    PEOPLE_PATHS.activation,
    {
      schema: {
        tags,
        summary: "Sets an invited user's first password through their activation link; they can then sign in",
        body: activationSubmitSchema,
        response: { 200: activationDoneSchema, ...errors },
      },
      config: { rateLimit },
    },
    async (request) => ({
      status_code: 200,
      message: 'Account activated',
      data: await completeActivation(deps, contextOf(request), request.body),
    }),
  );

  app.post(
    PEOPLE_PATHS.updatePassword(':userId'),
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          "Changes the caller's own password (current one required); every other session and token of the user ends",
        params: z.object({ userId: z.uuid() }),
        body: updatePasswordSchema,
        response: { 200: updatePasswordDoneSchema, ...errors },
      },
      config: { rateLimit },
    },
    async (request) => ({
      status_code: 200,
      message: PASSWORD_CHANGED,
      data: await changePassword(
        deps,
        currentPrincipal(request),
        contextOf(request),
        request.params.userId,
        request.body,
      ),
    }),
  );
};
