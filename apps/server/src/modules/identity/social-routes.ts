import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { recordSignInEvent } from '../../platform/access';
import { contextOf } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { loginPage, pickLanguage } from './login-page';
import { INTERACTION_PATH } from './oidc';
import { registrationFormBody, validateRegistration, type RegistrationForm } from './registration';
import { registrationPage } from './registration-page';
import {
  accountForIdentity,
  BROKER_COOKIE,
  BROKER_TTL_S,
  registerExternalAccount,
  type SocialBroker,
  type BrokerState,
} from './social-login';

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface SocialRouteDeps {
  provider: Provider;
  broker: SocialBroker;
  /** Resolves the realm interaction with a signed-in account (login and consent). */
  finishLogin(
    request: FastifyRequest,
    reply: FastifyReply,
    details: InteractionDetails,
    accountId: string,
  ): Promise<void>;
  /** The Cancel target of a registration page: initiate_url when it is the web app's own page, else home. */
  cancelUrlOf(initiateUrl: unknown): string;
}

export const brokerPath = (uid: string, alias: string, step?: 'endpoint' | 'signup') =>
  `${INTERACTION_PATH}/${encodeURIComponent(uid)}/broker/${alias}${step ? `/${step}` : ''}`;

/**
 * The social-login broker's routes (decision 0020): start at the provider, its redirect back to
 * /{alias}-login, the realm-side completion, and the social sign-up form of a new user.
 */
