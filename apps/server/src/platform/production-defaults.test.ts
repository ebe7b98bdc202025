import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { startupWarnings } from '../startup';
import { createTestApp, type TestApp } from '../testing/app';

// Each test starts its own app (one starts two) with its own settings: slower than one shared app.
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const guest = (app: TestApp, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  app.call({ method: 'POST', url: '/api/account/login/guest', headers, remoteAddress });

describe('client address (TRUST_PROXY)', () => {
  it('believes no X-Forwarded-For by default, also in production: forged addresses do not escape the per-address limit', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).TRUST_PROXY).toBe(false);
    t = await createTestApp({ env: { NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '5' } });
    const statuses = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push((await guest(t, { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('believes the header from a proxy it names (address, CIDR or hop count), and only from that proxy', async () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: must be a hop count/);
    t = await createTestApp({
      env: { NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '5', TRUST_PROXY: '10.0.0.1' },
    });
    // Clients behind the named proxy are told apart...
    for (let i = 0; i < 8; i += 1)
      expect((await guest(t, { 'x-forwarded-for': `203.0.113.${i + 1}` }, '10.0.0.1')).statusCode).toBe(200);
    // ...while a caller reaching the server directly cannot choose its address.
    const direct = [];
    for (let i = 0; i < 6; i += 1)
      direct.push((await guest(t, { 'x-forwarded-for': `198.51.100.${i + 1}` }, '192.0.2.7')).statusCode);
    expect(direct.at(-1)).toBe(429);
  });
});

describe('demo data in production (SEED_DEMO_DATA)', () => {
  it('is off in production unless set to true, and a production start with it on is warned about', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).SEED_DEMO_DATA).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_DEMO_DATA).toBe(true);
    const seeded = loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' });
    expect(seeded.SEED_DEMO_DATA).toBe(true);
    expect(startupWarnings(seeded).join('\n')).toMatch(/SEED_DEMO_DATA=true in production/);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'production' }))).toEqual([]);
  });
});

describe('the second factor of privileged roles in production (MFA_REQUIRED_FOR_PRIVILEGED)', () => {
  it('is on in production unless set to false, and a production start with it off is warned about', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).MFA_REQUIRED_FOR_PRIVILEGED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).MFA_REQUIRED_FOR_PRIVILEGED).toBe(false);
    const off = loadConfig({ NODE_ENV: 'production', MFA_REQUIRED_FOR_PRIVILEGED: 'false' });
    expect(startupWarnings(off).join('\n')).toMatch(/MFA_REQUIRED_FOR_PRIVILEGED=false in production/);
  });
});

describe('developer pages (DEV_TOOLS)', () => {
  it('are off unless DEV_TOOLS=true, in development too', async () => {
    expect(loadConfig({ NODE_ENV: 'development' }).DEV_TOOLS).toBe(false);
    t = await createTestApp({ env: { DEV_TOOLS: 'false' } });
    expect((await t.call({ url: '/dev/outbox' })).statusCode).toBe(404);
  });

  it('answer only on loopback, whatever X-Forwarded-For says', async () => {
    t = await createTestApp({ env: { DEV_TOOLS: 'true', TRUST_PROXY: '10.0.0.0/8' } });
    expect((await t.call({ url: '/dev/outbox' })).statusCode).toBe(200);
    expect((await t.call({ url: '/dev/outbox', remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await t.call({ url: '/dev/outbox', remoteAddress: '192.0.2.7' })).statusCode).toBe(404);
    expect(
      (
        await t.call({
          url: '/dev/outbox',
          remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': '127.0.0.1' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('API documentation (API_DOCS)', () => {
  it('is off in production unless API_DOCS=true', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', LOG_LEVEL: 'silent' } });
    expect((await t.call({ url: '/docs/json' })).statusCode).toBe(404);
    await t.close();
    t = await createTestApp({ env: { NODE_ENV: 'production', LOG_LEVEL: 'silent', API_DOCS: 'true' } });
    expect((await t.call({ url: '/docs/json' })).statusCode).toBe(200);
  });
});

describe('request log', () => {
  it('redacts the e-mail of a path that carries one (reputation users/{email}/{organizationId})', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({ logStream });
    await t.call({
      url: '/careslot-reputation-service/api/v1/users/ana.reyes%40example.com/7b0c7c1e-5a44-4c35-9d55-4a2f5a0a2b11',
    });
    await t.call({
      url: '/careslot-reputation-service/api/v1/users/ana.reyes@example.com/7b0c7c1e-5a44-4c35-9d55-4a2f5a0a2b11',
    });
    const log = lines.join('');
    expect(log).toContain(
      '/careslot-reputation-service/api/v1/users/[redacted]/7b0c7c1e-5a44-4c35-9d55-4a2f5a0a2b11',
    );
    expect(log).not.toMatch(/ana\.reyes/);
  });
});
