import type { FeatureCode } from '@careslot/contracts';
import { hasRole, type SessionUser } from '../../shared/session/session';

/**
 * Who may change a provider's visit fee and the reasons their schedules offer (decision 0068): a practice
 * admin, for any provider of the practice; the provider themself while the practice lets providers use their
 * settings (access control's `settings`, decision 0059; null = not loaded yet, the server decides). The server
 * applies the same rule; this only decides whether the page offers the form.
 */
export function mayEditProviderSettings(
  user: SessionUser | null,
  providerId: string,
  features: ReadonlySet<FeatureCode> | null,
): boolean {
  if (hasRole(user, 'practiceadmin')) return true;
  return (
    hasRole(user, 'provider') &&
    !!user?.userId &&
    user.userId === providerId &&
    features?.has('settings') !== false
  );
}
