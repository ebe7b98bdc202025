import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { CSRF_HEADER, SESSION_COOKIE } from '@careslot/contracts';
import { contextOf } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { INTERACTION_FORM_PATH, LOGIN_CSS, LOGOUT_JS, loginPage, pickLanguage } from './login-page';
import { createOidcProvider, INTERACTION_PATH, REALM_PATH, webOrigins } from './oidc';
import { registrationFormBody, validateRegistration, type RegistrationForm } from './registration';
import { REGISTRATION_CSS, registrationPage } from './registration-page';
import { passwordResetRoutes } from './password-reset-routes';
import { accountRoutes } from './account-routes';
import { peopleAccountRoutes } from './people-account-routes';
import { emailChangeRoutes } from './email-change-routes';
import { mfaRoutes } from './mfa-routes';
import * as mfa from './mfa';
import { MFA_CSS, mfaPage, recoveryCodesPage } from './mfa-page';
import { PRODUCT_TOKEN_TTL } from './product-token';
import * as service from './service';
import type { Account } from './store';
import { SocialBroker, socialSettings } from './social-login';
import { brokerPath, socialRoutes } from './social-routes';

const tokenResponse = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: z.object({
    access_token: z.string(),
    expires_in: z.number().int(),
    token_type: z.literal('Bearer'),
    application_id: z.string(),
  }),
});

const emailRule = z.email({ error: 'must be a valid e-mail address' }).max(320);

