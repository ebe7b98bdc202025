import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Survey, SurveyTemplate } from '@careslot/contracts';
import { SURVEY_API } from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';

type List<T> = { Data: T[]; Total: number };
type Failure = { status_code: number; errors?: { field: string; rule: string }[] };

const [PRACTICE, OTHER_PRACTICE] = DEMO_PRACTICE_IDS as unknown as [string, string];
const LIBRARY_TEMPLATE = '5a7e0c1e-0000-4000-8000-000000000001';

const questions = [
  { Id: 'overall', Type: 'rating', Text: 'How was your visit?', Required: true },
  { Id: 'wait', Type: 'choice', Text: 'How long did you wait?', Options: ['No wait', 'A while'] },
];

describe('surveys: a practice keeps its patient surveys, started from the library', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let otherAdmin: string;
  let superUser: string;

  beforeAll(async () => {
    t = await createTestApp();
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
    admin = await practiceUser(['practiceadmin'], demoPerson('admin').id, PRACTICE);
    staff = await practiceUser(['staff'], demoPerson('staff').id, PRACTICE);
    otherAdmin = await practiceUser(['practiceadmin'], randomUUID(), OTHER_PRACTICE);
    superUser = await tokenFor(
      t.tokens,
      {
        user_roles: ['superuser'],
        user_type: 'SuperUser',
        careslot_id: randomUUID(),
        email: 'su@example.com',
      },
      3600,
    );
  });
  afterAll(async () => t.close());

  const addSurvey = (token: string, body: Record<string, unknown>) =>
    t.call<Survey & Failure>({
      method: 'POST',
      url: `${SURVEY_API}/survey`,
      headers: bearer(token),
      payload: body,
    });
  const list = (token: string, organizationId = PRACTICE) =>
    t.call<List<Survey> & Failure>({
      method: 'POST',
      url: `${SURVEY_API}/survey/organization/${organizationId}`,
      headers: bearer(token),
    });
  const auditOf = (id: string) =>
    t.database.query<{ workflow: string; outcome: string; action: string }>(
      'select workflow, outcome, action from audit_events where entity_id = $1 order by occurred_at',
      [id],
    );

  it('offers the library templates to every user of a practice', async () => {
    const templates = await t.call<List<SurveyTemplate>>({
      method: 'POST',
      url: `${SURVEY_API}/surveyTemplate/organization/${PRACTICE}`,
      headers: bearer(staff),
    });
    expect(templates.statusCode).toBe(200);
    expect(templates.json.Data.map((template) => template.Name)).toEqual(
      expect.arrayContaining(['Visit experience', 'Telehealth visit']),
    );
    const one = await t.call<SurveyTemplate>({
      method: 'GET',
      url: `${SURVEY_API}/surveyTemplate/${LIBRARY_TEMPLATE}`,
      headers: bearer(staff),
    });
    expect(one.json.Questions.map((question) => question.Id)).toContain('recommend');
  });

  it('lets the admin add a survey from a template, audited with its workflow, and the staff read it', async () => {
    const added = await addSurvey(admin, {
      OrganizationId: PRACTICE,
      Name: 'After your visit',
      Instructions: 'Two minutes, thank you.',
      Active: true,
      TemplateId: LIBRARY_TEMPLATE,
      Questions: questions,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json).toMatchObject({
      Name: 'After your visit',
      Active: true,
      TemplateId: LIBRARY_TEMPLATE,
    });
    expect(await auditOf(added.json.Id)).toEqual([
      expect.objectContaining({ workflow: 'Survey_Add_Web', outcome: 'success', action: 'create' }),
    ]);

    const seen = await list(staff);
    expect(seen.json.Data.map((survey) => survey.Id)).toContain(added.json.Id);
    const read = await t.call<Survey>({
      method: 'GET',
      url: `${SURVEY_API}/survey/${added.json.Id}`,
      headers: bearer(staff),
    });
    expect(read.json.Questions).toHaveLength(2);
  });

  it('keeps one active survey a practice: turning one on turns the other off', async () => {
    const first = await addSurvey(admin, {
      OrganizationId: PRACTICE,
      Name: 'Spring',
      Active: true,
      Questions: questions,
    });
    const second = await addSurvey(admin, {
      OrganizationId: PRACTICE,
      Name: 'Summer',
      Active: true,
      Questions: questions,
    });
    const surveys = (await list(admin)).json.Data;
    expect(surveys.filter((survey) => survey.Active).map((survey) => survey.Id)).toEqual([second.json.Id]);
    const changed = await t.call<Survey>({
      method: 'PUT',
      url: `${SURVEY_API}/survey`,
      headers: bearer(admin),
      payload: {
        Id: first.json.Id,
        OrganizationId: PRACTICE,
        Name: 'Spring (short)',
        Active: true,
        Questions: questions.slice(0, 1),
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json).toMatchObject({ Name: 'Spring (short)', Active: true });
    expect(
      (await list(admin)).json.Data.filter((survey) => survey.Active).map((survey) => survey.Id),
    ).toEqual([first.json.Id]);
    expect((await auditOf(first.json.Id)).map((row) => row.workflow)).toEqual([
      'Survey_Add_Web',
      'Survey_Edit_Web',
    ]);
  });

  it('refuses bad questions naming the field and the rule', async () => {
    const noOptions = await addSurvey(admin, {
      OrganizationId: PRACTICE,
      Name: 'Bad',
      Questions: [{ Id: 'q', Type: 'choice', Text: 'Pick', Options: ['only one'] }],
    });
    expect(noOptions.statusCode).toBe(400);
    expect(noOptions.json.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'body.Questions.0.Options', rule: 'too_small' }),
      ]),
    );
    const twice = await addSurvey(admin, {
      OrganizationId: PRACTICE,
      Name: 'Bad',
      Questions: [questions[0], questions[0]],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json.errors?.[0]?.field).toBe('body.Questions.1.Id');
    const empty = await addSurvey(admin, { OrganizationId: PRACTICE, Name: '', Questions: questions });
    expect(empty.json.errors?.[0]).toMatchObject({ field: 'body.Name', rule: 'too_small' });
  });

  it('lets staff read but not change surveys (403), and hides them from another practice (404, audited)', async () => {
    const added = await addSurvey(admin, { OrganizationId: PRACTICE, Name: 'Private', Questions: questions });
    expect(
      (await addSurvey(staff, { OrganizationId: PRACTICE, Name: 'Mine', Questions: questions })).statusCode,
    ).toBe(403);

    const foreignRead = await t.call<Failure>({
      method: 'GET',
      url: `${SURVEY_API}/survey/${added.json.Id}`,
      headers: bearer(otherAdmin),
    });
    expect(foreignRead.statusCode).toBe(404);
    expect((await list(otherAdmin, PRACTICE)).statusCode).toBe(404);
    const foreignEdit = await t.call<Failure>({
      method: 'PUT',
      url: `${SURVEY_API}/survey`,
      headers: bearer(otherAdmin),
      payload: { Id: added.json.Id, OrganizationId: OTHER_PRACTICE, Name: 'Taken', Questions: questions },
    });
    expect(foreignEdit.statusCode).toBe(404);
    expect(
      (
        await t.call<Survey>({
          method: 'GET',
          url: `${SURVEY_API}/survey/${added.json.Id}`,
          headers: bearer(admin),
        })
      ).json.Name,
    ).toBe('Private');
    expect((await auditOf(added.json.Id)).filter((row) => row.outcome === 'denied')).toHaveLength(2);
  });

  it("keeps the library the super users': a practice admin adds its own templates only", async () => {
    const library = { OrganizationId: null, Name: 'Library entry', Questions: questions };
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${SURVEY_API}/surveyTemplate`,
          headers: bearer(admin),
          payload: library,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${SURVEY_API}/surveyTemplate`,
          headers: bearer(superUser),
          payload: library,
        })
      ).statusCode,
    ).toBe(201);
    const own = await t.call<SurveyTemplate>({
      method: 'POST',
      url: `${SURVEY_API}/surveyTemplate`,
      headers: bearer(admin),
      payload: { ...library, OrganizationId: PRACTICE, Name: 'Ours' },
    });
    expect(own.statusCode).toBe(201);
    const forOther = await t.call<List<SurveyTemplate>>({
      method: 'POST',
      url: `${SURVEY_API}/surveyTemplate/organization/${OTHER_PRACTICE}`,
      headers: bearer(otherAdmin),
    });
    expect(forOther.json.Data.map((template) => template.Name)).not.toContain('Ours');
    expect(
      (
        await t.call({
          method: 'GET',
          url: `${SURVEY_API}/surveyTemplate/${own.json.Id}`,
          headers: bearer(otherAdmin),
        })
      ).statusCode,
    ).toBe(404);
  });
});
