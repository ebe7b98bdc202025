import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingStep, timeStep, totp, type TotpAlgorithm } from './totp';

// RFC 6238 Appendix B: the seeds are the ASCII digits "1234567890" repeated to 20, 32 and 64 bytes.
const SEEDS: Record<TotpAlgorithm, Buffer> = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, string, TotpAlgorithm][] = [
  [59, '94287082', 'sha1'],
  [59, '46119246', 'sha256'],
  [59, '90693936', 'sha512'],
  [1111111109, '07081804', 'sha1'],
  [1111111109, '68084774', 'sha256'],
  [1111111109, '25091201', 'sha512'],
  [1111111111, '14050471', 'sha1'],
  [1111111111, '67062674', 'sha256'],
  [1111111111, '99943326', 'sha512'],
  [1234567890, '89005924', 'sha1'],
  [1234567890, '91819424', 'sha256'],
  [1234567890, '93441116', 'sha512'],
  [2000000000, '69279037', 'sha1'],
  [2000000000, '90698825', 'sha256'],
  [2000000000, '38618901', 'sha512'],
  [20000000000, '65353130', 'sha1'],
  [20000000000, '77737706', 'sha256'],
  [20000000000, '47863826', 'sha512'],
];

describe('TOTP (RFC 6238) and HOTP (RFC 4226)', () => {
  it.each(VECTORS)('at %i s gives %s with %s (RFC 6238 Appendix B)', (seconds, code, algorithm) => {
    expect(totp(SEEDS[algorithm], new Date(seconds * 1000), { digits: 8, algorithm })).toBe(code);
  });

  it('gives the HOTP values of RFC 4226 Appendix D', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(SEEDS.sha1, counter))).toEqual(expected);
  });

  it('accepts a code of the step before or after (clock drift), not two steps away, and names its step', () => {
    const at = new Date('2026-11-29T12:00:10Z');
    const step = timeStep(at);
    expect(matchingStep(SEEDS.sha1, totp(SEEDS.sha1, at), at)).toBe(step);
    expect(matchingStep(SEEDS.sha1, hotp(SEEDS.sha1, step - 1), at)).toBe(step - 1);
    expect(matchingStep(SEEDS.sha1, hotp(SEEDS.sha1, step + 1), at)).toBe(step + 1);
    expect(matchingStep(SEEDS.sha1, hotp(SEEDS.sha1, step + 2), at)).toBeNull();
    expect(matchingStep(SEEDS.sha1, 'abcdef', at)).toBeNull();
  });

  it('round-trips base32 (RFC 4648)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(SEEDS.sha1)).equals(SEEDS.sha1)).toBe(true);
  });
});
