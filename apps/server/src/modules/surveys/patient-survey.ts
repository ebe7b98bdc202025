import { randomUUID } from 'node:crypto';
import {
  surveyAppPath,
  type Address,
  type SurveyAppointmentInfo,
  type SurveyLinkQuery,
  type SurveyQuestion,
  type SurveyQuestions,
  type surveyResponseInputSchema,
} from '@careslot/contracts';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors';
import { appointmentFromSurveyLink, type SurveyLinkAppointment } from '../appointments';
import { getHealthcareService, getOrganization, resourceSurveyInstructions } from '../organizations';
import { signLink, signedLinkKey, verifyLink } from '../identity';
import * as store from './store';

/**
 * The survey app's calls (practice-portal.md §2.11, §3.6; decision 0074). The patient reaches them from a link
 * sent after the visit, without signing in: the link's signature (identity's signed links, over the survey path
 * and an expiry) is the proof, checked before anything is read. Every read and the answer go through the access
 * policy as the visit's patient and are audited.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'tokens'>;

const WORKFLOWS = {
  info: 'Survey_Appointment_Info_Web',
  questions: 'Survey_Questions_View_Web',
  answer: 'Survey_Response_Add_Web',
} as const;

/** The query a survey path is signed with: `?exp=…&sig=…`. */
function signedQuery(deps: Pick<AppDeps, 'tokens'>, appointmentId: string, expiresAt: Date): string {
  const signed = signLink(signedLinkKey(deps.tokens), surveyAppPath(appointmentId), expiresAt);
  return signed.slice(signed.indexOf('?'));
}

/**
 * The link a survey message carries: appointments/{id}/start-survey (which signs out whoever is signed in on that
 * browser, §2.11) with the signature of the survey page, which the web passes on.
 */
export function surveyMessageLink(
  deps: Pick<AppDeps, 'tokens'>,
  origin: string,
  appointmentId: string,
  expiresAt: Date,
): string {
  return `${origin}/appointments/${appointmentId}/start-survey${signedQuery(deps, appointmentId, expiresAt)}`;
}

function checkLink(deps: Deps, appointmentId: string, link: SurveyLinkQuery): void {
  if (
    !verifyLink(
      signedLinkKey(deps.tokens),
      `${surveyAppPath(appointmentId)}?exp=${link.exp}&sig=${link.sig}`,
      deps.clock.now(),
    )
  )
    throw fieldError('sig', 'valid', 'This survey link is not valid or has expired.');
}

