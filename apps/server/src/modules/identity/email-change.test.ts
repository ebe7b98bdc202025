import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidNpi } from '@careslot/domain';
import { PEOPLE_PATHS, type PractitionerDetail } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { signIn } from '../../testing/sign-in';
import { DEMO_PASSWORD, DEMO_PRACTICE_IDS } from '../../seed';

/** Issue 24 item 1: a login e-mail changes only with the password and a link to the new address. */

const ADMIN = 'admin@demo.careslot.health';
const PASSWORD = 'Chosen-pass-42';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN, DEMO_PASSWORD);
}, 60_000);
afterAll(() => t.close());

type Answer<T> = {
  status_code: number;
  data: T;
  errors?: { field: string; rule: string; message: string }[];
};

let seq = 0;
function freshNpi(): string {
  const base = `2${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(2, '0')}`.slice(0, 9);
  for (let d = 0; d < 10; d += 1) if (isValidNpi(`${base}${d}`)) return `${base}${d}`;
  throw new Error('no check digit');
}
const tag = () => Math.random().toString(36).slice(2, 10);

function providerBody() {
  return {
    OrganizationId: DEMO_PRACTICE_IDS[0],
    Code: ['provider', 'practiceadmin'],
    FirstName: 'Robin',
    LastName: 'Okafor',
    Email: `robin.${tag()}@example.com`,
    Npi: freshNpi(),
    Languages: ['en'],
    BoardCertifications: [],
    HospitalAffiliations: [],
    HidePublicProfile: false,
  };
}

async function mailLink(to: string, template: string, page: string): Promise<URL> {
  const [mail] = await t.outbox.list({ to, template });
  const match = new RegExp(`https?://\\S+${page}\\?\\S+`).exec(mail?.body ?? '');
  if (!match) throw new Error(`no ${template} e-mail for ${to}`);
  return new URL(match[0]);
}

const login = (email: string, password = PASSWORD) =>
  t.call<{ data: { access_token: string } }>({
    method: 'POST',
    url: '/api/account/login',
    payload: { UserName: email, Password: password },
  });

/** A co-admin who activated their account (a practice admin and provider of the demo practice). */
async function activatedCoAdmin() {
  const body = providerBody();
  const added = await t.call<Answer<PractitionerDetail>>({
    method: 'POST',
    url: PEOPLE_PATHS.practitioner,
    headers: bearer(admin),
    payload: body,
  });
  expect(added.statusCode).toBe(200);
  const link = await mailLink(body.Email, 'staff-invitation', '/account/activate');
  const activated = await t.call({
    method: 'POST',
    url: PEOPLE_PATHS.activation,
    payload: {
      ...Object.fromEntries(link.searchParams.entries()),
      exp: Number(link.searchParams.get('exp')),
      Password: PASSWORD,
      ConfirmPassword: PASSWORD,
    },
  });
  expect(activated.statusCode).toBe(200);
  return { id: added.json.data.Id, body };
}

const editProfile = (token: string, id: string, body: Record<string, unknown>) =>
  t.call<Answer<PractitionerDetail>>({
    method: 'PUT',
    url: `${PEOPLE_PATHS.practitioner}/${id}`,
    headers: bearer(token),
    payload: body,
  });

const askChange = (token: string, userId: string, payload: Record<string, string>) =>
  t.call<Answer<{ NewEmail: string }>>({
    method: 'POST',
    url: PEOPLE_PATHS.changeEmail(userId),
    headers: bearer(token),
    payload,
  });

const confirm = (link: URL) =>
  t.call<Answer<{ Email: string }>>({
    method: 'POST',
    url: PEOPLE_PATHS.emailConfirmation,
    payload: {
      ...Object.fromEntries(link.searchParams.entries()),
      exp: Number(link.searchParams.get('exp')),
    },
  });

const readSettings = (token: string, id: string) =>
  t.call({
    method: 'POST',
    url: PEOPLE_PATHS.settings,
    headers: bearer(token),
    payload: { PractitionerId: id },
  });

