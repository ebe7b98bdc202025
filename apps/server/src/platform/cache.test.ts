import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../testing/app';
import { registerCache } from './cache';

describe('DELETE api/v1/cache/{key}', () => {
  let t: TestApp;
  const kept = new Set<string>();
  let unregister: () => void;
  beforeAll(async () => {
    t = await createTestApp();
    unregister = registerCache((key) => kept.delete(key));
  });
  afterAll(async () => {
    unregister();
    await t.close();
  });

  it('lets a signed-in user drop what a registered cache keeps under an id, and answers the same for an unknown id', async () => {
    const key = randomUUID();
    const other = randomUUID();
    kept.add(key).add(other);
    const user = await tokenFor(t.tokens, {
      user_roles: ['patient'],
      user_type: 'Patient',
      careslot_id: randomUUID(),
    });
    const res = await t.call<{ status_code: number; data: null }>({
      method: 'DELETE',
      url: `/api/v1/cache/${key}`,
      headers: bearer(user),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ status_code: 200, data: null });
    expect([...kept]).toEqual([other]);
    const unknown = await t.call({
      method: 'DELETE',
      url: `/api/v1/cache/${randomUUID()}`,
      headers: bearer(user),
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(res.body);
  });

  it('refuses a caller without a token and a guest, and keeps the entry', async () => {
    const key = randomUUID();
    kept.add(key);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/cache/${key}` })).statusCode).toBe(401);
    const guest = await tokenFor(t.tokens, { user_roles: [], guest: true });
    expect(
      (await t.call({ method: 'DELETE', url: `/api/v1/cache/${key}`, headers: bearer(guest) })).statusCode,
    ).toBe(401);
    expect(kept.has(key)).toBe(true);
  });

  it('answers 400 naming key for a key that is not an id (no e-mail or name in a URL)', async () => {
    const user = await tokenFor(t.tokens, {
      user_roles: ['patient'],
      user_type: 'Patient',
      careslot_id: randomUUID(),
    });
    const res = await t.call<{ errors: { field: string }[] }>({
      method: 'DELETE',
      url: '/api/v1/cache/someone%40example.com',
      headers: bearer(user),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors[0]!.field).toContain('key');
  });
});
