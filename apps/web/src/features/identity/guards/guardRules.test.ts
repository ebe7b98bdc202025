import { describe, expect, it } from 'vitest';
import type { SessionState, SessionUser } from '../../../shared/session/session';
import { authenticationGuard, bookingFlowGuard, guestOnlyGuard, permissionGuard } from './guardRules';

const user = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  userId: 'pat-1',
  identityProviderId: 'sub-1',
  name: 'Jordan Ellis',
  email: 'patient@demo.careslot.health',
  firstName: 'Jordan',
  lastName: 'Ellis',
  preferredName: null,
  gender: null,
  userType: 'Patient',
  roles: ['patient'],
  organizationId: null,
  photos: [],
  ...overrides,
});
const signedIn = (overrides: Partial<SessionUser> = {}): SessionState => ({
  user: user(overrides),
  accessToken: 't',
  isGuest: false,
});
const guest: SessionState = { user: null, accessToken: 'g', isGuest: true };

describe('authenticationGuard (§2.2)', () => {
  it('lets a session with a UserId through and sends anyone else to /login', () => {
    expect(authenticationGuard(signedIn())).toEqual({ allow: true });
    expect(authenticationGuard(guest)).toEqual({ allow: false, redirectTo: '/login' });
    expect(authenticationGuard(signedIn({ userId: null }))).toEqual({ allow: false, redirectTo: '/login' });
  });
});

describe('bookingFlowGuard (§2.2)', () => {
  it('needs both a signed-in user and appointment info', () => {
    expect(bookingFlowGuard(signedIn(), true)).toEqual({ allow: true });
    expect(bookingFlowGuard(signedIn(), false)).toEqual({ allow: false, redirectTo: '/login' });
    expect(bookingFlowGuard(guest, true)).toEqual({ allow: false, redirectTo: '/login' });
  });
});

describe('guestOnlyGuard (§2.2)', () => {
  it('sends a user with a valid token to their home and lets guests stay', () => {
    expect(guestOnlyGuard(signedIn(), true)).toEqual({ allow: false, redirectTo: '/portal' });
    expect(guestOnlyGuard(signedIn({ roles: ['provider'] }), true)).toEqual({
      allow: false,
      redirectTo: '/dashboard/doctor',
    });
    expect(guestOnlyGuard(signedIn({ roles: [] }), true)).toEqual({ allow: false, redirectTo: '/' });
    expect(guestOnlyGuard(guest, false)).toEqual({ allow: true });
    expect(guestOnlyGuard(signedIn(), false)).toEqual({ allow: true });
  });
});

describe('permissionGuard (§2.2)', () => {
  it('opens for any listed permission, case-insensitively', () => {
    expect(permissionGuard(() => ['PracticeAdmin'], { permissions: ['practiceadmin', 'staff'] })).toEqual({
      allow: true,
    });
  });
  it('redirects to redirectTo when given, else home', () => {
    expect(permissionGuard(() => ['patient'], { permissions: ['superuser'], redirectTo: '/portal' })).toEqual(
      { allow: false, redirectTo: '/portal' },
    );
    expect(permissionGuard(() => [], { permissions: ['superuser'] })).toEqual({
      allow: false,
      redirectTo: '/',
    });
  });
  it('goes to /login when the check itself fails', () => {
    expect(
      permissionGuard(
        () => {
          throw new Error('no token');
        },
        { permissions: ['superuser'], redirectTo: '/portal' },
      ),
    ).toEqual({ allow: false, redirectTo: '/login' });
  });
});
