import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { createAuthFailureHandler, type AuthFailureDeps } from './authFailure';

const NOW = 1_800_000_000_000;
const live = { exp: NOW / 1000 + 600, preferred_username: 'patient@demo.careslot.health' };
const expired = { exp: NOW / 1000 - 1, preferred_username: 'patient@demo.careslot.health' };

function setup(claims: ReturnType<AuthFailureDeps['claims']>) {
  const scheduled: { run: () => void; delayMs: number }[] = [];
  const deps: AuthFailureDeps = {
    claims: () => claims,
    reload: vi.fn(),
    logoutToLogin: vi.fn(async () => undefined),
    schedule: (run, delayMs) => scheduled.push({ run, delayMs }),
    now: () => NOW,
  };
  return { deps, scheduled, handle: createAuthFailureHandler(deps) };
}

describe('authorization failure on a call (§4.8, §9)', () => {
  it('signs the user out and opens the login URL 2000 ms after a 401, once for a burst of failures', () => {
    const { deps, scheduled, handle } = setup(live);
    handle(new ApiError(401, 'No authorization found.'));
    handle(new ApiError(401, 'No authorization found.'));
    expect(scheduled.map((s) => s.delayMs)).toEqual([2000]);
    expect(deps.logoutToLogin).not.toHaveBeenCalled();
    scheduled[0]!.run();
    expect(deps.logoutToLogin).toHaveBeenCalledTimes(1);
  });

  it('treats a 403 as a lost session only when the token has expired', () => {
    const fresh = setup(live);
    fresh.handle(new ApiError(403, 'forbidden'));
    expect(fresh.scheduled).toEqual([]);
    const stale = setup(expired);
    stale.handle(new ApiError(403, 'forbidden'));
    expect(stale.scheduled).toHaveLength(1);
  });

  it('reloads the page for a service-account token instead of signing out', () => {
    const { deps, scheduled, handle } = setup({ ...expired, preferred_username: 'service-account-kiosk' });
    handle(new ApiError(401, 'x'));
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(scheduled).toEqual([]);
  });

  it('leaves guests alone', () => {
    const { deps, scheduled, handle } = setup({ guest: true, exp: NOW / 1000 + 60 });
    handle(new ApiError(401, 'x'));
    expect(scheduled).toEqual([]);
    expect(deps.reload).not.toHaveBeenCalled();
  });
});
