import QRCode from 'qrcode';
import { LOGIN_MESSAGES, MFA_LOGIN_MESSAGES } from '@careslot/contracts';
import { ROLE_SETS, authorizeAccount, authorizePractice, recordSignInEvent } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import type { Connection } from '../../platform/db';
import type { SecretBox } from '../../platform/secrets';
import { AppError, fieldError, tooManyRequests } from '../../platform/errors';
import { LOCKOUT, loginKey } from './accounts';
import * as mfaStore from './mfa-store';
import {
  base32Decode,
  hashRecoveryCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
} from './totp';
import { clearLoginFailures, findAccountById, reserveLoginTry, type Account } from './store';

/**
 * The second factor of practice users (issue 24 item 6, decision 0105): a TOTP authenticator (RFC 6238) with
 * ten one-time recovery codes. A realm sign-in asks it after the password when the account has one, and sends
 * an account without one to enrolment when its practice requires it. Tries are counted like passwords (the
 * same atomic counter, keyed by the account), and a code's time step is accepted once.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'secrets' | 'config'>;

/** How long a sign-in waits for its second factor after the password was right. */
export const CHALLENGE_MINUTES = 10;
const WORKFLOW = 'MFA_Web';

/** Who may add a second factor: everyone but patients (practice users, super users, support agents). */
export const offersMfa = (account: Account) => account.userType !== 'Patient';

/** The sign-in counter of the second factor: per account, so a guesser cannot spread codes over addresses. */
const mfaKey = (userId: string) => loginKey(`mfa:${userId}`);

export interface MfaState {
  enrolled: boolean;
  required: boolean;
  /** The platform's rule for the account's role, or its practice's setting. */
  requiredBy: 'role' | 'practice' | null;
}

/**
 * The platform's rule (MFA_REQUIRED_FOR_PRIVILEGED, on in production): an account holding one of the roles of
 * `ROLE_SETS.SECOND_FACTOR` must have a second factor, whatever its practice's setting.
 */
const platformRequires = (deps: Deps, account: Account) =>
  deps.config.MFA_REQUIRED_FOR_PRIVILEGED &&
  account.userRoles.some((role) => (ROLE_SETS.SECOND_FACTOR as readonly string[]).includes(role));

export async function mfaStateOf(deps: Deps, account: Account): Promise<MfaState> {
  if (!offersMfa(account)) return { enrolled: false, required: false, requiredBy: null };
  const totp = await mfaStore.findTotp(deps.database, deps.secrets, account.id);
  const requiredBy = platformRequires(deps, account)
    ? 'role'
    : account.practiceId && (await mfaStore.practiceRequiresMfa(deps.database, account.practiceId))
      ? 'practice'
      : null;
  return { enrolled: totp?.confirmed ?? false, required: requiredBy !== null, requiredBy };
}

export type SecondFactorCheck =
  { ok: true; method: 'otp' | 'recovery' } | { ok: false; reason: 'invalid' | 'locked' };

/**
 * Checks a 6-digit code (or a recovery code) of the account. Counted before it is checked; a right code
 * whose time step was already used (a replay within the window) is refused as a wrong one.
 */
export async function checkSecondFactor(
  deps: Deps,
  userId: string,
  code: string,
  options: { enrolling?: boolean } = {},
): Promise<SecondFactorCheck> {
  const now = deps.clock.now();
  const reserved = await reserveLoginTry(deps.database, mfaKey(userId), now, LOCKOUT);
  if (!reserved) return { ok: false, reason: 'locked' };
  const refused = { ok: false, reason: reserved.lockedUntil ? 'locked' : 'invalid' } as const;
  const typed = code.replace(/\s/g, '');
  const totp = await mfaStore.findTotp(deps.database, deps.secrets, userId);
  if (!totp || (!totp.confirmed && !options.enrolling)) return refused;
  let method: 'otp' | 'recovery' | null = null;
  if (/^\d{6}$/.test(typed)) {
    const step = matchingStep(base32Decode(totp.secret), typed, now);
    if (step !== null && (await mfaStore.acceptStep(deps.database, userId, step, now))) method = 'otp';
  } else if (!options.enrolling && typed.length >= 10 && typed.length <= 12) {
    if (await mfaStore.useRecoveryCode(deps.database, userId, hashRecoveryCode(typed), now))
      method = 'recovery';
  }
  if (!method) return refused;
  await clearLoginFailures(deps.database, mfaKey(userId));
  return { ok: true, method };
}

