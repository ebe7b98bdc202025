import {
  boolean,
  char,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/** Drizzle view of migrations/20261122T0100_catalog.sql; the SQL file is the source of truth. */

const tz = { withTimezone: true, mode: 'date' } as const;

export const specialties = pgTable('specialties', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull(),
  display: text('display').notNull(),
  active: boolean('active').notNull().default(true),
  createdOn: timestamp('created_on', tz).notNull().defaultNow(),
  modifiedOn: timestamp('modified_on', tz).notNull().defaultNow(),
});

export const conditions = pgTable('conditions', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull(),
  display: text('display').notNull(),
  active: boolean('active').notNull().default(true),
  createdOn: timestamp('created_on', tz).notNull().defaultNow(),
  modifiedOn: timestamp('modified_on', tz).notNull().defaultNow(),
});

export const conditionSpecialties = pgTable(
  'condition_specialties',
  {
    conditionId: uuid('condition_id').notNull(),
    specialtyId: uuid('specialty_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.conditionId, t.specialtyId] })],
);

export const insuranceCarriers = pgTable('insurance_carriers', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  payerId: text('payer_id'),
  active: boolean('active').notNull().default(true),
  createdOn: timestamp('created_on', tz).notNull().defaultNow(),
  modifiedOn: timestamp('modified_on', tz).notNull().defaultNow(),
});

export const insurancePlans = pgTable('insurance_plans', {
  id: uuid('id').primaryKey(),
  carrierId: uuid('carrier_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  planType: text('plan_type'),
  active: boolean('active').notNull().default(true),
  createdOn: timestamp('created_on', tz).notNull().defaultNow(),
  modifiedOn: timestamp('modified_on', tz).notNull().defaultNow(),
});

export const usStates = pgTable('us_states', {
  code: char('code', { length: 2 }).primaryKey(),
  name: text('name').notNull(),
  fips: char('fips', { length: 2 }).notNull(),
});

export const zipCodes = pgTable('zip_codes', {
  code: varchar('code', { length: 5 }).primaryKey(),
  city: text('city').notNull(),
  stateCode: text('state_code').notNull(),
  stateName: text('state_name').notNull(),
  county: text('county'),
  countyCode: text('county_code'),
  stateFips: char('state_fips', { length: 2 }),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
});

export const CODE_KINDS = [
  'language',
  'race',
  'ethnicity',
  'relation',
  'professional-suffix',
  'cancellation-reason',
  'board-certification',
  'hospital',
  'procedure',
] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

export const catalogCodes = pgTable('catalog_codes', {
  id: uuid('id').primaryKey(),
  kind: text('kind').$type<CodeKind>().notNull(),
  code: text('code').notNull(),
  display: text('display').notNull(),
  system: text('system'),
  version: text('version'),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdOn: timestamp('created_on', tz).notNull().defaultNow(),
  createdBy: text('created_by').notNull().default('careslot'),
  modifiedOn: timestamp('modified_on', tz).notNull().defaultNow(),
  externalModifiedOn: timestamp('external_modified_on', tz),
});
