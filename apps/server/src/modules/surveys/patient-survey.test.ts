import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeCalendarContext, SurveyAppointmentInfo, SurveyQuestions } from '@careslot/contracts';
import { SURVEY_API } from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';
import { surveyMessageLink } from './index';

type Failure = {
  status_code: number;
  message: string;
  errors?: { field: string; rule: string; message: string }[];
};

const PRACTICE = DEMO_PRACTICE_IDS[0];
// Tuesday 24 November 2026, 08:00 in New York.
const NOW = '2026-11-24T13:00:00.000Z';
const DAY = 86_400_000;

describe('the survey app: a visit’s survey from a signed link, without signing in', () => {
  let t: TestApp;
  let appointmentId: string;
  let query: string;
  let staff: string;
  let scheduleId: string;
  let slotAt: (hour: number) => string;
  const provider = demoPerson('provider');

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const practiceUser = (roles: string[], id: string) =>
      tokenFor(
        t.tokens,
        {
          user_roles: roles,
          user_type: 'Practitioner',
          careslot_id: id,
          PracticeId: PRACTICE,
          email: `${id}@example.com`,
        },
        3600,
      );
    staff = await practiceUser(['staff'], demoPerson('staff').id);
    const admin = await practiceUser(['practiceadmin'], demoPerson('admin').id);
    const context = await t.call<PracticeCalendarContext>({
      method: 'GET',
      url: '/careslot-appointment-service/api/v2/practice/calendar-context',
      headers: bearer(staff),
    });
    const schedule = context.json.Schedules.find((s) => s.PractitionerId === provider.id)!;
    const offsets: Record<string, number> = {
      'America/New_York': 5,
      'America/Chicago': 6,
      'America/Denver': 7,
      'America/Phoenix': 7,
      'America/Los_Angeles': 8,
    };
    scheduleId = schedule.Id;
    slotAt = (hour) => new Date(Date.UTC(2026, 10, 24, hour + offsets[schedule.TimeZone]!)).toISOString();
    const start = slotAt(10);
    const booked = await t.call<{ data: string }>({
      method: 'POST',
      url: '/careslot-appointment-service/api/v2/OfficeAppointments',
      headers: bearer(staff),
      payload: {
        CalendarId: schedule.Id,
        StartTime: start,
        NewPatient: { FirstName: 'Marisol', LastName: 'Okafor', BirthDate: '1979-05-02', Gender: 'Female' },
        Reasons: [{ Name: 'Check-up' }],
      },
    });
    expect(booked.statusCode).toBe(200);
    appointmentId = booked.json.data;
    const survey = await t.call({
      method: 'POST',
      url: `${SURVEY_API}/survey`,
      headers: bearer(admin),
      payload: {
        OrganizationId: PRACTICE,
        Name: 'After your visit',
        Instructions: 'Three short questions about today.',
        Active: true,
        Questions: [
          { Id: 'overall', Type: 'rating', Text: 'How was your visit?', Required: true },
          { Id: 'again', Type: 'yes-no', Text: 'Would you come again?' },
          { Id: 'wait', Type: 'choice', Text: 'How long did you wait?', Options: ['No wait', 'A while'] },
        ],
      },
    });
    expect(survey.statusCode).toBe(201);
    const link = surveyMessageLink(
      t,
      'https://careslot.example',
      appointmentId,
      new Date(Date.parse(NOW) + 30 * DAY),
    );
    expect(link).toMatch(
      new RegExp(
        `^https://careslot\\.example/appointments/${appointmentId}/start-survey\\?exp=\\d+&sig=[\\w-]+$`,
      ),
    );
    query = link.slice(link.indexOf('?'));
  });
  afterAll(async () => t.close());

  const info = (q: string, id = appointmentId) =>
    t.call<{ data: SurveyAppointmentInfo } & Failure>({ url: `${SURVEY_API}/survey/appointment/${id}${q}` });

  it('shows the welcome screen’s facts, the first name only, never cached, and audits the read as the patient', async () => {
    const answer = await info(query);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = answer.json.data;
    expect(data.patient).toEqual({ name: { first_name: 'Marisol' } });
    expect(JSON.stringify(answer.json)).not.toContain('Okafor');
    expect(JSON.stringify(answer.json)).not.toContain('1979');
    expect(data.practice.name).toBeTruthy();
    expect(data.facility?.address).toBeTruthy();
    expect(data.provider).toMatchObject({
      patient_survey_instructions: 'Three short questions about today.',
    });
    expect(data.resource).toBeNull();
    expect(data.time_zone).toMatch(/^America\//);
    expect(data.answered).toBe(false);
    expect(data.survey_link).toBe(`/survey/appointment/${appointmentId}/questions${query}`);
    const rows = await t.database.query<{
      workflow: string;
      outcome: string;
      actor_id: string;
      detail: { relation?: string };
    }>(
      "select workflow, outcome, actor_id, detail from audit_events where entity_id = $1 and workflow = 'Survey_Appointment_Info_Web'",
      [appointmentId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'success', detail: { relation: 'self', via: 'survey-link' } });
  });

  it('refuses a missing, changed, borrowed or expired signature with 400 naming the field', async () => {
    const missing = await info('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json.errors?.map((e) => e.field)).toEqual(
      expect.arrayContaining(['querystring.exp', 'querystring.sig']),
    );
    const sig = new URLSearchParams(query).get('sig')!;
    const changed = await info(
      query.replace(`sig=${sig}`, `sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`),
    );
    expect(changed.statusCode).toBe(400);
    expect(changed.json.errors).toEqual([expect.objectContaining({ field: 'sig', rule: 'valid' })]);
    // Another visit's id with this visit's signature: the signature covers the id.
    const borrowed = await info(query, '9b1f6a55-8a2d-4c1e-9f3e-2d7c5b8a1e40');
    expect(borrowed.statusCode).toBe(400);
    const expiredLink = surveyMessageLink(t, '', appointmentId, new Date(Date.parse(NOW) - 1000));
    expect((await info(expiredLink.slice(expiredLink.indexOf('?')))).statusCode).toBe(400);
    const questions = await t.call({ url: `${SURVEY_API}/survey/appointment/${appointmentId}/questions` });
    expect(questions.statusCode).toBe(400);
  });

  it('takes the answers once, checked against the questions, and the welcome screen then says it is answered', async () => {
    const questions = await t.call<{ data: SurveyQuestions }>({
      url: `${SURVEY_API}/survey/appointment/${appointmentId}/questions${query}`,
    });
    expect(questions.statusCode).toBe(200);
    expect(questions.headers['cache-control']).toBe('no-store');
    expect(questions.json.data.Questions.map((q) => q.Id)).toEqual(['overall', 'again', 'wait']);
    const send = (Answers: unknown[]) =>
      t.call<Failure>({
        method: 'POST',
        url: `${SURVEY_API}/survey/appointment/${appointmentId}/responses${query}`,
        payload: { SurveyId: questions.json.data.SurveyId, Answers },
      });

    const bad = await send([{ QuestionId: 'wait', Value: 'Forever' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'body.Answers.0.Value', rule: 'type' }),
        expect.objectContaining({ field: 'body.Answers.overall', rule: 'required' }),
      ]),
    );
    const good = await send([
      { QuestionId: 'overall', Value: 5 },
      { QuestionId: 'again', Value: true },
      { QuestionId: 'wait', Value: 'No wait' },
    ]);
    expect(good.statusCode).toBe(201);
    expect((await send([{ QuestionId: 'overall', Value: 4 }])).statusCode).toBe(409);
    const after = await info(query);
    expect(after.json.data).toMatchObject({ answered: true, survey_link: null });
    const audit = await t.database.query<{ outcome: string }>(
      "select outcome from audit_events where entity_id = $1 and workflow = 'Survey_Response_Add_Web'",
      [appointmentId],
    );
    expect(audit.length).toBeGreaterThanOrEqual(1);
    const [stored] = await t.database.query<{ answers: unknown }>(
      'select answers from survey_responses where appointment_id = $1',
      [appointmentId],
    );
    expect(stored!.answers).toEqual([
      { QuestionId: 'overall', Value: 5 },
      { QuestionId: 'again', Value: true },
      { QuestionId: 'wait', Value: 'No wait' },
    ]);
  });

  it('sends the survey message with a signed link once the visit is checked out, once', async () => {
    const V2 = '/careslot-appointment-service/api/v2';
    const booked = await t.call<{ data: string }>({
      method: 'POST',
      url: `${V2}/OfficeAppointments`,
      headers: bearer(staff),
      payload: {
        CalendarId: scheduleId,
        StartTime: slotAt(11),
        NewPatient: {
          FirstName: 'Dario',
          LastName: 'Vance',
          BirthDate: '1990-01-09',
          Gender: 'Male',
          Email: 'dario.vance@example.com',
        },
      },
    });
    expect(booked.statusCode).toBe(200);
    const id = booked.json.data;
    for (const status of ['Checked-In', 'Checked-Out'])
      expect(
        (
          await t.call({
            method: 'PUT',
            url: `${V2}/OfficeAppointments/${id}/status?status=${status}`,
            headers: bearer(staff),
            payload: {},
          })
        ).statusCode,
      ).toBe(200);
    await t.events.drain();
    const sent = await t.sent({ to: 'dario.vance@example.com', template: 'appointment-survey' });
    expect(sent).toHaveLength(1);
    const link = /(https?:\/\/\S+\/appointments\/[\w-]+\/start-survey\?exp=\d+&sig=[\w-]+)/.exec(
      sent[0]!.body,
    )?.[1];
    expect(link).toContain(`/appointments/${id}/start-survey?`);
    const opened = await info(link!.slice(link!.indexOf('?')), id);
    expect(opened.statusCode).toBe(200);
    expect(opened.json.data.patient.name.first_name).toBe('Dario');
    await t.events.drain();
    expect(await t.sent({ to: 'dario.vance@example.com', template: 'appointment-survey' })).toHaveLength(1);
  });
});
