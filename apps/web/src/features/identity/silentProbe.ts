import { decodeState } from './oauthState';

/** The probe flag of the single-sign-on bootstrap (§4.8), for this tab. */
export const PROBED_KEY = 'sso_probed';

export interface ProbeInput {
  url: string;
  /** The OAuth state of the request that brought the browser here, if any. */
  state: string | null;
  probed: boolean;
  hasValidUserToken: boolean;
}

export type ProbeDecision = 'skip' | 'probe' | 'landing';

/**
 * Single-sign-on bootstrap (patient-booking.md §4.8, §2.2): a signed-in user skips it; URLs containing
 * 'sso' and states marked selfInitiated skip the silent probe; otherwise an unprobed guest is probed once
 * with prompt=none, and a guest already probed gets the landing page.
 */
export function probeDecision({ url, state, probed, hasValidUserToken }: ProbeInput): ProbeDecision {
  if (hasValidUserToken) return 'skip';
  if (url.toLowerCase().includes('sso')) return 'skip';
  if (decodeState(state)?.selfInitiated) return 'skip';
  return probed ? 'landing' : 'probe';
}
