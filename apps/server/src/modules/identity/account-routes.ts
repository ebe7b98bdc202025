import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import {
  ACCOUNT_PATHS,
  LOGIN_MESSAGES,
  accountLoginSchema,
  agreementSchema,
  identityTokenFormSchema,
  identityTokenResponseSchema,
  identityUserQuerySchema,
  identityUserSchema,
  refreshTokenFormSchema,
  signedLinkInputSchema,
  signedLinkSchema,
  invitationInputSchema,
  invitationResponseSchema,
  practitionerSchema,
  practitionerUpdateSchema,
  productTokenResponseSchema,
  signupPatientSchema,
  unsignedAgreementQuerySchema,
  userAgreementSchema,
} from '@careslot/contracts';
import { contextOf } from '../../platform/context';
import { requireRoles, requireToken, requireUser } from '../../platform/auth';
import { ROLE_SETS } from '../../platform/access';
import { apiSecondFactor } from './mfa';
import { signedLinkKey } from './signed-links';
import * as service from './service';
import type { Account } from './store';

export interface AccountRouteDeps {
  provider: Provider;
  /** Starts the SessionId cookie session (30 days) for a signed-in account. */
  startSession(reply: FastifyReply, account: Account): Promise<string>;
}

/**
 * The product's account calls of spec §7 beyond sign-in itself: sign-up, agreements, identity user,
 * refresh, invitations, signed links and the identity token route.
 */
