import { describe, expect, it } from 'vitest';
import { settingsAccess } from './settingsAccess';

describe('settingsAccess', () => {
  it('gives a practice admin the settings frame on every section', () => {
    expect(settingsAccess(['practiceadmin'], '/practice-admin/settings/locations')).toBe('frame');
    expect(settingsAccess(['provider', 'practiceadmin'], '/practice-admin/settings/user/list')).toBe('frame');
  });

  it('lets a staff member open exactly the users list, read-only, and nothing else in settings', () => {
    expect(settingsAccess(['staff'], '/practice-admin/settings/user/list')).toBe('staff-users');
    expect(settingsAccess(['staff'], '/practice-admin/settings/user/list/')).toBe('staff-users');
    expect(settingsAccess(['staff'], '/practice-admin/settings/locations')).toBe('denied');
    expect(settingsAccess(['staff'], '/practice-admin/settings')).toBe('staff-users');
    expect(settingsAccess(['staff'], '/practice-admin/settings/payments')).toBe('denied');
  });

  it('turns away providers and patients', () => {
    expect(settingsAccess(['provider'], '/practice-admin/settings/user/list')).toBe('denied');
    expect(settingsAccess(['patient'], '/practice-admin/settings/user/list')).toBe('denied');
  });
});