const joinAddress = (a: Address | null | undefined): string | null => {
  if (!a) return null;
  const cityLine = [a.City, [a.State, a.ZipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const text = [a.Address1, ...a.Address2, cityLine]
    .filter((part): part is string => !!part && part.trim() !== '')
    .join(', ');
  return text || null;
};

async function visitOf(
  deps: Deps,
  context: RequestContext,
  id: string,
  link: SurveyLinkQuery,
  action: 'read' | 'create',
  workflow: string,
): Promise<SurveyLinkAppointment> {
  checkLink(deps, id, link);
  return appointmentFromSurveyLink(deps, context, { id, action, workflow }, deps.clock.now());
}

/** GET survey/appointment/{id}: what the welcome screen shows (§2.11), and nothing more. */
export async function surveyAppointmentInfo(
  deps: Deps,
  context: RequestContext,
  id: string,
  link: SurveyLinkQuery,
): Promise<SurveyAppointmentInfo> {
  const visit = await visitOf(deps, context, id, link, 'read', WORKFLOWS.info);
  const a = visit.appointment;
  const organization = visit.organizationId
    ? await getOrganization(deps.database, visit.organizationId)
    : null;
  const [survey, answered] = await Promise.all([
    organization ? store.activeSurveyOf(deps.database, organization.Id) : null,
    store.responseExists(deps.database, id),
  ]);
  // A provider keeps no survey instructions of their own in this product: the practice's active survey's apply.
  const practiceInstructions = survey?.instructions ?? '';
  const resource = visit.resourceId ? await getHealthcareService(deps.database, visit.resourceId) : null;
  return {
    patient: { name: { first_name: a.Patient.FirstName } },
    start_date: a.StartTime,
    time_zone: a.TimeZone,
    provider: a.Provider
      ? { profile_picture_uri: a.Provider.Photo, patient_survey_instructions: practiceInstructions }
      : null,
    resource: resource
      ? {
          profile_picture_uri: resource.Photo.Url,
          patient_survey_instructions:
            (await resourceSurveyInstructions(deps.database, resource.Id)) || practiceInstructions,
        }
      : null,
    practice: {
      name: organization?.Name ?? '',
      address: joinAddress(organization?.Address),
      phone: organization?.Phone ?? null,
    },
    facility: a.Facility
      ? { address: a.Facility.AddressLines.join(', ') || null, phone_number: a.Facility.Phone }
      : null,
    survey_link:
      survey && !answered ? `${surveyAppPath(id)}/questions?exp=${link.exp}&sig=${link.sig}` : null,
    answered,
  };
}

/** GET survey/appointment/{id}/questions: the practice's active survey, to answer. */
export async function surveyQuestions(
  deps: Deps,
  context: RequestContext,
  id: string,
  link: SurveyLinkQuery,
): Promise<SurveyQuestions> {
  const visit = await visitOf(deps, context, id, link, 'read', WORKFLOWS.questions);
  const survey = visit.organizationId
    ? await store.activeSurveyOf(deps.database, visit.organizationId)
    : null;
  if (!survey) throw notFound();
  return {
    SurveyId: survey.id,
    Name: survey.name,
    Instructions: survey.instructions,
    Questions: survey.questions,
    Answered: await store.responseExists(deps.database, id),
  };
}

/** Why an answer does not fit its question, or null. */
function answerIssue(question: SurveyQuestion, value: number | boolean | string): string | null {
  switch (question.Type) {
    case 'rating':
      return typeof value === 'number' ? null : 'must be a rating from 1 to 5';
    case 'yes-no':
      return typeof value === 'boolean' ? null : 'must be yes or no';
    case 'choice':
      return typeof value === 'string' && question.Options.includes(value)
        ? null
        : 'must be one of the options';
    case 'text':
      return typeof value === 'string' ? null : 'must be text';
  }
}

/** POST survey/appointment/{id}/responses: the patient's answers, once per visit, checked against the questions. */
export async function answerSurvey(
  deps: Deps,
  context: RequestContext,
  id: string,
  link: SurveyLinkQuery,
  input: z.output<typeof surveyResponseInputSchema>,
): Promise<void> {
  const visit = await visitOf(deps, context, id, link, 'create', WORKFLOWS.answer);
  const survey = await store.surveyById(deps.database, input.SurveyId);
  if (!survey || survey.organization_id !== visit.organizationId)
    throw fieldError('body.SurveyId', 'exists', "is not this practice's survey");
  const issues: { field: string; rule: string; message: string }[] = [];
  const byId = new Map(survey.questions.map((q) => [q.Id, q]));
  const given = new Map<string, number | boolean | string>();
  input.Answers.forEach((answer, index) => {
    const question = byId.get(answer.QuestionId);
    if (!question)
      return issues.push({
        field: `body.Answers.${index}.QuestionId`,
        rule: 'exists',
        message: 'is not a question of this survey',
      });
    if (given.has(answer.QuestionId))
      return issues.push({
        field: `body.Answers.${index}.QuestionId`,
        rule: 'unique',
        message: 'is answered twice',
      });
    const issue = answerIssue(question, answer.Value);
    if (issue) return issues.push({ field: `body.Answers.${index}.Value`, rule: 'type', message: issue });
    given.set(answer.QuestionId, answer.Value);
  });
  survey.questions.forEach((question) => {
    if (question.Required && !given.has(question.Id))
      issues.push({
        field: `body.Answers.${question.Id}`,
        rule: 'required',
        message: `"${question.Text}" needs an answer`,
      });
  });
  if (issues.length) throw badRequest(issues);
  const saved = await store.insertResponse(deps.database, {
    id: randomUUID(),
    appointmentId: id,
    surveyId: survey.id,
    organizationId: survey.organization_id,
    answers: [...given].map(([QuestionId, Value]) => ({ QuestionId, Value })),
    at: deps.clock.now(),
  });
  if (!saved) throw conflict('This survey was already answered. Thank you!');
}
