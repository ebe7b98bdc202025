import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import {
  ACCOUNT_PATHS,
  SIGNUP_MESSAGES,
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
  SINGLE_SIGN_ON_WORKFLOW,
  unsignedAgreementQuerySchema,
  userAgreementSchema,
} from '@careslot/contracts';
import { auditContextOf, recordAudit } from '../../platform/audit';
import { currentPrincipal, isSignedInUser, requireRoles, requireToken, requireUser, type Principal } from '../../platform/auth';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../platform/errors';
import { createHmac } from 'node:crypto';
import { checkPassword, findAccountByEmail, findAccountById, type Account } from './accounts';
import { signLink } from './signed-links';
import { recordAgreement, unsignedAgreements } from './agreements';
import { claimInvitation, createInvitation, findInvitation } from './invitations';
import { productTokenAnswer } from './product-token';
import { IDENTITY_PROVIDER_SYSTEM, signUp, SIGNUP_WORKFLOW } from './signup';
import { addPractitionerIdentifier, getPractitioner } from '../directory';
import { legacyPractitionerIdentifier } from '@careslot/domain';

export interface AccountRouteDeps {
  provider: Provider;
  /** Starts the SessionId cookie session (30 days) for a signed-in account. */
  startSession(reply: FastifyReply, account: Account): Promise<void>;
}

/** Roles that may act on other users' identity data (support and super users). */
const SUPPORT_ROLES = ['superuser', 'supportagent'] as const;
const isSupport = (principal: Principal) => SUPPORT_ROLES.some((role) => principal.roles.includes(role));
const PRACTICE_ROLES = ['practiceadmin', 'staff', 'provider'] as const;
/** A practice user of the given practice, or support. */
const actsForPractice = (principal: Principal | null, practiceId: string) =>
  !!principal &&
  isSignedInUser(principal) &&
  (isSupport(principal) ||
    (principal.organizationId === practiceId && PRACTICE_ROLES.some((role) => principal.roles.includes(role))));

/** The realm account behind the caller's product token; a token without one is refused. */
async function callerAccount(request: FastifyRequest, database: Parameters<typeof findAccountById>[0]) {
  const principal = currentPrincipal(request);
  const account = await findAccountById(database, principal.subject);
  if (!account) throw new AppError('unauthorized');
  return { principal, account };
}

/**
 * The product's account calls of spec §7 beyond sign-in itself: sign-up, agreements, identity user,
 * refresh, invitations, signed links and the identity token route.
 */
