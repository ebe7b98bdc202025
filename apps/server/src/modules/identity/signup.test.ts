import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { ACCOUNT_PATHS } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import {
  productTokenFor,
  register,
  registrationForm,
  signIn,
  startAuthorization,
} from '../../testing/sign-in';
import { DEMO_PASSWORD } from '../../seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T12:00:00Z' });
}, 30_000);
afterAll(() => t.close());

const signupBody = (email: string) => ({
  Name: [{ Use: 'official', Given: ['Casey'], Family: "O'Neil", Prefix: ['Mrs'] }],
  Telecom: [
    { System: 'Email', Value: email, IsVerified: true },
    { System: 'Mobile', Value: '5552017788' },
  ],
  BirthDate: '1991-04-09',
  Gender: 'Female',
  TimeZone: 'America/Chicago',
});

async function postRegistration(form: Record<string, string>) {
  const started = await startAuthorization(t, { prompt: 'create' });
  const page = await t.app.inject({
    method: 'GET',
    url: started.formPath,
    headers: { cookie: started.jar.header() },
  });
  started.jar.store(page);
  const response = await t.app.inject({
    method: 'POST',
    url: `/realms/careslot/login-actions/${started.uid}/register`,
    headers: { cookie: started.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  return { page, response };
}

describe('registration at the realm (prompt=create)', () => {
  it('opens the registration page, translated, instead of the login page', async () => {
    const started = await startAuthorization(t, {
      prompt: 'create',
      ui_locales: 'es',
      initiate_url: `${t.config.publicUrl}/account/activation-code-question`,
    });
    const page = await t.app.inject({
      method: 'GET',
      url: started.formPath,
      headers: { cookie: started.jar.header() },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Crear cuenta - CareSlot</title>');
    expect(page.body).toContain(`href="${t.config.publicUrl}/account/activation-code-question"`);
    expect(page.body).toContain('/terms-of-use-signup.pdf');
  });

  it('refuses a foreign initiate_url as the cancel target', async () => {
    const started = await startAuthorization(t, {
      prompt: 'create',
      initiate_url: 'https://evil.example/phish',
    });
    const page = await t.app.inject({
      method: 'GET',
      url: started.formPath,
      headers: { cookie: started.jar.header() },
    });
    expect(page.body).not.toContain('evil.example');
  });

  it('names each field that breaks a rule of §5.1 and keeps what was typed, never the password', async () => {
    const { response } = await postRegistration(
      registrationForm({
        given_name: 'C4sey',
        family_name: 'x'.repeat(36),
        email: 'not-an-email',
        mobile_number: '555-12',
        dob: '1/1/2015',
        password: 'short',
        eula: '',
      }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.body;
    for (const text of [
      'Use letters, spaces and apostrophes only',
      'At most 35 characters',
      'Enter a valid email address',
      'Enter a 10-digit US phone number',
      'You must be at least 16 years old to create an account',
      'The password needs at least 8 characters, with a letter and a digit.',
      'Accept the Terms of Use to continue',
    ])
      expect(body).toContain(text);
    expect(body).toContain('value="C4sey"');
    expect(body).not.toContain('value="short"');
  });

  it('keeps the new password only as an Argon2id hash', async () => {
    const registered = await register(t);
    const rows = await t.database.query<{ password_hash: string }>(
      'select password_hash from identity_users where lower(email) = lower($1)',
      [registered.email],
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(rows[0]!.password_hash).not.toContain(registered.password);
  });

  it('refuses a second account for the same e-mail', async () => {
    const { response } = await postRegistration(registrationForm({ email: 'PATIENT@demo.careslot.health' }));
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('An account with this email already exists.');
  });
});

describe('sign-up of a newly registered patient (§4.8 steps 7-9)', () => {
  it('creates the patient, links the account and hands out a token with careslot_id; a repeat returns the same patient', async () => {
    const registered = await register(t);
    const token = await productTokenFor(t, registered);
    const before = decodeJwt(token);
    expect(before.careslot_id).toBeUndefined();
    expect(before.user_roles).toEqual(['patient']);
    expect(before.eula_accepted).toBe('true');

    const res = await t.call<{ data: { access_token: string; PatientId: string } }>({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      headers: bearer(token),
      payload: { ...signupBody(registered.email), Communication: ['ko'] },
    });
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt(res.json.data.access_token);
    expect(claims.careslot_id).toBe(res.json.data.PatientId);

    const patient = await t.call<{
      Identifier: { System: string; Value: string }[];
      Telecom: { System: string; Value: string; IsVerified: boolean }[];
      AuditTrail: { WorkflowOrServiceName?: string };
      Communication: string[];
    }>({
      method: 'GET',
      url: `/careslot-administration/api/v2/patient/${res.json.data.PatientId}`,
      headers: bearer(res.json.data.access_token),
    });
    expect(patient.statusCode).toBe(200);
    expect(patient.json.Identifier).toContainEqual(
      expect.objectContaining({ System: 'IdentityProvider', Value: before.sub }),
    );
    expect(patient.json.Telecom).toContainEqual(
      expect.objectContaining({ System: 'Email', Value: registered.email, IsVerified: true }),
    );
    // The language they signed up in is kept (issue 30, item 6).
    expect(patient.json.Communication).toEqual(['ko']);

    const again = await t.call<{ data: { PatientId: string } }>({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      headers: bearer(token),
      payload: signupBody(registered.email),
    });
    expect(again.json.data.PatientId).toBe(res.json.data.PatientId);

    const audit = await t.database.query<{ workflow: string }>(
      `select workflow from audit_events where entity_type = 'Patient' and entity_id = $1 and action = 'create'`,
      [res.json.data.PatientId],
    );
    expect(audit.map((a) => a.workflow)).toContain('PATIENT_SIGNUP_WEB');
  }, 30_000);

  it('refuses sign-up without a signed-in user and names a bad field', async () => {
    const guest = await t.call<{ data: { access_token: string } }>({
      method: 'POST',
      url: '/api/account/login/guest',
    });
    const asGuest = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      headers: bearer(guest.json.data.access_token),
      payload: signupBody('guest@example.com'),
    });
    expect(asGuest.statusCode).toBe(401);

    const registered = await register(t);
    const token = await productTokenFor(t, registered);
    const bad = await t.call<{ errors: { field: string }[] }>({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      headers: bearer(token),
      payload: { ...signupBody(registered.email), BirthDate: '2015-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors[0]!.field).toContain('BirthDate');
  }, 30_000);

  it('lists eula and oha as unsigned, records the answers, and keeps another patient out', async () => {
    const registered = await register(t);
    const first = await productTokenFor(t, registered);
    const signed = await t.call<{ data: { access_token: string; PatientId: string } }>({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      headers: bearer(first),
      payload: signupBody(registered.email),
    });
    const token = signed.json.data.access_token;
    const userId = signed.json.data.PatientId;

    const unsigned = await t.call<{ Id: string; Type: string }[]>({
      method: 'POST',
      url: ACCOUNT_PATHS.unsignedAgreements,
      headers: bearer(token),
      payload: { userId },
    });
    expect(unsigned.statusCode).toBe(200);
    expect(unsigned.json.map((a) => a.Type)).toEqual(['eula', 'oha']);

    // Patient B (the demo patient) can neither read nor answer patient A's agreements.
    const other = await signIn(t, 'patient@demo.careslot.health', DEMO_PASSWORD);
    const peek = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.unsignedAgreements,
      headers: bearer(other),
      payload: { userId },
    });
    expect(peek.statusCode).toBe(403);
    const forge = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.userAgreement,
      headers: bearer(other),
      payload: { AgreementId: unsigned.json[0]!.Id, UserId: userId, Status: 'Declined' },
    });
    expect(forge.statusCode).toBe(403);

    for (const agreement of unsigned.json) {
      const answer = await t.call({
        method: 'POST',
        url: ACCOUNT_PATHS.userAgreement,
        headers: bearer(token),
        payload: { AgreementId: agreement.Id, UserId: userId, Status: 'Accepted' },
      });
      expect(answer.statusCode).toBe(200);
    }
    const after = await t.call<unknown[]>({
      method: 'POST',
      url: ACCOUNT_PATHS.unsignedAgreements,
      headers: bearer(token),
      payload: { userId },
    });
    expect(after.json).toEqual([]);
    const rows = await t.database.query<{ status: string }>(
      'select status from identity_user_agreements where user_id = $1',
      [userId],
    );
    expect(rows.map((r) => r.status)).toEqual(['Accepted', 'Accepted']);
  }, 30_000);
});

describe('invitations (v2/Invitation, §4.8 step 6)', () => {
  it('a practice invites, the invitee signs up with the code, and afterwards only they and the practice can read it', async () => {
    const admin = await signIn(t, 'admin@demo.careslot.health', DEMO_PASSWORD);
    const practiceId = String(decodeJwt(admin).PracticeId);
    const invitee = registrationForm();
    const input = {
      Name: [{ Given: ['Robin'], Family: 'Marsh' }],
      Telecom: [{ System: 'Email', Value: invitee.email! }],
      BirthDate: '1985-02-11',
      Gender: 'Male',
      Practice: { Id: practiceId },
    };
    const elsewhere = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.invitation,
      headers: bearer(admin),
      payload: { ...input, Practice: { Id: '00000000-0000-4000-8000-000000000000' } },
    });
    // Another practice's invitation answers like an unknown object (decision 0080).
    expect(elsewhere.statusCode).toBe(404);
    const patientB = await signIn(t, 'patient@demo.careslot.health', DEMO_PASSWORD);
    const byPatient = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.invitation,
      headers: bearer(patientB),
      payload: input,
    });
    expect(byPatient.statusCode).toBe(403);

    const created = await t.call<{ data: { Id: string; Status: string } }>({
      method: 'POST',
      url: ACCOUNT_PATHS.invitation,
      headers: bearer(admin),
      payload: input,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json.data.Status).toBe('Pending');
    const code = created.json.data.Id;
    const mail = await t.outbox.list({ to: invitee.email, template: 'invitation' });
    expect(mail[0]!.body).toContain(code);

    // Before sign-up the code opens the invitation, even for a guest.
    const guest = await t.call<{ data: { access_token: string } }>({
      method: 'POST',
      url: '/api/account/login/guest',
    });
    const pending = await t.call<{ data: { Name: { Family: string }[] } }>({
      method: 'GET',
      url: `${ACCOUNT_PATHS.invitation}/${code}`,
      headers: bearer(guest.json.data.access_token),
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json.data.Name[0]!.Family).toBe('Marsh');

    const registered = await register(t, invitee);
    const token = await productTokenFor(t, registered);
    const signed = await t.call<{ data: { access_token: string; PatientId: string } }>({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      headers: bearer(token),
      payload: { ...signupBody(invitee.email!), InvitationId: code },
    });
    expect(signed.statusCode).toBe(200);
    const rows = await t.database.query<{ managing_organization_id: string }>(
      'select managing_organization_id from patients where id = $1',
      [signed.json.data.PatientId],
    );
    expect(rows[0]!.managing_organization_id).toBe(practiceId);

    const own = await t.call<{ data: { Status: string } }>({
      method: 'GET',
      url: `${ACCOUNT_PATHS.invitation}/${code}`,
      headers: bearer(signed.json.data.access_token),
    });
    expect(own.json.data.Status).toBe('Accepted');
    const byPractice = await t.call({
      method: 'GET',
      url: `${ACCOUNT_PATHS.invitation}/${code}`,
      headers: bearer(admin),
    });
    expect(byPractice.statusCode).toBe(200);
    const byOther = await t.call({
      method: 'GET',
      url: `${ACCOUNT_PATHS.invitation}/${code}`,
      headers: bearer(patientB),
    });
    expect(byOther.statusCode).toBe(404);

    // A used code cannot create a second patient.
    const second = await register(t);
    const reuse = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      headers: bearer(await productTokenFor(t, second)),
      payload: { ...signupBody(second.email), InvitationId: code },
    });
    expect(reuse.statusCode).toBe(400);
  }, 60_000);
});
