import { boolean, date, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Gender } from '@careslot/contracts';
import {
  auditColumns as audit,
  auditSystemColumns as auditSystems,
  identifierColumns,
  tz,
} from '../../platform/table-columns';

/** Drizzle view of the patients module's tables (migrations/20261122T0101_directory.sql is the source of truth). */

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

export interface PharmacyAddress {
  Address1: string;
  Address2: string[];
  City: string;
  State: string;
  ZipCode: string;
}

/** A patient's preferred pharmacies (migrations/20261201T0601_patient_pharmacies_and_contacts.sql). */
export const patientPharmacies = pgTable('patient_pharmacies', {
  id: uuid('id').primaryKey(),
  patientId: uuid('patient_id').notNull(),
  name: text('name').notNull(),
  ncpdpId: text('ncpdp_id'),
  npi: text('npi'),
  phone: text('phone'),
  fax: text('fax'),
  address: jsonb('address').$type<PharmacyAddress>(),
  createdAt: timestamp('created_at', tz).notNull(),
  createdBy: text('created_by'),
});

/** A patient's emergency contacts (FHIR Patient.contact). */
export const patientContacts = pgTable('patient_contacts', {
  id: uuid('id').primaryKey(),
  patientId: uuid('patient_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  relationship: text('relationship').notNull(),
  phone: text('phone'),
  email: text('email'),
  createdAt: timestamp('created_at', tz).notNull(),
  createdBy: text('created_by'),
});
