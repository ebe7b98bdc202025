import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeCalendarContext, SurveyResults } from '@careslot/contracts';
import { SURVEY_API } from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';
import { surveyMessageLink } from './index';

type Failure = { status_code: number; errors?: { field: string; rule: string }[] };

const [PRACTICE, OTHER_PRACTICE] = DEMO_PRACTICE_IDS as unknown as [string, string];
// Tuesday 24 November 2026, 08:00 in New York.
const NOW = '2026-11-24T13:00:00.000Z';
const DAY = 86_400_000;
const OFFSETS: Record<string, number> = {
  'America/New_York': 5,
  'America/Chicago': 6,
  'America/Denver': 7,
  'America/Phoenix': 7,
  'America/Los_Angeles': 8,
};

describe('survey results: the practice reads what patients answered', () => {
  let t: TestApp;
  let staff: string;
  let otherAdmin: string;
  let surveyId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const practiceUser = (roles: string[], id: string, practice: string) =>
      tokenFor(
        t.tokens,
        {
          user_roles: roles,
          user_type: 'Practitioner',
          careslot_id: id,
          PracticeId: practice,
          email: `${id}@example.com`,
        },
        3600,
      );
    staff = await practiceUser(['staff'], demoPerson('staff').id, PRACTICE);
    otherAdmin = await practiceUser(['practiceadmin'], randomUUID(), OTHER_PRACTICE);
    const admin = await practiceUser(['practiceadmin'], demoPerson('admin').id, PRACTICE);
    const survey = await t.call<{ Id: string }>({
      method: 'POST',
      url: `${SURVEY_API}/survey`,
      headers: bearer(admin),
      payload: {
        OrganizationId: PRACTICE,
        Name: 'After your visit',
        Instructions: '',
        Active: true,
        Questions: [
          { Id: 'overall', Type: 'rating', Text: 'How was your visit?', Required: true },
          { Id: 'again', Type: 'yes-no', Text: 'Would you come again?' },
          { Id: 'wait', Type: 'choice', Text: 'How long did you wait?', Options: ['No wait', 'A while'] },
          { Id: 'comments', Type: 'text', Text: 'Anything else?' },
        ],
      },
    });
    expect(survey.statusCode).toBe(201);
    surveyId = survey.json.Id;

    const context = await t.call<PracticeCalendarContext>({
      method: 'GET',
      url: '/careslot-appointment-service/api/v2/practice/calendar-context',
      headers: bearer(staff),
    });
    const schedule = context.json.Schedules.find((s) => s.PractitionerId === demoPerson('provider').id)!;
    const answers: Record<string, number | boolean | string>[] = [
      { overall: 5, again: true, wait: 'No wait', comments: 'Kind front desk.' },
      { overall: 4, again: true, wait: 'A while', comments: 'Parking was hard to find.' },
      { overall: 2, again: false, wait: 'A while' },
    ];
    for (const [n, given] of answers.entries()) {
      const booked = await t.call<{ data: string }>({
        method: 'POST',
        url: '/careslot-appointment-service/api/v2/OfficeAppointments',
        headers: bearer(staff),
        payload: {
          CalendarId: schedule.Id,
          // 10:00 and 11:00 today, 10:00 tomorrow (open hours of the demo calendar).
          StartTime: new Date(
            Date.UTC(2026, 10, n === 2 ? 25 : 24, (n === 1 ? 11 : 10) + OFFSETS[schedule.TimeZone]!),
          ).toISOString(),
          NewPatient: {
            FirstName: ['Ana', 'Bea', 'Cora'][n],
            LastName: 'Results',
            BirthDate: '1980-01-01',
            Gender: 'Female',
          },
        },
      });
      expect(booked.statusCode, JSON.stringify(booked.json)).toBe(200);
      const link = surveyMessageLink(t, '', booked.json.data, new Date(Date.parse(NOW) + 30 * DAY));
      const sent = await t.call({
        method: 'POST',
        url: `${SURVEY_API}/survey/appointment/${booked.json.data}/responses${link.slice(link.indexOf('?'))}`,
        payload: {
          SurveyId: surveyId,
          Answers: Object.entries(given).map(([QuestionId, Value]) => ({ QuestionId, Value })),
        },
      });
      expect(sent.statusCode).toBe(201);
    }
  });
  afterAll(async () => t.close());

  const results = (token: string, body: Record<string, unknown>, id = surveyId) =>
    t.call<SurveyResults & Failure>({
      method: 'POST',
      url: `${SURVEY_API}/survey/${id}/results`,
      headers: bearer(token),
      payload: body,
    });

  it('counts the responses in the range and spreads each question’s answers, zero counts included', async () => {
    const answer = await results(staff, { From: '2026-11-01', To: '2026-11-24' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json.ResponseCount).toBe(3);
    const [overall, again, wait, comments] = answer.json.Questions;
    expect(overall).toMatchObject({ Text: 'How was your visit?', Answered: 3, Average: 3.67 });
    expect(overall!.Answers).toEqual([
      { Value: '5', Count: 1 },
      { Value: '4', Count: 1 },
      { Value: '3', Count: 0 },
      { Value: '2', Count: 1 },
      { Value: '1', Count: 0 },
    ]);
    expect(again!.Answers).toEqual([
      { Value: 'yes', Count: 2 },
      { Value: 'no', Count: 1 },
    ]);
    expect(wait!.Answers).toEqual([
      { Value: 'No wait', Count: 1 },
      { Value: 'A while', Count: 2 },
    ]);
    expect(comments).toMatchObject({ Type: 'text', Answered: 2, Answers: [] });
    expect(JSON.stringify(answer.json)).not.toContain('Results');
  });

  it('pages the free-text answers, newest first, and records the read with the patients shown', async () => {
    const first = await results(staff, { From: '2026-11-24', To: '2026-11-24', CommentsPageSize: 1 });
    expect(first.json.Comments.Total).toBe(2);
    expect(first.json.Comments.Data).toHaveLength(1);
    const second = await results(staff, {
      From: '2026-11-24',
      To: '2026-11-24',
      CommentsPage: 2,
      CommentsPageSize: 1,
    });
    expect([...first.json.Comments.Data, ...second.json.Comments.Data].map((c) => c.Text).sort()).toEqual([
      'Kind front desk.',
      'Parking was hard to find.',
    ]);
    const audit = await t.database.query<{ outcome: string; detail: { count: number } }>(
      "select outcome, detail from audit_events where workflow = 'Survey_Results_View_Web' and action = 'search' and outcome = 'success' and detail ? 'count' order by occurred_at",
    );
    expect(audit.at(-1)).toMatchObject({ detail: { count: 1 } });
  });

  it('finds nothing outside the range and refuses a range that ends before it starts (400 naming To)', async () => {
    const before = await results(staff, { From: '2026-10-01', To: '2026-11-23' });
    expect(before.json).toMatchObject({ ResponseCount: 0, Comments: { Data: [], Total: 0 } });
    const backwards = await results(staff, { From: '2026-11-24', To: '2026-11-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json.errors).toEqual([expect.objectContaining({ field: 'body.To' })]);
  });

  it("hides a survey's results from another practice and an unknown survey alike (404)", async () => {
    expect((await results(otherAdmin, { From: '2026-11-01', To: '2026-11-24' })).statusCode).toBe(404);
    expect((await results(staff, { From: '2026-11-01', To: '2026-11-24' }, randomUUID())).statusCode).toBe(
      404,
    );
  });
});
