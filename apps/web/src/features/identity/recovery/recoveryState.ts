/**
 * What password recovery remembers between its screens, for this tab only (sessionStorage): the e-mail
 * looked up, then the code once verified. The verification guards of §2.2 read it.
 */
export interface RecoveryState {
  email: string;
  code: string | null;
  verified: boolean;
}

const KEY = 'password_recovery';

export function readRecovery(): RecoveryState | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Partial<RecoveryState>) : null;
    if (!value || typeof value.email !== 'string' || !value.email) return null;
    return {
      email: value.email,
      code: typeof value.code === 'string' ? value.code : null,
      verified: value.verified === true,
    };
  } catch {
    return null;
  }
}

export function startRecovery(email: string) {
  sessionStorage.setItem(KEY, JSON.stringify({ email, code: null, verified: false } satisfies RecoveryState));
}

export function markVerified(code: string) {
  const current = readRecovery();
  if (!current) return;
  sessionStorage.setItem(KEY, JSON.stringify({ ...current, code, verified: true } satisfies RecoveryState));
}

export function endRecovery() {
  sessionStorage.removeItem(KEY);
}
