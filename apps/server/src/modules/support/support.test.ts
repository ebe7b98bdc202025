import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupportPatientOverview } from '@careslot/contracts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { seedId } from '../../seed/ids';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { signIn } from '../../testing/sign-in';

const url = (id: string) => `/careslot-administration/api/v1/support/patients/${id}/overview`;

describe("support's overview of a patient", () => {
  let t: TestApp;
  let agent: Record<string, string>;
  const patientId = seedId('demo:person:patient');

  beforeAll(async () => {
    t = await createTestApp();
    agent = bearer(await tokenFor(t.tokens, { user_roles: ['supportagent'], sub: 'agent-1' }));
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it("shows the account's state and last sign-in, and audits the look-up with its purpose", async () => {
    await signIn(t, 'patient@demo.careslot.health', DEMO_PASSWORD);
    const res = await t.call<SupportPatientOverview>({
      method: 'GET',
      url: url(patientId),
      headers: { ...agent, 'x-access-purpose': 'Ticket 4711: cannot sign in' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json.Account).toMatchObject({ Exists: true, Locked: false });
    expect(res.json.Account.LastSignInAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(Array.isArray(res.json.Upcoming) && Array.isArray(res.json.Past)).toBe(true);
    const audit = await t.database.query<{ outcome: string; purpose: string }>(
      "select outcome, purpose from audit_events where patient_id = $1 and workflow = 'Support_Patient_View_Web' and actor_id = 'agent-1'",
      [patientId],
    );
    expect(audit).toEqual([{ outcome: 'success', purpose: 'Ticket 4711: cannot sign in' }]);
  });

  it('refuses without a purpose (audited as denied) and answers 404 for an unknown patient', async () => {
    const res = await t.call<{ errors: { field: string }[] }>({
      method: 'GET',
      url: url(patientId),
      headers: agent,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json.errors[0]?.field).toBe('header.X-Access-Purpose');
    const unknown = await t.call({
      method: 'GET',
      url: url('00000000-0000-4000-8000-000000000001'),
      headers: { ...agent, 'x-access-purpose': 'Ticket 1' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
