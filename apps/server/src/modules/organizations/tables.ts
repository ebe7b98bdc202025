import { boolean, doublePrecision, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type {} from '@careslot/contracts';
import {
  auditColumns as audit,
  auditSystemColumns as auditSystems,
  identifierColumns,
} from '../../platform/table-columns';

/** Drizzle view of the organizations module's tables (migrations/20261122T0101_directory.sql is the source of truth). */

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  bannerUrl: text('banner_url'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  timeZone: text('time_zone').notNull().default('America/New_York'),
  stripeAccountId: text('stripe_account_id'),
  hasReputationEnabled: boolean('has_reputation_enabled').notNull().default(false),
  active: boolean('active').notNull().default(true),
  ...audit,
  ...auditSystems,
});

export const organizationIdentifiers = pgTable(
  'organization_identifiers',
  { organizationId: uuid('organization_id').notNull(), ...identifierColumns },
  (t) => [primaryKey({ columns: [t.system, t.value] })],
);

export const locations = pgTable('locations', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  name: text('name').notNull(),
  ianaTimeZone: text('iana_time_zone').notNull(),
  address1: text('address1').notNull(),
  address2: text('address2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull(),
  county: text('county'),
  country: text('country').notNull().default('US'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  phone: text('phone'),
  emails: text('emails').array().notNull().default([]),
  checkInEnabled: boolean('check_in_enabled').notNull().default(false),
  contactPrefix: text('contact_prefix'),
  contactFirstName: text('contact_first_name'),
  contactMiddleName: text('contact_middle_name'),
  contactLastName: text('contact_last_name'),
  contactSuffix: text('contact_suffix'),
  contactPreviousFirstName: text('contact_previous_first_name'),
  contactPreviousLastName: text('contact_previous_last_name'),
  active: boolean('active').notNull().default(true),
  ...audit,
});

export const healthcareServices = pgTable('healthcare_services', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  name: text('name').notNull(),
  category: text('category'),
  about: text('about'),
  photoUrl: text('photo_url'),
  active: boolean('active').notNull().default(true),
  ...audit,
});

export const healthcareServiceLocations = pgTable(
  'healthcare_service_locations',
  { healthcareServiceId: uuid('healthcare_service_id').notNull(), locationId: uuid('location_id').notNull() },
  (t) => [primaryKey({ columns: [t.healthcareServiceId, t.locationId] })],
);

export const careTeams = pgTable('care_teams', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  name: text('name').notNull(),
  status: text('status').notNull().default('active'),
  ...audit,
});

export const careTeamParticipants = pgTable(
  'care_team_participants',
  {
    careTeamId: uuid('care_team_id').notNull(),
    practitionerId: uuid('practitioner_id').notNull(),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.careTeamId, t.practitionerId] })],
);

export const locationInsurances = pgTable(
  'location_insurances',
  { locationId: uuid('location_id').notNull(), insurancePlanId: uuid('insurance_plan_id').notNull() },
  (t) => [primaryKey({ columns: [t.locationId, t.insurancePlanId] })],
);
