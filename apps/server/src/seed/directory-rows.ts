import type { Gender, PracticeRoleCode } from '@careslot/contracts';
import type { Connection } from '../platform/db';
import { insertRows } from './sql';

/**
 * Row builders shared by the fixed demo set and the benchmark generator. They write the directory's
 * tables in bulk; the directory module owns the schema (migrations/20261122T0101_directory.sql).
 */

export interface OrganizationSeed {
  id: string;
  name: string;
  phone: string;
  email: string;
  website: string | null;
  address1: string;
  city: string;
  state: string;
  zipCode: string;
  timeZone: string;
  identifier: { system: string; value: string };
  hasReputationEnabled: boolean;
  logoUrl: string | null;
}

export interface LocationSeed {
  id: string;
  organizationId: string;
  name: string;
  timeZone: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zipCode: string;
  county: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string;
  emails: string[];
  checkInEnabled: boolean;
  contact: { prefix: string | null; first: string; last: string; suffix: string | null };
}

export interface PractitionerSeed {
  id: string;
  prefix: string | null;
  given: string[];
  family: string;
  suffix: string | null;
  title: string | null;
  gender: Gender;
  npi: string | null;
  email: string | null;
  phone: string | null;
  photoUrl: string | null;
  hidePublicProfile: boolean;
  languages: string[];
  about: string | null;
  specialtyIds: string[];
  identifiers: { system: string; value: string; use: string | null }[];
  role: { id: string; organizationId: string; codes: PracticeRoleCode[]; locationIds: string[] };
  acceptedPlanIds: string[];
}

export interface ServiceSeed {
  id: string;
  organizationId: string;
  name: string;
  category: string;
  about: string;
  photoUrl: string;
  locationIds: string[];
}

export interface CareTeamSeed {
  id: string;
  organizationId: string;
  name: string;
  participants: { practitionerId: string; role: string }[];
}

export interface PatientSeed {
  id: string;
  prefix: string | null;
  first: string;
  middle: string | null;
  last: string;
  suffix: string | null;
  preferredName: string | null;
  birthDate: string;
  gender: Gender;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  mobileVerified: boolean;
  address1: string;
  city: string;
  state: string;
  zipCode: string;
  managingOrganizationId: string;
  timeZone: string;
  photoUrl: string | null;
  languages: string[];
  identifiers: { system: string; value: string; use: string | null }[];
}

export interface RelatedPersonSeed {
  id: string;
  holderId: string;
  memberId: string;
  relationship: string;
}

export interface CoverageSeed {
  id: string;
  patientId: string;
  planId: string;
  display: string;
  type: string;
  subscriberId: string;
  dependentNumber: string | null;
  relationship: string;
  subscriber: { patientId: string; first: string; last: string; gender: Gender; birthDate: string };
  priority: 'Primary' | 'Secondary';
  periodStart: string;
  periodEnd: string | null;
  isDefault: boolean;
}

export interface DirectorySeed {
  organizations: OrganizationSeed[];
  locations: LocationSeed[];
  locationPlans: { locationId: string; planId: string }[];
  practitioners: PractitionerSeed[];
  services: ServiceSeed[];
  careTeams: CareTeamSeed[];
  patients: PatientSeed[];
  relatedPersons: RelatedPersonSeed[];
  coverages: CoverageSeed[];
}

