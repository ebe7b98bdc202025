import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatZip, validateZip, zipDigits } from './zip';

describe('zip input', () => {
  it('formats nine digits as 12345-6789', () => {
    expect(formatZip('123456789')).toBe('12345-6789');
  });

  it('keeps five digits or fewer unformatted', () => {
    expect(formatZip('10001')).toBe('10001');
    expect(formatZip('100')).toBe('100');
  });

  it('strips non-digits and never keeps more than nine digits', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const digits = zipDigits(typed);
        expect(digits).toMatch(/^[0-9]{0,9}$/);
        expect(formatZip(typed).length).toBeLessThanOrEqual(10);
      }),
    );
  });

  it('is valid only with exactly 5 or 9 digits, or empty', () => {
    expect(validateZip('')).toEqual({ valid: true });
    expect(validateZip('10001')).toEqual({ valid: true });
    expect(validateZip('10001-1234')).toEqual({ valid: true });
    for (const bad of ['1', '12', '1234', '123456', '12345678']) {
      expect(validateZip(bad)).toEqual({ valid: false, error: 'invalidZipLength' });
    }
  });
});
