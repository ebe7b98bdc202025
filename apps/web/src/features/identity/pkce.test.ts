import { describe, expect, it } from 'vitest';
import { challengeFor, createVerifier } from './pkce';

describe('PKCE', () => {
  it('makes a verifier from 28 random values, as long and in the characters RFC 7636 requires', () => {
    const verifier = createVerifier();
    expect(verifier).toMatch(/^[0-9a-f]{56}$/);
    expect(createVerifier(() => new Uint8Array(28).fill(10))).toBe('0a'.repeat(28));
    expect(createVerifier()).not.toBe(verifier);
  });

  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});
