import {
  boolean,
  date,
  doublePrecision,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Gender, PracticeRoleCode } from '@careslot/contracts';

/** Drizzle view of migrations/20261122T0101_directory.sql; the SQL file is the source of truth. */

const tz = { withTimezone: true, mode: 'date' } as const;
const audit = {
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
};
const auditSystems = {
  createdBySystem: text('created_by_system').notNull().default('careslot'),
  lastChangedBySystem: text('last_changed_by_system').notNull().default('careslot'),
  workflow: text('workflow'),
};

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

const identifierColumns = {
  system: text('system').notNull(),
  value: text('value').notNull(),
  use: text('use'),
};

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

export const patients = pgTable('patients', {
  id: uuid('id').primaryKey(),
  active: boolean('active').notNull().default(true),
  prefix: text('prefix'),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name'),
  lastName: text('last_name').notNull(),
  suffix: text('suffix'),
  preferredName: text('preferred_name'),
  birthDate: date('birth_date', { mode: 'string' }),
  gender: text('gender').$type<Gender>(),
  email: text('email'),
  emailVerified: boolean('email_verified').notNull().default(false),
  phone: text('phone'),
  phoneVerified: boolean('phone_verified').notNull().default(false),
  mobile: text('mobile'),
  mobileVerified: boolean('mobile_verified').notNull().default(false),
  address1: text('address1'),
  address2: text('address2').array().notNull().default([]),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  managingOrganizationId: uuid('managing_organization_id'),
  timeZone: text('time_zone'),
  photoUrl: text('photo_url'),
  languages: text('languages').array().notNull().default([]),
  ...audit,
  ...auditSystems,
});

export const patientIdentifiers = pgTable(
  'patient_identifiers',
  { patientId: uuid('patient_id').notNull(), ...identifierColumns },
  (t) => [primaryKey({ columns: [t.system, t.value] })],
);

export const patientRelatedPersons = pgTable('patient_related_persons', {
  id: uuid('id').primaryKey(),
  patientId: uuid('patient_id').notNull(),
  relatedPatientId: uuid('related_patient_id').notNull(),
  relationship: text('relationship').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

/** The care relation between a patient and a practice (decision 0026); server-owned, made by booking. */
export const patientCareRelations = pgTable(
  'patient_care_relations',
  {
    patientId: uuid('patient_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    source: text('source').$type<CareRelationSource>().notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.organizationId] })],
);
export type CareRelationSource = 'booking' | 'registration' | 'managing_organization' | 'appointment';

export interface CardPicture {
  Url: string;
  Side: string | null;
}

export const coverages = pgTable('coverages', {
  id: uuid('id').primaryKey(),
  patientId: uuid('patient_id').notNull(),
  insurancePlanId: uuid('insurance_plan_id'),
  insuranceDisplay: text('insurance_display').notNull(),
  insuranceType: text('insurance_type'),
  subscriberId: text('subscriber_id'),
  dependentNumber: text('dependent_number'),
  relationship: text('relationship').notNull().default('Self'),
  subscriberPatientId: uuid('subscriber_patient_id'),
  subscriberFirstName: text('subscriber_first_name'),
  subscriberLastName: text('subscriber_last_name'),
  subscriberGender: text('subscriber_gender').$type<Gender>(),
  subscriberBirthDate: date('subscriber_birth_date', { mode: 'string' }),
  kind: text('kind').notNull().default('insurance'),
  status: text('status')
    .$type<'Active' | 'Cancelled' | 'Draft' | 'Entered-In-Error'>()
    .notNull()
    .default('Active'),
  priority: text('priority').$type<'Primary' | 'Secondary' | 'Tertiary'>().notNull().default('Primary'),
  periodStart: date('period_start', { mode: 'string' }),
  periodEnd: date('period_end', { mode: 'string' }),
  isDefault: boolean('is_default').notNull().default(false),
  cardPictures: jsonb('card_pictures').$type<CardPicture[]>().notNull().default([]),
  eligibility: jsonb('eligibility').$type<Record<string, unknown>>(),
  ...audit,
  ...auditSystems,
});

export const practitionerInsurances = pgTable(
  'practitioner_insurances',
  { practitionerId: uuid('practitioner_id').notNull(), insurancePlanId: uuid('insurance_plan_id').notNull() },
  (t) => [primaryKey({ columns: [t.practitionerId, t.insurancePlanId] })],
);

export const locationInsurances = pgTable(
  'location_insurances',
  { locationId: uuid('location_id').notNull(), insurancePlanId: uuid('insurance_plan_id').notNull() },
  (t) => [primaryKey({ columns: [t.locationId, t.insurancePlanId] })],
);
