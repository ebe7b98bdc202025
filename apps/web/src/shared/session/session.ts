import { useSyncExternalStore } from 'react';
import type { Role, UserType } from '@careslot/contracts';

/** The signed-in user as the header and guards see it (spec §3.1 "User session"). */
export interface SessionUser {
  userId: string | null;
  identityProviderId: string;
  name: string;
  email: string;
  firstName: string;
  lastName: string;
  preferredName: string | null;
  gender: string | null;
  userType: UserType | null;
  roles: Role[];
  organizationId: string | null;
  photos: string[];
}

export interface SessionState {
  /** Null for a guest or before sign-in. */
  user: SessionUser | null;
  accessToken: string | null;
  isGuest: boolean;
}

let state: SessionState = { user: null, accessToken: null, isGuest: true };
const listeners = new Set<() => void>();

/** The identity feature is the only writer; everyone else reads through useSession(). */
export function setSession(next: SessionState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export function getSession(): SessionState {
  return state;
}

/** Calls listener after every change of the session (sign-in, sign-out, a refreshed token); returns the unsubscribe. */
export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const subscribe = subscribeSession;

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export function hasRole(user: SessionUser | null, ...roles: Role[]): boolean {
  return !!user && roles.some((role) => user.roles.includes(role));
}
