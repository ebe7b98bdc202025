import type { UpdatePassword } from '@careslot/contracts';
import { recordSignInEvent } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { Principal } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { fieldError, notFound, tooManyRequests } from '../../platform/errors';
import { checkPassword, hashPassword } from './accounts';
import { assertUncommonPassword } from './service';
import * as activation from './staff-activation-store';
import { deleteOidcRecordsOf, findAccountById, liveIssuedTokens, setPasswordHash } from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'tokens'>;

export const PASSWORD_CHANGED = 'Password changed successfully';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/**
 * "POST update password(userId)" (§7, decision 0053): the signed-in user changes their own password. The current
 * password is checked as a sign-in is (counted against the lock-out); the new one follows the password rule
 * and is no common password. Every other session and product token of the user ends; the one used for the
 * change stays, so the settings page does not sign its own user out.
 */
export async function changePassword(
  deps: Deps,
  principal: Principal,
  context: RequestContext,
  userId: string,
  input: UpdatePassword,
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
        workflow: 'Provider_Account_Settings_Web',
        detail: { change: 'password-change', ...detail },
      },
      account ? { actorId: account.id, actorType: context.actorType } : undefined,
    );
  if (!account) {
    await write('not_found', {});
    throw notFound();
  }
  if (input.ConfirmPassword !== input.NewPassword)
    throw fieldError('body.ConfirmPassword', 'mismatch', 'Passwords do not match');
  if (input.NewPassword === input.CurrentPassword)
    throw fieldError('body.NewPassword', 'same_as_current', 'New password must differ from the current one');
  assertUncommonPassword('body.NewPassword', input.NewPassword);
  const now = deps.clock.now();
  const check = await checkPassword(deps.database, account.email, input.CurrentPassword, now);
  if (!check.ok) {
    await write('failure', { reason: check.reason });
    if (check.reason === 'locked') throw tooManyRequests();
    throw fieldError('body.CurrentPassword', 'incorrect', CURRENT_PASSWORD_WRONG);
  }
  await setPasswordHash(deps.database, account.id, await hashPassword(input.NewPassword));
  // Whoever else knew the old password is signed out: every token but this one, every session but its own.
  const currentJti = principal.claims.jti ?? null;
  const keepSession = currentJti ? await activation.sessionOfToken(deps.database, currentJti) : null;
  const others = (await liveIssuedTokens(deps.database, { userId: account.id }, now)).filter(
    (t) => t.jti !== currentJti,
  );
  await deps.tokens.revoke(others);
  const sessions = await activation.deleteSessionsExcept(deps.database, account.id, keepSession);
  await deleteOidcRecordsOf(deps.database, account.id);
  const ended = others.length + sessions;
  await write('success', { tokensRevoked: others.length, sessionsEnded: sessions });
  return { PasswordChanged: true as const, OtherSessionsEnded: ended };
}
