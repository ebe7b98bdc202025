import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config';
import type { Database } from '../../platform/db';
import { hashPassword } from './accounts';
import {
  findAccountByEmail,
  findAccountById,
  insertExternalAccount,
  insertExternalLink,
  linkedUserId,
  type Account,
} from './store';
import { patientAccount, type NewRegistration } from './registration';

/**
 * Social login (decision 0020): the realm brokers a generic OpenID Connect provider, as Keycloak does. The
 * browser goes from the realm's login interaction to the provider (authorization code with PKCE S256, state
 * and nonce), comes back to /{alias}-login, and the realm signs in the linked account, links the account of
 * the same verified e-mail, or asks a new user for the rest of the sign-up (social sign-up).
 */
export interface SocialSettings {
  alias: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** Where the provider sends the browser back: {public URL}/{alias}-login. */
  redirectUri: string;
}

export function socialSettings(config: Config): SocialSettings | null {
  if (!config.SOCIAL_OIDC_ISSUER || !config.SOCIAL_OIDC_CLIENT_ID) return null;
  return {
    alias: config.SOCIAL_OIDC_ALIAS,
    name: config.SOCIAL_OIDC_NAME,
    issuer: config.SOCIAL_OIDC_ISSUER.replace(/\/$/, ''),
    clientId: config.SOCIAL_OIDC_CLIENT_ID,
    clientSecret: config.SOCIAL_OIDC_CLIENT_SECRET,
    redirectUri: `${config.publicUrl}/${config.SOCIAL_OIDC_ALIAS}-login`,
  };
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** The identity the provider vouched for, from its verified ID token. */
export interface ExternalIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

/** What the broker cookie carries between the steps: the interaction, and state, nonce and verifier, or the identity. */
export type BrokerState =
  | { step: 'authorize'; uid: string; state: string; nonce: string; verifier: string; exp: number }
  | { step: 'signup'; uid: string; identity: ExternalIdentity; exp: number };

export const BROKER_COOKIE = 'careslot_broker';
/** Ten minutes to sign in at the provider (or to finish the social sign-up). */
export const BROKER_TTL_S = 10 * 60;

export class SocialBroker {
  private discovery: Promise<Discovery> | null = null;
  private jwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  private readonly cookieKey: Buffer;

  constructor(
    readonly settings: SocialSettings,
    signingSecret: string,
    private readonly now: () => Date,
  ) {
    this.cookieKey = createHmac('sha256', signingSecret).update('careslot-social-broker').digest();
  }

  /** The provider's discovery document, fetched once (a failure is retried at the next sign-in). */
  private discover(): Promise<Discovery> {
    this.discovery ??= (async () => {
      const response = await fetch(`${this.settings.issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const document = (await response.json()) as Discovery;
      if (!document.authorization_endpoint || !document.token_endpoint || !document.jwks_uri)
        throw new Error('discovery document lacks endpoints');
      return document;
    })().catch((error: unknown) => {
      this.discovery = null;
      throw error;
    });
    return this.discovery;
  }

  /** Step 1: the provider's authorization URL, and the broker state to keep in the cookie. */
  async authorization(uid: string): Promise<{ url: string; state: BrokerState }> {
    const discovery = await this.discover();
    const state = randomBytes(24).toString('base64url');
    const nonce = randomBytes(24).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    const params = new URLSearchParams({
      client_id: this.settings.clientId,
      redirect_uri: this.settings.redirectUri,
      response_type: 'code',
      scope: 'openid profile email',
      state,
      nonce,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    return {
      url: `${discovery.authorization_endpoint}?${params.toString()}`,
      state: { step: 'authorize', uid, state, nonce, verifier, exp: this.expiry() },
    };
  }

  /** Step 2: the code the provider sent back, exchanged and its ID token verified (issuer, audience, nonce, expiry). */
  async identity(
    code: string,
    pending: Extract<BrokerState, { step: 'authorize' }>,
  ): Promise<ExternalIdentity> {
    const discovery = await this.discover();
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.settings.redirectUri,
      code_verifier: pending.verifier,
      client_id: this.settings.clientId,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (this.settings.clientSecret) {
      const basic = `${encodeURIComponent(this.settings.clientId)}:${encodeURIComponent(this.settings.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
    }
    const response = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers,
      body: form.toString(),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`token endpoint answered ${response.status}`);
    const tokens = (await response.json()) as { id_token?: string };
    if (!tokens.id_token) throw new Error('no id_token');
    this.jwks ??= createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload } = await jwtVerify(tokens.id_token, this.jwks, {
      issuer: discovery.issuer,
      audience: this.settings.clientId,
      currentDate: this.now(),
    });
    if (payload.nonce !== pending.nonce) throw new Error('nonce mismatch');
    return identityOf(payload);
  }

  private expiry() {
    return Math.floor(this.now().getTime() / 1000) + BROKER_TTL_S;
  }

  /** Signs what the broker keeps in the browser between steps (HMAC-SHA256). */
  seal(state: BrokerState): string {
    const body = Buffer.from(JSON.stringify(state)).toString('base64url');
    return `${body}.${createHmac('sha256', this.cookieKey).update(body).digest('base64url')}`;
  }

  /** The broker state of a cookie, or null when it is missing, altered or expired. */
  open(cookie: string | undefined): BrokerState | null {
    if (!cookie) return null;
    const [body, mac] = cookie.split('.');
    if (!body || !mac) return null;
    const expected = createHmac('sha256', this.cookieKey).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const state = JSON.parse(Buffer.from(body, 'base64url').toString()) as BrokerState;
      return state.exp * 1000 > this.now().getTime() ? state : null;
    } catch {
      return null;
    }
  }

  signupState(uid: string, identity: ExternalIdentity): BrokerState {
    return { step: 'signup', uid, identity, exp: this.expiry() };
  }
}

function identityOf(payload: JWTPayload): ExternalIdentity {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  if (!payload.sub) throw new Error('no sub');
  const name = text(payload.name).split(/\s+/).filter(Boolean);
  return {
    subject: payload.sub,
    email: text(payload.email) || null,
    // A provider that says nothing about verification is not trusted with an existing account's e-mail.
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    givenName: (text(payload.given_name) || name[0] || '').slice(0, 35),
    familyName: (text(payload.family_name) || name.slice(1).join(' ') || '').slice(0, 35),
  };
}

/** The realm account linked to the provider's subject, if any. */
export async function linkedAccount(
  database: Database,
  provider: string,
  subject: string,
): Promise<Account | null> {
  const userId = await linkedUserId(database, provider, subject);
  return userId ? findAccountById(database, userId) : null;
}

export async function linkAccount(database: Database, provider: string, subject: string, userId: string) {
  await insertExternalLink(database, provider, subject, userId);
}

/**
 * Signs in a returning user: the linked account, or the account of the same e-mail when the provider
 * verified it (then linked). Null for a new user, who completes the social sign-up first.
 */
export async function accountForIdentity(
  database: Database,
  provider: string,
  identity: ExternalIdentity,
): Promise<Account | null> {
  const linked = await linkedAccount(database, provider, identity.subject);
  if (linked) return linked;
  if (!identity.email || !identity.emailVerified) return null;
  const byEmail = await findAccountByEmail(database, identity.email);
  if (byEmail) await linkAccount(database, provider, identity.subject, byEmail.id);
  return byEmail;
}

/**
 * The social sign-up: a new patient account from the provider's identity and the completed form. It has no
 * usable password (a random one nobody knows); the user signs in through the provider or resets a password.
 */
export async function registerExternalAccount(
  database: Database,
  provider: string,
  identity: ExternalIdentity,
  input: Omit<NewRegistration, 'password'>,
): Promise<Account | null> {
  if (await findAccountByEmail(database, input.email)) return null;
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  await insertExternalAccount(database, provider, identity.subject, patientAccount(input, passwordHash));
  return findAccountByEmail(database, input.email);
}
