import { describe, expect, it } from 'vitest';
import { encodeState } from './oauthState';
import { probeDecision } from './silentProbe';

const base = {
  url: 'http://localhost/dashboard/doctor',
  state: null,
  probed: false,
  hasValidUserToken: false,
};

describe('probeDecision (§4.8 single-sign-on bootstrap, §2.2)', () => {
  it('probes an unprobed guest once, then shows the landing page', () => {
    expect(probeDecision(base)).toBe('probe');
    expect(probeDecision({ ...base, probed: true })).toBe('landing');
  });
  it('skips for a signed-in user', () => {
    expect(probeDecision({ ...base, hasValidUserToken: true })).toBe('skip');
  });
  it("skips on URLs containing 'sso' and for self-initiated states", () => {
    expect(probeDecision({ ...base, url: 'http://localhost/reputation-management/single-sign-on' })).toBe(
      'probe',
    );
    expect(probeDecision({ ...base, url: 'http://localhost/sso#token=x' })).toBe('skip');
    expect(
      probeDecision({
        ...base,
        state: encodeState({ nonce: 'n', selfInitiated: true, profileMode: 'basic' }),
      }),
    ).toBe('skip');
    expect(probeDecision({ ...base, state: encodeState({ nonce: 'n' }) })).toBe('probe');
  });
});
