import { describe, expect, it } from 'vitest';
import { isLandingUrl, showsLanding } from './landingSwitch';

describe('landing switch', () => {
  it('shows the landing page at / when enabled and not dismissed', () => {
    expect(showsLanding({ enabled: true, search: '', dismissed: false })).toBe(true);
  });

  it('shows the patient home at / once Find a Top Doctor cleared the landing state', () => {
    expect(showsLanding({ enabled: true, search: '', dismissed: true })).toBe(false);
  });

  it.each(['?section=payments', '?utm_source=newsletter', '?utm_source=x&section=home'])(
    'opens the landing page again for %s',
    (search) => {
      expect(isLandingUrl(search)).toBe(true);
      expect(showsLanding({ enabled: true, search, dismissed: true })).toBe(true);
    },
  );

  it('never shows the landing page when the deployment disabled it', () => {
    expect(showsLanding({ enabled: false, search: '?section=payments', dismissed: false })).toBe(false);
  });

  it('ignores other parameters', () => {
    expect(isLandingUrl('?sections=1&utm=2')).toBe(false);
  });
});