export async function writeDirectory(
  connection: Connection,
  seed: DirectorySeed,
  workflow: string,
): Promise<void> {
  await insertRows(
    connection,
    'organizations',
    [
      'id',
      'name',
      'phone',
      'email',
      'website',
      'address1',
      'city',
      'state',
      'zip_code',
      'time_zone',
      'has_reputation_enabled',
      'logo_url',
      'workflow',
    ],
    seed.organizations.map((o) => [
      o.id,
      o.name,
      o.phone,
      o.email,
      o.website,
      o.address1,
      o.city,
      o.state,
      o.zipCode,
      o.timeZone,
      o.hasReputationEnabled,
      o.logoUrl,
      workflow,
    ]),
  );
  await insertRows(
    connection,
    'organization_identifiers',
    ['organization_id', 'system', 'value', 'use'],
    seed.organizations.map((o) => [o.id, o.identifier.system, o.identifier.value, 'official']),
  );
  await insertRows(
    connection,
    'locations',
    [
      'id',
      'organization_id',
      'name',
      'iana_time_zone',
      'address1',
      'address2',
      'city',
      'state',
      'zip_code',
      'county',
      'latitude',
      'longitude',
      'phone',
      'emails',
      'check_in_enabled',
      'contact_prefix',
      'contact_first_name',
      'contact_last_name',
      'contact_suffix',
    ],
    seed.locations.map((l) => [
      l.id,
      l.organizationId,
      l.name,
      l.timeZone,
      l.address1,
      l.address2,
      l.city,
      l.state,
      l.zipCode,
      l.county,
      l.latitude,
      l.longitude,
      l.phone,
      l.emails,
      l.checkInEnabled,
      l.contact.prefix,
      l.contact.first,
      l.contact.last,
      l.contact.suffix,
    ]),
  );
  await insertRows(
    connection,
    'location_insurances',
    ['location_id', 'insurance_plan_id'],
    seed.locationPlans.map((p) => [p.locationId, p.planId]),
  );
  await insertRows(
    connection,
    'practitioners',
    [
      'id',
      'prefix',
      'given_names',
      'family_name',
      'suffix',
      'title',
      'gender',
      'npi',
      'email',
      'phone',
      'photo_url',
      'hide_public_profile',
      'languages',
      'about',
      'workflow',
    ],
    seed.practitioners.map((p) => [
      p.id,
      p.prefix,
      p.given,
      p.family,
      p.suffix,
      p.title,
      p.gender,
      p.npi,
      p.email,
      p.phone,
      p.photoUrl,
      p.hidePublicProfile,
      p.languages,
      p.about,
      workflow,
    ]),
  );
  await insertRows(
    connection,
    'practitioner_identifiers',
    ['practitioner_id', 'system', 'value', 'use'],
    seed.practitioners.flatMap((p) => p.identifiers.map((i) => [p.id, i.system, i.value, i.use])),
  );
  await insertRows(
    connection,
    'practitioner_specialties',
    ['practitioner_id', 'specialty_id', 'position'],
    seed.practitioners.flatMap((p) => p.specialtyIds.map((s, position) => [p.id, s, position])),
  );
  await insertRows(
    connection,
    'practitioner_roles',
    ['id', 'practitioner_id', 'organization_id', 'codes'],
    seed.practitioners.map((p) => [p.role.id, p.id, p.role.organizationId, p.role.codes]),
  );
  await insertRows(
    connection,
    'practitioner_role_locations',
    ['practitioner_role_id', 'location_id'],
    seed.practitioners.flatMap((p) => p.role.locationIds.map((l) => [p.role.id, l])),
  );
  await insertRows(
    connection,
    'practitioner_insurances',
    ['practitioner_id', 'insurance_plan_id'],
    seed.practitioners.flatMap((p) => p.acceptedPlanIds.map((plan) => [p.id, plan])),
  );
  await insertRows(
    connection,
    'healthcare_services',
    ['id', 'organization_id', 'name', 'category', 'about', 'photo_url'],
    seed.services.map((s) => [s.id, s.organizationId, s.name, s.category, s.about, s.photoUrl]),
  );
  await insertRows(
    connection,
    'healthcare_service_locations',
    ['healthcare_service_id', 'location_id'],
    seed.services.flatMap((s) => s.locationIds.map((l) => [s.id, l])),
  );
  await insertRows(
    connection,
    'care_teams',
    ['id', 'organization_id', 'name'],
    seed.careTeams.map((t) => [t.id, t.organizationId, t.name]),
  );
  await insertRows(
    connection,
    'care_team_participants',
    ['care_team_id', 'practitioner_id', 'role'],
    seed.careTeams.flatMap((t) => t.participants.map((p) => [t.id, p.practitionerId, p.role])),
  );
  await insertRows(
    connection,
    'patients',
    [
      'id',
      'prefix',
      'first_name',
      'middle_name',
      'last_name',
      'suffix',
      'preferred_name',
      'birth_date',
      'gender',
      'email',
      'email_verified',
      'phone',
      'mobile',
      'mobile_verified',
      'address1',
      'city',
      'state',
      'zip_code',
      'managing_organization_id',
      'time_zone',
      'photo_url',
      'languages',
      'workflow',
    ],
    seed.patients.map((p) => [
      p.id,
      p.prefix,
      p.first,
      p.middle,
      p.last,
      p.suffix,
      p.preferredName,
      p.birthDate,
      p.gender,
      p.email,
      p.email !== null,
      p.phone,
      p.mobile,
      p.mobileVerified,
      p.address1,
      p.city,
      p.state,
      p.zipCode,
      p.managingOrganizationId,
      p.timeZone,
      p.photoUrl,
      p.languages,
      workflow,
    ]),
  );
  await insertRows(
    connection,
    'patient_identifiers',
    ['patient_id', 'system', 'value', 'use'],
    seed.patients.flatMap((p) => p.identifiers.map((i) => [p.id, i.system, i.value, i.use])),
  );
  // The seeded patients' managing practices care for them (decision 0026), as a registration would record.
  await insertRows(
    connection,
    'patient_care_relations',
    ['patient_id', 'organization_id', 'source'],
    seed.patients
      .filter((p) => p.managingOrganizationId)
      .map((p) => [p.id, p.managingOrganizationId, 'registration']),
  );
  await insertRows(
    connection,
    'patient_related_persons',
    ['id', 'patient_id', 'related_patient_id', 'relationship'],
    seed.relatedPersons.map((r) => [r.id, r.holderId, r.memberId, r.relationship]),
  );
  await insertRows(
    connection,
    'coverages',
    [
      'id',
      'patient_id',
      'insurance_plan_id',
      'insurance_display',
      'insurance_type',
      'subscriber_id',
      'dependent_number',
      'relationship',
      'subscriber_patient_id',
      'subscriber_first_name',
      'subscriber_last_name',
      'subscriber_gender',
      'subscriber_birth_date',
      'priority',
      'period_start',
      'period_end',
      'is_default',
      'workflow',
    ],
    seed.coverages.map((c) => [
      c.id,
      c.patientId,
      c.planId,
      c.display,
      c.type,
      c.subscriberId,
      c.dependentNumber,
      c.relationship,
      c.subscriber.patientId,
      c.subscriber.first,
      c.subscriber.last,
      c.subscriber.gender,
      c.subscriber.birthDate,
      c.priority,
      c.periodStart,
      c.periodEnd,
      c.isDefault,
      workflow,
    ]),
  );
}
