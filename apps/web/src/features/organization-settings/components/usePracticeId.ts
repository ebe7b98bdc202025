import { useSession } from '../../../shared/session/session';

/** The practice the signed-in admin administers (the token's PracticeId); null before sign-in. */
export function usePracticeId(): string | null {
  return useSession().user?.organizationId ?? null;
}
