import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/session/session';
import { isLanguageWidgetHidden, isLoginHidden, loginShortcut, logoTarget, photoUrl } from './headerRules';

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

describe('logoTarget', () => {
  it('takes a signed-out visitor to / and a signed-in user to their home by role, provider first', () => {
    expect(logoTarget(null)).toBe('/');
    expect(logoTarget(user(['patient']))).toBe('/portal');
    expect(logoTarget(user(['patient', 'provider']))).toBe('/dashboard/doctor');
    expect(logoTarget(user(['practiceadmin']))).toBe('/practice-admin/dashboard');
    expect(logoTarget(user([]))).toBe('/');
  });
});

describe('photoUrl', () => {
  it('keeps a full address and serves a file name from the photos folder', () => {
    expect(photoUrl('https://cdn.example.com/p/1.jpeg')).toBe('https://cdn.example.com/p/1.jpeg');
    expect(photoUrl('1.jpeg')).toBe('/photos/1.jpeg');
    expect(photoUrl(undefined)).toBeNull();
  });
});
