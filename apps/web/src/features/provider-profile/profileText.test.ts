import { describe, expect, it } from 'vitest';
import type { Location, Practitioner } from '@careslot/contracts';
import { addressLines, practitionerDisplayName } from './profileText';

describe('provider profile texts', () => {
  it('names a practitioner with prefix, given names, family name and suffix', () => {
    const p = {
      Name: [{ Prefix: ['Dr.'], Given: ['Olivia', 'M.'], Family: 'Bennett', Suffix: 'MD', Title: null }],
    } as unknown as Practitioner;
    expect(practitionerDisplayName(p)).toBe('Dr. Olivia M. Bennett, MD');
  });

  it('writes a facility address on two lines with a 5-4 zip', () => {
    const l = {
      address: {
        address1: '12 Main St',
        address2: 'Suite 4',
        city: 'Austin',
        state: 'TX',
        zip_code: '787011234',
      },
    } as unknown as Location;
    expect(addressLines(l)).toEqual(['12 Main St, Suite 4', 'Austin, TX 78701-1234']);
  });
});
