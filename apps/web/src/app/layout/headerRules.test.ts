import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/session/session';
import {
  isLanguageWidgetHidden,
  isLoginHidden,
  loginShortcut,
  logoDestination,
  photoUrl,
} from './headerRules';

function place(url: string) {
  const [pathname = '/', query] = url.split('?');
  return { pathname, search: query ? `?${query}` : '' };
}

describe('isLoginHidden', () => {
  it.each([
    ['/', false, false],
    ['/provider-search?specialty[]=Neurologist', false, false],
    ['/security/settings', false, false],
    ['/practice/acme-health', false, false],
    ['/', true, true],
    ['/provider-search', true, true],
    ['/account', false, true],
    ['/patient-review/appointments/42/account', false, true],
    ['/account/signup', false, false],
    ['/screening-form', false, true],
    ['/vaccine-passport', false, true],
    ['/patient-review/appointments/42', false, true],
    ['/health-cards', false, true],
    ['/appointments/42/start-survey', false, true],
    ['/appointment-action/confirm', false, true],
    ['/mobile/booking', false, true],
    ['/?from=mobile', false, true],
    ['/uri/abc123', false, true],
    ['/meeting/uri', false, true],
  ])('at %s (signed in: %s) hides Login: %s', (url, signedIn, hidden) => {
    expect(isLoginHidden(place(url), signedIn)).toBe(hidden);
  });
});

describe('header shortcuts', () => {
  it('sends Login from the FAQ to the vaccine passport, elsewhere to sign-in', () => {
    expect(loginShortcut(place('/faq'))).toBe('/vaccine-passport');
    expect(loginShortcut(place('/provider-search'))).toBeNull();
  });

  it('hides the language widget on health cards only', () => {
    expect(isLanguageWidgetHidden(place('/health-cards/1'))).toBe(true);
    expect(isLanguageWidgetHidden(place('/'))).toBe(false);
  });
});

const user = (roles: SessionUser['roles']): SessionUser => ({
  userId: 'u1',
  identityProviderId: 'sub',
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Ruiz',
  preferredName: null,
  gender: null,
  userType: null,
  roles,
  organizationId: null,
  photos: [],
});

describe('logoDestination', () => {
  it('takes a signed-in user to their home by role, provider first', () => {
    const at = place('/provider-search');
    expect(logoDestination(user(['patient']), at, true)).toEqual({ to: '/portal', landing: false });
    expect(logoDestination(user(['patient', 'provider']), at, true)).toEqual({
      to: '/dashboard/doctor',
      landing: false,
    });
    expect(logoDestination(user(['staff', 'practiceadmin']), at, true)).toEqual({
      to: '/dashboard/practice-staff',
      landing: false,
    });
    expect(logoDestination(user(['practiceadmin']), at, true)).toEqual({
      to: '/practice-admin/dashboard',
      landing: false,
    });
    expect(logoDestination(user(['superuser']), at, true)).toEqual({
      to: '/super-user/dashboard',
      landing: false,
    });
    expect(logoDestination(user(['supportagent']), at, true)).toEqual({
      to: '/support-agent/dashboard',
      landing: false,
    });
    expect(logoDestination(user(['FinancialSuperUser']), at, true)).toEqual({
      to: '/super-user/finance',
      landing: false,
    });
  });

  it.each([
    ['/provider-search', true, true],
    ['/', true, true],
    ['/practice-admin/dashboard', true, true],
    ['/provider-search', false, false],
    ['/health-cards/1', true, false],
    ['/appointments/9/start-survey', true, false],
    ['/appointment-action/confirm', true, false],
    ['/practice/riverside', true, false],
    ['/mobile/booking', true, false],
  ])('takes a signed-out visitor at %s (landing on: %s) to the landing page: %s', (url, enabled, landing) => {
    expect(logoDestination(null, place(url), enabled)).toEqual({ to: '/', landing });
  });
});

describe('photoUrl', () => {
  it('keeps a full address and serves a file name from the photos folder', () => {
    expect(photoUrl('https://cdn.example.com/p/1.jpeg')).toBe('https://cdn.example.com/p/1.jpeg');
    expect(photoUrl('1.jpeg')).toBe('/photos/1.jpeg');
    expect(photoUrl(undefined)).toBeNull();
  });
});
