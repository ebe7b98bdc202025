import { randomUUID } from 'node:crypto';
import {
  EMAIL_CHANGE_TTL_HOURS,
  type ChangeEmail,
  type EmailConfirmationLink,
  type Language,
} from '@careslot/contracts';
import { recordSignInEvent } from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { Principal } from '../../platform/auth';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError, notFound, tooManyRequests } from '../../platform/errors';
import { practitionerHoldingEmail, setConfirmedEmail } from '../people';
import { checkPassword } from './accounts';
import * as store from './email-change-store';
import { translator } from './login-page';
import { CURRENT_PASSWORD_WRONG } from './password-change';
import { endAllSessions } from './service';
import { signLink, signedLinkKey, verifyLink } from './signed-links';
import { findAccountByEmail, findAccountById, type Account } from './store';

/**
 * A change of login e-mail (issue 24 item 1, ASVS 5.0 6.3.6 / 7.5.1, decision 0085). The signed-in user asks
 * with their current password (checked as a sign-in is, counted against the lock-out); a signed, expiring,
 * single-use link goes to the new address and the old address is told. Only the link makes the change:
 * the login e-mail (and a practitioner's record) change together, every session and token of the account
 * ends, and the old address is told again. Nobody changes another user's login e-mail.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'tokens' | 'outbox' | 'config' | 'events' | 'realtime'>;

export const CONFIRM_EMAIL_PAGE = '/account/confirm-email';
const linkPath = (id: string) => `${CONFIRM_EMAIL_PAGE}?change=${id}`;
const WORKFLOW = 'Account_Email_Change_Web';

export const EMAIL_IN_USE = 'Another account already uses this e-mail';
export const INVALID_CONFIRMATION =
  'This confirmation link is invalid, expired or was already used. Ask for the change again in your account settings.';

const emailTaken = async (db: Connection, email: string, accountId: string, careslotId: string | null) => {
  const account = await findAccountByEmail(db, email);
  if (account && account.id !== accountId) return true;
  const practitioner = await practitionerHoldingEmail(db, email);
  return !!practitioner && practitioner !== careslotId;
};

/** POST change-email(userId): the caller's own account only (another id answers 404, audited). */
export async function requestEmailChange(
  deps: Deps,
  principal: Principal,
  context: RequestContext,
  userId: string,
  input: ChangeEmail,
  language: Language,
) {
  const account =
    principal.userId === userId ? await findAccountById(deps.database, principal.subject) : null;
  const write = (outcome: 'success' | 'failure' | 'not_found', detail: Record<string, unknown>) =>
    recordSignInEvent(
      context,
      {
        action: 'update',
        entityType: 'User',
        entityId: account?.id ?? null,
        outcome,
        workflow: WORKFLOW,
        detail: { change: 'email-change-requested', ...detail },
      },
      account ? { actorId: account.id, actorType: context.actorType } : undefined,
    );
  if (!account) {
    await write('not_found', { userId });
    throw notFound();
  }
  const newEmail = input.NewEmail.trim().toLowerCase();
  if (newEmail === account.email.toLowerCase())
    throw fieldError('body.NewEmail', 'same_as_current', 'The new e-mail is your current login e-mail');
  const now = deps.clock.now();
  const check = await checkPassword(deps.database, account.email, input.CurrentPassword, now);
  if (!check.ok) {
    await write('failure', { reason: check.reason });
    if (check.reason === 'locked') throw tooManyRequests();
    throw fieldError('body.CurrentPassword', 'incorrect', CURRENT_PASSWORD_WRONG);
  }
  if (await emailTaken(deps.database, newEmail, account.id, account.careslotId))
    throw new AppError('conflict', {
      message: EMAIL_IN_USE,
      issues: [{ field: 'body.NewEmail', rule: 'unique', message: EMAIL_IN_USE }],
    });
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3600_000);
  await deps.database.transaction((tx) =>
    store.insertEmailChange(tx, { id, userId: account.id, newEmail, language, now, expiresAt }),
  );
  const t = translator(language);
  const link = `${deps.config.publicUrl}${signLink(signedLinkKey(deps.tokens), linkPath(id), expiresAt)}`;
  await deps.outbox.send({
    channel: 'email',
    to: newEmail,
    subject: t('emailChange.confirmSubject'),
    body: t('emailChange.confirmBody', {
      name: account.givenName,
      link,
      hours: EMAIL_CHANGE_TTL_HOURS,
      oldEmail: account.email,
    }),
    template: 'email-change-confirm',
    dedupeKey: `email-change-confirm:${id}`,
  });
  await deps.outbox.send({
    channel: 'email',
    to: account.email,
    subject: t('emailChange.requestedSubject'),
    body: t('emailChange.requestedBody', { name: account.givenName, newEmail }),
    template: 'email-change-requested',
    dedupeKey: `email-change-requested:${id}`,
  });
  await write('success', { expiresAt: expiresAt.toISOString() });
  return { NewEmail: newEmail, ConfirmationSent: true as const, ExpiresInHours: EMAIL_CHANGE_TTL_HOURS };
}

/** POST email-confirmation: the link's signature and expiry, then the request used once; the change is made. */
export async function confirmEmailChange(deps: Deps, context: RequestContext, link: EmailConfirmationLink) {
  const now = deps.clock.now();
  const signed = verifyLink(
    signedLinkKey(deps.tokens),
    `${linkPath(link.change)}&exp=${link.exp}&sig=${link.sig}`,
    now,
  );
  if (!signed) throw fieldError('query.change', 'link_invalid', INVALID_CONFIRMATION);
  const done = await deps.database.transaction(async (tx) => {
    const row = await store.useEmailChange(tx, link.change, now);
    const before: Account | null = row ? await findAccountById(tx, row.user_id) : null;
    if (!row || !before) return null;
    if (await emailTaken(tx, row.new_email, before.id, before.careslotId))
      throw new AppError('conflict', { message: EMAIL_IN_USE });
    if (!(await store.setLoginEmail(tx, before.id, row.new_email)))
      throw new AppError('conflict', { message: EMAIL_IN_USE });
    if (before.userType === 'Practitioner' && before.careslotId)
      await setConfirmedEmail(tx, before.careslotId, row.new_email, now);
    await recordSignInEvent(
      onConnection(context, tx),
      {
        action: 'update',
        entityType: 'User',
        entityId: before.id,
        outcome: 'success',
        workflow: WORKFLOW,
        detail: { change: 'email-changed' },
      },
      { actorId: before.id, actorType: before.userType },
    );
    return { row, before };
  });
  if (!done) throw fieldError('query.change', 'link_invalid', INVALID_CONFIRMATION);
  await deps.events.flush();
  // Whoever held a session of the account under the old address holds nothing now.
  await endAllSessions(deps, done.before.id);
  const t = translator(done.row.language as Language);
  await deps.outbox.send({
    channel: 'email',
    to: done.before.email,
    subject: t('emailChange.changedSubject'),
    body: t('emailChange.changedBody', { name: done.before.givenName, newEmail: done.row.new_email }),
    template: 'email-changed',
    dedupeKey: `email-changed:${done.row.id}`,
  });
  return { Email: done.row.new_email, Changed: true as const };
}
