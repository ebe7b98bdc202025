import { boolean, date, pgTable, primaryKey, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
import type { Gender, PracticeRoleCode } from '@careslot/contracts';
import {
  auditColumns as audit,
  auditSystemColumns as auditSystems,
  identifierColumns,
} from '../../platform/table-columns';

/** Drizzle view of the people module's tables (migrations/20261122T0101_directory.sql is the source of truth). */

export const practitioners = pgTable('practitioners', {
  id: uuid('id').primaryKey(),
  prefix: text('prefix'),
  givenNames: text('given_names').array().notNull().default([]),
  familyName: text('family_name').notNull(),
  suffix: text('suffix'),
  title: text('title'),
  gender: text('gender').$type<Gender>(),
  npi: varchar('npi', { length: 10 }),
  email: text('email'),
  phone: text('phone'),
  birthDate: date('birth_date', { mode: 'string' }),
  photoUrl: text('photo_url'),
  hidePublicProfile: boolean('hide_public_profile').notNull().default(false),
  languages: text('languages').array().notNull().default([]),
  about: text('about'),
  active: boolean('active').notNull().default(true),
  ...audit,
  ...auditSystems,
});

export const practitionerIdentifiers = pgTable(
  'practitioner_identifiers',
  { practitionerId: uuid('practitioner_id').notNull(), ...identifierColumns },
  (t) => [primaryKey({ columns: [t.system, t.value] })],
);

export const practitionerSpecialties = pgTable(
  'practitioner_specialties',
  {
    practitionerId: uuid('practitioner_id').notNull(),
    specialtyId: uuid('specialty_id').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.practitionerId, t.specialtyId] })],
);

export const practitionerRoles = pgTable('practitioner_roles', {
  id: uuid('id').primaryKey(),
  practitionerId: uuid('practitioner_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  codes: text('codes').array().$type<PracticeRoleCode[]>().notNull(),
  active: boolean('active').notNull().default(true),
  ...audit,
});

export const practitionerRoleLocations = pgTable(
  'practitioner_role_locations',
  { practitionerRoleId: uuid('practitioner_role_id').notNull(), locationId: uuid('location_id').notNull() },
  (t) => [primaryKey({ columns: [t.practitionerRoleId, t.locationId] })],
);

export const practitionerInsurances = pgTable(
  'practitioner_insurances',
  { practitionerId: uuid('practitioner_id').notNull(), insurancePlanId: uuid('insurance_plan_id').notNull() },
  (t) => [primaryKey({ columns: [t.practitionerId, t.insurancePlanId] })],
);
