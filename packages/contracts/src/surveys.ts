import { z } from 'zod';
import { dataList } from './envelope';
import { safeText } from './input';

/**
 * Patient surveys (practice-portal.md §1, §2.11, §3.6, §7 "Surveys"): a practice keeps surveys, each a list of
 * questions, started from a template of the platform's library or of its own. The calls live under
 * SURVEY_API (the spec gives their paths, not their service's; decision 0067).
 */
export const SURVEY_API = '/careslot-survey/api/v1';

export const SURVEY_QUESTION_TYPES = ['rating', 'yes-no', 'choice', 'text'] as const;
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];

export const SURVEY_LIMITS = {
  name: 100,
  description: 500,
  instructions: 1000,
  question: 300,
  option: 100,
  options: 10,
  questions: 30,
} as const;

/** A question as asked: a rating is 1 to 5 stars; a choice offers 2 to 10 options. */
export const surveyQuestionSchema = z
  .object({
    Id: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/),
    Type: z.enum(SURVEY_QUESTION_TYPES),
    Text: safeText().pipe(z.string().min(1).max(SURVEY_LIMITS.question)),
    Required: z.boolean().default(false),
    Options: z
      .array(safeText().pipe(z.string().min(1).max(SURVEY_LIMITS.option)))
      .max(SURVEY_LIMITS.options)
      .default([]),
  })
  .superRefine((question, context) => {
    if (question.Type === 'choice' && question.Options.length < 2)
      context.addIssue({
        code: 'too_small',
        minimum: 2,
        origin: 'array',
        inclusive: true,
        path: ['Options'],
        message: 'A choice question needs at least 2 options',
      });
    if (question.Type !== 'choice' && question.Options.length > 0)
      context.addIssue({ code: 'custom', path: ['Options'], message: 'Only a choice question has options' });
  });
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

const questionsSchema = z
  .array(surveyQuestionSchema)
  .min(1)
  .max(SURVEY_LIMITS.questions)
  .superRefine((questions, context) => {
    const seen = new Set<string>();
    questions.forEach((question, index) => {
      if (seen.has(question.Id))
        context.addIssue({ code: 'custom', path: [index, 'Id'], message: 'Question ids must be unique' });
      seen.add(question.Id);
    });
  });

export const surveyTemplateSchema = z.object({
  Id: z.uuid(),
  /** Null: a template of the platform's library, offered to every practice. */
  OrganizationId: z.uuid().nullable(),
  Name: z.string(),
  Description: z.string(),
  Questions: z.array(surveyQuestionSchema),
  LastChangedOn: z.string(),
});
export type SurveyTemplate = z.infer<typeof surveyTemplateSchema>;

/** POST (Id absent) and PUT (Id present) surveyTemplate. */
export const surveyTemplateInputSchema = z.object({
  Id: z.uuid().optional(),
  OrganizationId: z.uuid().nullable(),
  Name: safeText().pipe(z.string().min(1).max(SURVEY_LIMITS.name)),
  Description: safeText().pipe(z.string().max(SURVEY_LIMITS.description)).default(''),
  Questions: questionsSchema,
});
export type SurveyTemplateInput = z.input<typeof surveyTemplateInputSchema>;

export const surveySchema = z.object({
  Id: z.uuid(),
  OrganizationId: z.uuid(),
  Name: z.string(),
  /** Shown to the patient above the questions. */
  Instructions: z.string(),
  /** An active survey is the one patients are asked after their visit. */
  Active: z.boolean(),
  TemplateId: z.uuid().nullable(),
  Questions: z.array(surveyQuestionSchema),
  LastChangedOn: z.string(),
});
export type Survey = z.infer<typeof surveySchema>;

