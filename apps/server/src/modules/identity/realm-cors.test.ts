import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_PATHS, type PractitionerDetail, type PracticeUser } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { signIn } from '../../testing/sign-in';
import { DEMO_PASSWORD, DEMO_PRACTICE_IDS } from '../../seed';
import { REALM_PATH } from './oidc';

/** Issue 24 item 9: the realm's CORS only for the product's origins; a deactivated user's link sets nothing. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe("the realm's token, userinfo and jwks endpoints", () => {
  const endpoints = [
    { method: 'GET' as const, url: `${REALM_PATH}/protocol/openid-connect/certs` },
    { method: 'GET' as const, url: `${REALM_PATH}/protocol/openid-connect/userinfo` },
    { method: 'POST' as const, url: `${REALM_PATH}/protocol/openid-connect/token` },
  ];

  it('answer CORS to the product origin and to no other', async () => {
    const product = t.config.publicUrl;
    for (const endpoint of endpoints) {
      for (const method of [endpoint.method, 'OPTIONS' as const]) {
        const headers = {
          'access-control-request-method': endpoint.method,
          'content-type': 'application/x-www-form-urlencoded',
        };
        const foreign = await t.app.inject({
          method,
          url: endpoint.url,
          headers: { ...headers, origin: 'https://evil.example' },
        });
        expect(foreign.headers['access-control-allow-origin'], `${method} ${endpoint.url}`).toBeUndefined();
        const own = await t.app.inject({
          method,
          url: endpoint.url,
          headers: { ...headers, origin: product },
        });
        expect(own.headers['access-control-allow-origin'], `${method} ${endpoint.url}`).toBe(product);
      }
    }
  });
});

describe('an activation link of a user deactivated before using it', () => {
  it('no longer sets a password', async () => {
    const admin = await signIn(t, 'admin@demo.careslot.health', DEMO_PASSWORD);
    const tag = Math.random().toString(36).slice(2, 10);
    const email = `late.${tag}@example.com`;
    const added = await t.call<{ data: PractitionerDetail }>({
      method: 'POST',
      url: PEOPLE_PATHS.practitioner,
      headers: bearer(admin),
      payload: {
        OrganizationId: DEMO_PRACTICE_IDS[0],
        Code: ['staff'],
        FirstName: 'Sam',
        LastName: 'Rivera',
        Email: email,
        Languages: [],
        BoardCertifications: [],
        HospitalAffiliations: [],
        HidePublicProfile: false,
      },
    });
    expect(added.statusCode).toBe(200);
    const [mail] = await t.outbox.list({ to: email, template: 'staff-invitation' });
    const link = new URL(/https?:\/\/\S+\/account\/activate\?\S+/.exec(mail!.body)![0]);
    const users = await t.call<{ Data: PracticeUser[] }>({
      method: 'POST',
      url: PEOPLE_PATHS.practiceUsers,
      headers: bearer(admin),
      payload: { OrganizationId: DEMO_PRACTICE_IDS[0], SearchTerm: email },
    });
    const roleId = users.json.Data[0]!.RoleId;
    const off = await t.call({
      method: 'PUT',
      url: `${PEOPLE_PATHS.practitionerRole}/${roleId}`,
      headers: bearer(admin),
      payload: { Code: ['staff'], Active: false },
    });
    expect(off.statusCode).toBe(200);

    const query = {
      ...Object.fromEntries(link.searchParams.entries()),
      exp: Number(link.searchParams.get('exp')),
    };
    const read = await t.call({
      method: 'GET',
      url: `${PEOPLE_PATHS.activation}?${link.searchParams.toString()}`,
    });
    expect(read.statusCode).toBe(400);
    const used = await t.call({
      method: 'POST',
      url: PEOPLE_PATHS.activation,
      payload: { ...query, Password: 'Chosen-pass-42', ConfirmPassword: 'Chosen-pass-42' },
    });
    expect(used.statusCode).toBe(400);
    const login = await t.call({
      method: 'POST',
      url: '/api/account/login',
      payload: { UserName: email, Password: 'Chosen-pass-42' },
    });
    expect(login.statusCode).toBe(401);
  });
});
