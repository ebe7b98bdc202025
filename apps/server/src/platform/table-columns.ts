import { text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column groups the FHIR-shaped tables share (organizations, people, patients): each module's tables.ts spreads
 * them into its own tables, so the shapes stay one definition while the tables stay their module's.
 */
export const tz = { withTimezone: true, mode: 'date' } as const;

export const auditColumns = {
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
};

export const auditSystemColumns = {
  createdBySystem: text('created_by_system').notNull().default('careslot'),
  lastChangedBySystem: text('last_changed_by_system').notNull().default('careslot'),
  workflow: text('workflow'),
};

/** An identifier row's columns (system, value, use) beside its owner's id. */
export const identifierColumns = {
  system: text('system').notNull(),
  value: text('value').notNull(),
  use: text('use'),
};