/** POST (Id absent) and PUT (Id present) survey. */
export const surveyInputSchema = z.object({
  Id: z.uuid().optional(),
  OrganizationId: z.uuid(),
  Name: safeText().pipe(z.string().min(1).max(SURVEY_LIMITS.name)),
  Instructions: safeText().pipe(z.string().max(SURVEY_LIMITS.instructions)).default(''),
  Active: z.boolean().default(false),
  TemplateId: z.uuid().nullable().default(null),
  Questions: questionsSchema,
});
export type SurveyInput = z.input<typeof surveyInputSchema>;

export const surveyListSchema = dataList(surveySchema);
export const surveyTemplateListSchema = dataList(surveyTemplateSchema);
export const surveyOrganizationParamSchema = z.object({ id: z.uuid() });

// ---------- the survey app: the patient's side (practice-portal.md §2.11, §3.6; decision 0074) ----------

/** The survey app's page of one visit; a message's link is signed over this path. */
export const surveyAppPath = (appointmentId: string) => `/survey/appointment/${appointmentId}`;
/** How long a survey link sent after a visit stays good. */
export const SURVEY_LINK_DAYS = 30;

/**
 * The signature a survey link carries (identity's signed links: `exp` in unix seconds, `sig` the HMAC over the
 * survey path and `exp`). Without both, no survey call answers: the appointment id alone is guessable.
 */
export const surveyLinkQuerySchema = z.object({
  exp: z.coerce
    .number({ message: 'is required: open the survey from the link you were sent' })
    .int()
    .positive(),
  sig: z
    .string({ message: 'is required: open the survey from the link you were sent' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'is not a valid signature' }),
});
export type SurveyLinkQuery = z.infer<typeof surveyLinkQuerySchema>;
export const surveyAppointmentParamSchema = z.object({ id: z.uuid() });

const surveyCareGiverSchema = z.object({
  profile_picture_uri: z.string().nullable(),
  patient_survey_instructions: z.string(),
});

/**
 * Survey appointment info (§3.6), and no more: the patient's first name only, the visit's start (with the
 * facility's zone, for its abbreviation), the provider or resource (photo and instructions), the practice and the
 * facility (whose address and phone take precedence), and the link that opens the questions.
 */
export const surveyAppointmentInfoSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: z.object({
    patient: z.object({ name: z.object({ first_name: z.string() }) }),
    start_date: z.string(),
    time_zone: z.string(),
    provider: surveyCareGiverSchema.nullable(),
    resource: surveyCareGiverSchema.nullable(),
    practice: z.object({ name: z.string(), address: z.string().nullable(), phone: z.string().nullable() }),
    facility: z.object({ address: z.string().nullable(), phone_number: z.string().nullable() }).nullable(),
    /** The questions of the practice's active survey for this visit (signed like the page); null when it has none. */
    survey_link: z.string().nullable(),
    /** Already answered: the page thanks instead of asking again. */
    answered: z.boolean(),
  }),
});
export type SurveyAppointmentInfo = z.infer<typeof surveyAppointmentInfoSchema>['data'];

/** The questions the patient answers (the practice's active survey, as it was when the link was opened). */
export const surveyQuestionsSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: z.object({
    SurveyId: z.uuid(),
    Name: z.string(),
    Instructions: z.string(),
    Questions: z.array(surveyQuestionSchema),
    Answered: z.boolean(),
  }),
});
export type SurveyQuestions = z.infer<typeof surveyQuestionsSchema>['data'];

/** One answer: a rating 1–5, yes or no, one of the options, or free text (checked against the question server-side). */
export const surveyAnswerSchema = z.object({
  QuestionId: z.string().trim().min(1).max(40),
  Value: z.union([
    z.number().int().min(1).max(5),
    z.boolean(),
    safeText().pipe(z.string().trim().min(1).max(2000)),
  ]),
});
export const surveyResponseInputSchema = z
  .object({ SurveyId: z.uuid(), Answers: z.array(surveyAnswerSchema).max(SURVEY_LIMITS.questions) })
  .strict();
export type SurveyResponseInput = z.input<typeof surveyResponseInputSchema>;
export const surveyResponseResultSchema = z.object({ status_code: z.number().int(), message: z.string() });