/**
 * The identity provider (realm careslot, OIDC with PKCE) and the product account calls of spec §7
 * "Account and identity": token exchange, guest tokens, the SessionId session and sign-out.
 */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, tokens, clock } = app.deps;
  const provider: Provider = createOidcProvider({ config, database, tokens, now: () => clock.now() });
  const now = () => clock.now();
  const settings = socialSettings(config);
  const broker = settings ? new SocialBroker(settings, String(tokens.privateJwk().d), now) : null;
  /** The social-login button of the realm's login page, when a provider is configured. */
  const socialButton = (uid: string) =>
    broker ? { name: broker.settings.name, href: brokerPath(uid, broker.settings.alias) } : undefined;

  const startSession = async (reply: FastifyReply, account: Account): Promise<string> => {
    const id = await service.startSession(app.deps, account);
    reply.setCookie(SESSION_COOKIE.name, id, {
      path: '/api/account',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https:'),
      maxAge: service.SESSION_MAX_AGE_S,
    });
    return id;
  };

  // --- the realm's own pages ---------------------------------------------------------------------------
  app.get(`${REALM_PATH}/login.css`, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(LOGIN_CSS + REGISTRATION_CSS + MFA_CSS),
  );
  app.get(`${REALM_PATH}/logout.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(LOGOUT_JS),
  );

  const interactionParams = z.object({ uid: z.string().min(1).max(200) });

  app.get(
    `${INTERACTION_PATH}/:uid`,
    { schema: { hide: true, params: interactionParams } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!details || details.uid !== request.params.uid) throw new AppError('not_found');
      if (details.prompt.name === 'consent') {
        // CareSlot's own web app is first-party: the grant is given without a consent screen.
        return finishConsent(provider, request, reply, details.session?.accountId ?? '', details.grantId);
      }
      const language = pickLanguage(details.params.ui_locales, request.headers['accept-language']);
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      if (details.prompt.name === 'create') {
        return reply.type('text/html; charset=utf-8').send(
          registrationPage({
            uid: details.uid,
            language,
            values: { email: hint },
            cancelUrl: cancelUrlOf(details.params.initiate_url),
          }),
        );
      }
      // kc_idp_hint (Keycloak's parameter) sends the browser straight on to the social-login provider.
      if (broker && details.params.kc_idp_hint === broker.settings.alias)
        return reply.redirect(brokerPath(details.uid, broker.settings.alias), 303);
      return reply
        .type('text/html; charset=utf-8')
        .send(loginPage({ uid: details.uid, language, email: hint, social: socialButton(details.uid) }));
    },
  );

  const loginForm = z.object({
    username: z.string().max(400).default(''),
    password: z.string().max(1000).default(''),
    lang: z.string().max(20).optional(),
  });

  app.post(
    `${INTERACTION_PATH}/:uid/login`,
    {
      schema: { hide: true, params: interactionParams, body: loginForm },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!details || details.uid !== request.params.uid) throw new AppError('not_found');
      const language = pickLanguage(
        request.body.lang ?? details.params.ui_locales,
        request.headers['accept-language'],
      );
      const email = request.body.username.trim();
      const again = (error: string, status = 200) =>
        reply
          .status(status)
          .type('text/html; charset=utf-8')
          .send(loginPage({ uid: details.uid, language, email, error, social: socialButton(details.uid) }));
      if (!email) return again('emailRequired', 400);
      if (!emailRule.safeParse(email).success) return again('emailInvalid', 400);
      if (!request.body.password) return again('passwordRequired', 400);

      const result = await service.signIn(app.deps, contextOf(request), email, request.body.password);
      if (!result.ok)
        return again(
          result.reason === 'locked' ? 'locked' : 'invalid',
          result.reason === 'locked' ? 429 : 401,
        );

      // A practice user with a second factor is asked it; one whose practice requires it and who has none
      // sets one up now (decision 0105). Everyone else is signed in with the password alone.
      const step = await mfa.beginSecondStep(app.deps, details.uid, result.account);
      if (step.ask !== 'none')
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            mfaPage({
              uid: details.uid,
              language,
              ...(step.ask === 'enrol' ? { enrol: { qrSvg: step.qrSvg, secret: step.secret } } : {}),
            }),
          );
      return finishPasswordLogin(request, reply, details, result.account.id, ['pwd']);
    },
  );

  /** Signs the account in at the realm: the grant, and the login with its authentication methods (RFC 8176). */
  const finishPasswordLogin = async (
    request: FastifyRequest,
    reply: FastifyReply,
    details: Awaited<ReturnType<Provider['interactionDetails']>>,
    accountId: string,
    amr: string[],
  ) => {
    const grant = new provider.Grant({ accountId, clientId: textParam(details.params.client_id, '') });
    grant.addOIDCScope(textParam(details.params.scope, 'openid'));
    const grantId = await grant.save();
    const login = { accountId, amr };
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      // amr (RFC 8176): the provider keeps it on the session and puts it in the ID token.
      { login, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const otpForm = z.object({
    code: z.string().max(40).default(''),
    lang: z.string().max(20).optional(),
  });

  app.post(
    `${INTERACTION_PATH}/:uid/otp`,
    {
      schema: { hide: true, params: interactionParams, body: otpForm },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!details || details.uid !== request.params.uid) throw new AppError('not_found');
      const language = pickLanguage(
        request.body.lang ?? details.params.ui_locales,
        request.headers['accept-language'],
      );
      const answer = await mfa.answerSecondStep(app.deps, contextOf(request), details.uid, request.body.code);
      const html = (status: number, body: string) =>
        reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
      switch (answer.result) {
        case 'expired':
          return html(401, loginPage({ uid: details.uid, language, email: '', error: 'mfa.expired' }));
        case 'refused':
          return html(
            answer.reason === 'locked' ? 429 : 401,
            mfaPage({ uid: details.uid, language, error: answer.reason, enrol: answer.enrol }),
          );
        case 'enrolled':
          return html(200, recoveryCodesPage(details.uid, language, answer.recoveryCodes));
        case 'signed-in':
          return finishPasswordLogin(request, reply, details, answer.userId, answer.amr);
      }
    },
  );

  app.post(
    `${INTERACTION_PATH}/:uid/continue`,
    { schema: { hide: true, params: interactionParams } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!details || details.uid !== request.params.uid) throw new AppError('not_found');
      const userId = await mfa.continueAfterEnrolment(app.deps, details.uid);
      if (!userId) throw new AppError('not_found');
      return finishPasswordLogin(request, reply, details, userId, ['pwd', 'otp']);
    },
  );

  /** initiate_url, where registration started, when it is one of the web app's own pages; else home. */
  const cancelUrlOf = (initiateUrl: unknown) => {
    if (typeof initiateUrl !== 'string') return '/';
    try {
      const url = new URL(initiateUrl);
      return webOrigins(config).includes(url.origin) ? url.toString() : '/';
    } catch {
      return '/';
    }
  };

  app.post(
    `${INTERACTION_PATH}/:uid/register`,
    {
      schema: { hide: true, params: interactionParams, body: registrationFormBody },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!details || details.uid !== request.params.uid || details.prompt.name !== 'create')
        throw new AppError('not_found');
      const language = pickLanguage(
        request.body.lang ?? details.params.ui_locales,
        request.headers['accept-language'],
      );
      const form: RegistrationForm = request.body;
      // Passwords are never echoed back into the page.
      const values = { ...form, password: '', confirm_password: '' };
      const again = (status: number, errors: Record<string, string> = {}, formError?: string) =>
        reply
          .status(status)
          .type('text/html; charset=utf-8')
          .send(
            registrationPage({
              uid: details.uid,
              language,
              values,
              errors,
              formError,
              cancelUrl: cancelUrlOf(details.params.initiate_url),
            }),
          );
      const checked = validateRegistration(form, now());
      if (!checked.ok) return again(400, checked.errors);
      const account = await service.registerPatientAccount(app.deps, contextOf(request), checked.value);
      if (!account) return again(409, {}, 'registration.emailTaken');

      const grant = new provider.Grant({
        accountId: account.id,
        clientId: textParam(details.params.client_id, ''),
      });
      grant.addOIDCScope(textParam(details.params.scope, 'openid'));
      const grantId = await grant.save();
      reply.hijack();
      // The new account is signed in at once: registration, login and consent all resolved.
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { create: {}, login: { accountId: account.id }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    },
  );

  if (broker) {
    await app.register(
      socialRoutes({
        provider,
        broker,
        cancelUrlOf,
        finishLogin: async (request, reply, details, accountId) => {
          const grant = new provider.Grant({ accountId, clientId: textParam(details.params.client_id, '') });
          grant.addOIDCScope(textParam(details.params.scope, 'openid'));
          const grantId = await grant.save();
          const result = {
            ...(details.prompt.name === 'create' ? { create: {} } : {}),
            login: { accountId },
            consent: { grantId },
          };
          // The broker cookie change and the security headers set on the reply go out with the provider's redirect.
          for (const [header, value] of Object.entries(reply.getHeaders()))
            if (value !== undefined) reply.raw.setHeader(header, value);
          reply.hijack();
          await provider.interactionFinished(request.raw, reply.raw, result, {
            mergeWithLastSubmission: false,
          });
        },
      }),
    );
  }

  // --- everything else under the realm is the OIDC provider itself ------------------------------------
  /**
   * The provider answers CORS to any origin on token, userinfo and jwks (`*` on jwks): only the product's own
   * origins may read them from a browser (issue 24 item 9). Its CORS headers pass for those, by name; for any
   * other origin, or none, they are dropped.
   */
  const productOrigins = new Set(webOrigins(config));
  const onlyProductCors = (origin: string | undefined, response: FastifyReply['raw']) => {
    const allowed = origin !== undefined && productOrigins.has(origin);
    const setHeader = response.setHeader.bind(response);
    response.setHeader = (name: string, value: number | string | readonly string[]) => {
      if (!name.toLowerCase().startsWith('access-control-')) return setHeader(name, value);
      if (!allowed) return response;
      if (name.toLowerCase() === 'access-control-allow-origin') {
        setHeader('vary', 'Origin');
        return setHeader(name, origin);
      }
      return setHeader(name, value);
    };
  };
  const callback = provider.callback();
  const publicOrigin = new URL(config.publicUrl);
  await app.register(async (realm) => {
    // The provider reads request bodies itself: leave the stream unread.
    realm.removeAllContentTypeParsers();
    realm.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      // Endpoints are published on the public origin (the issuer's), whatever host the request came in on.
      raw.headers['x-forwarded-host'] = publicOrigin.host;
      raw.headers['x-forwarded-proto'] = publicOrigin.protocol.replace(':', '');
      raw.url = (raw.url ?? '/').slice(REALM_PATH.length) || '/';
      onlyProductCors(raw.headers.origin, reply.raw);
      // Security headers set by helmet stay; the provider writes its own body and status.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      callback(raw, reply.raw);
    };
    realm.all(`${REALM_PATH}/protocol/*`, { schema: { hide: true } }, handler);
    realm.all(`${REALM_PATH}/.well-known/*`, { schema: { hide: true } }, handler);
    realm.all(`${REALM_PATH}/session/*`, { schema: { hide: true } }, handler);
  });

  // --- product account calls --------------------------------------------------------------------------
  await app.register(passwordResetRoutes);
  await app.register(accountRoutes({ provider, startSession }));
  await app.register(peopleAccountRoutes);
  await app.register(emailChangeRoutes);
  await app.register(mfaRoutes);

  app.post(
    '/api/account/exchange-token',
    {
      schema: {
        tags: ['account'],
        summary: 'Exchanges an access token of the realm for a product API token',
        body: z.object({ SubjectToken: z.string().min(1).max(4096) }),
        response: { 200: tokenResponse },
      },
    },
    async (request, reply) => {
      const account = await service.accountOfRealmToken(app.deps, provider, request.body.SubjectToken);
      if (!account) throw new AppError('unauthorized', { message: 'Token exchange failed' });
      const sessionId = await startSession(reply, account);
      return service.productToken(app.deps, account, { sessionId });
    },
  );

  /**
   * The calls the SessionId cookie authenticates answer only the web app's own requests (decision 0107): a
   * request carrying the cookie without the CSRF header (which another site's page cannot send) is refused
   * before the cookie is read.
   */
  const sameSiteOnly = async (request: FastifyRequest) => {
    if (!request.cookies[SESSION_COOKIE.name]) return;
    if (request.headers[CSRF_HEADER.name.toLowerCase()] === CSRF_HEADER.value) return;
    throw new AppError('forbidden', {
      issues: [
        {
          field: `header.${CSRF_HEADER.name}`,
          rule: 'required',
          message: `${CSRF_HEADER.name}: required with the session cookie`,
        },
      ],
    });
  };

  app.post(
    '/api/account/is-already-loggedin',
    {
      preHandler: sameSiteOnly,
      schema: {
        tags: ['account'],
        summary: 'A fresh product token for a browser whose SessionId cookie is still valid',
        querystring: z.object({ timeZone: z.string().max(64).optional() }),
        response: { 200: tokenResponse, 204: z.null().describe('No record found: no valid session') },
      },
    },
    async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE.name];
      const account = await service.sessionAccount(app.deps, sessionId);
      if (!account) {
        // The spec's 'No record found' (status_code 204): the web app then asks for a guest token.
        return reply.status(204).send(null);
      }
      return service.productToken(app.deps, account, { sessionId: sessionId ?? null });
    },
  );

  app.post(
    '/api/account/login/guest',
    {
      schema: {
        tags: ['account'],
        summary: 'A guest token: may search and hold slots, carries no roles',
        querystring: z.object({
          timeZone: z.string().max(64).optional(),
          userId: z.string().max(64).optional(),
        }),
        response: { 200: tokenResponse },
      },
    },
    async () => service.guestToken(app.deps),
  );

  app.post(
    '/api/account/logout',
    {
      preHandler: sameSiteOnly,
      schema: {
        tags: ['account'],
        summary:
          'Ends the product session (SessionId cookie) and revokes its product tokens and the one presented',
        response: { 200: z.object({ status_code: z.string(), message: z.string() }) },
      },
    },
    async (request, reply) => {
      await service.endSession(
        app.deps,
        request.cookies[SESSION_COOKIE.name],
        request.principal?.claims ?? null,
      );
      reply.clearCookie(SESSION_COOKIE.name, { path: '/api/account' });
      return { status_code: '200', message: 'OK' };
    },
  );
};

const textParam = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

async function finishConsent(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  existingGrantId: string | undefined,
) {
  const details = await provider.interactionDetails(request.raw, reply.raw);
  let grantId = existingGrantId;
  if (!grantId) {
    const grant = new provider.Grant({ accountId, clientId: textParam(details.params.client_id, '') });
    grant.addOIDCScope(textParam(details.params.scope, 'openid'));
    grantId = await grant.save();
  }
  reply.hijack();
  await provider.interactionFinished(
    request.raw,
    reply.raw,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}

export { INTERACTION_FORM_PATH, PRODUCT_TOKEN_TTL };
