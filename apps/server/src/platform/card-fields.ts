import type { HostedFieldEnvironment } from '@careslot/contracts';
import type { Config } from '../config';

type CardFieldConfig = Pick<
  Config,
  'FORTIS_USER_ID' | 'FORTIS_USER_API_KEY' | 'FORTIS_DEVELOPER_ID' | 'FORTIS_API_URL' | 'GLOBALPAY_API_URL'
>;

const environmentOf = (apiUrl: string): HostedFieldEnvironment =>
  new URL(apiUrl).hostname.includes('sandbox') ? 'sandbox' : 'production';

/**
 * Whose hosted card field the browser loads (decision 0077): Fortis Elements when the server takes Fortis payments
 * for real (its three platform credentials), Global Payments' hosted fields when GLOBALPAY_API_URL is set; the
 * environment follows the API the server calls (a 'sandbox' host, else production). Null: the built-in sandbox
 * stands in for that gateway and shows its own card form.
 */
export function hostedCardFields(config: CardFieldConfig): {
  fortis: HostedFieldEnvironment | null;
  globalpay: HostedFieldEnvironment | null;
} {
  const fortisLive = !!(config.FORTIS_USER_ID && config.FORTIS_USER_API_KEY && config.FORTIS_DEVELOPER_ID);
  return {
    fortis: fortisLive ? environmentOf(config.FORTIS_API_URL) : null,
    globalpay: config.GLOBALPAY_API_URL ? environmentOf(config.GLOBALPAY_API_URL) : null,
  };
}

/** The origin of Fortis Elements' script (commerce.js) and of the frames it draws, per environment. */
export const FORTIS_ELEMENTS_ORIGIN: Record<HostedFieldEnvironment, string> = {
  sandbox: 'https://js.sandbox.fortis.tech',
  production: 'https://js.fortis.tech',
};

/** The origin of globalpayments.js and of its hosted fields' frames (both environments). */
export const GLOBALPAY_JS_ORIGIN = 'https://js.globalpay.com';

/**
 * What the content security policy must add for the configured hosted card fields: each one's script origin in
 * script-src and frame-src, nothing when the sandbox stands in (the policy then stays 'self').
 */
export function hostedCardFieldSources(config: CardFieldConfig): string[] {
  const fields = hostedCardFields(config);
  return [
    ...(fields.fortis ? [FORTIS_ELEMENTS_ORIGIN[fields.fortis]] : []),
    ...(fields.globalpay ? [GLOBALPAY_JS_ORIGIN] : []),
  ];
}
