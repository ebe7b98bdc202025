import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomForm } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { signIn } from '../../testing/sign-in';
import { DEMO_PASSWORD, DEMO_PRACTICE_IDS } from '../../seed';
import { insertForm } from './store';

const PATH = '/careslot-resource-library/api/v1/assessment-forms';
const definition = {
  Sections: [{ Key: 's', Title: 'PHQ', Components: [{ Key: 'q', Type: 'text', Label: 'How are you?' }] }],
};

describe('GET assessment-forms (practice-portal.md §4.4 practice data, §7 resource library)', () => {
  let t: TestApp;
  const [own, other] = DEMO_PRACTICE_IDS;
  beforeAll(async () => {
    t = await createTestApp();
    const form = (id: string, organizationId: string, name: string, formType: string, sortOrder = 0) =>
      insertForm(t.database, {
        id,
        organizationId,
        name,
        description: null,
        formType,
        definition,
        sortOrder,
      });
    await form('7a1f0c50-0000-4000-8000-000000000001', own, 'PHQ-9', 'Assessment', 2);
    await form('7a1f0c50-0000-4000-8000-000000000002', own, 'GAD-7', 'Assessment', 1);
    await form('7a1f0c50-0000-4000-8000-000000000003', own, 'Intake', 'Intake Form');
    await form('7a1f0c50-0000-4000-8000-000000000004', other, 'Other practice assessment', 'Assessment');
  }, 30_000);
  afterAll(() => t.close());

  const read = (token: string | null, orgId: string) =>
    t.call<{ Data: CustomForm[]; Total: number; errors?: { field: string; rule: string }[] }>({
      url: `${PATH}?orgId=${encodeURIComponent(orgId)}`,
      ...(token ? { headers: bearer(token) } : {}),
    });

  it("gives a practice user their practice's assessment forms only, in the practice's order", async () => {
    for (const email of [
      'staff@demo.careslot.health',
      'admin@demo.careslot.health',
      'provider@demo.careslot.health',
    ]) {
      const answer = await read(await signIn(t, email, DEMO_PASSWORD), own);
      expect(answer.statusCode).toBe(200);
      expect(answer.json.Data.map((f) => [f.Name, f.FormType])).toEqual([
        ['GAD-7', 'Assessment'],
        ['PHQ-9', 'Assessment'],
      ]);
      expect(answer.json.Total).toBe(2);
    }
  });

  it("keeps another practice's forms from a practice user (404), and lets a super user read any practice", async () => {
    const staff = await signIn(t, 'staff@demo.careslot.health', DEMO_PASSWORD);
    expect((await read(staff, other)).statusCode).toBe(404);
    const superuser = await signIn(t, 'superuser@demo.careslot.health', DEMO_PASSWORD);
    expect((await read(superuser, other)).json.Data.map((f) => f.Name)).toEqual([
      'Other practice assessment',
    ]);
  });

  it('refuses patients (403), callers without a token (401) and a malformed practice id (400 naming orgId)', async () => {
    const patient = await signIn(t, 'patient@demo.careslot.health', DEMO_PASSWORD);
    expect((await read(patient, own)).statusCode).toBe(403);
    expect((await read(null, own)).statusCode).toBe(401);
    const staff = await signIn(t, 'staff@demo.careslot.health', DEMO_PASSWORD);
    const bad = await read(staff, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors).toEqual([expect.objectContaining({ field: 'querystring.orgId' })]);
  });
});
