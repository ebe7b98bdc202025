import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_KINDS } from '@careslot/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import {
  createTestPractice,
  createTestPracticeUser,
  practiceAdmin,
  type TestPractice,
  type TestPracticeUser,
} from '../../testing/factories';

const BASE = '/careslot-resource-library/api/v1';
type List = {
  Data: { Kind: string; Code: string; Display: string; Active: boolean; SortOrder: number }[];
  Total: number;
};
type Errors = { errors?: { field: string; rule: string }[] };

describe('history preferences of the resource library (issue 26)', () => {
  let t: TestApp;
  let practice: TestPractice;
  let other: TestPractice;
  let admin: TestPracticeUser;
  let staff: TestPracticeUser;

  beforeAll(async () => {
    t = await createTestApp();
    practice = await createTestPractice(t);
    other = await createTestPractice(t);
    admin = await practiceAdmin(t, practice);
    staff = await createTestPracticeUser(t, practice, ['staff']);
  }, 240_000);
  afterAll(() => t.close());

  const upsert = (kind: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.call<List & Errors>({
      method: 'POST',
      url: `${BASE}/entity-${kind}-history-preferences/batch-upsert`,
      headers,
      payload,
    });
  const read = (kind: string, headers: Record<string, string>, id = practice.OrganizationId) =>
    t.call<List>({
      url: `${BASE}/entity-${kind}-history-preferences/${id}?entityType=Organization`,
      headers,
    });

  it('lets the admin set each kind by Code, in the practice order; its users read them', async () => {
    for (const kind of HISTORY_KINDS) {
      const made = await upsert(kind, admin.headers, {
        EntityType: 'Organization',
        EntityId: practice.OrganizationId,
        Items: [
          { Code: `${kind}-b`, Display: 'Second', SortOrder: 2 },
          { Code: `${kind}-a`, Display: 'First', SortOrder: 1 },
        ],
      });
      expect(made.statusCode).toBe(200);
      expect(made.json.Data.map((d) => d.Code)).toEqual([`${kind}-a`, `${kind}-b`]);
    }
    // A second batch changes an item by its Code and adds one; the others stay.
    const changed = await upsert('medical', admin.headers, {
      EntityType: 'Organization',
      EntityId: practice.OrganizationId,
      Items: [
        { Code: 'medical-b', Display: 'Asthma', Active: false, SortOrder: 0 },
        { Code: 'medical-c', Display: 'Diabetes', SortOrder: 5 },
      ],
    });
    expect(changed.statusCode).toBe(200);
    const medical = await read('medical', staff.headers);
    expect(medical.statusCode).toBe(200);
    expect(medical.json.Data.map((d) => [d.Code, d.Display, d.Active])).toEqual([
      ['medical-b', 'Asthma', false],
      ['medical-a', 'First', true],
      ['medical-c', 'Diabetes', true],
    ]);
    expect((await read('social', staff.headers)).json.Data.every((d) => d.Kind === 'social')).toBe(true);
    const audit = await t.database.query<{ outcome: string }>(
      `select outcome from audit_events where entity_type = 'EntityMedicalHistoryPreference' and action = 'update'
        and entity_id = $1`,
      [practice.OrganizationId],
    );
    expect(audit.map((a) => a.outcome)).toEqual(['success', 'success']);
  });

  it('refuses staff writes, another practice and a repeated Code', async () => {
    const batch = {
      EntityType: 'Organization',
      EntityId: practice.OrganizationId,
      Items: [{ Code: 'x', Display: 'X' }],
    };
    expect((await upsert('family', staff.headers, batch)).statusCode).toBe(403);
    const otherAdmin = await practiceAdmin(t, other);
    expect((await upsert('family', otherAdmin.headers, batch)).statusCode).toBe(404);
    expect((await read('family', otherAdmin.headers)).statusCode).toBe(404);
    expect(
      (await t.call({ url: `${BASE}/entity-family-history-preferences/${practice.OrganizationId}` }))
        .statusCode,
    ).toBe(401);
    const twice = await upsert('family', admin.headers, {
      ...batch,
      Items: [
        { Code: 'x', Display: 'X' },
        { Code: 'x', Display: 'Y' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json.errors?.map((e) => e.field)).toEqual(['body.Items']);
  });
});
