import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { ACCOUNT_PATHS, type Practitioner } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { signIn } from '../../testing/sign-in';
import { DEMO_PASSWORD } from '../../seed';

const PROVIDER = 'provider@demo.careslot.health';
const STAFF = 'staff@demo.careslot.health';
const PATIENT = 'patient@demo.careslot.health';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 30_000);
afterAll(() => t.close());

const byIdentifier = (token: string, sub: string) =>
  t.call<Practitioner>({
    url: `/careslot-administration/api/v2/practitioner?identifier=${encodeURIComponent(`IdentityProvider|${sub}`)}`,
    headers: bearer(token),
  });

const update = (token: string, body: Record<string, unknown>) =>
  t.call<{ status_code: number; data: Practitioner; message: string; errors?: { field: string; rule: string }[] }>({
    method: 'POST',
    url: ACCOUNT_PATHS.practitionerUpdate,
    headers: bearer(token),
    payload: body,
  });

describe('POST v1/account/practitioner/update (single sign-on step 5)', () => {
  it("adds the caller's identity-provider identifier once, audited as SINGLE_SIGN_ON_WEB, so the look-up by identifier finds them", async () => {
    const token = await signIn(t, PROVIDER, DEMO_PASSWORD);
    const claims = decodeJwt(token) as { sub: string; careslot_id: string };
    expect((await byIdentifier(token, claims.sub)).statusCode).toBe(404);

    const body = {
      Id: claims.careslot_id,
      Identifier: [{ System: 'IdentityProvider', Value: claims.sub }],
      AuditTrail: { LastChangedBySystem: 'careslot', WorkflowOrServiceName: 'SINGLE_SIGN_ON_WEB' },
    };
    const first = await update(token, body);
    expect(first.statusCode).toBe(200);
    expect(first.json.data.Identifier).toContainEqual(expect.objectContaining({ System: 'IdentityProvider', Value: claims.sub }));
    // A second sign-on changes nothing: the identifier is there once.
    const again = await update(token, body);
    expect(again.json.data.Identifier.filter((i) => i.System === 'IdentityProvider')).toHaveLength(1);

    const found = await byIdentifier(token, claims.sub);
    expect(found.statusCode).toBe(200);
    expect(found.json.Id).toBe(claims.careslot_id);

    const audit = await t.database.query<{ workflow: string; outcome: string }>(
      "select workflow, outcome from audit_events where entity_type = 'Practitioner' and entity_id = $1 and action = 'update'",
      [claims.careslot_id],
    );
    expect(audit).toEqual([
      { workflow: 'SINGLE_SIGN_ON_WEB', outcome: 'success' },
      { workflow: 'SINGLE_SIGN_ON_WEB', outcome: 'success' },
    ]);
  });

  it("keeps a practitioner out of another practitioner's record (404) and refuses another sign-in's identifier (400)", async () => {
    const staff = await signIn(t, STAFF, DEMO_PASSWORD);
    const provider = decodeJwt(await signIn(t, PROVIDER, DEMO_PASSWORD)) as { sub: string; careslot_id: string };
    const staffClaims = decodeJwt(staff) as { sub: string; careslot_id: string };

    const foreign = await update(staff, {
      Id: provider.careslot_id,
      Identifier: [{ System: 'IdentityProvider', Value: staffClaims.sub }],
    });
    expect(foreign.statusCode).toBe(404);

    const stolen = await update(staff, {
      Id: staffClaims.careslot_id,
      Identifier: [{ System: 'IdentityProvider', Value: provider.sub }],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json.errors).toEqual([expect.objectContaining({ field: 'body.Identifier.0.Value', rule: 'own_subject' })]);

    const otherSystem = await update(staff, {
      Id: staffClaims.careslot_id,
      Identifier: [{ System: 'https://ehr.example.com', Value: 'Doctor-1' }],
    });
    expect(otherSystem.statusCode).toBe(400);
    expect(otherSystem.json.errors).toEqual([expect.objectContaining({ field: 'body.Identifier.0.System' })]);

    const badId = await update(staff, { Id: 'not-an-id', Identifier: [] });
    expect(badId.statusCode).toBe(400);
    expect(badId.json.errors?.map((e) => e.field)).toEqual(expect.arrayContaining(['body.Id', 'body.Identifier']));
  });

  it('refuses patients (403) and callers without a token (401)', async () => {
    const patient = await signIn(t, PATIENT, DEMO_PASSWORD);
    const claims = decodeJwt(patient) as { sub: string; careslot_id: string };
    const body = { Id: claims.careslot_id, Identifier: [{ System: 'IdentityProvider', Value: claims.sub }] };
    expect((await update(patient, body)).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: ACCOUNT_PATHS.practitionerUpdate, payload: body })).statusCode).toBe(401);
  });
});
