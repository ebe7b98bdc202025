import { describe, expect, it } from 'vitest';
import { ageInYears, usDateToIso } from './validation';

describe('usDateToIso (§5.1 dob M/D/YYYY)', () => {
  it('reads one- and two-digit months and days', () => {
    expect(usDateToIso('7/4/1990')).toBe('1990-07-04');
    expect(usDateToIso('12/31/2001')).toBe('2001-12-31');
  });
  it('refuses dates that do not exist and other shapes', () => {
    expect(usDateToIso('2/30/2001')).toBeNull();
    expect(usDateToIso('1990-07-04')).toBeNull();
    expect(usDateToIso('13/1/2001')).toBeNull();
  });
});

describe('ageInYears', () => {
  it('counts a birthday only once it is reached', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(ageInYears('2010-11-23', now)).toBe(16);
    expect(ageInYears('2010-11-24', now)).toBe(15);
  });
});