/** A new secret for the account, its otpauth URI and the URI's QR code as SVG markup. */
export async function newEnrolment(deps: Deps, account: Account) {
  const secret = newTotpSecret();
  if (!(await mfaStore.startTotp(deps.database, deps.secrets, account.id, secret)))
    throw new AppError('conflict', { message: 'An authenticator app is already set up' });
  return enrolmentOf(account, secret);
}

/** Ten new recovery codes, stored hashed; the earlier ones stop working. Shown once. */
export async function issueRecoveryCodes(deps: Deps, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await mfaStore.replaceRecoveryCodes(deps.database, userId, codes.map(hashRecoveryCode));
  return codes;
}

// ---------- the account API (the settings page) ----------

/**
 * The caller's own account, whose second factor the settings page changes: the policy's account rule, its own
 * user only and only a practice user's (a patient is refused 403); the credential events are its audit rows.
 */
async function accountOfCaller(
  deps: Deps,
  context: RequestContext,
  action: 'read' | 'update',
): Promise<Account> {
  if (!context.isSignedIn || !context.subject) throw new AppError('unauthorized');
  const account = await findAccountById(deps.database, context.subject);
  if (!account) throw new AppError('unauthorized');
  await authorizeAccount(
    context,
    action,
    { entityType: 'User', id: account.id, accountId: account.id, userId: null, workflow: WORKFLOW },
    {
      selfOnly: true,
      serves: offersMfa(account),
      refusal: 'Two-step sign-in is for practice users',
      audit: 'refusals',
    },
  );
  return account;
}

const credentialEvent = (
  context: RequestContext,
  account: Account,
  change: string,
  outcome: 'success' | 'failure' = 'success',
) =>
  recordSignInEvent(
    context,
    {
      action: 'update',
      entityType: 'User',
      entityId: account.id,
      outcome,
      workflow: WORKFLOW,
      detail: { change },
    },
    { actorId: account.id, actorType: account.userType },
  );

export async function mfaStatus(deps: Deps, context: RequestContext) {
  const account = await accountOfCaller(deps, context, 'read');
  const state = await mfaStateOf(deps, account);
  return {
    TotpEnrolled: state.enrolled,
    RecoveryCodesLeft: state.enrolled ? await mfaStore.recoveryCodesLeft(deps.database, account.id) : 0,
    Required: state.required,
    RequiredBy: state.requiredBy,
  };
}

export async function startTotpEnrolment(deps: Deps, context: RequestContext) {
  const account = await accountOfCaller(deps, context, 'update');
  const enrolment = await newEnrolment(deps, account);
  await credentialEvent(context, account, 'mfa-totp-started');
  return enrolment;
}

const refuseCheck = (check: Exclude<SecondFactorCheck, { ok: true }>): never => {
  if (check.reason === 'locked') throw tooManyRequests();
  throw fieldError('body.Code', 'invalid_code', 'The code is not right, or was already used');
};

/** The first code from the app confirms the enrolment; answers the recovery codes, once. */
export async function confirmTotpEnrolment(deps: Deps, context: RequestContext, code: string) {
  const account = await accountOfCaller(deps, context, 'update');
  const check = await checkSecondFactor(deps, account.id, code, { enrolling: true });
  if (!check.ok) {
    await credentialEvent(context, account, 'mfa-totp-confirm', 'failure');
    refuseCheck(check);
  }
  const codes = await issueRecoveryCodes(deps, account.id);
  await credentialEvent(context, account, 'mfa-totp-enrolled');
  return { TotpEnrolled: true as const, RecoveryCodes: codes };
}

