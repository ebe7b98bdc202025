import { describe, expect, it } from 'vitest';
import { addressLines, telHref } from './profileText';

describe('profile texts', () => {
  it('writes a facility address on two lines with a 5-4 zip', () => {
    expect(
      addressLines({
        Address1: '12 Main St',
        Address2: 'Suite 4',
        City: 'Austin',
        State: 'TX',
        ZipCode: '787011234',
      }),
    ).toEqual(['12 Main St, Suite 4', 'Austin, TX 78701-1234']);
    expect(
      addressLines({ Address1: '1 Elm', Address2: null, City: 'Reno', State: 'NV', ZipCode: '89501' }),
    ).toEqual(['1 Elm', 'Reno, NV 89501']);
  });

  it('keeps the digits and a leading + of a phone for its link', () => {
    expect(telHref('+1 (212) 555-0147')).toBe('tel:+12125550147');
  });
});
