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

export const SURVEY_LIMITS = { name: 100, description: 500, instructions: 1000, question: 300, option: 100, options: 10, questions: 30 } as const;

/** A question as asked: a rating is 1 to 5 stars; a choice offers 2 to 10 options. */
export const surveyQuestionSchema = z
  .object({
    Id: z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9_-]+$/),
    Type: z.enum(SURVEY_QUESTION_TYPES),
    Text: safeText().pipe(z.string().min(1).max(SURVEY_LIMITS.question)),
    Required: z.boolean().default(false),
    Options: z.array(safeText().pipe(z.string().min(1).max(SURVEY_LIMITS.option))).max(SURVEY_LIMITS.options).default([]),
  })
  .superRefine((question, context) => {
    if (question.Type === 'choice' && question.Options.length < 2)
      context.addIssue({ code: 'too_small', minimum: 2, origin: 'array', inclusive: true, path: ['Options'], message: 'A choice question needs at least 2 options' });
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
      if (seen.has(question.Id)) context.addIssue({ code: 'custom', path: [index, 'Id'], message: 'Question ids must be unique' });
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