/** Removes the authenticator and the recovery codes; a current code (or a recovery code) is asked. */
export async function removeTotp(deps: Deps, context: RequestContext, code: string) {
  const account = await accountOfCaller(deps, context, 'update');
  const check = await checkSecondFactor(deps, account.id, code);
  if (!check.ok) {
    await credentialEvent(context, account, 'mfa-totp-remove', 'failure');
    refuseCheck(check);
  }
  await mfaStore.deleteTotp(deps.database, account.id);
  await credentialEvent(context, account, 'mfa-totp-removed');
  return { TotpEnrolled: false as const };
}

/** A practice admin requires (or stops requiring) a second factor of every user of the practice. */
export async function setPracticeMfaRequirement(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
  required: boolean,
) {
  await authorizePractice(
    context,
    'update',
    {
      organizationId,
      entityType: 'MfaRequirement',
      id: organizationId,
      workflow: WORKFLOW,
      detail: { required },
    },
    { roles: ROLE_SETS.ADMINS },
  );
  await mfaStore.setPracticeRequirement(deps.database, organizationId, required, deps.clock.now());
  return { PracticeId: organizationId, Required: required };
}

export async function practiceMfaRequirement(deps: Deps, context: RequestContext, organizationId: string) {
  await authorizePractice(context, 'read', {
    organizationId,
    entityType: 'MfaRequirement',
    id: organizationId,
    workflow: WORKFLOW,
  });
  return {
    PracticeId: organizationId,
    Required: await mfaStore.practiceRequiresMfa(deps.database, organizationId),
  };
}

/** A try of the second step of a sign-in, as a sign-in event of the account (MFA_Web). */
const secondStepEvent = (
  context: RequestContext,
  account: Account,
  check: SecondFactorCheck,
  detail: Record<string, unknown>,
) =>
  recordSignInEvent(
    context,
    {
      action: 'login',
      entityType: 'User',
      entityId: account.id,
      outcome: check.ok ? 'success' : check.reason === 'locked' ? 'denied' : 'failure',
      workflow: WORKFLOW,
      detail: { ...detail, factor: check.ok ? check.method : 'otp' },
    },
    { actorId: account.id, actorType: account.userType },
  );

// ---------- the API sign-in (api/account/login) ----------

const codeIssue = (rule: string, message: string) => [{ field: 'body.Code', rule, message }];

/**
 * The second step of the API sign-in, after a right password, by the realm's rules (decision 0105): an account
 * with an authenticator gives its code (or a recovery code) in `Code`, counted and locked like the realm's, a
 * time step accepted once; an account without one that must have one (its practice's or the platform's rule)
 * is refused until it enrols at the realm's sign-in page. Each try is a sign-in event. Answers the `amr`.
 */
export async function apiSecondFactor(
  deps: Deps,
  context: RequestContext,
  account: Account,
  code: string | undefined,
): Promise<string[]> {
  const state = await mfaStateOf(deps, account);
  if (!state.enrolled) {
    if (!state.required) return ['pwd'];
    throw new AppError('forbidden', {
      message: MFA_LOGIN_MESSAGES.enrolmentRequired,
      issues: codeIssue('enrolment_required', MFA_LOGIN_MESSAGES.enrolmentRequired),
    });
  }
  if (!code)
    throw new AppError('unauthorized', {
      message: MFA_LOGIN_MESSAGES.required,
      issues: codeIssue('required', MFA_LOGIN_MESSAGES.required),
    });
  const check = await checkSecondFactor(deps, account.id, code);
  await secondStepEvent(context, account, check, { via: 'api/account/login' });
  if (check.ok) return ['pwd', 'otp'];
  if (check.reason === 'locked') throw tooManyRequests(LOGIN_MESSAGES.locked);
  throw new AppError('unauthorized', {
    message: MFA_LOGIN_MESSAGES.invalid,
    issues: codeIssue('invalid_code', MFA_LOGIN_MESSAGES.invalid),
  });
}

// ---------- the realm's sign-in (the second step after the password) ----------

