import { randomBytes, randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import type Provider from 'oidc-provider';
import {
  LOGIN_MESSAGES,
  RESET_MESSAGES,
  SESSION_COOKIE,
  SIGNUP_MESSAGES,
  SINGLE_SIGN_ON_WORKFLOW,
  type IdentityUser,
  type Invitation,
  type InvitationInput,
  type Practitioner,
  type PractitionerUpdate,
  type SignupPatient,
  type UserAgreement,
} from '@careslot/contracts';
import { legacyPractitionerIdentifier } from '@careslot/domain';
import {
  ROLE_SETS,
  authorize,
  authorizeAccount,
  authorizeOwnObject,
  authorizePractice,
  notFoundAudited,
  recordOutcome,
  recordPracticeOutcome,
  recordSignInEvent,
} from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import type { ProductClaims } from '../../platform/tokens';
import { AppError, badRequest, fieldError, notFound, tooManyRequests } from '../../platform/errors';
import { addPractitionerIdentifier, getPractitioner } from '../people';
import { checkPassword, loginKey, type PasswordCheck } from './accounts';
import { COMMON_PASSWORD, isCommonPassword } from './common-passwords';
import { claimInvitation, createInvitation, findInvitation } from './invitations';
import { checkResetCode, resetPassword, sendResetCode, type CodeCheck } from './password-reset';
import { PRODUCT_TOKEN_TTL, productTokenAnswer } from './product-token';
import { registerAccount, type NewRegistration } from './registration';
import { signLink } from './signed-links';
import { IDENTITY_PROVIDER_SYSTEM, signUp, SIGNUP_WORKFLOW } from './signup';
import * as store from './store';

/**
 * The identity module's use cases: sign-in and its audit, the SessionId session, product and guest tokens,
 * password reset, sign-up, agreements, invitations, signed links and the single sign-on practitioner link.
 * Routes translate HTTP to these calls; the SQL is in store.ts.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'tokens' | 'outbox' | 'config'>;

export const SESSION_MAX_AGE_S = SESSION_COOKIE.maxAgeDays * 24 * 60 * 60;

// --- sign-in and the SessionId session -------------------------------------------------------------------

/** Checks e-mail and password (lock-out with back-off) and audits the attempt. */
export async function signIn(
  deps: Deps,
  context: RequestContext,
  email: string,
  password: string,
  via?: string,
): Promise<PasswordCheck> {
  const result = await checkPassword(deps.database, email, password, deps.clock.now());
  await recordSignInEvent(
    context,
    {
      action: 'login',
      entityType: 'User',
      entityId: result.ok ? result.account.id : null,
      outcome: result.ok ? 'success' : result.reason === 'locked' ? 'denied' : 'failure',
      ...(via ? { detail: { via } } : {}),
    },
    {
      actorId: result.ok ? result.account.id : null,
      actorType: result.ok ? result.account.userType : 'Anonymous',
    },
  );
  return result;
}

/** The API sign-in (api/account/login): a product token, or the spec's lock-out and invalid messages. */
export async function signInForToken(deps: Deps, context: RequestContext, email: string, password: string) {
  const result = await signIn(deps, context, email, password, 'api/account/login');
  if (!result.ok) {
    if (result.reason === 'locked')
      throw new AppError('too_many_requests', { message: LOGIN_MESSAGES.locked });
    throw new AppError('unauthorized', { message: LOGIN_MESSAGES.invalid });
  }
  return result.account;
}

/** Starts a 30-day SessionId session; the caller sets the cookie. */
export async function startSession(deps: Deps, account: store.Account): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await store.insertSession(
    deps.database,
    id,
    account.id,
    new Date(deps.clock.now().getTime() + SESSION_MAX_AGE_S * 1000),
  );
  return id;
}

/** The account of a live SessionId session, or null. */
export async function sessionAccount(
  deps: Deps,
  sessionId: string | undefined,
): Promise<store.Account | null> {
  const userId = sessionId ? await store.sessionUserId(deps.database, sessionId, deps.clock.now()) : null;
  return userId ? store.findAccountById(deps.database, userId) : null;
}

/**
 * Sign-out: the SessionId session ends and the product tokens minted from it, with the one the caller
 * presents, are revoked (denylisted by token id until they expire).
 */
