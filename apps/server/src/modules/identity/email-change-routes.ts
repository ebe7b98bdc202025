import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PEOPLE_PATHS,
  changeEmailPendingSchema,
  changeEmailSchema,
  emailConfirmationLinkSchema,
  emailConfirmedSchema,
  errorEnvelopeSchema,
} from '@careslot/contracts';
import { contextOf } from '../../platform/context';
import { currentPrincipal, requireUser } from '../../platform/auth';
import { confirmEmailChange, requestEmailChange } from './email-change';
import { pickLanguage } from './login-page';

const tags = ['account'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/** The change of a login e-mail (issue 24 item 1, decision 0085): asked with the password, made by the link. */
export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const rateLimit = { max: 10, timeWindow: '1 minute' };

  app.post(
    PEOPLE_PATHS.changeEmail(':userId'),
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          "Asks to change the caller's own login e-mail (current password required): a confirmation link goes to the new address, the old one is told",
        params: z.object({ userId: z.uuid() }),
        body: changeEmailSchema,
        response: { 200: changeEmailPendingSchema, ...errors },
      },
      config: { rateLimit },
    },
    async (request) => ({
      status_code: 200,
      message: 'Confirmation sent',
      data: await requestEmailChange(
        deps,
        currentPrincipal(request),
        contextOf(request),
        request.params.userId,
        request.body,
        pickLanguage(undefined, request.headers['accept-language']),
      ),
    }),
  );

  app.post(
    PEOPLE_PATHS.emailConfirmation,
    {
      schema: {
        tags,
        summary:
          'Confirms a change of login e-mail through the link sent to the new address; every session of the account ends',
        body: emailConfirmationLinkSchema,
        response: { 200: emailConfirmedSchema, ...errors },
      },
      config: { rateLimit },
    },
    async (request) => ({
      status_code: 200,
      message: 'E-mail changed',
      data: await confirmEmailChange(deps, contextOf(request), request.body),
    }),
  );
};
