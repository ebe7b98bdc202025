import { z } from 'zod';

/**
 * A practice's history preferences (practice-portal.md §7 Resource library: entity medical, family, surgical and
 * social history preferences, GET /{id}?entityType= and POST batch upsert): the history items its patients are
 * asked about at digital check-in, in the practice's order.
 */
export const HISTORY_KINDS = ['medical', 'family', 'surgical', 'social'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
/** The entities that hold preferences (the practice; locations and providers follow their practice). */
export const HISTORY_ENTITY_TYPES = ['Organization'] as const;

export const historyPreferenceItemSchema = z.object({
  Code: z.string().trim().min(1).max(64),
  Display: z.string().trim().min(1).max(200),
  Active: z.boolean().default(true),
  SortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type HistoryPreferenceItem = z.infer<typeof historyPreferenceItemSchema>;

export const historyPreferenceSchema = historyPreferenceItemSchema.extend({
  EntityType: z.enum(HISTORY_ENTITY_TYPES),
  EntityId: z.string().uuid(),
  Kind: z.enum(HISTORY_KINDS),
});
export type HistoryPreference = z.infer<typeof historyPreferenceSchema>;

export const historyPreferenceListSchema = z.object({
  Data: z.array(historyPreferenceSchema),
  Total: z.number().int(),
});

/** POST entity-{kind}-history-preferences/batch-upsert: items by Code (new ones added, given ones replaced). */
export const historyPreferenceBatchSchema = z.object({
  EntityType: z.enum(HISTORY_ENTITY_TYPES),
  EntityId: z.string().uuid({ error: 'must be a practice id' }),
  Items: z
    .array(historyPreferenceItemSchema)
    .min(1, { message: 'must list at least one item' })
    .max(200, { message: 'must list at most 200 items' })
    .refine((items) => new Set(items.map((i) => i.Code)).size === items.length, {
      message: 'must not repeat a Code',
    }),
});
export type HistoryPreferenceBatch = z.infer<typeof historyPreferenceBatchSchema>;