export async function endSession(deps: Deps, sessionId: string | undefined, presented: ProductClaims | null) {
  const now = deps.clock.now();
  const revoked = sessionId ? await store.liveIssuedTokens(deps.database, { sessionId }, now) : [];
  if (presented?.jti && presented.exp)
    revoked.push({ jti: presented.jti, expiresAt: new Date(presented.exp * 1000) });
  await deps.tokens.revoke(revoked);
  if (sessionId) await store.deleteSession(deps.database, sessionId);
}

/**
 * Ends every session of an account (after a password reset, a deactivation): the SessionId sessions, the realm's
 * sessions, grants and refresh tokens, every product token handed out to it, and then its open real-time
 * sockets on every instance (their subject is the account id; the tokens are revoked first, so a reconnect is
 * refused; decision 0083).
 */
export async function endAllSessions(deps: Deps & Pick<AppDeps, 'realtime'>, userId: string) {
  const now = deps.clock.now();
  await deps.tokens.revoke(await store.liveIssuedTokens(deps.database, { userId }, now));
  await store.deleteSessionsOf(deps.database, userId);
  await store.deleteOidcRecordsOf(deps.database, userId);
  deps.realtime.dropSessions(userId);
}

/** A product token for the account, recorded by its id (and session) so it can be revoked. */
export async function productToken(
  deps: Deps,
  account: store.Account,
  options: { message?: string; sessionId?: string | null } = {},
) {
  const answer = await productTokenAnswer(deps.tokens, account, options.message);
  const { jti, exp } = decodeJwt(answer.data.access_token);
  if (jti && exp)
    await store.recordIssuedToken(
      deps.database,
      { jti, userId: account.id, sessionId: options.sessionId ?? null, expiresAt: new Date(exp * 1000) },
      deps.clock.now(),
    );
  return answer;
}

/** A guest token: may search and hold slots, carries no roles. */
export async function guestToken(deps: Deps) {
  return {
    status_code: 200,
    message: 'OK',
    data: {
      access_token: await deps.tokens.sign(
        { sub: `guest:${randomUUID()}`, user_roles: [], guest: true },
        PRODUCT_TOKEN_TTL,
      ),
      expires_in: PRODUCT_TOKEN_TTL,
      token_type: 'Bearer' as const,
      application_id: 'careslot_web_app',
    },
  };
}

/** The account behind an access token of the realm, or null when the token is unknown or expired. */
export async function accountOfRealmToken(deps: Deps, provider: Provider, accessToken: string) {
  const record = await provider.AccessToken.find(accessToken).catch(() => undefined);
  if (!record || record.isExpired) return null;
  return store.findAccountById(deps.database, record.accountId);
}

/** A new patient account from the realm's registration page, audited (PATIENT_SIGNUP_WEB). Null if the e-mail is taken. */
export async function registerPatientAccount(
  deps: Deps,
  context: RequestContext,
  registration: NewRegistration,
) {
  const account = await registerAccount(deps.database, registration);
  if (!account) return null;
  await recordSignInEvent(
    context,
    {
      action: 'create',
      entityType: 'User',
      entityId: account.id,
      outcome: 'success',
      workflow: 'PATIENT_SIGNUP_WEB',
    },
    { actorId: account.id, actorType: 'Patient' },
  );
  return account;
}

// --- realm grants run on behalf of the web app ---------------------------------------------------------

/** A grant at the realm's own token endpoint; the routes supply it (it is an HTTP call into the same app). */
export type RealmGrant = (form: Record<string, string>) => Promise<{
  ok: boolean;
  body: {
    access_token?: string;
    refresh_token?: string;
    id_token?: string;
    expires_in?: number;
    token_type?: string;
    scope?: string;
    error?: string;
  };
}>;

/** A refresh with the realm's (rotated) refresh token: a new product token with the realm's new tokens. */
export async function refreshSession(
  deps: Deps,
  provider: Provider,
  realmGrant: RealmGrant,
  form: Record<string, string>,
) {
  const realm = await realmGrant(form);
  const account = realm.ok ? await accountOfRealmToken(deps, provider, realm.body.access_token!) : null;
  if (!account) throw new AppError('unauthorized', { message: LOGIN_MESSAGES.tokenExchangeFailed });
  const answer = await productToken(deps, account);
  return {
    ...answer,
    data: {
      ...answer.data,
      ...(realm.body.refresh_token ? { refresh_token: realm.body.refresh_token } : {}),
      ...(realm.body.id_token ? { id_token: realm.body.id_token } : {}),
    },
  };
}

