import { describe, expect, it } from 'vitest';
import { isValidDea, personIssues, personNameRule, suffixRule, usPhoneDigits } from './people';

describe('isValidDea', () => {
  it('accepts two letters and seven digits whose last is the check digit', () => {
    expect(isValidDea('AB1234563')).toBe(true);
    expect(isValidDea('ab1234563')).toBe(true);
    expect(isValidDea('A91234563')).toBe(true);
  });
  it('refuses a wrong check digit, a first letter the spec excludes and a malformed number', () => {
    expect(isValidDea('AB1234564')).toBe(false);
    for (const letter of ['I', 'N', 'O', 'Q', 'V', 'W', 'Y', 'Z'])
      expect(isValidDea(`${letter}B1234563`)).toBe(false);
    expect(isValidDea('AB123456')).toBe(false);
    expect(isValidDea('1B1234563')).toBe(false);
  });
});

describe('person rules', () => {
  it('names: letters, spaces and apostrophes, at most 35', () => {
    expect(personNameRule("Mary O'Neil")).toBeNull();
    expect(personNameRule('José')).toBeNull();
    expect(personNameRule('R2D2')).toBe('pattern');
    expect(personNameRule('a'.repeat(36))).toBe('max_length');
    expect(personNameRule('  ')).toBe('required');
  });
  it('suffix at most 25; phone of 10 digits', () => {
    expect(suffixRule('MD, FACP')).toBeNull();
    expect(suffixRule('M'.repeat(26))).toBe('max_length');
    expect(usPhoneDigits('(555) 201-3344')).toBe('5552013344');
    expect(usPhoneDigits('+1 555 201 3344')).toBe('5552013344');
    expect(usPhoneDigits('555-0100')).toBeNull();
  });
  it('names every failed field once, and requires the NPI of a provider only', () => {
    const base = { FirstName: 'Ann', LastName: 'Lee', Email: 'ann@example.com' };
    expect(personIssues(base, { provider: false })).toEqual([]);
    expect(personIssues(base, { provider: true })).toEqual([
      expect.objectContaining({ field: 'Npi', rule: 'required' }),
    ]);
    expect(personIssues({ ...base, Npi: '1234567890' }, { provider: true })).toEqual([
      expect.objectContaining({ field: 'Npi', rule: 'npi' }),
    ]);
    expect(personIssues({ ...base, Npi: '1234567893' }, { provider: true })).toEqual([]);
    expect(
      personIssues({ ...base, Email: 'not-an-email', DeaNumber: 'ZZ0000000' }, { provider: false }).map(
        (i) => i.field,
      ),
    ).toEqual(['Email', 'DeaNumber']);
  });
});
