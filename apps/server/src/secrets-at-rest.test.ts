import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_PATHS } from '@careslot/contracts';
import { hashPassword } from './modules/identity/accounts';
import { insertAccounts } from './modules/identity/store';
import * as paymentStore from './modules/payments/store';
import {
  createSecretBox,
  parseSecretsKeys,
  readOrCreateKeyFile,
  SECRETS_KEY_FILE,
  secretBoxFromConfig,
  SecretsKeyError,
} from './platform/secrets';
import { createTokenService } from './platform/tokens';
import { sealStoredSecrets } from './secrets-at-rest';
import { bearer, createTestApp, type TestApp } from './testing/app';
import { createTestPractice } from './testing/factories';
import { signIn } from './testing/sign-in';
import { TEST_SECRETS_KEY } from './testing/test-secrets';

const key = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe('the secret box (decision 0088)', () => {
  const box = createSecretBox(parseSecretsKeys(key('one')));

  it('seals with AES-256-GCM under the key id, a fresh value each time, bound to its purpose', () => {
    const first = box.seal('S3cret-credential!', 'payments.credential');
    const second = box.seal('S3cret-credential!', 'payments.credential');
    expect(first).toMatch(/^sealed:v1:one:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('S3cret');
    expect(box.open(first, 'payments.credential')).toBe('S3cret-credential!');
    // Copied into another column, it does not open.
    expect(() => box.open(first, 'identity_mfa_totp.secret')).toThrow(SecretsKeyError);
    // A changed byte does not authenticate.
    const tampered = first.slice(0, -2) + (first.endsWith('A') ? 'B' : 'A') + first.slice(-1);
    expect(() => box.open(tampered, 'payments.credential')).toThrow(/damaged|does not open/);
  });

  it('refuses clearly: a value in clear, a key not configured, a configured key that is not the one', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'identity_mfa_totp.secret');
    expect(() => box.open('JBSWY3DPEHPK3PXP', 'identity_mfa_totp.secret')).toThrow(
      'a stored identity_mfa_totp.secret is not sealed',
    );
    const other = createSecretBox(parseSecretsKeys(key('two')));
    expect(() => other.open(sealed, 'identity_mfa_totp.secret')).toThrow(
      "a stored identity_mfa_totp.secret is sealed with key 'one', which SECRETS_KEY does not list (keys: two)",
    );
    const impostor = createSecretBox(parseSecretsKeys(key('one')));
    expect(() => impostor.open(sealed, 'identity_mfa_totp.secret')).toThrow(
      "a stored identity_mfa_totp.secret does not open with key 'one': the configured key is not the one it was sealed with",
    );
  });

  it('reads a key list: the first seals, the others open; errors name the entry, never the key', () => {
    const oldKey = key('old');
    const old = createSecretBox(parseSecretsKeys(oldKey));
    const sealedOld = old.seal('abc', 'p');
    const both = createSecretBox(parseSecretsKeys(`${key('new')}, ${oldKey}`));
    expect(both.currentKeyId).toBe('new');
    expect(both.open(sealedOld, 'p')).toBe('abc');
    expect(both.isCurrent(sealedOld)).toBe(false);
    const resealed = both.reseal(sealedOld, 'p');
    expect(resealed.startsWith('sealed:v1:new:')).toBe(true);
    expect(both.reseal(resealed, 'p')).toBe(resealed);
    expect(both.reseal('in clear', 'p').startsWith('sealed:v1:new:')).toBe(true);

    const bare = randomBytes(32).toString('base64');
    expect(parseSecretsKeys(bare)[0]!.id).toMatch(/^k[0-9a-f]{10}$/);
    expect(() => parseSecretsKeys('short:c2hvcnQ=')).toThrow(
      'SECRETS_KEY: key 1 must be 32 bytes in base64 (openssl rand -base64 32), got 5',
    );
    expect(() => parseSecretsKeys(`bad id:${bare}`)).toThrow(/key 1's id must be/);
    expect(() => parseSecretsKeys(`a:${bare},a:${bare}`)).toThrow('two keys have the same id');
  });

  it('keeps the embedded key in DATA_DIR with owner-only permissions, and refuses a file others may read', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'careslot-secrets-'));
    try {
      const config = { DATA_DIR: path.join(dir, 'data'), NODE_ENV: 'production' };
      const first = secretBoxFromConfig(config);
      const file = path.join(config.DATA_DIR, SECRETS_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const sealed = first.seal('kept', 'p');
      // A second start reads the same key.
      expect(secretBoxFromConfig(config).open(sealed, 'p')).toBe('kept');
      expect(readFileSync(file, 'utf8')).not.toContain('kept');
      chmodSync(file, 0o644);
      expect(() => readOrCreateKeyFile(config.DATA_DIR)).toThrow(/readable by others \(mode 644\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks SECRETS_KEY of a production server on PostgreSQL', () => {
    expect(() =>
      secretBoxFromConfig({
        DATA_DIR: '/nonexistent',
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/careslot',
      }),
    ).toThrow('SECRETS_KEY: required in production with DATABASE_URL');
  });
});

describe('stored secrets sealed at rest (issue 24 item 7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  const PASSWORD = 'Sealed-pass-1357';

  it('stores a TOTP secret, a gateway credential and the token signing key sealed, never in clear', async () => {
    const email = `sealed-${randomUUID()}@practice.example`;
    await insertAccounts(t.database, [
      {
        email,
        passwordHash: await hashPassword(PASSWORD),
        givenName: 'Sela',
        familyName: 'Ward',
        userType: 'Practitioner',
        userRoles: ['practiceadmin'],
        careslotId: randomUUID(),
        practiceId: null,
      },
    ]);
    const token = await signIn(t, email, PASSWORD);
    const started = await t.call<{ data: { Secret: string } }>({
      method: 'POST',
      url: MFA_PATHS.totp,
      headers: bearer(token),
    });
    expect(started.statusCode).toBe(200);
    const [totpRow] = await t.database.query<{ secret: string }>(
      'select secret from identity_mfa_totp m join identity_users u on u.id = m.user_id where u.email = $1',
      [email],
    );
    expect(totpRow!.secret).not.toContain(started.json.data.Secret);
    expect(t.secrets.open(totpRow!.secret, 'identity_mfa_totp.secret')).toBe(started.json.data.Secret);

    const practice = await createTestPractice(t);
    await paymentStore.upsertOrgConfig(
      t.database,
      t.secrets,
      practice.OrganizationId,
      true,
      { gatewayName: 'globalpay', accountNumber: 'app-id', productId: null, credential: 'GP-app-key-777' },
      new Date(),
    );
    const [org] = await t.database.query<{ credential: string }>(
      'select credential from payment_org_configs where organization_id = $1',
      [practice.OrganizationId],
    );
    expect(org!.credential).not.toContain('GP-app-key-777');
    expect(org!.credential.startsWith(`sealed:v1:${t.secrets.currentKeyId}:`)).toBe(true);

    const keys = await t.database.query<{ private_jwk: string }>('select private_jwk from signing_keys');
    expect(keys.length).toBeGreaterThan(0);
    for (const row of keys) expect(row.private_jwk).toMatch(/^sealed:v1:/);
    const [signing] = await t.database.query<{ private_jwk: string }>(
      'select private_jwk from signing_keys where kid = $1',
      [t.tokens.kid],
    );
    expect(JSON.parse(t.secrets.open(signing!.private_jwk, 'signing_keys.private_jwk'))).toMatchObject({
      kid: t.tokens.kid,
      kty: 'EC',
    });
    // The demo practices' reputation keys (seeded in clear) were sealed by the pass the template ran.
    const reputation = await t.database.query<{ api_key: string }>(
      'select api_key from reputation_organization_settings',
    );
    expect(reputation.length).toBeGreaterThan(0);
    for (const row of reputation) expect(row.api_key).toMatch(/^sealed:v1:/);
  });

  it('seals the rows a database from before the change holds in clear, then rotates them to a new key', async () => {
    const practice = await createTestPractice(t);
    const secondPractice = await createTestPractice(t);
    const [user] = await t.database.query<{ id: string }>('select id from identity_users limit 1');
    await t.database.query('delete from identity_mfa_totp where user_id = $1', [user!.id]);
    // As an older server wrote them: in clear.
    await t.database.query('insert into identity_mfa_totp (user_id, secret) values ($1, $2)', [
      user!.id,
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    ]);
    await t.database.query(
      `insert into payment_location_configs (location_id, organization_id, gateway_name, account_number, credential)
       values ($1, $2, 'globalpay', 'app', 'plain-location-key')
       on conflict (location_id) do update set credential = excluded.credential`,
      [practice.LocationId, practice.OrganizationId],
    );
    await t.database.query(
      `insert into reputation_organization_settings (id, organization_id, api_key, business_id)
       values ($1, $2, 'abcdefabcdefabcdefabcdefabcdef12', '123456789012345')`,
      [randomUUID(), secondPractice.OrganizationId],
    );
    const cardKid = randomUUID();
    await t.database.query(
      `insert into health_card_keys (kid, private_jwk, public_jwk) values ($1, '{"kty":"EC","d":"plain-d"}', '{"kty":"EC"}')`,
      [cardKid],
    );
    const oldKid = randomUUID();
    await t.database.query(
      `insert into signing_keys (kid, alg, private_jwk, public_jwk, retired_at)
       values ($1, 'ES256', '{"kty":"EC","d":"old-d"}', '{"kty":"EC"}', now())`,
      [oldKid],
    );

    const sealed = await sealStoredSecrets(t.database, t.secrets);
    expect(sealed).toEqual({
      'signing_keys.private_jwk': 1,
      'health_card_keys.private_jwk': 1,
      'identity_mfa_totp.secret': 1,
      'payment_*_configs.credential': 1,
      'reputation_organization_settings.api_key': 1,
    });
    // Done once: a second pass (another instance's start) changes nothing.
    expect(Object.values(await sealStoredSecrets(t.database, t.secrets))).toEqual([0, 0, 0, 0, 0]);

    const stored = async () => ({
      totp: (
        await t.database.query<{ v: string }>(
          'select secret as v from identity_mfa_totp where user_id = $1',
          [user!.id],
        )
      )[0]!.v,
      location: (
        await t.database.query<{ v: string }>(
          'select credential as v from payment_location_configs where location_id = $1',
          [practice.LocationId],
        )
      )[0]!.v,
      reputation: (
        await t.database.query<{ v: string }>(
          'select api_key as v from reputation_organization_settings where organization_id = $1',
          [secondPractice.OrganizationId],
        )
      )[0]!.v,
      card: (
        await t.database.query<{ v: string }>(
          'select private_jwk as v from health_card_keys where kid = $1',
          [cardKid],
        )
      )[0]!.v,
      signing: (
        await t.database.query<{ v: string }>('select private_jwk as v from signing_keys where kid = $1', [
          oldKid,
        ])
      )[0]!.v,
    });
    const before = await stored();
    expect(JSON.stringify(before)).not.toMatch(/JBSWY3DP|plain-location-key|abcdefabcdef|plain-d|old-d/);
    expect(t.secrets.open(before.totp, 'identity_mfa_totp.secret')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(t.secrets.open(before.location, 'payments.credential')).toBe('plain-location-key');
    expect(t.secrets.open(before.card, 'health_card_keys.private_jwk')).toContain('plain-d');

    // Rotation: the new key first, the old one after it; the pass reseals everything under the new key.
    const newKey = key('next');
    const rotating = createSecretBox(parseSecretsKeys(`${newKey},${TEST_SECRETS_KEY}`));
    const resealed = await sealStoredSecrets(t.database, rotating);
    expect(resealed['signing_keys.private_jwk']).toBeGreaterThanOrEqual(2);
    expect(resealed['identity_mfa_totp.secret']).toBeGreaterThanOrEqual(1);
    const after = await stored();
    for (const value of Object.values(after)) expect(value.startsWith('sealed:v1:next:')).toBe(true);
    const newOnly = createSecretBox(parseSecretsKeys(newKey));
    expect(newOnly.open(after.totp, 'identity_mfa_totp.secret')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(newOnly.open(after.reputation, 'reputation_organization_settings.api_key')).toBe(
      'abcdefabcdefabcdefabcdefabcdef12',
    );

    // A start with only the old key refuses clearly, naming the secret and the key it lacks.
    await expect(createTokenService(t.database, () => t.clock.now(), t.secrets)).rejects.toThrow(
      "a stored signing_keys.private_jwk is sealed with key 'next', which SECRETS_KEY does not list (keys: test)",
    );
    // With the new key, a start signs tokens with the resealed key.
    const restarted = await createTokenService(t.database, () => t.clock.now(), newOnly);
    try {
      expect(restarted.kid).toBe(t.tokens.kid);
      expect((await t.tokens.verify(await restarted.sign({ sub: 'x', user_roles: [] }, 60))).sub).toBe('x');
    } finally {
      await restarted.close();
    }
  });
});