/** The web app's authorization-code exchange (PKCE), answered as the realm answers it. */
export async function exchangeCode(realmGrant: RealmGrant, form: Record<string, string>) {
  const realm = await realmGrant(form);
  if (!realm.ok)
    throw badRequest(
      [
        {
          field: 'body.code',
          rule: realm.body.error ?? 'invalid_grant',
          message: 'the code, verifier or redirect_uri was refused',
        },
      ],
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
}

// --- the identity user, signed links, practitioner link --------------------------------------------------

/**
 * The realm account of an e-mail: the caller's own, or any for support and super users with a stated purpose
 * (X-Access-Purpose), read like the record it names (the policy's account rule, audited either way).
 */
export async function identityUser(
  deps: Deps,
  context: RequestContext,
  email: string,
): Promise<IdentityUser> {
  const { database, clock } = deps;
  const account = await store.findAccountByEmail(database, email);
  await authorizeAccount(context, 'read', {
    entityType: 'User',
    id: account?.id ?? null,
    accountId: account?.id ?? null,
    userId: account?.careslotId ?? null,
    email,
    patientId: account?.userType === 'Patient' ? account.careslotId : null,
    exists: account !== null,
    notFoundMessage: LOGIN_MESSAGES.noRecord,
  });
  if (!account) throw new AppError('not_found', { message: LOGIN_MESSAGES.noRecord });
  return {
    Id: account.id,
    Email: account.email,
    FirstName: account.givenName,
    LastName: account.familyName,
    UserType: account.userType,
    UserRoles: account.userRoles,
    CareslotId: account.careslotId,
    PracticeId: account.practiceId,
    EmailVerified: true,
    Locked: await store.isLocked(database, loginKey(account.email), clock.now()),
  };
}

/** A link to a CareSlot page, signed with the link key and expiring. */
export async function createSignedLink(
  deps: Deps,
  context: RequestContext,
  linkKey: string,
  path: string,
  expiresInMinutes: number,
) {
  const expiresAt = new Date(deps.clock.now().getTime() + expiresInMinutes * 60_000);
  const signed = signLink(linkKey, path, expiresAt);
  // Who may sign a link is the route's role rule (practice users and support); the row names the practice.
  await recordPracticeOutcome(context, 'create', {
    organizationId: context.organizationId,
    entityType: 'SignedLink',
    id: null,
  });
  return { Url: `${deps.config.publicUrl}${signed}`, ExpiresAt: expiresAt.toISOString() };
}

/**
 * Single sign-on step 5: the caller's own practitioner record gets the identity-provider identifier it lacks.
 * Another practitioner's record answers as if it did not exist.
 */
export async function linkOwnPractitioner(
  deps: Deps,
  context: RequestContext,
  input: PractitionerUpdate,
): Promise<Practitioner> {
  const { database, config } = deps;
  const principal = context.principal;
  if (!principal) throw new AppError('unauthorized');
  const { Id, Identifier } = input;
  // The caller's own record: their product id, or (a legacy EHR sign-on without one) the record holding
  // the legacy identifier of their token (spec 3.1, single sign-on step 2).
  const legacy = legacyPractitionerIdentifier(config.EHR_SYSTEM_URL, principal.claims);
  let practitioner = principal.userType === 'Practitioner' ? await getPractitioner(database, Id) : null;
  const byProductId = !!practitioner && principal.userId === Id;
  const byLegacy =
    !byProductId &&
    !principal.userId &&
    !!legacy &&
    !!practitioner?.Identifier.some(
      (known) => known.System === legacy.System && known.Value === legacy.Value,
    );
  const own = byProductId || byLegacy;
  if (!own) practitioner = null;
  // The caller's own record is owned by their sign-in; anyone else's (or none) answers 404, audited.
  await authorizeOwnObject(context, 'update', {
    ownerSubject: practitioner ? principal.subject : principal.userId === Id ? undefined : `other:${Id}`,
    entityType: 'Practitioner',
    id: Id,
    workflow: SINGLE_SIGN_ON_WORKFLOW,
  });
  if (!practitioner) throw notFound();
  // A practitioner may link only their own sign-in: 'IdentityProvider|{sub}' of the calling token.
  Identifier.forEach((identifier, index) => {
    if (identifier.System !== IDENTITY_PROVIDER_SYSTEM)
      throw fieldError(
        `body.Identifier.${index}.System`,
        'identity_provider',
        `must be '${IDENTITY_PROVIDER_SYSTEM}'`,
      );
    if (identifier.Value !== principal.subject)
      throw fieldError(
        `body.Identifier.${index}.Value`,
        'own_subject',
        "must be the caller's own identity-provider id (the token's sub)",
      );
  });
  const has = (system: string, value: string) =>
    practitioner.Identifier.some((known) => known.System === system && known.Value === value);
  const missing = Identifier.filter((identifier) => !has(identifier.System, identifier.Value));
  for (const identifier of missing) await addPractitionerIdentifier(database, Id, identifier);
  // A legacy EHR sign-on is linked to the record it was found by: its next product tokens carry the id.
  if (byLegacy) await store.linkCareslotId(database, principal.subject, Id);
  // Linking the sign-in to the record is a credential event of the caller's own account.
  await recordSignInEvent(context, {
    action: 'update',
    entityType: 'Practitioner',
    entityId: Id,
    outcome: 'success',
    workflow: SINGLE_SIGN_ON_WORKFLOW,
    detail: { added: missing.length },
  });
  return (await getPractitioner(database, Id)) ?? practitioner;
}

// --- sign-up ------------------------------------------------------------------------------------------------

/** PATIENT_SIGNUP_WEB: the signed-in patient account gets its patient record; answers a product token for it. */
export async function signUpPatient(
  deps: Deps,
  context: RequestContext,
  body: SignupPatient & { Name: NonNullable<SignupPatient['Name']> },
) {
  const { database, clock } = deps;
  const account = context.subject ? await store.findAccountById(database, context.subject) : null;
  if (!account) throw new AppError('unauthorized');
  // Only a patient account signs itself up (the policy's account rule; the new record writes its own row).
  await authorizeAccount(
    context,
    'create',
    { entityType: 'User', id: account.id, accountId: account.id, userId: null, workflow: SIGNUP_WORKFLOW },
    {
      selfOnly: true,
      roles: ROLE_SETS.PATIENTS,
      serves: account.userType === 'Patient',
      refusal: SIGNUP_MESSAGES.signupFailed,
      audit: 'refusals',
    },
  );
  const now = clock.now();
  const invitationId = body.InvitationId;
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
  const result = await signUp(database, account, body, now, invitation);
  // The account creates its own record: the patient is the caller (no access decision beyond the account's).
  await recordOutcome(
    context,
    'create',
    {
      kind: 'patient',
      id: result.patientId,
      patientId: result.patientId,
      workflow: SIGNUP_WORKFLOW,
      detail: { created: result.created, invitation: Boolean(invitation) },
    },
    'success',
  );
  const answer = await productToken(deps, result.account);
  return { ...answer, data: { ...answer.data, PatientId: result.patientId } };
}

// --- agreements -----------------------------------------------------------------------------------------------

/**
 * Agreements belong to the product user id: that user reads and answers them; support reads them with a stated
 * purpose and only a super user answers for someone (the policy's account rule, audited either way).
 */
export async function listUnsignedAgreements(deps: Deps, context: RequestContext, userId: string) {
  await authorizeAccount(context, 'read', {
    entityType: 'UserAgreement',
    id: null,
    accountId: null,
    userId,
    patientId: userId,
  });
  return store.unsignedAgreements(deps.database, userId);
}

export async function answerAgreement(deps: Deps, context: RequestContext, answer: UserAgreement) {
  await authorizeAccount(context, 'update', {
    entityType: 'UserAgreement',
    id: answer.AgreementId,
    accountId: null,
    userId: answer.UserId,
    patientId: answer.UserId,
    detail: { status: answer.Status },
  });
  if (!(await store.recordAgreement(deps.database, answer, deps.clock.now()))) throw notFound();
  return answer;
}

// --- invitations ----------------------------------------------------------------------------------------------

/** A practice's users (and super users) invite patients to the practice (the practice-object policy). */
export async function invitePatient(
  deps: Deps,
  context: RequestContext,
  input: InvitationInput & { Name: InvitationInput['Name'] },
): Promise<Invitation> {
  const practice = { organizationId: input.Practice.Id, entityType: 'Invitation', id: null };
  await authorizePractice(context, 'create', practice, { audit: 'refusals' });
  const invitation = await createInvitation(
    deps.database,
    deps.outbox,
    input,
    context.subject!,
    deps.clock.now(),
  );
  await recordPracticeOutcome(context, 'create', { ...practice, id: invitation.Id });
  return invitation;
}

/**
 * A pending invitation opens for anyone holding the code (the code is the secret); once used it names its
 * patient, and the policy decides as for a practice-owned object of that patient: the patient (or their account
 * holder), the inviting practice, support with a purpose. Anyone else's answers as if it never existed.
 */
export async function readInvitation(deps: Deps, context: RequestContext, id: string): Promise<Invitation> {
  const stored = await findInvitation(deps.database, id, deps.clock.now());
  if (!stored) return notFoundAudited(context, 'read', 'invitation', id);
  const organizationId = stored.invitation.Practice.Id;
  if (stored.invitation.Status === 'Pending' || stored.acceptedBy === null)
    await recordPracticeOutcome(context, 'read', { organizationId, entityType: 'Invitation', id });
  else
    await authorize(context, 'read', {
      kind: 'invitation',
      id,
      patientId: stored.acceptedBy,
      organizationId,
    });
  return stored.invitation;
}

/** Refuses a password from the shipped common-password list (registration, reset and any password change). */
export function assertUncommonPassword(field: string, password: string) {
  if (isCommonPassword(password)) throw fieldError(field, COMMON_PASSWORD.rule, COMMON_PASSWORD.message);
}

// --- password reset -------------------------------------------------------------------------------------------

function refuseCode(check: Exclude<CodeCheck, { ok: true }>): never {
  if (check.reason === 'exhausted') throw tooManyRequests(RESET_MESSAGES.exhausted);
  const message = check.reason === 'expired' ? RESET_MESSAGES.expired : RESET_MESSAGES.invalid;
  throw badRequest(
    [{ field: 'body.Code', rule: check.reason === 'expired' ? 'expired' : 'invalid_code', message }],
    message,
  );
}

/** Sends a fresh reset code to the account of the e-mail; an unknown address gets the very same answer. */
export async function sendPasswordResetCode(deps: Deps, email: string) {
  const result = await sendResetCode(deps.database, deps.outbox, email, deps.clock.now());
  if (!result.ok) throw tooManyRequests(RESET_MESSAGES.wait);
  return {
    status_code: 200,
    message: RESET_MESSAGES.sent,
    data: { Email: email, CodeVerified: false, PasswordReset: false },
  };
}

export async function verifyPasswordResetCode(deps: Deps, email: string, code: string) {
  const check = await checkResetCode(deps.database, email, code, deps.clock.now());
  if (!check.ok) refuseCode(check);
  return {
    status_code: 200,
    message: RESET_MESSAGES.verified,
    data: { Email: check.account.email, CodeVerified: true, PasswordReset: false },
  };
}

/** Sets a new password with a valid code, audited. */
export async function resetPasswordWithCode(
  deps: Deps & Pick<AppDeps, 'realtime'>,
  context: RequestContext,
  email: string,
  code: string,
  newPassword: string,
) {
  // Checked before the code, so a refused password does not use up a try.
  assertUncommonPassword('body.NewPassword', newPassword);
  const done = await resetPassword(deps.database, email, code, newPassword, deps.clock.now());
  if (!done.ok) refuseCode(done);
  // Whoever knew the old password is signed out everywhere.
  await endAllSessions(deps, done.account.id);
  await recordSignInEvent(
    context,
    {
      action: 'update',
      entityType: 'User',
      entityId: done.account.id,
      outcome: 'success',
      detail: { change: 'password-reset' },
    },
    { actorId: done.account.id, actorType: done.account.userType },
  );
  return {
    status_code: 200,
    message: RESET_MESSAGES.reset,
    data: { Email: done.account.email, CodeVerified: true, PasswordReset: true },
  };
}
