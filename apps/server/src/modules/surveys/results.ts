import type {
  SurveyQuestion,
  SurveyQuestionResult,
  SurveyResults,
  surveyResultsQuerySchema,
} from '@careslot/contracts';
import type { z } from 'zod';
import { authorizePractice, recordList, ROLE_SETS } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { patientsOfVisits } from '../appointments';
import type { SurveyDeps } from './service';
import * as store from './store';

/** Every user of the practice reads its survey results (the provider, staff and admin survey screens). */
const READERS = ROLE_SETS.PRACTICE_USERS;
const WORKFLOW = 'Survey_Results_View_Web';
/** The most responses one range sums up (the newest); a wider range is cut to these. */
const MAX_RESPONSES = 5000;
const DAY = 86_400_000;

type Answer = store.SurveyResponseRow['answers'][number];

/** Each possible answer of a question as the results name it, in the order the screen lists them. */
function possibleAnswers(question: SurveyQuestion): string[] {
  switch (question.Type) {
    case 'rating':
      return ['5', '4', '3', '2', '1'];
    case 'yes-no':
      return ['yes', 'no'];
    case 'choice':
      return question.Options;
    case 'text':
      return [];
  }
}

const answerKey = (value: Answer['Value']) =>
  typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);

function questionResult(question: SurveyQuestion, answers: Answer[]): SurveyQuestionResult {
  const counts = new Map(possibleAnswers(question).map((value) => [value, 0]));
  for (const answer of answers) {
    const key = answerKey(answer.Value);
    if (counts.has(key)) counts.set(key, counts.get(key)! + 1);
  }
  const ratings = question.Type === 'rating' ? answers.map((a) => Number(a.Value)) : [];
  return {
    Id: question.Id,
    Type: question.Type,
    Text: question.Text,
    Answered: answers.length,
    Average: ratings.length
      ? Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 100) / 100
      : null,
    Answers: [...counts].map(([Value, Count]) => ({ Value, Count })),
  };
}

/**
 * POST survey/{id}/results: the survey's responses in a date range, summed per question, with the free-text
 * answers a page at a time. A survey unknown or of another practice is not found; the read is recorded with the
 * patients whose words the page shows.
 */
export async function surveyResults(
  deps: SurveyDeps,
  context: RequestContext,
  id: string,
  query: z.output<typeof surveyResultsQuerySchema>,
): Promise<SurveyResults> {
  const survey = await store.surveyById(deps.database, id);
  if (!survey) throw notFound();
  await authorizePractice(
    context,
    'search',
    { organizationId: survey.organization_id, entityType: 'SurveyResponse', id, workflow: WORKFLOW },
    READERS,
  );
  const from = new Date(`${query.From}T00:00:00.000Z`);
  const to = new Date(Date.parse(`${query.To}T00:00:00.000Z`) + DAY);
  const responses = await store.responsesOf(deps.database, id, from, to, MAX_RESPONSES);
  const byQuestion = new Map<string, Answer[]>(survey.questions.map((q) => [q.Id, []]));
  const comments: (SurveyResults['Comments']['Data'][number] & { appointmentId: string })[] = [];
  for (const response of responses) {
    for (const answer of response.answers) {
      byQuestion.get(answer.QuestionId)?.push(answer);
      const question = survey.questions.find((q) => q.Id === answer.QuestionId);
      if (question?.Type === 'text' && typeof answer.Value === 'string')
        comments.push({
          QuestionId: answer.QuestionId,
          Text: answer.Value,
          SubmittedOn: response.submitted_at.toISOString(),
          appointmentId: response.appointment_id,
        });
    }
  }
  const start = (query.CommentsPage - 1) * query.CommentsPageSize;
  const page = comments.slice(start, start + query.CommentsPageSize);
  await recordList(
    context,
    'search',
    'appointment',
    await patientsOfVisits(
      deps.database,
      page.map((c) => c.appointmentId),
    ),
    {
      entityType: 'SurveyResponse',
      workflow: WORKFLOW,
      detail: { surveyId: id, from: query.From, to: query.To, responses: responses.length },
    },
  );
  return {
    SurveyId: survey.id,
    Name: survey.name,
    From: query.From,
    To: query.To,
    ResponseCount: responses.length,
    Questions: survey.questions.map((q) => questionResult(q, byQuestion.get(q.Id) ?? [])),
    Comments: {
      Data: page.map(({ QuestionId, Text, SubmittedOn }) => ({ QuestionId, Text, SubmittedOn })),
      Total: comments.length,
    },
  };
}
