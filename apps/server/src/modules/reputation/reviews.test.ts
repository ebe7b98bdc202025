import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientVisitReview, PracticeReviewList } from '@careslot/contracts';
import { fixedClock } from '../../platform/clock';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import {
  bookTestAppointment,
  createTestPractice,
  createTestPracticeUser,
  openTimeAhead,
  type TestPractice,
} from '../../testing/factories';

const REVIEWS = '/careslot-reputation-service/api/v1/patient-reviews';
const REPUTATION = '/careslot-reputation-service/api/v1';
type Answer<T> = T & { errors?: { field: string; rule: string; message: string }[]; message?: string };

const clock = fixedClock(new Date());
let t: TestApp;
let practice: TestPractice;
let other: TestPractice;
let patient: TestPatient;
let visit: string;

/** A token minted at the clock's time (the factories' tokens last a day; these tests move the clock past a visit). */
const patientToken = (who: TestPatient) =>
  tokenFor(
    t.tokens,
    {
      sub: `sub-${who.id}`,
      user_roles: ['patient'],
      user_type: 'Patient',
      careslot_id: who.id,
      email: who.email,
    },
    3600,
  );
const call = <T>(method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
  t.call<Answer<T>>({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp({ clock });
  [practice, other] = [await createTestPractice(t), await createTestPractice(t)];
  patient = await createTestPatient(t, 'Robin');
  const start = openTimeAhead(t, practice);
  visit = await bookTestAppointment(t, practice, patient, start);
}, 120_000);
afterAll(() => t.close());

describe('the patient-review route: a patient rates their visit (patient-booking.md §2.7, issue 26 item 5)', () => {
  it('refuses a review before the visit has taken place (409) and names a bad rating (400)', async () => {
    const token = await patientToken(patient);
    const before = await call<PatientVisitReview>('GET', `${REVIEWS}/appointments/${visit}`, token);
    expect(before.statusCode).toBe(200);
    expect(before.json).toMatchObject({
      AppointmentId: visit,
      CanReview: false,
      Review: null,
      ReviewSites: [],
    });
    const early = await call('PUT', `${REVIEWS}/appointments/${visit}`, token, { Rating: 5 });
    expect(early.statusCode).toBe(409);
    const bad = await call('PUT', `${REVIEWS}/appointments/${visit}`, token, { Rating: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.map((e) => [e.field, e.rule])).toEqual([['body.Rating', 'too_big']]);
    expect(bad.json.errors?.[0]?.message).toContain('must be a whole number from 1 to 5');
  });

  it('keeps the rating and comment after the visit; the practice lists and answers it, another practice cannot', async () => {
    const [start] = await t.database.query<{ start_at: Date }>(
      'select start_at from appointments where id = $1',
      [visit],
    );
    clock.set(new Date(new Date(start!.start_at).getTime() + 60 * 60_000));
    const token = await patientToken(patient);
    const saved = await call<PatientVisitReview>('PUT', `${REVIEWS}/appointments/${visit}`, token, {
      Rating: 3,
      Comment: '  Long wait, kind staff.  ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json).toMatchObject({
      CanReview: true,
      Review: { Rating: 3, Comment: 'Long wait, kind staff.', Reply: null },
      ReviewSites: [],
    });

    // Another patient may not read or write it (404, as an unknown visit).
    const stranger = await patientToken(await createTestPatient(t, 'Sam'));
    expect((await call('GET', `${REVIEWS}/appointments/${visit}`, stranger)).statusCode).toBe(404);
    expect((await call('PUT', `${REVIEWS}/appointments/${visit}`, stranger, { Rating: 1 })).statusCode).toBe(
      404,
    );

    const staff = await createTestPracticeUser(t, practice, ['staff']);
    const list = await call<PracticeReviewList>(
      'GET',
      `${REVIEWS}/organizations/${practice.OrganizationId}`,
      staff.token,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json).toMatchObject({ Total: 1, AverageRating: 3 });
    expect(list.json.Data[0]).toMatchObject({ PatientFirstName: 'Robin', Rating: 3, AppointmentId: visit });

    const outsider = await createTestPracticeUser(t, other, ['practiceadmin']);
    const theirs = await call('GET', `${REVIEWS}/organizations/${practice.OrganizationId}`, outsider.token);
    expect(theirs.statusCode).toBe(404);
    const id = list.json.Data[0]!.Id;
    expect((await call('PUT', `${REVIEWS}/${id}/reply`, outsider.token, { Reply: 'Hi' })).statusCode).toBe(
      404,
    );
    const empty = await call('PUT', `${REVIEWS}/${id}/reply`, staff.token, { Reply: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json.errors?.[0]).toMatchObject({ field: 'body.Reply' });
    const reply = await call('PUT', `${REVIEWS}/${id}/reply`, staff.token, { Reply: 'Sorry for the wait.' });
    expect(reply.statusCode).toBe(200);

    const read = await call<PatientVisitReview>('GET', `${REVIEWS}/appointments/${visit}`, token);
    expect(read.json.Review).toMatchObject({
      Reply: 'Sorry for the wait.',
      RepliedOn: clock.now().toISOString(),
    });

    const audit = await t.database.query<{ workflow: string; outcome: string }>(
      `select workflow, outcome from audit_events where entity_type = 'PatientReview' order by occurred_at`,
    );
    expect(audit.map((a) => a.workflow)).toEqual(
      expect.arrayContaining([
        'Patient_Review_Add_Web',
        'Patient_Reviews_List_Web',
        'Patient_Review_Reply_Web',
      ]),
    );
  });

  it("offers a happy patient the review pages of the visit's location and provider", async () => {
    const admin = await createTestPracticeUser(t, practice, ['practiceadmin']);
    const headers = bearer(admin.token);
    const settings = await t.call({
      method: 'POST',
      url: `${REPUTATION}/OrganizationSettings`,
      headers,
      payload: {
        OrganizationId: practice.OrganizationId,
        ApiKey: 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4P5q6',
        BusinessId: '123456789012345',
      },
    });
    expect(settings.statusCode).toBe(200);
    const [row] = await t.database.query<{ location_id: string }>(
      'select location_id from appointments where id = $1',
      [visit],
    );
    const location = await t.call({
      method: 'POST',
      url: `${REPUTATION}/LocationSettings`,
      headers,
      payload: {
        OrganizationId: practice.OrganizationId,
        LocationId: row!.location_id,
        BusinessId: '123456789012345',
        ReviewSiteUrl: 'https://reviews.example.com/hillcrest',
      },
    });
    expect(location.statusCode).toBe(200);
    const token = await patientToken(patient);
    const happy = await call<PatientVisitReview>('PUT', `${REVIEWS}/appointments/${visit}`, token, {
      Rating: 5,
    });
    expect(happy.json.ReviewSites).toEqual([
      { Kind: 'Location', Url: 'https://reviews.example.com/hillcrest' },
    ]);
    // The practice's answer stays with the changed rating.
    expect(happy.json.Review).toMatchObject({ Rating: 5, Comment: null, Reply: 'Sorry for the wait.' });
  });
});
