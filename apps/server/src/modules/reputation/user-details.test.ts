import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { signIn } from '../../testing/sign-in';
import { DEMO_PASSWORD, demoPerson } from '../../seed';

const STAFF = 'staff@demo.careslot.health';
const PROVIDER_ADMIN = 'provider-admin@demo.careslot.health';
const PATIENT = 'patient@demo.careslot.health';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 30_000);
afterAll(() => t.close());

const details = (token: string | null, email: string, organizationId: string) =>
  t.call<{ data: { Email: string; OrganizationId: string; ReputationEnabled: boolean } }>({
    url: `/careslot-reputation-service/api/v1/users/${encodeURIComponent(email)}/${organizationId}`,
    headers: token ? bearer(token) : {},
  });

describe('GET reputation-service v1/users/{email}/{organizationId} (practice-portal.md §4.4)', () => {
  it("answers a practice user's own details in a practice with reputation enabled", async () => {
    const token = await signIn(t, STAFF, DEMO_PASSWORD);
    const answer = await details(token, STAFF, demoPerson('staff').practiceId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json.data).toMatchObject({
      Email: STAFF,
      OrganizationId: demoPerson('staff').practiceId,
      ReputationEnabled: true,
    });
  });

  it('is 404 in a practice without reputation, for another e-mail, another practice, or a patient', async () => {
    const admin = await signIn(t, PROVIDER_ADMIN, DEMO_PASSWORD);
    expect((await details(admin, PROVIDER_ADMIN, demoPerson('provider-admin').practiceId)).statusCode).toBe(
      404,
    );
    const staff = await signIn(t, STAFF, DEMO_PASSWORD);
    expect(
      (await details(staff, 'admin@demo.careslot.health', demoPerson('staff').practiceId)).statusCode,
    ).toBe(404);
    expect((await details(staff, STAFF, demoPerson('provider-admin').practiceId)).statusCode).toBe(404);
    const patient = await signIn(t, PATIENT, DEMO_PASSWORD);
    expect((await details(patient, PATIENT, demoPerson('staff').practiceId)).statusCode).toBe(404);
  });

  it('needs a signed-in user, and names a bad parameter', async () => {
    expect((await details(null, STAFF, demoPerson('staff').practiceId)).statusCode).toBe(401);
    const staff = await signIn(t, STAFF, DEMO_PASSWORD);
    const bad = await details(staff, STAFF, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('organizationId');
  });
});
