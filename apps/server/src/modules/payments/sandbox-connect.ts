import { createHash, randomBytes } from 'node:crypto';
import { GatewayError } from './gateway';
import type { PayeeConnector } from './stripe-gateway';

/**
 * The local default of "Connect with Stripe": the authorization step approves at once and sends the browser
 * back with a code of its own ('ac_sandbox_...'); the exchange answers an account id derived from that code
 * (the same code, the same account), so the whole flow works offline and in tests.
 */
export function sandboxConnect(): PayeeConnector {
  return {
    authorizeUrl({ state, returnUrl }) {
      const url = new URL(returnUrl);
      url.searchParams.set('code', `ac_sandbox_${randomBytes(12).toString('hex')}`);
      url.searchParams.set('state', state);
      return url.toString();
    },
    async exchange(code) {
      // Like Stripe, a code it did not issue is refused.
      if (!/^ac_sandbox_[0-9a-f]{24}$/.test(code))
        throw new GatewayError('The sandbox did not issue this authorization code', 'invalid_request');
      return `acct_sandbox${createHash('sha256').update(code).digest('hex').slice(0, 16)}`;
    },
  };
}
