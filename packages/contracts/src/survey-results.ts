import { z } from 'zod';

/**
 * A survey's results for its practice (issue 26 item 4): how many patients answered in a date range, how the
 * answers of each question are spread, and the free-text answers a page at a time. Served by
 * POST {SURVEY_API}/survey/{id}/results (the spec names no results call; decision 0067 keeps the survey calls
 * under SURVEY_API).
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' });

export const SURVEY_RESULTS_PAGE_SIZE = 20;

/** From and To are whole days (UTC), both included. */
export const surveyResultsQuerySchema = z
  .object({
    From: day,
    To: day,
    CommentsPage: z.number().int().min(1).default(1),
    CommentsPageSize: z.number().int().min(1).max(100).default(SURVEY_RESULTS_PAGE_SIZE),
  })
  .strict()
  .refine((q) => q.From <= q.To, { path: ['To'], message: 'must not be before From' });
export type SurveyResultsQuery = z.input<typeof surveyResultsQuerySchema>;

/** One answer and how many responses gave it: a rating '1'–'5', 'yes' or 'no', or a choice's option. */
export const surveyAnswerCountSchema = z.object({ Value: z.string(), Count: z.number().int() });

export const surveyQuestionResultSchema = z.object({
  Id: z.string(),
  Type: z.enum(['rating', 'yes-no', 'choice', 'text']),
  Text: z.string(),
  /** Responses that answered this question. */
  Answered: z.number().int(),
  /** A rating question's mean (1–5, two decimals); null for the other types and when none answered. */
  Average: z.number().nullable(),
  /** Every possible answer in order (zero counts too); empty for a text question. */
  Answers: z.array(surveyAnswerCountSchema),
});
export type SurveyQuestionResult = z.infer<typeof surveyQuestionResultSchema>;

export const surveyCommentSchema = z.object({
  QuestionId: z.string(),
  Text: z.string(),
  SubmittedOn: z.string(),
});
export type SurveyComment = z.infer<typeof surveyCommentSchema>;

export const surveyResultsSchema = z.object({
  SurveyId: z.string(),
  Name: z.string(),
  From: z.string(),
  To: z.string(),
  ResponseCount: z.number().int(),
  Questions: z.array(surveyQuestionResultSchema),
  /** The free-text answers, newest first, the page asked for. */
  Comments: z.object({ Data: z.array(surveyCommentSchema), Total: z.number().int() }),
});
export type SurveyResults = z.infer<typeof surveyResultsSchema>;
