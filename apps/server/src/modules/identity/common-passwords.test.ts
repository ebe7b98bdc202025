import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';
import { validateRegistration, type RegistrationForm } from './registration';
import { registrationPage } from './registration-page';

const form = (password: string): RegistrationForm => ({
  given_name: 'Ana',
  family_name: 'Reyes',
  email: 'ana.reyes@example.com',
  mobile_number: '(212) 555-0147',
  dob: '5/1/1990',
  gender: 'Female',
  password,
  confirm_password: password,
  eula: 'on',
  oha: 'on',
});

describe('common and breached passwords', () => {
  it('are recognised from the list shipped with the product, whatever their case', () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('Qwerty123')).toBe(true);
    expect(isCommonPassword('Lantern-Orbit-42')).toBe(false);
  });

  it('are refused at registration with the rule named, in all six languages', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(validateRegistration(form('Lantern-Orbit-42'), now).ok).toBe(true);
    const refused = validateRegistration(form('password1'), now);
    expect(refused).toEqual({ ok: false, errors: { password: 'registration.errors.passwordCommon' } });
    const errors = refused.ok ? {} : refused.errors;
    const expected: Record<string, RegExp> = {
      en: /too common/,
      es: /demasiado común/,
      'zh-CN': /过于常见/,
      vi: /quá phổ biến/,
      ko: /흔한 비밀번호/,
      ja: /よく使われすぎ/,
    };
    for (const [language, text] of Object.entries(expected) as [
      Parameters<typeof registrationPage>[0]['language'],
      RegExp,
    ][]) {
      const page = registrationPage({ uid: 'u1', language, values: {}, errors, cancelUrl: '/' });
      expect(page).toMatch(text);
      expect(page).not.toContain('registration.errors.passwordCommon');
    }
  });
});