describe('login e-mail of a practice user', () => {
  it("refuses a practice admin's change of a co-admin's login e-mail; the co-admin still signs in with theirs", async () => {
    const { id, body } = await activatedCoAdmin();
    const attacker = `attacker.${tag()}@example.com`;
    const answer = await editProfile(admin, id, { ...body, Email: attacker });
    expect(answer.statusCode).toBe(400);
    expect(answer.json.errors).toContainEqual(
      expect.objectContaining({ field: 'body.Email', rule: 'login_email' }),
    );
    expect((await login(attacker)).statusCode).toBe(401);
    expect((await login(body.Email)).statusCode).toBe(200);
    // No reset code can reach the attacker's address either.
    await t.call({
      method: 'POST',
      url: `/careslot-administration/api/v1/account/password/reset/send-email?email=${encodeURIComponent(attacker)}`,
    });
    expect(await t.outbox.list({ to: attacker, template: 'password-reset' })).toHaveLength(0);
  });

  it('refuses a change of the own login e-mail with a bearer token alone', async () => {
    const { id, body } = await activatedCoAdmin();
    const token = (await login(body.Email)).json.data.access_token;
    const answer = await editProfile(token, id, { ...body, Email: `other.${tag()}@example.com` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json.errors).toContainEqual(
      expect.objectContaining({ field: 'body.Email', rule: 'confirmation_required' }),
    );
    // The other fields still save when the e-mail stays.
    const kept = await editProfile(token, id, { ...body, LastName: 'Adeyemi' });
    expect(kept.json.errors ?? []).toEqual([]);
    expect(kept.statusCode).toBe(200);
  });

  it("lets the admin correct a pending invitation's address: the new address gets a new link, the old link stops working", async () => {
    const body = providerBody();
    const added = await t.call<Answer<PractitionerDetail>>({
      method: 'POST',
      url: PEOPLE_PATHS.practitioner,
      headers: bearer(admin),
      payload: body,
    });
    const oldLink = await mailLink(body.Email, 'staff-invitation', '/account/activate');
    const corrected = `corrected.${tag()}@example.com`;
    expect((await editProfile(admin, added.json.data.Id, { ...body, Email: corrected })).statusCode).toBe(
      200,
    );
    await t.app.deps.events.flush();
    const newLink = await mailLink(corrected, 'staff-invitation', '/account/activate');
    const payload = (link: URL) => ({
      ...Object.fromEntries(link.searchParams.entries()),
      exp: Number(link.searchParams.get('exp')),
      Password: PASSWORD,
      ConfirmPassword: PASSWORD,
    });
    const stale = await t.call({ method: 'POST', url: PEOPLE_PATHS.activation, payload: payload(oldLink) });
    expect(stale.statusCode).toBe(400);
    const fresh = await t.call({ method: 'POST', url: PEOPLE_PATHS.activation, payload: payload(newLink) });
    expect(fresh.statusCode).toBe(200);
    expect((await login(corrected)).statusCode).toBe(200);
  });

  it('changes the own login e-mail only with the current password and the link sent to the new address; the old address is told and every session ends', async () => {
    const { id, body } = await activatedCoAdmin();
    const token = (await login(body.Email)).json.data.access_token;
    const other = (await login(body.Email)).json.data.access_token;
    const newEmail = `new.${tag()}@example.com`;

    const wrong = await askChange(token, id, { NewEmail: newEmail, CurrentPassword: 'not-it-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.errors).toContainEqual(
      expect.objectContaining({ field: 'body.CurrentPassword', rule: 'incorrect' }),
    );
    const someoneElse = await askChange(admin, id, { NewEmail: newEmail, CurrentPassword: DEMO_PASSWORD });
    expect(someoneElse.statusCode).toBe(404);
    const taken = await askChange(token, id, { NewEmail: ADMIN, CurrentPassword: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json.errors).toContainEqual(
      expect.objectContaining({ field: 'body.NewEmail', rule: 'unique' }),
    );

    const asked = await t.call<Answer<{ NewEmail: string }>>({
      method: 'POST',
      url: PEOPLE_PATHS.changeEmail(id),
      headers: { ...bearer(token), 'accept-language': 'es' },
      payload: { NewEmail: newEmail, CurrentPassword: PASSWORD },
    });
    expect(asked.statusCode).toBe(200);
    // Told in the caller's language; nothing changes before the link is opened.
    const [told] = await t.outbox.list({ to: body.Email, template: 'email-change-requested' });
    expect(told?.body).toContain(newEmail);
    expect(told?.subject).toBe('Su correo de inicio de sesión de CareSlot está por cambiar');
    expect((await login(body.Email)).statusCode).toBe(200);
    expect((await login(newEmail)).statusCode).toBe(401);

    const link = await mailLink(newEmail, 'email-change-confirm', '/account/confirm-email');
    const done = await confirm(link);
    expect(done.statusCode).toBe(200);
    expect(done.json.data.Email).toBe(newEmail);
    expect((await confirm(link)).statusCode).toBe(400);

    expect((await login(body.Email)).statusCode).toBe(401);
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await readSettings(token, id)).statusCode).toBe(401);
    expect((await readSettings(other, id)).statusCode).toBe(401);
    const [changed] = await t.outbox.list({ to: body.Email, template: 'email-changed' });
    expect(changed?.body).toContain(newEmail);
    // The practice's record follows the login.
    const record = await t.call<Answer<{ Email: string }>>({
      method: 'POST',
      url: PEOPLE_PATHS.settings,
      headers: bearer(admin),
      payload: { PractitionerId: id },
    });
    expect(record.json.data.Email).toBe(newEmail);
  });

  it('a newer request makes the earlier link stop working', async () => {
    const { id, body } = await activatedCoAdmin();
    const token = (await login(body.Email)).json.data.access_token;
    const first = `first.${tag()}@example.com`;
    const second = `second.${tag()}@example.com`;
    expect((await askChange(token, id, { NewEmail: first, CurrentPassword: PASSWORD })).statusCode).toBe(200);
    const firstLink = await mailLink(first, 'email-change-confirm', '/account/confirm-email');
    expect((await askChange(token, id, { NewEmail: second, CurrentPassword: PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await confirm(firstLink)).statusCode).toBe(400);
    const tampered = await mailLink(second, 'email-change-confirm', '/account/confirm-email');
    tampered.searchParams.set('sig', 'A'.repeat(43));
    expect((await confirm(tampered)).statusCode).toBe(400);
    expect((await login(body.Email)).statusCode).toBe(200);
  });
});