export function accountRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { tokens } = app.deps;
    const { provider } = deps;
    const startSession = (reply: FastifyReply, account: Account) => deps.startSession(reply, account);
    const linkKey = signedLinkKey(tokens);
    const REALM_TOKEN_PATH = '/realms/careslot/protocol/openid-connect/token';

    /** Runs a grant at the realm's own token endpoint (same process): the one place tokens are minted. */
    const realmToken: service.RealmGrant = async (form) => {
      const response = await app.inject({
        method: 'POST',
        url: REALM_TOKEN_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
      const body = JSON.parse(response.body || '{}') as {
        access_token?: string;
        refresh_token?: string;
        id_token?: string;
        expires_in?: number;
        token_type?: string;
        scope?: string;
        error?: string;
      };
      return { ok: response.statusCode === 200 && !!body.access_token, body };
    };

    app.post(
      ACCOUNT_PATHS.login,
      {
        schema: {
          tags: ['account'],
          summary:
            'Signs in with e-mail and password (Argon2id, lock-out with back-off) and answers a product token',
          body: accountLoginSchema,
          response: { 200: productTokenResponseSchema },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const context = contextOf(request);
        const account = await service.signInForToken(
          app.deps,
          context,
          request.body.UserName,
          request.body.Password,
        );
        // The second factor, when the account has one or must (decision 0105's rules, as at the realm).
        await apiSecondFactor(app.deps, context, account, request.body.Code);
        const sessionId = await startSession(reply, account);
        return service.productToken(app.deps, account, { message: LOGIN_MESSAGES.success, sessionId });
      },
    );

    app.get(
      ACCOUNT_PATHS.identityUser,
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: "The realm account of an e-mail: the caller's own, or any for support and super users",
          querystring: identityUserQuerySchema,
          response: {
            200: z.object({ status_code: z.number().int(), message: z.string(), data: identityUserSchema }),
          },
        },
      },
      async (request) => ({
        status_code: 200,
        message: 'OK',
        data: await service.identityUser(app.deps, contextOf(request), request.query.email),
      }),
    );

    app.post(
      ACCOUNT_PATHS.refreshToken,
      {
        schema: {
          tags: ['account'],
          summary:
            "Refreshes a session with the realm's refresh token (rotated) and answers a new product token",
          querystring: z.object({ appPlatform: z.string().max(50).optional() }),
          body: refreshTokenFormSchema,
          response: { 200: productTokenResponseSchema },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { grant_type, refresh_token, client_id, scope } = request.body;
        return service.refreshSession(app.deps, provider, realmToken, {
          grant_type,
          refresh_token,
          client_id,
          ...(scope ? { scope } : {}),
        });
      },
    );

    app.post(
      ACCOUNT_PATHS.identityToken,
      {
        schema: {
          tags: ['account'],
          summary: "The web app's code exchange (authorization code with PKCE), rerouted to the realm",
          body: identityTokenFormSchema,
          response: { 200: identityTokenResponseSchema },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request) => service.exchangeCode(realmToken, request.body),
    );

    app.post(
      ACCOUNT_PATHS.signedLink,
      {
        preHandler: requireRoles(...ROLE_SETS.PRACTICE_USERS, ...ROLE_SETS.SUPPORT),
        schema: {
          tags: ['account'],
          summary: 'A link to a CareSlot page, signed and expiring, for sending to a patient',
          body: signedLinkInputSchema,
          response: {
            200: z.object({ status_code: z.number().int(), message: z.string(), data: signedLinkSchema }),
          },
        },
      },
      async (request) => ({
        status_code: 200,
        message: 'OK',
        data: await service.createSignedLink(
          app.deps,
          contextOf(request),
          linkKey,
          request.body.Path,
          request.body.ExpiresInMinutes,
        ),
      }),
    );

    app.post(
      ACCOUNT_PATHS.practitionerUpdate,
      {
        preHandler: requireRoles(...ROLE_SETS.PRACTICE_USERS),
        schema: {
          tags: ['account'],
          summary:
            "Single sign-on step 5: the caller's own practitioner record gets the identity-provider identifier it lacks (SINGLE_SIGN_ON_WEB)",
          body: practitionerUpdateSchema,
          response: {
            200: z.object({ status_code: z.number().int(), message: z.string(), data: practitionerSchema }),
          },
        },
      },
      async (request) => ({
        status_code: 200,
        message: 'OK',
        data: await service.linkOwnPractitioner(app.deps, contextOf(request), request.body),
      }),
    );

    app.post(
      ACCOUNT_PATHS.signup,
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary:
            'Creates the patient record of a newly registered user (PATIENT_SIGNUP_WEB) and answers a product token for it',
          body: signupPatientSchema,
          response: { 200: productTokenResponseSchema },
        },
      },
      async (request) => service.signUpPatient(app.deps, contextOf(request), request.body),
    );

    app.post(
      ACCOUNT_PATHS.unsignedAgreements,
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'The agreements (eula, oha) the user has not answered yet',
          body: unsignedAgreementQuerySchema,
          response: { 200: z.array(agreementSchema) },
        },
      },
      async (request) => service.listUnsignedAgreements(app.deps, contextOf(request), request.body.userId),
    );

    app.post(
      ACCOUNT_PATHS.userAgreement,
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: "Records the user's answer (Accepted or Declined) to an agreement",
          body: userAgreementSchema,
          response: {
            200: z.object({ status_code: z.number().int(), message: z.string(), data: userAgreementSchema }),
          },
        },
      },
      async (request) => ({
        status_code: 200,
        message: 'OK',
        data: await service.answerAgreement(app.deps, contextOf(request), request.body),
      }),
    );

    app.post(
      ACCOUNT_PATHS.invitation,
      {
        preHandler: requireRoles(...ROLE_SETS.PRACTICE_USERS, ...ROLE_SETS.SUPPORT),
        schema: {
          tags: ['account'],
          summary:
            'Invites a patient of the practice: the invitation id is the activation code, e-mailed when an address is given',
          body: invitationInputSchema,
          response: { 200: invitationResponseSchema },
        },
      },
      async (request) => ({
        status_code: 200,
        message: 'OK',
        data: await service.invitePatient(app.deps, contextOf(request), request.body),
      }),
    );

    app.get(
      `${ACCOUNT_PATHS.invitation}/:id`,
      {
        preHandler: requireToken,
        schema: {
          tags: ['account'],
          summary:
            'An invitation by its id (the activation code). A pending one opens for anyone holding the code; once used, only its patient and the practice',
          params: z.object({ id: z.uuid({ error: 'must be an invitation id' }) }),
          response: { 200: invitationResponseSchema },
        },
      },
      async (request) => ({
        status_code: 200,
        message: 'OK',
        data: await service.readInvitation(app.deps, contextOf(request), request.params.id),
      }),
    );
  };
}
