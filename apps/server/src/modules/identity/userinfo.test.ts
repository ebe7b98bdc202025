import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { OAUTH_CLIENT_ID } from '@careslot/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { authorize } from '../../testing/sign-in';
import { DEMO_PASSWORD, demoPerson } from '../../seed';

/** A free port, so the realm's issuer (PUBLIC_URL) is the address the client really talks to. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let t: TestApp;
let base: string;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { PUBLIC_URL: base, PORT: String(port) } });
  await t.app.listen({ host: '127.0.0.1', port });
}, 30_000);
afterAll(() => t.close());

describe("the realm's userinfo endpoint, used by a standard OpenID Connect client (openid-client)", () => {
  it('answers the claims of a valid access token sent in the Authorization: Bearer header', async () => {
    const patient = demoPerson('patient');
    // Discovery over HTTP, as any relying party does it (a public client: PKCE, no secret).
    const config = await oidc.discovery(
      new URL(`${base}/realms/careslot`),
      OAUTH_CLIENT_ID,
      undefined,
      oidc.None(),
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    expect(config.serverMetadata().userinfo_endpoint).toBe(
      `${base}/realms/careslot/protocol/openid-connect/userinfo`,
    );

    // The browser part (login form) through inject; the code grant itself by the library.
    const signedIn = await authorize(t, patient.email, DEMO_PASSWORD);
    const callback = new URL(signedIn.redirectUri);
    callback.searchParams.set('code', signedIn.code);
    callback.searchParams.set('state', signedIn.state);
    callback.searchParams.set('iss', config.serverMetadata().issuer);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: signedIn.pkce.verifier,
      expectedState: signedIn.state,
    });
    const subject = tokens.claims()!.sub;

    const info = await oidc.fetchUserInfo(config, tokens.access_token, subject);
    expect(info.sub).toBe(subject);
    expect(info.email).toBe(patient.email);
  });

  it('still refuses an access token it did not issue', async () => {
    const config = await oidc.discovery(
      new URL(`${base}/realms/careslot`),
      OAUTH_CLIENT_ID,
      undefined,
      oidc.None(),
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    await expect(
      oidc.fetchUserInfo(config, 'not-a-token-of-this-realm', oidc.skipSubjectCheck),
    ).rejects.toThrow();
    const raw = await fetch(`${base}/realms/careslot/protocol/openid-connect/userinfo`, {
      headers: { authorization: 'Bearer not-a-token-of-this-realm' },
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toMatch(/invalid_token/);
  });
});
