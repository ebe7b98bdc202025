import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { ACCOUNT_PATHS, type Practitioner } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { signIn } from '../../testing/sign-in';
import { DEMO_PASSWORD, demoPerson } from '../../seed';
import { hashPassword } from './accounts';
import { insertAccounts } from './store';

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
  t.call<{
    status_code: number;
    data: Practitioner;
    message: string;
    errors?: { field: string; rule: string }[];
  }>({
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
    expect(first.json.data.Identifier).toContainEqual(
      expect.objectContaining({ System: 'IdentityProvider', Value: claims.sub }),
    );
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
    const provider = decodeJwt(await signIn(t, PROVIDER, DEMO_PASSWORD)) as {
      sub: string;
      careslot_id: string;
    };
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
    expect(stolen.json.errors).toEqual([
      expect.objectContaining({ field: 'body.Identifier.0.Value', rule: 'own_subject' }),
    ]);

    const otherSystem = await update(staff, {
      Id: staffClaims.careslot_id,
      Identifier: [{ System: 'https://ehr.example.com', Value: 'Doctor-1' }],
    });
    expect(otherSystem.statusCode).toBe(400);
    expect(otherSystem.json.errors).toEqual([expect.objectContaining({ field: 'body.Identifier.0.System' })]);

    const badId = await update(staff, { Id: 'not-an-id', Identifier: [] });
    expect(badId.statusCode).toBe(400);
    expect(badId.json.errors?.map((e) => e.field)).toEqual(
      expect.arrayContaining(['body.Id', 'body.Identifier']),
    );
  });

  it('refuses patients (403) and callers without a token (401)', async () => {
    const patient = await signIn(t, PATIENT, DEMO_PASSWORD);
    const claims = decodeJwt(patient) as { sub: string; careslot_id: string };
    const body = { Id: claims.careslot_id, Identifier: [{ System: 'IdentityProvider', Value: claims.sub }] };
    expect((await update(patient, body)).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: ACCOUNT_PATHS.practitionerUpdate, payload: body })).statusCode,
    ).toBe(401);
  });
});

describe('single sign-on of a legacy EHR practitioner (spec 3.1 identifier strings, §4.5 steps 2 and 5)', () => {
  const EHR = 'https://ehr.demo.careslot.health';
  const staffRecord = demoPerson('staff');
  const search = (token: string, Identifier: string[]) =>
    t.call<{ Data: Practitioner[]; Total: number }>({
      method: 'POST',
      url: '/careslot-administration/api/v2/practitioner/advance-search',
      headers: bearer(token),
      payload: { Identifier, Limit: 10, Offset: 1 },
    });
  const ehrAccount = async (email: string, roles: string[], vendorId: string) => {
    await insertAccounts(t.database, [
      {
        email,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        givenName: 'Priya',
        familyName: 'Natarajan',
        userType: 'Practitioner',
        userRoles: roles,
        // A legacy EHR sign-in names its practice by the EHR's practice number (decision 0021).
        practiceId: '1001',
        electronicClaimId: '1001',
        vendorId,
        eulaAccepted: true,
        ohaAccepted: true,
      },
    ]);
    return signIn(t, email, DEMO_PASSWORD);
  };

  it('finds the practitioner by the legacy identifier of the token, links the sign-in to it and adds the identity-provider identifier', async () => {
    const token = await ehrAccount('ehr.staff@example.test', ['staff'], '6001');
    const claims = decodeJwt(token) as {
      sub: string;
      careslot_id?: string;
      electronic_claim_id: string;
      vendor_id: string;
    };
    // The realm hands out the EHR's ids; the sign-in has no product id yet.
    expect(claims).toMatchObject({ electronic_claim_id: '1001', vendor_id: '6001' });
    expect(claims.careslot_id).toBeUndefined();

    // Step 2: by identifiers, the identity provider's (not there yet) or the legacy one ('Practitioner' prefix for staff).
    const found = await search(token, [`IdentityProvider|${claims.sub}`, `${EHR}/1001|Practitioner-6001`]);
    expect(found.statusCode).toBe(200);
    expect(found.json.Data.map((p) => p.Id)).toEqual([staffRecord.id]);

    // Step 5: the record the legacy identifier names is the caller's own; it gets the identity-provider identifier.
    const updated = await update(token, {
      Id: staffRecord.id,
      Identifier: [{ System: 'IdentityProvider', Value: claims.sub }],
      AuditTrail: { LastChangedBySystem: 'careslot', WorkflowOrServiceName: 'SINGLE_SIGN_ON_WEB' },
    });
    expect(updated.statusCode).toBe(200);
    expect((await byIdentifier(token, claims.sub)).json.Id).toBe(staffRecord.id);
    // The next sign-on carries the product id of the record it was found by.
    const again = decodeJwt(await signIn(t, 'ehr.staff@example.test', DEMO_PASSWORD)) as {
      careslot_id?: string;
    };
    expect(again.careslot_id).toBe(staffRecord.id);
  });

  it('uses the Doctor prefix for providers, and keeps an EHR sign-on out of a record its legacy identifier does not name (404)', async () => {
    // A provider with the staff member's vendor id: 'Doctor-6001' names nobody.
    const provider = await ehrAccount('ehr.provider@example.test', ['provider'], '6001');
    const providerClaims = decodeJwt(provider) as { sub: string };
    expect((await search(provider, [`${EHR}/1001|Doctor-6001`])).json.Data).toEqual([]);
    const asDoctor = await update(provider, {
      Id: staffRecord.id,
      Identifier: [{ System: 'IdentityProvider', Value: providerClaims.sub }],
    });
    expect(asDoctor.statusCode).toBe(404);

    // The practice admin's vendor id (Practitioner-6002) does not name the staff member's record either.
    const admin = await ehrAccount('ehr.admin@example.test', ['practiceadmin'], '6002');
    const adminClaims = decodeJwt(admin) as { sub: string };
    const foreign = await update(admin, {
      Id: staffRecord.id,
      Identifier: [{ System: 'IdentityProvider', Value: adminClaims.sub }],
    });
    expect(foreign.statusCode).toBe(404);
    // ...while it does name the admin's own record.
    const own = await update(admin, {
      Id: demoPerson('admin').id,
      Identifier: [{ System: 'IdentityProvider', Value: adminClaims.sub }],
    });
    expect(own.statusCode).toBe(200);
  });
});
