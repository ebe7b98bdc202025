import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
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
    const res = await t.call({ url: '/provider-search?specialty=Cardiologist', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.call({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never answers an API path with the page, even when HTML is asked for', async () => {
    const res = await t.call({ url: '/careslot-calendar/api/v2/unknown', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json).toMatchObject({ status_code: 404 });
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
      for (let i = 0; i < 10; i += 1) expect((await t.call({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
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
