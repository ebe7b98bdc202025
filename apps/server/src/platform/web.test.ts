import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../testing/app';
import { isWebFileRequest } from './web';

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'careslot-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a client route with index.html so a reload keeps the page', async () => {
    const res = await t.call({
      url: '/provider-search?specialty=Cardiologist',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.call({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers GET / with the page when no Accept header or any type is asked for (link checkers, monitors)', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'text/*;q=0.9' }]) {
      const res = await t.call({ url: '/', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    expect((await t.call({ method: 'HEAD', url: '/provider-search' })).statusCode).toBe(200);
  });

  it('answers a caller that wants only JSON, and a missing file, with the 404 envelope', async () => {
    const json = await t.call({ url: '/', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json).toMatchObject({ status_code: 404 });
    expect((await t.call({ url: '/assets/gone-123.js', headers: { accept: '*/*' } })).statusCode).toBe(404);
  });

  it('never answers an API path with the page, even when HTML is asked for', async () => {
    const res = await t.call({ url: '/careslot-calendar/api/v2/unknown', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json).toMatchObject({ status_code: 404 });
  });
});

describe('response headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'careslot-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ env: { WEB_DIST: dist, PUBLIC_URL: 'https://care.example.org' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('marks every API answer Cache-Control: no-store, found or not, signed in or not', async () => {
    const token = await tokenFor(t.tokens, { user_roles: ['patient'] });
    for (const res of [
      await t.call({ url: '/api/app-config' }),
      await t.call({ url: '/careslot-calendar/api/v2/unknown' }),
      await t.call({ url: '/careslot-practitioner/api/v2/practitioner/search', headers: bearer(token) }),
      await t.call({
        method: 'POST',
        url: '/careslot-calendar/api/v2/slot/hold',
        payload: {},
        headers: bearer(token),
      }),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('keeps the caching of the web app: hashed files for a year, the page revalidated', async () => {
    expect((await t.call({ url: '/assets/index-abc123.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await t.call({ url: '/', headers: { accept: 'text/html' } })).headers['cache-control']).toBe(
      'no-cache',
    );
  });

  it("allows inline <style> only with the nonce written into that response's page, and no inline style otherwise", async () => {
    const first = await t.call({ url: '/', headers: { accept: 'text/html' } });
    const second = await t.call({ url: '/index.html', headers: { accept: 'text/html' } });
    const nonceOf = (body: string) => /<meta name="csp-nonce" content="([0-9a-f]{32})">/.exec(body)?.[1];
    const nonce = nonceOf(first.body);
    expect(nonce).toBeDefined();
    expect(nonceOf(second.body)).not.toBe(nonce);
    const styleSrc = String(first.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('style-src'));
    expect(styleSrc?.trim()).toBe(`style-src 'self' 'nonce-${nonce}'`);
    expect(String(first.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  it('lets the page connect only to its own origin and its WebSocket, not to any ws: or wss: host', async () => {
    const csp = String((await t.call({ url: '/api/app-config' })).headers['content-security-policy']);
    const connectSrc = csp.split(';').find((d) => d.trim().startsWith('connect-src'));
    expect(connectSrc?.trim()).toBe("connect-src 'self' wss://care.example.org");
  });

  it('sends a Permissions-Policy: camera and microphone for the product itself, location and payment for no one', async () => {
    const policy = String((await t.call({ url: '/' })).headers['permissions-policy']);
    expect(policy).toContain('camera=(self)');
    expect(policy).toContain('microphone=(self)');
    expect(policy).toContain('geolocation=()');
    expect(policy).toContain('payment=()');
    expect(String((await t.call({ url: '/api/app-config' })).headers['permissions-policy'])).toBe(policy);
  });
});

describe('rate limiting', () => {
  it('answers 429 in the envelope once a client passes the limit', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) codes.push((await t.call({ url: '/api/app-config' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await t.call({ url: '/api/app-config' });
      expect(res.json).toMatchObject({ status_code: 429, data: null });
    } finally {
      await t.close();
    }
  });

  it('does not count the files of the web app: one page view loads dozens of them', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'careslot-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const t = await createTestApp({ env: { RATE_LIMIT_MAX: '3', WEB_DIST: dist } });
    try {
      for (let i = 0; i < 10; i += 1)
        expect((await t.call({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) codes.push((await t.call({ url: '/api/app-config' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      // A file-like path under the API is still the API.
      expect(isWebFileRequest('GET', '/careslot-marketing/api/v1/export.csv')).toBe(false);
      expect(isWebFileRequest('POST', '/assets/index-abc123.js')).toBe(false);
      expect(isWebFileRequest('GET', '/locales/en/common.json?v=1')).toBe(true);
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('compression', () => {
  let t: TestApp;
  let dist: string;
  const script = `export const words = ${JSON.stringify('a long line of script '.repeat(200))};\n`;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'careslot-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'page-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'page-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'page-abc123.js.gz'), gzipSync(script));
    // A text file without the build's copies (put there by hand): compressed on the way out.
    writeFileSync(path.join(dist, 'assets', 'extra-abc123.js'), script);
    t = await createTestApp({ env: { WEB_DIST: dist, API_DOCS: 'true' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("sends a script as the build's Brotli copy when the browser accepts Brotli, cached for a year", async () => {
    const res = await t.call({
      url: '/assets/page-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser without Brotli, and the file itself to one that accepts neither', async () => {
    const gz = await t.call({ url: '/assets/page-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await t.call({ url: '/assets/page-abc123.js', headers });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(script);
    }
  });

  it('compresses a text file that has no copies on the way out', async () => {
    const res = await t.call({ url: '/assets/extra-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('never caches the page, compressed or not', async () => {
    const res = await t.call({ url: '/', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses a JSON answer over 1 KB for a caller that accepts it, and not for one that does not', async () => {
    // The API description: a large JSON answer every server has.
    const url = '/docs/json';
    const plain = await t.call({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.call({ url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json);

    const gz = await t.call({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json);
  });

  it('leaves a small JSON answer uncompressed', async () => {
    const res = await t.call({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
