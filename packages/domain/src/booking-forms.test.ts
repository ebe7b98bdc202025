import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkDob,
  checkEmail,
  checkMemberId,
  checkName,
  checkOtpCode,
  checkPhone,
  checkZip,
  parseDob,
  validateDemographics,
} from './booking-forms';

const today = new Date(Date.UTC(2026, 10, 22));

describe('booking form fields', () => {
  it('accepts names with letters, spaces and apostrophes up to 35 characters', () => {
    expect(checkName("Mary O'Neil")).toEqual({ valid: true });
    expect(checkName('José')).toEqual({ valid: true });
    expect(checkName('')).toEqual({ valid: false, rule: 'required' });
    expect(checkName('R2D2')).toEqual({ valid: false, rule: 'pattern' });
    expect(checkName('a'.repeat(36))).toEqual({ valid: false, rule: 'maxLength' });
  });

  it('reads dates of birth as M/D/YYYY real past dates', () => {
    expect(checkDob('1/5/1990', today)).toEqual({ valid: true });
    expect(checkDob('1990-01-05', today)).toEqual({ valid: false, rule: 'pattern' });
    expect(checkDob('2/30/1990', today)).toEqual({ valid: false, rule: 'invalidDate' });
    expect(checkDob('12/1/2026', today)).toEqual({ valid: false, rule: 'futureDate' });
    expect(checkDob('11/23/2010', today, 16)).toEqual({ valid: false, rule: 'minAge' });
    expect(checkDob('11/22/2010', today, 16)).toEqual({ valid: true });
  });

  it('round-trips every real date through M/D/YYYY (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(1900, 0, 1)),
          max: new Date(Date.UTC(2026, 10, 22)),
          noInvalidDate: true,
        }),
        (d) => {
          const text = `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
          const parsed = parseDob(text);
          expect(parsed?.getUTCFullYear()).toBe(d.getUTCFullYear());
          expect(checkDob(text, today)).toEqual({ valid: true });
        },
      ),
    );
  });

  it('takes a 10-digit phone, formatted or not', () => {
    expect(checkPhone('(555) 010-1234')).toEqual({ valid: true });
    expect(checkPhone('5550101234')).toEqual({ valid: true });
    expect(checkPhone('555-0101')).toEqual({ valid: false, rule: 'pattern' });
    expect(checkPhone('555a0101234')).toEqual({ valid: false, rule: 'pattern' });
    expect(checkPhone('+1 (555) 010-1234')).toEqual({ valid: false, rule: 'maxLength' });
  });

  it('checks e-mail, zip and member id', () => {
    expect(checkEmail('pat@example.com')).toEqual({ valid: true });
    expect(checkEmail('pat@example')).toEqual({ valid: false, rule: 'pattern' });
    expect(checkZip('10001')).toEqual({ valid: true });
    expect(checkZip('10001-1234')).toEqual({ valid: true });
    expect(checkZip('1000')).toEqual({ valid: false, rule: 'invalidZipLength' });
    expect(checkZip('', false)).toEqual({ valid: true });
    expect(checkMemberId('W123-456')).toEqual({ valid: true });
    expect(checkMemberId('W 123')).toEqual({ valid: false, rule: 'pattern' });
    expect(checkMemberId('')).toEqual({ valid: false, rule: 'required' });
  });

  it('takes exactly six digits as a verification code (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(checkOtpCode(s).valid).toBe(/^[0-9]{6}$/.test(s.trim()));
      }),
    );
  });

  it('reports every failing demographics field at once', () => {
    const errors = validateDemographics(
      {
        firstName: '',
        lastName: 'Doe',
        dob: '13/1/1990',
        email: 'x',
        phone: '5550101234',
        address1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '787',
      },
      today,
    );
    expect(errors).toEqual({
      firstName: 'required',
      dob: 'pattern',
      email: 'pattern',
      zip: 'invalidZipLength',
    });
  });
});
