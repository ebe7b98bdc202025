import { createHmac } from 'node:crypto';
import Provider, {
  interactionPolicy,
  type Adapter,
  type AdapterPayload,
  type Configuration,
} from 'oidc-provider';
import { OAUTH_CLIENT_ID, REALM } from '@careslot/contracts';
import type { Config } from '../../config';
import type { Database } from '../../platform/db';
import type { TokenService } from '../../platform/tokens';
import {
  consumeOidcRecord,
  deleteOidcGrant,
  deleteOidcRecord,
  findAccountById,
  findOidcRecord,
  upsertOidcRecord,
  type Account,
} from './store';

/** Where the realm lives, Keycloak-shaped: /realms/careslot/protocol/openid-connect/... */
export const REALM_PATH = `/realms/${REALM}`;
export const INTERACTION_PATH = `${REALM_PATH}/login-actions`;

export const OIDC_TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  Interaction: 60 * 60,
  // The SessionId cookie lasts 30 days (patient-booking.md §9); so do the realm session and its grant.
  Session: 30 * 24 * 60 * 60,
  Grant: 30 * 24 * 60 * 60,
  RefreshToken: 30 * 24 * 60 * 60,
} as const;

/** oidc-provider's records in identity_oidc_records, so every instance and a restart share them. */
class DatabaseAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly database: Database,
    private readonly now: () => Date,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
    const expiresAt = expiresIn ? new Date(this.now().getTime() + expiresIn * 1000) : null;
    await upsertOidcRecord(this.database, this.model, id, payload, expiresAt);
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string) {
    const row = await findOidcRecord(this.database, this.model, column, value, this.now());
    if (!row) return undefined;
    return row.consumedAt
      ? { ...row.payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
      : row.payload;
  }

  find(id: string) {
    return this.findWhere('id', id);
  }
  findByUid(uid: string) {
    return this.findWhere('uid', uid);
  }
  findByUserCode(userCode: string) {
    return this.findWhere('user_code', userCode);
  }
  async consume(id: string) {
    await consumeOidcRecord(this.database, this.model, id, this.now());
  }
  async destroy(id: string) {
    await deleteOidcRecord(this.database, this.model, id);
  }
  async revokeByGrantId(grantId: string) {
    await deleteOidcGrant(this.database, grantId);
  }
}

/** The claims of spec §3.1 that the realm puts in ID tokens and userinfo. */
export function accountClaims(account: Account): Record<string, unknown> {
  return {
    sub: account.id,
    email: account.email,
    email_verified: true,
    name: `${account.givenName} ${account.familyName}`,
    given_name: account.givenName,
    family_name: account.familyName,
    preferred_username: account.email,
    ...(account.gender ? { gender: account.gender } : {}),
    ...(account.birthDate ? { dob: account.birthDate } : {}),
    ...(account.mobileNumber ? { mobile_number: account.mobileNumber } : {}),
    user_roles: account.userRoles,
    user_type: account.userType,
    ...(account.careslotId ? { careslot_id: account.careslotId } : {}),
    ...(account.practiceId ? { PracticeId: account.practiceId } : {}),
    ...(account.electronicClaimId ? { electronic_claim_id: account.electronicClaimId } : {}),
    ...(account.vendorId ? { vendor_id: account.vendorId } : {}),
    eula_accepted: String(account.eulaAccepted),
    oha_accepted: String(account.ohaAccepted),
  };
}

export interface OidcOptions {
  config: Config;
  database: Database;
  tokens: TokenService;
  now: () => Date;
}

/** The web app's addresses the realm may send a browser back to. */
export function webOrigins(config: Config): string[] {
  const origins = [config.publicUrl];
  // The Vite dev server (npm run dev) serves the web app on its own port.
  if (config.NODE_ENV !== 'production') origins.push('http://localhost:5173', 'http://127.0.0.1:5173');
  return origins;
}

export function createOidcProvider({ config, database, tokens, now }: OidcOptions): Provider {
  const signingJwk = tokens.privateJwk();
  // Cookie signing keys derived from the signing key, so every instance sharing the database agrees.
  const cookieKey = createHmac('sha256', String(signingJwk.d))
    .update('careslot-oidc-cookies')
    .digest('base64url');
  const origins = webOrigins(config);

  const configuration: Configuration = {
    adapter: (model: string) => new DatabaseAdapter(model, database, now),
    clients: [
      {
        client_id: OAUTH_CLIENT_ID,
        client_name: 'CareSlot',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.map((origin) => `${origin}/callback`),
        post_logout_redirect_uris: origins.flatMap((origin) => [origin, `${origin}/`]),
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: [cookieKey], long: { signed: true }, short: { signed: true, path: '/' } },
    claims: {
      // amr (RFC 8176): how the sign-in was made (pwd; pwd and otp with a second factor), in the ID token.
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: [
        'name',
        'given_name',
        'family_name',
        'preferred_username',
        'gender',
        'dob',
        'mobile_number',
        'user_roles',
        'user_type',
        'careslot_id',
        'PracticeId',
        'electronic_claim_id',
        'vendor_id',
        'eula_accepted',
        'oha_accepted',
      ],
    },
    // The ID token carries the profile claims too: the web app reads them from it (spec §3.1).
    conformIdTokenClaims: false,
    findAccount: async (_ctx: unknown, id: string) => {
      const account = await findAccountById(database, id);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => accountClaims(account) };
    },
    // PKCE is required and only S256 exists in oidc-provider 9: 'plain' is refused.
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      revocation: { enabled: true },
      userinfo: { enabled: true },
    },
    // A refresh token for the web app without asking for offline_access; each use rotates it.
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    routes: {
      authorization: '/protocol/openid-connect/auth',
      token: '/protocol/openid-connect/token',
      end_session: '/protocol/openid-connect/logout',
      jwks: '/protocol/openid-connect/certs',
      userinfo: '/protocol/openid-connect/userinfo',
      revocation: '/protocol/openid-connect/revoke',
    },
    interactions: {
      policy: interactionPolicyWithCreate(),
      url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_PATH}/${interaction.uid}`,
    },
    ttl: OIDC_TTL,
    extraParams: ['initiate_url', 'kc_idp_hint'],
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = errorPage(out);
    },
  };
  const provider = new Provider(`${config.publicUrl}${REALM_PATH}`, configuration);
  provider.proxy = true;
  return provider;
}

/**
 * The default login and consent prompts, led by a requestable 'create' prompt: an authorization request
 * with prompt=create opens the realm's registration page (Initiating User Registration via OpenID Connect).
 */
function interactionPolicyWithCreate() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);
  return policy;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function errorPage(out: Record<string, string>): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CareSlot</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="${REALM_PATH}/login.css"></head>
<body><main class="card"><h1>CareSlot</h1><p role="alert">${escapeHtml(out.error_description ?? out.error ?? 'error')}</p>
<p><a href="/">CareSlot</a></p></main></body></html>`;
}

// RP-initiated logout without a confirmation page: the form the provider renders is submitted at once.
function logoutSource(ctx: { body: string }, form: string) {
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CareSlot</title></head><body>${form.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"/></form>',
  )}<script src="${REALM_PATH}/logout.js"></script></body></html>`;
}

function postLogoutSuccessSource(ctx: { body: string }) {
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CareSlot</title>
<link rel="stylesheet" href="${REALM_PATH}/login.css"></head><body><main class="card"><h1>CareSlot</h1><p><a href="/">CareSlot</a></p></main></body></html>`;
}
