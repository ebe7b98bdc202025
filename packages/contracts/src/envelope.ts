import { z } from 'zod';

/** The spec's generic response: {status_code, message, data}; '204' means no record found. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    status_code: z.number().int(),
    message: z.string(),
    data,
  });
}

export const fieldIssueSchema = z.object({
  field: z.string().describe('Dotted path of the offending field, e.g. body.Code'),
  rule: z.string().describe('The rule that failed, e.g. too_small, invalid_format, required'),
  message: z.string(),
});

/** Every error answer: the spec's message for the status, plus the failing fields for a 400. */
export const errorEnvelopeSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: z.null(),
  errors: z.array(fieldIssueSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** List responses wrap items in Data (practice-portal.md §3.3). */
export function dataList<T extends z.ZodType>(item: T) {
  return z.object({ Data: z.array(item), Total: z.number().int().nonnegative() });
}

/** Base paging of the spec: OrderBy asc, Offset 1 (1-based page), Limit 10; Limit 0 means all. */
export const pagingSchema = z.object({
  OrderBy: z.enum(['asc', 'desc']).default('asc'),
  Offset: z.coerce.number().int().min(0).default(1),
  Limit: z.coerce.number().int().min(0).max(1000).default(10),
  SortBy: z.string().max(64).optional(),
});
export type Paging = z.infer<typeof pagingSchema>;
