import { describe, expect, it } from 'vitest';
import { formatListName, formatPhone, initials, maskCard, relativeAge, salutationFor } from './format';
import { isValidEmail, isValidNpi, equalsIgnoreCase, PATTERNS } from './validation';

describe('formatters', () => {
  it('shows a phone as (xxx) xxx-xxxx with an optional country code', () => {
    expect(formatPhone('2125550147')).toBe('(212) 555-0147');
    expect(formatPhone('12125550147')).toBe('+1 (212) 555-0147');
    expect(formatPhone('212-555-0147', '1')).toBe('+1 (212) 555-0147');
  });

  it('names a person as Last, First', () => {
    expect(formatListName('Ana', 'Reyes')).toBe('Reyes, Ana');
  });

  it('masks a card as ten x and the last six characters', () => {
    expect(maskCard('4242424242424242')).toBe('xxxxxxxxxx424242');
  });

  it('takes initials from the preferred name first', () => {
    expect(initials({ preferredName: 'liz', firstName: 'Elizabeth', lastName: 'Moss' })).toBe('L');
    expect(initials({ firstName: 'elizabeth', lastName: 'moss' })).toBe('EM');
  });

  it('labels relative age in days, hours, minutes, else just now', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(relativeAge(new Date('2026-11-20T11:00:00Z'), now)).toEqual({ unit: 'days', count: 2 });
    expect(relativeAge(new Date('2026-11-22T09:30:00Z'), now)).toEqual({ unit: 'hours', count: 2 });
    expect(relativeAge(new Date('2026-11-22T11:55:00Z'), now)).toEqual({ unit: 'minutes', count: 5 });
    expect(relativeAge(new Date('2026-11-22T11:59:30Z'), now)).toEqual({ unit: 'now' });
  });

  it('chooses the salutation from gender', () => {
    expect(salutationFor('male')).toBe('Mr');
    expect(salutationFor('F')).toBe('Mrs');
    expect(salutationFor('U')).toBe('Mx');
  });
});

describe('validation patterns', () => {
  it('accepts ordinary addresses and refuses malformed ones', () => {
    expect(isValidEmail('ana.reyes@example.com')).toBe(true);
    expect(isValidEmail('ana@example.c')).toBe(false);
    expect(isValidEmail('ana<>@example.com')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(315)}@x.com`)).toBe(false);
  });

  it('checks NPI numbers with the 80840 Luhn prefix', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('123')).toBe(false);
  });

  it('refuses an SSN with area 000, group 00 or serial 0000', () => {
    expect(PATTERNS.ssn.test('123-45-6789')).toBe(true);
    expect(PATTERNS.ssn.test('000-45-6789')).toBe(false);
    expect(PATTERNS.ssn.test('123-00-6789')).toBe(false);
    expect(PATTERNS.ssn.test('123-45-0000')).toBe(false);
  });

  it('compares strings without regard to case', () => {
    expect(equalsIgnoreCase('Cardiologist', 'cardiologist')).toBe(true);
    expect(equalsIgnoreCase('Cardiologist', 'Neurologist')).toBe(false);
  });
});
