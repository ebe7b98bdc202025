import { describe, expect, it } from 'vitest';
import { HEADER_LINK_ORDER, homeForRoles, LOGIN_LANDING_ORDER } from './roleHome';

describe('homeForRoles', () => {
  it.each([
    [['patient'], '/portal'],
    [['provider'], '/dashboard/doctor'],
    [['superuser'], '/super-user/dashboard'],
    [['supportagent'], '/support-agent/dashboard'],
    [['staff'], '/dashboard/practice-staff'],
    [['practiceadmin'], '/practice-admin/dashboard'],
  ])('sends %j to %s', (roles, home) => {
    expect(homeForRoles(roles, HEADER_LINK_ORDER)).toBe(home);
    expect(homeForRoles(roles, LOGIN_LANDING_ORDER)).toBe(home);
  });

  it('puts the patient portal first after sign-in but the provider dashboard first in the header', () => {
    expect(homeForRoles(['provider', 'patient'], LOGIN_LANDING_ORDER)).toBe('/portal');
    expect(homeForRoles(['provider', 'patient'], HEADER_LINK_ORDER)).toBe('/dashboard/doctor');
  });

  it('compares roles case-insensitively and answers null without a known role', () => {
    expect(homeForRoles(['PracticeAdmin'], HEADER_LINK_ORDER)).toBe('/practice-admin/dashboard');
    expect(homeForRoles(['FinancialSuperUser'], HEADER_LINK_ORDER)).toBe('/super-user/finance');
    expect(homeForRoles(['FinancialSuperUser'], LOGIN_LANDING_ORDER)).toBe('/super-user/finance');
    expect(homeForRoles([], HEADER_LINK_ORDER)).toBeNull();
  });
});
