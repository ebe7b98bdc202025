import { z } from 'zod';

/**
 * The platform's dead letters (decision 0082): deliveries of a domain event to one consumer that failed every
 * attempt. A super user lists them and retries one. They name the event, its aggregate and the error, never
 * the event's payload (which may hold a patient's id).
 */
export const DEAD_LETTERS_PATH = '/careslot-platform/api/v1/admin/event-deliveries/dead';
export const DEAD_LETTER_RETRY_PATH = '/careslot-platform/api/v1/admin/event-deliveries/retry';

export const deadLettersQuerySchema = z.object({
  Limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const deadLetterSchema = z.object({
  Consumer: z.string(),
  EventId: z.string(),
  EventType: z.string(),
  AggregateType: z.string(),
  AggregateId: z.string(),
  Version: z.number().int(),
  OccurredAt: z.string(),
  Attempts: z.number().int(),
  LastError: z.string().nullable(),
  FailedAt: z.string(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

export const deadLetterRetryBodySchema = z.object({
  Consumer: z.string().min(1).max(200),
  EventId: z.uuid(),
});