export function socialRoutes(deps: SocialRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { database, clock, config } = app.deps;
    const { provider, broker } = deps;
    const { alias, name } = broker.settings;
    const secure = config.publicUrl.startsWith('https:');

    const keep = (reply: FastifyReply, state: BrokerState) =>
      reply.setCookie(BROKER_COOKIE, broker.seal(state), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: BROKER_TTL_S,
      });
    const forget = (reply: FastifyReply) => reply.clearCookie(BROKER_COOKIE, { path: '/' });
    /** The provider writes the redirect that ends the interaction itself: the cookie is cleared on the raw response. */
    const forgetBeforeFinish = (reply: FastifyReply) =>
      reply.raw.setHeader(
        'set-cookie',
        `${BROKER_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );

    const details = async (request: FastifyRequest, reply: FastifyReply, uid: string) => {
      const found = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!found || found.uid !== uid) throw new AppError('not_found');
      return found;
    };
    const languageOf = (request: FastifyRequest, found: InteractionDetails, lang?: string) =>
      pickLanguage(lang ?? found.params.ui_locales, request.headers['accept-language']);
    /** Back to the realm's login form with 'Login Failed.' when the provider or the exchange fails. */
    const failed = (request: FastifyRequest, reply: FastifyReply, found: InteractionDetails) =>
      forget(reply)
        .status(502)
        .type('text/html; charset=utf-8')
        .send(
          loginPage({
            uid: found.uid,
            language: languageOf(request, found),
            email: '',
            error: 'social.failed',
            social: { name, href: brokerPath(found.uid, alias) },
          }),
        );

    const params = z.object({ uid: z.string().min(1).max(200), alias: z.literal(alias) });

    // 1. From the realm's login interaction to the provider, with state, nonce and PKCE S256.
    app.get(
      `${INTERACTION_PATH}/:uid/broker/:alias`,
      { schema: { hide: true, params } },
      async (request, reply) => {
        const found = await details(request, reply, request.params.uid);
        let authorization;
        try {
          authorization = await broker.authorization(found.uid);
        } catch (error) {
          request.log.warn({ err: error }, 'social-login provider unreachable');
          return failed(request, reply, found);
        }
        keep(reply, authorization.state);
        return reply.redirect(authorization.url, 303);
      },
    );

    // 2. The provider sends the browser back here; the realm's interaction cookie lives under its own path.
    app.get(
      `/${alias}-login`,
      {
        schema: {
          hide: true,
          querystring: z.object({ state: z.string().max(200).optional() }).passthrough(),
        },
      },
      async (request, reply) => {
        const pending = broker.open(request.cookies[BROKER_COOKIE]);
        if (!pending || pending.step !== 'authorize' || pending.state !== request.query.state)
          throw fieldError(
            'query.state',
            'broker_state',
            'must be the state of a social sign-in started in this browser',
          );
        const query = new URLSearchParams(request.raw.url?.split('?')[1] ?? '');
        return reply.redirect(`${brokerPath(pending.uid, alias, 'endpoint')}?${query.toString()}`, 303);
      },
    );

    // 3. The realm side: exchange the code, verify the ID token, then sign in, link, or ask for the rest.
    app.get(
      `${INTERACTION_PATH}/:uid/broker/:alias/endpoint`,
      {
        schema: {
          hide: true,
          params,
          querystring: z.object({
            code: z.string().max(2000).optional(),
            state: z.string().max(200).optional(),
            error: z.string().max(200).optional(),
          }),
        },
      },
      async (request, reply) => {
        const found = await details(request, reply, request.params.uid);
        const pending = broker.open(request.cookies[BROKER_COOKIE]);
        if (
          !pending ||
          pending.step !== 'authorize' ||
          pending.uid !== found.uid ||
          pending.state !== request.query.state
        )
          throw fieldError(
            'query.state',
            'broker_state',
            'must be the state of a social sign-in started in this browser',
          );
        if (request.query.error || !request.query.code) return failed(request, reply, found);
        let identity;
        try {
          identity = await broker.identity(request.query.code, pending);
        } catch (error) {
          request.log.warn({ err: error }, 'social-login exchange refused');
          return failed(request, reply, found);
        }
        if (!identity.email) return failed(request, reply, found);
        const account = await accountForIdentity(database, alias, identity);
        await recordSignInEvent(
          contextOf(request),
          {
            action: 'login',
            entityType: 'User',
            entityId: account?.id ?? null,
            outcome: account ? 'success' : 'not_found',
            detail: { via: `social:${alias}` },
          },
          { actorId: account?.id ?? null, actorType: account?.userType ?? 'Anonymous' },
        );
        if (account) {
          forgetBeforeFinish(reply);
          return deps.finishLogin(request, reply, found, account.id);
        }
        // A new user: the social sign-up asks for what the provider does not tell (date of birth, agreements).
        keep(reply, broker.signupState(found.uid, identity));
        return reply.type('text/html; charset=utf-8').send(
          registrationPage({
            uid: found.uid,
            language: languageOf(request, found),
            values: {
              email: identity.email,
              given_name: identity.givenName,
              family_name: identity.familyName,
            },
            cancelUrl: deps.cancelUrlOf(found.params.initiate_url),
            social: { providerName: name, action: brokerPath(found.uid, alias, 'signup') },
          }),
        );
      },
    );

    // The registration form without the e-mail and password: the provider vouches for the e-mail.
    const signupForm = registrationFormBody.omit({ email: true, password: true, confirm_password: true });

    // 4. The social sign-up form: a new patient account linked to the provider's identity.
    app.post(
      `${INTERACTION_PATH}/:uid/broker/:alias/signup`,
      {
        schema: { hide: true, params, body: signupForm },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const found = await details(request, reply, request.params.uid);
        const pending = broker.open(request.cookies[BROKER_COOKIE]);
        if (!pending || pending.step !== 'signup' || pending.uid !== found.uid || !pending.identity.email)
          throw fieldError(
            'cookie',
            'broker_state',
            'must carry the identity of a social sign-in started in this browser',
          );
        const identity = pending.identity;
        // The e-mail is the one the provider vouched for, whatever the form says.
        const form: RegistrationForm = {
          ...request.body,
          email: identity.email!,
          password: '',
          confirm_password: '',
        };
        const language = languageOf(request, found, request.body.lang);
        const again = (status: number, errors: Record<string, string> = {}, formError?: string) =>
          reply
            .status(status)
            .type('text/html; charset=utf-8')
            .send(
              registrationPage({
                uid: found.uid,
                language,
                values: form,
                errors,
                formError,
                cancelUrl: deps.cancelUrlOf(found.params.initiate_url),
                social: { providerName: name, action: brokerPath(found.uid, alias, 'signup') },
              }),
            );
        const checked = validateRegistration(form, clock.now(), { password: false });
        if (!checked.ok) return again(400, checked.errors);
        const account = await registerExternalAccount(database, alias, identity, checked.value);
        if (!account) return again(409, {}, 'registration.emailTaken');
        await recordSignInEvent(
          contextOf(request),
          {
            action: 'create',
            entityType: 'User',
            entityId: account.id,
            outcome: 'success',
            workflow: 'PATIENT_SIGNUP_WEB',
            detail: { via: `social:${alias}` },
          },
          { actorId: account.id, actorType: 'Patient' },
        );
        forgetBeforeFinish(reply);
        return deps.finishLogin(request, reply, found, account.id);
      },
    );
  };
}
