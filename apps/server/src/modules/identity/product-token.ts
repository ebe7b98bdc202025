import type { ProductClaims, TokenService } from '../../platform/tokens';
import type { Account } from './store';
import { accountClaims } from './oidc';

/** Lifetime of a product API token, in seconds. */
export const PRODUCT_TOKEN_TTL = 60 * 60;

/**
 * The product token carries the realm's claims of the account (spec §3.1) except the birth date and the
 * phone: the browser keeps this token in storage (decision 0034), and no API call needs them from it.
 */
export function productClaims(account: Account): ProductClaims {
  const { email_verified: _verified, dob: _dob, mobile_number: _mobile, ...claims } = accountClaims(account);
  return claims as unknown as ProductClaims;
}

/** The answer of every call that hands out a product token (data.access_token, §7). */
export async function productTokenAnswer(tokens: TokenService, account: Account, message = 'OK') {
  return {
    status_code: 200,
    message,
    data: {
      access_token: await tokens.sign(productClaims(account), PRODUCT_TOKEN_TTL),
      expires_in: PRODUCT_TOKEN_TTL,
      token_type: 'Bearer' as const,
      application_id: 'careslot_web_app',
    },
  };
}