export function accountRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { database, tokens, clock, outbox, config } = app.deps;
    const { provider } = deps;
    const startSession = (reply: FastifyReply, account: Account) => deps.startSession(reply, account);
    const linkKey = createHmac('sha256', String(tokens.privateJwk().d)).update('careslot-signed-links').digest('base64url');
    const REALM_TOKEN_PATH = '/realms/careslot/protocol/openid-connect/token';

    /** Runs a grant at the realm's own token endpoint (same process): the one place tokens are minted. */
    const realmToken = async (form: Record<string, string>) => {
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

    /** The account behind an access token of the realm. */
    const accountOfRealmToken = async (accessToken: string) => {
      const record = await provider.AccessToken.find(accessToken).catch(() => undefined);
      if (!record || record.isExpired) return null;
      return findAccountById(database, record.accountId);
    };

    app.post(
      ACCOUNT_PATHS.login,
      {
        schema: {
          tags: ['account'],
          summary: 'Signs in with e-mail and password (Argon2id, lock-out with back-off) and answers a product token',
          body: accountLoginSchema,
          response: { 200: productTokenResponseSchema },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const result = await checkPassword(database, request.body.UserName, request.body.Password, clock.now());
        await recordAudit(
          database,
          { ...auditContextOf(request), actorId: result.ok ? result.account.id : null, actorType: result.ok ? result.account.userType : 'Anonymous' },
          {
            action: 'login',
            entityType: 'User',
            entityId: result.ok ? result.account.id : null,
            outcome: result.ok ? 'success' : result.reason === 'locked' ? 'denied' : 'failure',
            detail: { via: 'api/account/login' },
          },
        );
        if (!result.ok) {
          if (result.reason === 'locked') throw new AppError('too_many_requests', { message: LOGIN_MESSAGES.locked });
          throw new AppError('unauthorized', { message: LOGIN_MESSAGES.invalid });
        }
        await startSession(reply, result.account);
        return productTokenAnswer(tokens, result.account, LOGIN_MESSAGES.success);
      },
    );

    app.get(
      ACCOUNT_PATHS.identityUser,
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'The realm account of an e-mail: the caller\'s own, or any for support and super users',
          querystring: identityUserQuerySchema,
          response: { 200: z.object({ status_code: z.number().int(), message: z.string(), data: identityUserSchema }) },
        },
      },
      async (request) => {
        const principal = currentPrincipal(request);
        const own = principal.email?.toLowerCase() === request.query.email.toLowerCase();
        if (!own && !isSupport(principal)) {
          await recordAudit(database, auditContextOf(request), { action: 'read', entityType: 'User', outcome: 'denied' });
          throw forbidden();
        }
        const account = await findAccountByEmail(database, request.query.email);
        await recordAudit(database, auditContextOf(request), {
          action: 'read',
          entityType: 'User',
          entityId: account?.id ?? null,
          patientId: account?.userType === 'Patient' ? account.careslotId : null,
          outcome: account ? 'success' : 'not_found',
        });
        if (!account) throw new AppError('not_found', { message: LOGIN_MESSAGES.noRecord });
        const locked = await database.query<{ locked: boolean }>(
          'select coalesce(locked_until > $2, false) as locked from identity_users where id = $1',
          [account.id, clock.now()],
        );
        return {
          status_code: 200,
          message: 'OK',
          data: {
            Id: account.id,
            Email: account.email,
            FirstName: account.givenName,
            LastName: account.familyName,
            UserType: account.userType,
            UserRoles: account.userRoles,
            CareslotId: account.careslotId,
            PracticeId: account.practiceId,
            EmailVerified: true,
            Locked: locked[0]?.locked ?? false,
          },
        };
      },
    );

    app.post(
      ACCOUNT_PATHS.refreshToken,
      {
        schema: {
          tags: ['account'],
          summary: "Refreshes a session with the realm's refresh token (rotated) and answers a new product token",
          querystring: z.object({ appPlatform: z.string().max(50).optional() }),
          body: refreshTokenFormSchema,
          response: { 200: productTokenResponseSchema },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { grant_type, refresh_token, client_id, scope } = request.body;
        const realm = await realmToken({ grant_type, refresh_token, client_id, ...(scope ? { scope } : {}) });
        const account = realm.ok ? await accountOfRealmToken(realm.body.access_token!) : null;
        if (!account) throw new AppError('unauthorized', { message: LOGIN_MESSAGES.tokenExchangeFailed });
        const answer = await productTokenAnswer(tokens, account);
        return {
          ...answer,
          data: {
            ...answer.data,
            ...(realm.body.refresh_token ? { refresh_token: realm.body.refresh_token } : {}),
            ...(realm.body.id_token ? { id_token: realm.body.id_token } : {}),
          },
        };
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
      async (request) => {
        const realm = await realmToken(request.body);
        if (!realm.ok)
          throw badRequest(
            [{ field: 'body.code', rule: realm.body.error ?? 'invalid_grant', message: 'the code, verifier or redirect_uri was refused' }],
            LOGIN_MESSAGES.tokenExchangeFailed,
          );
        const { access_token, refresh_token, id_token, expires_in, token_type, scope } = realm.body;
        return {
          access_token: access_token!,
          ...(refresh_token ? { refresh_token } : {}),
          ...(id_token ? { id_token } : {}),
          expires_in: expires_in ?? 0,
          token_type: token_type ?? 'Bearer',
          ...(scope ? { scope } : {}),
        };
      },
    );

    app.post(
      ACCOUNT_PATHS.signedLink,
      {
        preHandler: requireRoles('practiceadmin', 'staff', 'provider', 'superuser', 'supportagent'),
        schema: {
          tags: ['account'],
          summary: 'A link to a CareSlot page, signed and expiring, for sending to a patient',
          body: signedLinkInputSchema,
          response: { 200: z.object({ status_code: z.number().int(), message: z.string(), data: signedLinkSchema }) },
        },
      },
      async (request) => {
        const expiresAt = new Date(clock.now().getTime() + request.body.ExpiresInMinutes * 60_000);
        const signed = signLink(linkKey, request.body.Path, expiresAt);
        await recordAudit(database, auditContextOf(request), { action: 'create', entityType: 'SignedLink', outcome: 'success' });
        return { status_code: 200, message: 'OK', data: { Url: `${config.publicUrl}${signed}`, ExpiresAt: expiresAt.toISOString() } };
      },
    );

    app.post(
      ACCOUNT_PATHS.practitionerUpdate,
      {
        preHandler: requireRoles('provider', 'staff', 'practiceadmin'),
        schema: {
          tags: ['account'],
          summary:
            "Single sign-on step 5: the caller's own practitioner record gets the identity-provider identifier it lacks (SINGLE_SIGN_ON_WEB)",
          body: practitionerUpdateSchema,
          response: { 200: z.object({ status_code: z.number().int(), message: z.string(), data: practitionerSchema }) },
        },
      },
      async (request) => {
        const principal = currentPrincipal(request);
        const { Id, Identifier } = request.body;
        // The caller's own record: their product id, or (a legacy EHR sign-on without one) the record holding
        // the legacy identifier of their token (spec 3.1, single sign-on step 2).
        const legacy = legacyPractitionerIdentifier(config.EHR_SYSTEM_URL, principal.claims);
        let practitioner = principal.userType === 'Practitioner' ? await getPractitioner(database, Id) : null;
        const byProductId = !!practitioner && principal.userId === Id;
        const byLegacy =
          !byProductId &&
          !principal.userId &&
          !!legacy &&
          !!practitioner?.Identifier.some((known) => known.System === legacy.System && known.Value === legacy.Value);
        const own = byProductId || byLegacy;
        if (!own) practitioner = null;
        if (!practitioner) {
          // Another practitioner's record answers as if it did not exist.
          await recordAudit(database, auditContextOf(request), {
            action: 'update',
            entityType: 'Practitioner',
            entityId: Id,
            outcome: principal.userId === Id ? 'not_found' : 'denied',
            workflow: SINGLE_SIGN_ON_WORKFLOW,
          });
          throw notFound();
        }
        // A practitioner may link only their own sign-in: 'IdentityProvider|{sub}' of the calling token.
        Identifier.forEach((identifier, index) => {
          if (identifier.System !== IDENTITY_PROVIDER_SYSTEM)
            throw fieldError(`body.Identifier.${index}.System`, 'identity_provider', `must be '${IDENTITY_PROVIDER_SYSTEM}'`);
          if (identifier.Value !== principal.subject)
            throw fieldError(`body.Identifier.${index}.Value`, 'own_subject', "must be the caller's own identity-provider id (the token's sub)");
        });
        const has = (system: string, value: string) =>
          practitioner.Identifier.some((known) => known.System === system && known.Value === value);
        const missing = Identifier.filter((identifier) => !has(identifier.System, identifier.Value));
        for (const identifier of missing) await addPractitionerIdentifier(database, Id, identifier);
        // A legacy EHR sign-on is linked to the record it was found by: its next product tokens carry the id.
        if (byLegacy)
          await database.query('update identity_users set careslot_id = $2 where id = $1 and careslot_id is null', [
            principal.subject,
            Id,
          ]);
        await recordAudit(database, auditContextOf(request), {
          action: 'update',
          entityType: 'Practitioner',
          entityId: Id,
          outcome: 'success',
          workflow: SINGLE_SIGN_ON_WORKFLOW,
          detail: { added: missing.length },
        });
        const updated = (await getPractitioner(database, Id)) ?? practitioner;
        return { status_code: 200, message: 'OK', data: updated };
      },
    );

    app.post(
      ACCOUNT_PATHS.signup,
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Creates the patient record of a newly registered user (PATIENT_SIGNUP_WEB) and answers a product token for it',
          body: signupPatientSchema,
          response: { 200: productTokenResponseSchema },
        },
      },
      async (request) => {
        const { principal, account } = await callerAccount(request, database);
        if (account.userType !== 'Patient' || !principal.roles.includes('patient'))
          throw new AppError('forbidden', { message: SIGNUP_MESSAGES.signupFailed });
        const now = clock.now();
        const invitationId = request.body.InvitationId;
        let invitation = null;
        if (invitationId) {
          const stored = await findInvitation(database, invitationId, now);
          if (!stored || stored.invitation.Status !== 'Pending')
            throw new AppError('bad_request', {
              message: SIGNUP_MESSAGES.signupFailed,
              issues: [{ field: 'body.InvitationId', rule: 'invitation', message: 'must be a pending invitation' }],
            });
          invitation = {
            practiceId: stored.invitation.Practice.Id,
            claim: (patientId: string) => claimInvitation(database, invitationId, patientId, now),
          };
        }
        const result = await signUp(database, account, request.body, now, invitation);
        await recordAudit(database, auditContextOf(request), {
          action: 'create',
          entityType: 'Patient',
          entityId: result.patientId,
          patientId: result.patientId,
          outcome: 'success',
          workflow: SIGNUP_WORKFLOW,
          detail: { created: result.created, invitation: Boolean(invitation) },
        });
        const answer = await productTokenAnswer(tokens, result.account);
        return { ...answer, data: { ...answer.data, PatientId: result.patientId } };
      },
    );

    /** Agreements belong to the product user id; only that user (or support) reads or answers them. */
    const ownAgreements = async (request: FastifyRequest, userId: string) => {
      const principal = currentPrincipal(request);
      if (!isSignedInUser(principal)) throw new AppError('unauthorized');
      if (principal.userId !== userId && !isSupport(principal)) {
        await recordAudit(database, auditContextOf(request), {
          action: 'read',
          entityType: 'UserAgreement',
          patientId: userId,
          outcome: 'denied',
        });
        throw forbidden();
      }
    };

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
      async (request) => {
        await ownAgreements(request, request.body.userId);
        const list = await unsignedAgreements(database, request.body.userId);
        await recordAudit(database, auditContextOf(request), {
          action: 'read',
          entityType: 'UserAgreement',
          patientId: request.body.userId,
          outcome: 'success',
        });
        return list;
      },
    );

    app.post(
      ACCOUNT_PATHS.userAgreement,
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: "Records the user's answer (Accepted or Declined) to an agreement",
          body: userAgreementSchema,
          response: { 200: z.object({ status_code: z.number().int(), message: z.string(), data: userAgreementSchema }) },
        },
      },
      async (request) => {
        await ownAgreements(request, request.body.UserId);
        if (!(await recordAgreement(database, request.body, clock.now()))) throw notFound();
        await recordAudit(database, auditContextOf(request), {
          action: 'update',
          entityType: 'UserAgreement',
          entityId: request.body.AgreementId,
          patientId: request.body.UserId,
          outcome: 'success',
          detail: { status: request.body.Status },
        });
        return { status_code: 200, message: 'OK', data: request.body };
      },
    );

    app.post(
      ACCOUNT_PATHS.invitation,
      {
        preHandler: requireRoles('practiceadmin', 'staff', 'provider', 'superuser', 'supportagent'),
        schema: {
          tags: ['account'],
          summary: 'Invites a patient of the practice: the invitation id is the activation code, e-mailed when an address is given',
          body: invitationInputSchema,
          response: { 200: invitationResponseSchema },
        },
      },
      async (request) => {
        const principal = currentPrincipal(request);
        if (!actsForPractice(principal, request.body.Practice.Id)) throw forbidden();
        const invitation = await createInvitation(database, outbox, request.body, principal.subject, clock.now());
        await recordAudit(database, auditContextOf(request), {
          action: 'create',
          entityType: 'Invitation',
          entityId: invitation.Id,
          outcome: 'success',
        });
        return { status_code: 200, message: 'OK', data: invitation };
      },
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
      async (request) => {
        const principal = request.principal;
        const stored = await findInvitation(database, request.params.id, clock.now());
        const practiceId = stored?.invitation.Practice.Id ?? '';
        const allowed =
          !!stored &&
          (stored.invitation.Status === 'Pending' ||
            (stored.acceptedBy !== null && principal?.userId === stored.acceptedBy) ||
            actsForPractice(principal, practiceId));
        await recordAudit(database, auditContextOf(request), {
          action: 'read',
          entityType: 'Invitation',
          entityId: request.params.id,
          patientId: stored?.acceptedBy ?? null,
          outcome: allowed ? 'success' : 'not_found',
        });
        // Someone else's used invitation answers as if it never existed.
        if (!stored || !allowed) throw new AppError('not_found', { message: 'No record found' });
        return { status_code: 200, message: 'OK', data: stored.invitation };
      },
    );
  };
}