async function enrolmentOf(account: Account, secret: string) {
  const uri = otpauthUri(secret, account.email);
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { Secret: secret, OtpauthUri: uri, QrSvg: svg };
}

/** The enrolment started at this sign-in, shown again after a wrong code (the same secret). */
async function pendingEnrolment(deps: Deps, account: Account) {
  const totp = await mfaStore.findTotp(deps.database, deps.secrets, account.id);
  return totp && !totp.confirmed ? enrolmentOf(account, totp.secret) : undefined;
}

export type SecondStep = { ask: 'none' } | { ask: 'code' } | { ask: 'enrol'; qrSvg: string; secret: string };

/**
 * After a right password at the realm (interaction `uid`): nothing more, the code of the account's factor, or,
 * when its practice requires one and it has none, an enrolment (QR code and key) answered by its first code.
 */
export async function beginSecondStep(deps: Deps, uid: string, account: Account): Promise<SecondStep> {
  const state = await mfaStateOf(deps, account);
  if (!state.enrolled && !state.required) return { ask: 'none' };
  const expires = new Date(deps.clock.now().getTime() + CHALLENGE_MINUTES * 60_000);
  await mfaStore.putChallenge(deps.database, uid, account.id, state.enrolled ? 'verify' : 'enrol', expires);
  if (state.enrolled) return { ask: 'code' };
  const secret = newTotpSecret();
  await mfaStore.startTotp(deps.database, deps.secrets, account.id, secret);
  const enrolment = await enrolmentOf(account, secret);
  return { ask: 'enrol', qrSvg: enrolment.QrSvg, secret };
}

export type SecondStepAnswer =
  | { result: 'expired' }
  | { result: 'refused'; reason: 'invalid' | 'locked'; enrol?: { qrSvg: string; secret: string } }
  | { result: 'enrolled'; recoveryCodes: string[] }
  | { result: 'signed-in'; userId: string; amr: string[] };

/** The code typed at the realm's second step: checked, audited as a sign-in event, and answered. */
export async function answerSecondStep(
  deps: Deps,
  context: RequestContext,
  uid: string,
  code: string,
): Promise<SecondStepAnswer> {
  const challenge = await mfaStore.findChallenge(deps.database, uid, deps.clock.now());
  if (!challenge || challenge.kind === 'passed') return { result: 'expired' };
  const account = await findAccountById(deps.database, challenge.user_id);
  if (!account) return { result: 'expired' };
  const enrolling = challenge.kind === 'enrol';
  const check = await checkSecondFactor(deps, account.id, code, { enrolling });
  await secondStepEvent(context, account, check, { via: 'realm', enrolling });
  if (!check.ok) {
    const enrol = enrolling ? await pendingEnrolment(deps, account) : undefined;
    return {
      result: 'refused',
      reason: check.reason,
      ...(enrol ? { enrol: { qrSvg: enrol.QrSvg, secret: enrol.Secret } } : {}),
    };
  }
  if (enrolling) {
    const recoveryCodes = await issueRecoveryCodes(deps, account.id);
    const expires = new Date(deps.clock.now().getTime() + CHALLENGE_MINUTES * 60_000);
    await mfaStore.putChallenge(deps.database, uid, account.id, 'passed', expires);
    return { result: 'enrolled', recoveryCodes };
  }
  await mfaStore.deleteChallenge(deps.database, uid);
  return { result: 'signed-in', userId: account.id, amr: ['pwd', 'otp'] };
}

/** Continue after the recovery codes of an enrolment at sign-in: the account to sign in, once. */
export async function continueAfterEnrolment(deps: Deps, uid: string): Promise<string | null> {
  const challenge = await mfaStore.findChallenge(deps.database, uid, deps.clock.now());
  if (!challenge || challenge.kind !== 'passed') return null;
  await mfaStore.deleteChallenge(deps.database, uid);
  return challenge.user_id;
}

/** The start's sealing pass for this module's secrets (decision 0088): the TOTP secrets. */
export const sealStoredSecrets = (database: Connection, secrets: SecretBox): Promise<number> =>
  mfaStore.sealTotpSecrets(database, secrets);
