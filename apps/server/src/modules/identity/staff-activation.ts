import { randomBytes } from 'node:crypto';
import {
  ACTIVATION_TTL_HOURS,
  PRACTICE_ACCESS_CHANGED,
  type ActivationLink,
  type PracticeAccessChangedPayload,
  type Role,
} from '@careslot/contracts';
import { PRACTICE_ROLES, recordSignInEvent } from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import type { DomainEvent } from '../../platform/events';
import { markPractitionerActivated, practiceAccessOf } from '../people';
import { hashPassword } from './accounts';
import { assertUncommonPassword, endAllSessions } from './service';
import { signLink, signedLinkKey, verifyLink } from './signed-links';
import * as store from './staff-activation-store';

/**
 * Invited practice users (issue 18, decision 0052). The directory adds a provider or staff member and appends
 * PRACTICE_ACCESS_CHANGED; this consumer keeps their account in step (e-mail, names, roles; no roles when
 * deactivated, and then signed out everywhere) and, when asked, e-mails a signed, expiring, single-use link
 * to /account/activate where they choose their password.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'tokens' | 'outbox' | 'config' | 'events' | 'realtime'>;

export const ACTIVATION_PAGE = '/account/activate';
const linkPath = (id: string) => `${ACTIVATION_PAGE}?invitation=${id}`;

export const INVALID_LINK =
  'This activation link is invalid, expired or was already used. Ask your practice to send a new invitation.';

async function onAccessChanged(
  deps: Deps,
  event: DomainEvent<PracticeAccessChangedPayload>,
  log: { warn(details: object, message: string): void },
) {
  const { practitionerId, organizationId, invite } = event.payload;
  const access = await practiceAccessOf(deps, practitionerId, organizationId);
  if (!access?.email) return;
  const db = deps.database;
  let account = await store.accountOfPractitioner(db, practitionerId);
  if (!account) {
    if (access.roles.length === 0) return;
    if (await store.emailTaken(db, access.email, null)) {
      // Another account (a patient's, say) holds the address: the practice sees the user stay "Invited".
      log.warn(
        { practitionerId, eventId: event.id },
        'practice user not invited: the e-mail belongs to another account',
      );
      return;
    }
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    await store.insertInvitedAccount(db, {
      ...access,
      email: access.email,
      passwordHash,
      roles: access.roles,
      practitionerId,
      organizationId,
    });
    account = await store.accountOfPractitioner(db, practitionerId);
    if (!account) return;
  } else {
    // An activated account's login e-mail changes only through the confirmed flow (email-change.ts): the
    // record's e-mail follows it there, never the other way round (issue 24 item 1).
    const email =
      account.activated_at || (await store.emailTaken(db, access.email, account.id))
        ? account.email
        : access.email;
    const roles = [...account.user_roles.filter((r) => !PRACTICE_ROLES.has(r as Role)), ...access.roles];
    const practiceId =
      account.practice_id && account.practice_id !== organizationId ? account.practice_id : organizationId;
    await store.updatePracticeAccount(db, account.id, {
      email,
      givenName: access.givenName,
      familyName: access.familyName,
      roles,
      practiceId,
    });
    // Deactivated (or every role taken away): whatever they hold stops working now, open sockets included.
    if (access.roles.length === 0 && account.practice_id === organizationId)
      await endAllSessions(deps, account.id);
  }
  if (!invite || access.roles.length === 0 || account.activated_at) return;
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + ACTIVATION_TTL_HOURS * 3600_000);
  if (!(await store.insertActivation(db, event.id, account.id, now, expiresAt))) return;
  const link = `${deps.config.publicUrl}${signLink(signedLinkKey(deps.tokens), linkPath(event.id), expiresAt)}`;
  await deps.outbox.send({
    channel: 'email',
    to: access.email,
    subject: 'Activate your CareSlot account',
    body:
      `Hello ${access.givenName},\n\nYour practice added you to CareSlot. Open this link to choose your password and ` +
      `activate your account:\n\n${link}\n\nThe link works once and for ${ACTIVATION_TTL_HOURS} hours. ` +
      `If you did not expect this e-mail, you can ignore it.`,
    template: 'staff-invitation',
    dedupeKey: `staff-invitation:${event.id}`,
  });
}

/** Subscribes the consumer (idempotent per event: the link's id is the event's id, the e-mail deduplicated by it). */
export function subscribeStaffActivation(deps: Deps, log: { warn(details: object, message: string): void }) {
  return deps.events.subscribe<PracticeAccessChangedPayload>(
    'identity.practice-accounts',
    [PRACTICE_ACCESS_CHANGED],
    (event) => onAccessChanged(deps, event, log),
  );
}

/** The link as given, checked: its signature and expiry, then the row (not used, not superseded). */
async function liveActivation(deps: Deps, link: ActivationLink) {
  const now = deps.clock.now();
  const signed = verifyLink(
    signedLinkKey(deps.tokens),
    `${linkPath(link.invitation)}&exp=${link.exp}&sig=${link.sig}`,
    now,
  );
  const row = signed ? await store.activationById(deps.database, link.invitation) : null;
  if (!row || row.used_at || row.superseded_at || new Date(row.expires_at) <= now)
    throw fieldError('query.invitation', 'link_invalid', INVALID_LINK);
  // A user deactivated before using their link sets no password with it (issue 24 item 9): the directory's
  // role is read now, not the account's roles, which its consumer updates a moment later.
  const access =
    row.careslot_id && row.practice_id
      ? await practiceAccessOf(deps, row.careslot_id, row.practice_id)
      : null;
  if (!access || access.roles.length === 0)
    throw fieldError('query.invitation', 'link_invalid', INVALID_LINK);
  return row;
}

/** GET activation: whom the link is for (the page greets them and shows the e-mail they will sign in with). */
export async function readActivation(deps: Deps, link: ActivationLink) {
  const row = await liveActivation(deps, link);
  return { Email: row.email, FirstName: row.given_name };
}

/** POST activation: the first password (length, letter and digit, not a common one); the link is used up. */
export async function completeActivation(
  deps: Deps,
  context: RequestContext,
  input: ActivationLink & { Password: string; ConfirmPassword: string },
) {
  assertUncommonPassword('body.Password', input.Password);
  if (input.ConfirmPassword !== input.Password)
    throw fieldError('body.ConfirmPassword', 'mismatch', 'Passwords do not match');
  const row = await liveActivation(deps, input);
  const passwordHash = await hashPassword(input.Password);
  const now = deps.clock.now();
  const used = await deps.database.transaction(async (tx) => {
    if (!(await store.useActivation(tx, row.id, now))) return false;
    await store.activateAccount(tx, row.user_id, passwordHash, now);
    await recordSignInEvent(
      onConnection(context, tx),
      {
        action: 'update',
        entityType: 'User',
        entityId: row.user_id,
        outcome: 'success',
        workflow: 'Staff_Add_Web',
        detail: { change: 'account-activated' },
      },
      { actorId: row.user_id, actorType: 'Practitioner' },
    );
    return true;
  });
  if (!used) throw fieldError('query.invitation', 'link_invalid', INVALID_LINK);
  if (row.careslot_id) await markPractitionerActivated(deps, row.careslot_id, now);
  return { Email: row.email, Activated: true as const };
}
