import { z } from 'zod';

/**
 * The patient inbox (practice-portal.md §1, §7 Messaging: MessageThreads, MessageThreads/{id}?userId=, Messages,
 * Messages/{id}): threads between a patient and a practice, each with its messages. Unread counts what the other
 * side wrote since a side last read the thread; MessageThreadUpdated (push-notifications hub, to the patient's
 * and the practice's rooms) carries the thread's id only, and clients read the counts again.
 */
export const MESSAGING_PATH = '/careslot-messaging/api/v1';
export const MESSAGE_SENDERS = ['Patient', 'Practice'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];
export const MESSAGE_LIMITS = { subject: 120, body: 4000 } as const;

const uuid = z.string().uuid();
/** Text a person wrote: trimmed, not empty (the input guard refuses NUL and lone surrogates for every body). */
const text = (max: number) => z.string().trim().min(1).max(max);

export const threadMessageSchema = z.object({
  Id: uuid,
  ThreadId: uuid,
  SenderType: z.enum(MESSAGE_SENDERS),
  SenderId: uuid.nullable(),
  Body: z.string(),
  SentAt: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const messageThreadSchema = z.object({
  Id: uuid,
  OrganizationId: uuid,
  PracticeName: z.string(),
  PatientId: uuid,
  PatientName: z.string().nullable(),
  Subject: z.string(),
  AssignedTo: uuid.nullable(),
  LastMessageAt: z.string(),
  LastMessage: z.string(),
  /** Messages of the other side the caller's side has not read. */
  Unread: z.number().int(),
});
export type MessageThread = z.infer<typeof messageThreadSchema>;

export const messageThreadListSchema = z.object({
  Data: z.array(messageThreadSchema),
  Total: z.number().int(),
  /** Unread messages over all the caller's threads (the inbox badge). */
  Unread: z.number().int(),
  /** A patient's: the practices that care for them, which they may write to (a practice user's: empty). */
  Practices: z.array(z.object({ Id: uuid, Name: z.string() })),
});
export type MessageThreadList = z.infer<typeof messageThreadListSchema>;

export const messageThreadDetailSchema = messageThreadSchema.extend({
  Messages: z.array(threadMessageSchema),
});
export type MessageThreadDetail = z.infer<typeof messageThreadDetailSchema>;

export const messageThreadsQuerySchema = z.object({
  /** Only threads with messages the caller's side has not read. */
  UnreadOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  PatientId: uuid.optional(),
  Offset: z.coerce.number().int().min(0).default(0),
  Limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type MessageThreadsQuery = z.infer<typeof messageThreadsQuerySchema>;

/** POST MessageThreads: a patient names the practice, a practice user the patient. */
export const newMessageThreadSchema = z.object({
  OrganizationId: uuid.optional(),
  PatientId: uuid.optional(),
  Subject: text(MESSAGE_LIMITS.subject),
  Body: text(MESSAGE_LIMITS.body),
  IdempotencyKey: z.string().min(8).max(100).optional(),
});
export type NewMessageThread = z.infer<typeof newMessageThreadSchema>;

/** POST Messages: a reply in a thread. */
export const newMessageSchema = z.object({
  ThreadId: uuid,
  Body: text(MESSAGE_LIMITS.body),
  IdempotencyKey: z.string().min(8).max(100).optional(),
});
export type NewMessage = z.infer<typeof newMessageSchema>;

/** PUT MessageThreads/{id}: the practice assigns the thread to one of its users (null: nobody). */
export const assignThreadSchema = z.object({ AssignedTo: uuid.nullable() });
