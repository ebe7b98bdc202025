import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle view of migrations/20261122T0400_marketing.sql; the SQL file is the source of truth. */

const tz = { withTimezone: true, mode: 'date' } as const;

export const demoRequests = pgTable('demo_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  practice: text('practice').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  interests: text('interests').array().notNull(),
  message: text('message'),
  source: text('source'),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});
