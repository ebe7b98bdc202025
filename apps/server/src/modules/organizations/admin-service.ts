import { randomUUID } from 'node:crypto';
import {
  UPLOAD_RULES,
  type CareTeam,
  type CareTeamInput,
  type EntityInsurances,
  type FileUpload,
  type HealthcareService,
  type HealthcareServiceInput,
  type HealthcareServiceSettings,
  type HealthcareServiceSettingsInput,
  type ImageKind,
  type InsuranceMapping,
  type Location,
  type LocationInput,
  type Organization,
  type OrganizationSettings,
  type OrganizationSettingsInput,
  type OrganizationUpdate,
  type PatientPortalSettings,
  type PatientPortalSettingsInput,
  type PracticeClinicalSettings,
  type PracticeClinicalSettingsInput,
} from '@careslot/contracts';
import {
  actsForPractice,
  authorizePractice,
  recordPracticeOutcome,
  type AccessAction,
} from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { onConnection, type RequestContext } from '../../platform/context';
import type { Connection, Database } from '../../platform/db';
import {
  AppError,
  badRequest,
  conflict,
  fieldError,
  isUniqueViolation,
  notFound,
} from '../../platform/errors';

/** A rule of the body broken: named like the schema's own errors (body.<field>). */
const bodyError = (field: string, rule: string, message: string) =>
  fieldError(`body.${field}`, rule, message);
import { appendEvents, type DomainEvents } from '../../platform/events';
import { checkUpload } from '../../platform/files';
import { getZipCode, insurancePlansByIds, listInsurances } from '../catalog';
import { SET_UP, SETTINGS_READERS, type AdminObject } from './admin-access';
import * as store from './admin-store';
import { getHealthcareService, getLocation, getOrganization, searchCareTeams } from './service';

/**
 * What a practice admin sets up (practice-portal.md §3.3, §7 Administration; decision 0049): the
 * organization, its images and settings, facilities and the insurances they accept, resources and their
 * settings, care teams, clinical and patient-portal settings. Each change: the admin check (404 for another
 * practice, audited), validation naming the field, one transaction holding the change, its audit row and,
 * when patient search shows what changed, a `directory.changed` event.
 */

export interface AdminDeps {
  database: Database;
  events: DomainEvents;
  clock: Clock;
}

import { DIRECTORY_CHANGED, type DirectoryChangedPayload } from './events';

const V2 = '/careslot-administration/api/v2';

const WORKFLOWS = {
  organization: 'Organization_Update_Web',
  organizationAdd: 'Organization_Add_Web',
  organizationSettings: 'Organization_Settings_Edit_Web',
  clinicalSettings: 'Practice_Clinical_Settings_Edit_Web',
  portalSettings: 'Patient_Portal_Settings_Edit_Web',
  locationAdd: 'Location_Add_Web',
  locationEdit: 'Location_Edit_Web',
  locationView: 'Location_View_Web',
  locationInsurance: 'Location_Insurance_Settings_Web',
  providerEdit: 'Provider_Edit_Web',
  resourceAdd: 'Resource_Add_Web',
  resourceEdit: 'Resource_Edit_Web',
  careTeamAdd: 'Care_Team_Add_Web',
  careTeamEdit: 'Care_Team_Edit_Web',
} as const;

/**
 * Runs a change in one transaction with its success audit row and events, then delivers the events.
 * The access decision (and any refusal's audit row) came before, outside the transaction.
 */
async function commit<T>(deps: AdminDeps, ...args: CommitArgs<T>): Promise<T> {
  const result = await deps.database.transaction((tx) => committed(tx, ...args));
  if (args[4]) await deps.events.flush();
  return result;
}

type CommitArgs<T> = [
  context: RequestContext,
  action: AccessAction,
  object: AdminObject,
  change: (tx: Connection) => Promise<T>,
  changed?: DirectoryChangedPayload,
];

/** The change, its success audit row and its `directory.changed` event, in the transaction given. */
async function committed<T>(
  tx: Connection,
  ...[context, action, object, change, changed]: CommitArgs<T>
): Promise<T> {
  const value = await change(tx);
  await recordPracticeOutcome(onConnection(context, tx), action, object);
  if (changed)
    await appendEvents(tx, [
      {
        aggregateType: 'organization',
        aggregateId: changed.organizationId,
        type: DIRECTORY_CHANGED,
        payload: changed,
      },
    ]);
  return value;
}

const orNull = (value: string | undefined | null) => (value ? value : null);

// ---------- objects a practice owns: facilities, resources, care teams ----------

/**
 * A kind of object a practice adds and edits whole. It belongs to the practice its input names and never
 * moves to another (`immutable`); its columns are worked out and checked after the admin check, so a caller
 * of another practice learns nothing from them.
 */
interface OwnedKind<Input extends { OrganizationId: string }, Columns> {
  table: 'locations' | 'healthcare_services' | 'care_teams';
  entityType: string;
  workflows: { add: string; edit: string };
  /** Names the object in the `immutable` rule's message: 'a facility'. */
  noun: string;
  columns: (database: Database, organizationId: string, input: Input) => Promise<Columns>;
  insert: (tx: Connection, id: string, columns: Columns, now: Date) => Promise<void>;
  update: (tx: Connection, id: string, columns: Columns, now: Date) => Promise<void>;
  /** The `directory.changed` reasons, for objects patient search shows. */
  reasons?: { added: string; updated: string };
}

/** Adds an object to the practice its input names; answers the new object's id. */
async function addOwned<Input extends { OrganizationId: string }, Columns>(
  kind: OwnedKind<Input, Columns>,
  deps: AdminDeps,
  context: RequestContext,
  input: Input,
): Promise<string> {
  const id = randomUUID();
  const object: AdminObject = {
    entityType: kind.entityType,
    id,
    organizationId: await organizationOwner(deps.database, input.OrganizationId),
    workflow: kind.workflows.add,
  };
  await authorizePractice(context, 'create', object, SET_UP);
  const columns = await kind.columns(deps.database, input.OrganizationId, input);
  await commit(
    deps,
    context,
    'create',
    object,
    (tx) => kind.insert(tx, id, columns, deps.clock.now()),
    kind.reasons && {
      organizationId: input.OrganizationId,
      practitionerIds: null,
      reason: kind.reasons.added,
    },
  );
  return id;
}

/** Replaces an object of the caller's practice (404 for another practice's); answers the owning practice. */
async function editOwned<Input extends { OrganizationId: string }, Columns>(
  kind: OwnedKind<Input, Columns>,
  deps: AdminDeps,
  context: RequestContext,
  id: string,
  input: Input,
): Promise<string> {
  const object: AdminObject = {
    entityType: kind.entityType,
    id,
    organizationId: await store.ownerOf(deps.database, kind.table, id),
    workflow: kind.workflows.edit,
    detail: { fields: Object.keys(input) },
  };
  const owner = (await authorizePractice(context, 'update', object, SET_UP))!;
  if (input.OrganizationId !== owner)
    throw bodyError('OrganizationId', 'immutable', `${kind.noun} cannot move to another practice`);
  const columns = await kind.columns(deps.database, owner, input);
  await commit(
    deps,
    context,
    'update',
    object,
    (tx) => kind.update(tx, id, columns, deps.clock.now()),
    kind.reasons && { organizationId: owner, practitionerIds: null, reason: kind.reasons.updated },
  );
  return owner;
}

// ---------- organization ----------

async function organizationOwner(database: Database, id: string): Promise<string | null> {
  return (await store.organizationExists(database, id)) ? id : null;
}

/** PUT v2/organization/{id}: name, contact, time zone and (when given) the practice's postal address. */
export async function updateOrganization(
  deps: AdminDeps,
  context: RequestContext,
  id: string,
  input: OrganizationUpdate,
): Promise<Organization> {
  const object: AdminObject = {
    entityType: 'Organization',
    id,
    organizationId: await organizationOwner(deps.database, id),
    workflow: WORKFLOWS.organization,
    detail: { fields: Object.keys(input) },
  };
  await authorizePractice(context, 'update', object, SET_UP);
  await assertFreeName(deps.database, input.Name, id);
  await uniqueName(() =>
    commit(
      deps,
      context,
      'update',
      object,
      (tx) =>
        store.updateOrganization(
          tx,
          id,
          organizationColumns(input),
          WORKFLOWS.organization,
          deps.clock.now(),
        ),
      { organizationId: id, practitionerIds: null, reason: 'organization.updated' },
    ),
  );
  return (await getOrganization(deps.database, id))!;
}

/**
 * Practice names are unique, ignoring case and white space (issue 24 item 5): 409 naming `body.Name` and the
 * rule. The check answers the common case; the unique index `organizations_name_key` decides a race, so of
 * parallel creates (or renames) to one name exactly one wins and the others get the same 409.
 */
const nameTaken = () => {
  const message = 'A practice with this name already exists';
  return new AppError('conflict', { message, issues: [{ field: 'body.Name', rule: 'unique', message }] });
};

async function assertFreeName(db: Connection, name: string, selfId: string) {
  const holder = await store.organizationByName(db, name);
  if (holder && holder.id !== selfId) throw nameTaken();
}

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

function organizationColumns(input: OrganizationUpdate): store.OrganizationColumns {
  return {
    name: input.Name,
    phone: orNull(input.Phone),
    email: orNull(input.Email),
    website: orNull(input.Website),
    timeZone: input.TimeZone,
    address: input.Address
      ? {
          address1: orNull(input.Address.Address1),
          address2: orNull(input.Address.Address2),
          city: orNull(input.Address.City),
          state: orNull(input.Address.State),
          zipCode: orNull(input.Address.ZipCode),
        }
      : null,
  };
}

/**
 * A new practice in the caller's transaction (practice onboarding, decision 0064): the organization with its
 * contact, time zone and postal address, audited Organization_Add_Web. The caller decided who may (a super user).
 */
export async function addOrganization(
  tx: Connection,
  context: RequestContext,
  id: string,
  input: OrganizationUpdate,
  now: Date,
): Promise<void> {
  const object: AdminObject = {
    entityType: 'Organization',
    id,
    organizationId: id,
    workflow: WORKFLOWS.organizationAdd,
  };
  await assertFreeName(tx, input.Name, id);
  await committed(tx, context, 'create', object, (t) =>
    uniqueName(() =>
      store.insertOrganization(t, id, organizationColumns(input), WORKFLOWS.organizationAdd, now),
    ),
  );
}

/** GET v2/organization/name?name=: the practice of that name (case-insensitive), e.g. to tell a name is taken. */
export async function organizationByName(database: Database, name: string) {
  const found = await store.organizationByName(database, name);
  return found
    ? { status_code: 200, message: 'OK', data: { Id: found.id, Name: found.name } }
    : { status_code: 204, message: 'No record found', data: null };
}

const imageUrl = (id: string, kind: ImageKind, version: string) =>
  `${V2}/organization/${id}/${kind}?v=${version}`;

/** PUT v2/organization/{id}/logo|banner: JPEG, PNG or WebP up to 5 MB, recognised by its bytes. */
export async function putOrganizationImage(
  deps: AdminDeps,
  context: RequestContext,
  id: string,
  kind: ImageKind,
  upload: FileUpload,
): Promise<Organization> {
  const object: AdminObject = {
    entityType: 'Organization',
    id,
    organizationId: await organizationOwner(deps.database, id),
    workflow: WORKFLOWS.organization,
    detail: { fields: [kind === 'logo' ? 'Logo' : 'Banner'] },
  };
  await authorizePractice(context, 'update', object, SET_UP);
  const bytes = checkUpload(upload, UPLOAD_RULES.imageContentTypes);
  const now = deps.clock.now();
  await commit(
    deps,
    context,
    'update',
    object,
    async (tx) => {
      const version = await store.putImage(tx, {
        ownerType: 'organization',
        ownerId: id,
        kind,
        contentType: upload.ContentType,
        bytes,
        by: context.userId ?? context.subject ?? 'unknown',
        now,
      });
      await store.setOrganizationImage(tx, id, kind, imageUrl(id, kind, version), now);
    },
    { organizationId: id, practitionerIds: null, reason: `organization.${kind}` },
  );
  return (await getOrganization(deps.database, id))!;
}

export async function deleteOrganizationImage(
  deps: AdminDeps,
  context: RequestContext,
  id: string,
  kind: ImageKind,
): Promise<Organization> {
  const object: AdminObject = {
    entityType: 'Organization',
    id,
    organizationId: await organizationOwner(deps.database, id),
    workflow: WORKFLOWS.organization,
    detail: { fields: [kind === 'logo' ? 'Logo' : 'Banner'], removed: true },
  };
  await authorizePractice(context, 'update', object, SET_UP);
  const now = deps.clock.now();
  await commit(
    deps,
    context,
    'update',
    object,
    async (tx) => {
      await store.deleteImage(tx, 'organization', id, kind);
      await store.setOrganizationImage(tx, id, kind, null, now);
    },
    { organizationId: id, practitionerIds: null, reason: `organization.${kind}` },
  );
  return (await getOrganization(deps.database, id))!;
}

/** The stored image, public (a practice's logo and banner show on its public pages). */
export async function readImage(
  database: Database,
  ownerType: store.ImageOwner,
  id: string,
  kind: store.StoredImageKind,
): Promise<store.StoredImage> {
  const image = await store.readImage(database, ownerType, id, kind);
  if (!image) throw notFound();
  return image;
}

// ---------- settings: one record per practice, keyed by the organization id ----------

type WriteMode = 'create' | 'replace';

/**
 * One of a practice's settings records (decision 0049): where it is stored, its audit names, its defaults
 * before anything was saved, and how the contract's input and answer map to its row.
 */
interface PracticeSettingsRecord<
  Row extends { organization_id: string },
  Input extends { OrganizationId: string },
  Settings,
> {
  table: store.SettingsTable<Row>;
  entityType: string;
  workflow: string;
  /** The 409 text of an add when the practice has the record already. */
  conflict: string;
  /** What a change's audit row holds besides the practice (field names, never values). */
  detail?: (input: Input) => Record<string, unknown>;
  defaults: (database: Database, organizationId: string) => Row | Promise<Row>;
  row: (input: Input) => Row;
  shape: (row: Row, saved: boolean) => Settings;
}

/**
 * The calls every settings record answers: `read` (the practice's users, support and super users), `of`
 * (other modules, no access check), `current` (the stored row or the defaults) and `write`: POST (create:
 * 409 when the practice has the record), PUT and upsert (replace). `id`, when given, must be the OrganizationId.
 */
function practiceSettings<
  Row extends { organization_id: string },
  Input extends { OrganizationId: string },
  Settings,
>(record: PracticeSettingsRecord<Row, Input, Settings>) {
  const current = async (database: Database, organizationId: string): Promise<Row> =>
    (await store.settingsRow(database, record.table, organizationId)) ??
    (await record.defaults(database, organizationId));

  const of = async (database: Database, organizationId: string): Promise<Settings> => {
    const row = await store.settingsRow(database, record.table, organizationId);
    return row
      ? record.shape(row, true)
      : record.shape(await record.defaults(database, organizationId), false);
  };

  const read = async (
    database: Database,
    context: RequestContext,
    organizationId: string,
  ): Promise<Settings> => {
    const object = {
      entityType: record.entityType,
      id: organizationId,
      organizationId: await organizationOwner(database, organizationId),
    };
    await authorizePractice(context, 'read', object, SETTINGS_READERS);
    return of(database, organizationId);
  };

  const write = async (
    deps: AdminDeps,
    context: RequestContext,
    input: Input,
    mode: WriteMode,
    id?: string,
  ): Promise<Settings> => {
    if (id !== undefined && id !== input.OrganizationId)
      throw bodyError('OrganizationId', 'matches_id', 'must equal the id in the path');
    const object: AdminObject = {
      entityType: record.entityType,
      id: input.OrganizationId,
      organizationId: await organizationOwner(deps.database, input.OrganizationId),
      workflow: record.workflow,
      ...(record.detail ? { detail: record.detail(input) } : {}),
    };
    const action = mode === 'create' ? 'create' : 'update';
    await authorizePractice(context, action, object, SET_UP);
    const row = record.row(input);
    // A second add is refused inside the transaction, before its audit row: no success is recorded for it.
    await commit(deps, context, action, object, async (tx) => {
      if (!(await store.writeSettingsRow(tx, record.table, row, mode === 'replace', deps.clock.now())))
        throw conflict(record.conflict);
    });
    return record.shape(row, true);
  };

  return { read, of, current, write };
}

export const organizationSettings = practiceSettings({
  table: store.ORGANIZATION_SETTINGS,
  entityType: 'OrganizationSettings',
  workflow: WORKFLOWS.organizationSettings,
  conflict: 'The practice already has settings; change them with PUT or upsert.',
  detail: (input: OrganizationSettingsInput) => ({ fields: Object.keys(input) }),
  defaults: async (database, organizationId) => {
    const organization = await getOrganization(database, organizationId);
    return {
      organization_id: organizationId,
      contact_email: organization?.Email ?? '',
      contact_phone: organization?.Phone ?? '',
      time_zone: organization?.TimeZone ?? 'America/New_York',
      default_language: 'en',
      send_appointment_details: true,
      hide_reason_in_notifications: false,
    };
  },
  row: (input) => ({
    organization_id: input.OrganizationId,
    contact_email: input.ContactEmail,
    contact_phone: input.ContactPhone,
    time_zone: input.TimeZone,
    default_language: input.DefaultLanguage,
    send_appointment_details: input.SendAppointmentDetailsInPatientCommunication,
    hide_reason_in_notifications: input.HideReasonInNotifications,
  }),
  shape: (row, saved): OrganizationSettings => ({
    Id: row.organization_id,
    OrganizationId: row.organization_id,
    ContactEmail: row.contact_email,
    ContactPhone: row.contact_phone,
    TimeZone: row.time_zone,
    DefaultLanguage: row.default_language as OrganizationSettings['DefaultLanguage'],
    SendAppointmentDetailsInPatientCommunication: row.send_appointment_details,
    HideReasonInNotifications: row.hide_reason_in_notifications,
    Saved: saved,
  }),
});

/** The settings of a practice for other modules (no access check): stored or defaults; null for no practice. */
export async function organizationSettingsOf(
  database: Database,
  organizationId: string,
): Promise<OrganizationSettings | null> {
  if (!(await store.organizationExists(database, organizationId))) return null;
  return organizationSettings.of(database, organizationId);
}

/** PATCH: the fields given over what is stored (or the defaults). */
export async function patchOrganizationSettings(
  deps: AdminDeps,
  context: RequestContext,
  id: string,
  patch: Partial<Omit<OrganizationSettingsInput, 'OrganizationId'>>,
): Promise<OrganizationSettings> {
  const owner = await organizationOwner(deps.database, id);
  if (owner === null) {
    await authorizePractice(
      context,
      'update',
      {
        entityType: 'OrganizationSettings',
        id,
        organizationId: null,
        workflow: WORKFLOWS.organizationSettings,
      },
      SET_UP,
    );
  }
  const current = await organizationSettings.current(deps.database, id);
  return organizationSettings.write(
    deps,
    context,
    {
      OrganizationId: id,
      ContactEmail: patch.ContactEmail ?? current.contact_email,
      ContactPhone: patch.ContactPhone ?? current.contact_phone,
      TimeZone: (patch.TimeZone ?? current.time_zone) as OrganizationSettingsInput['TimeZone'],
      DefaultLanguage: (patch.DefaultLanguage ??
        current.default_language) as OrganizationSettingsInput['DefaultLanguage'],
      SendAppointmentDetailsInPatientCommunication:
        patch.SendAppointmentDetailsInPatientCommunication ?? current.send_appointment_details,
      HideReasonInNotifications: patch.HideReasonInNotifications ?? current.hide_reason_in_notifications,
    },
    'replace',
    id,
  );
}

/** Practice clinical settings (paths not in the spec: decision 0049). */
export const clinicalSettings = practiceSettings({
  table: store.CLINICAL_SETTINGS,
  entityType: 'PracticeClinicalSettings',
  workflow: WORKFLOWS.clinicalSettings,
  conflict: 'The practice already has clinical settings; change them with PUT.',
  defaults: (_database, organizationId) => ({
    organization_id: organizationId,
    sections: ['MedicalHistory', 'Medications', 'Allergies'],
    require_summary_note: false,
  }),
  row: (input: PracticeClinicalSettingsInput) => ({
    organization_id: input.OrganizationId,
    sections: [...new Set(input.Sections)],
    require_summary_note: input.RequireSummaryNote,
  }),
  shape: (row, saved): PracticeClinicalSettings => ({
    Id: row.organization_id,
    OrganizationId: row.organization_id,
    Sections: row.sections as PracticeClinicalSettings['Sections'],
    RequireSummaryNote: row.require_summary_note,
    Saved: saved,
  }),
});

export const portalSettings = practiceSettings({
  table: store.PORTAL_SETTINGS,
  entityType: 'PatientPortalSettings',
  workflow: WORKFLOWS.portalSettings,
  conflict: 'The practice already has patient-portal settings; change them with PUT.',
  defaults: (_database, organizationId) => ({
    organization_id: organizationId,
    portal_enabled: true,
    allow_online_cancellation: true,
    allow_online_reschedule: true,
    cancellation_cutoff_hours: 24,
    show_balance: true,
    allow_family_members: true,
    welcome_message: '',
  }),
  row: (input: PatientPortalSettingsInput) => ({
    organization_id: input.OrganizationId,
    portal_enabled: input.PortalEnabled,
    allow_online_cancellation: input.AllowOnlineCancellation,
    allow_online_reschedule: input.AllowOnlineReschedule,
    cancellation_cutoff_hours: input.CancellationCutoffHours,
    show_balance: input.ShowBalance,
    allow_family_members: input.AllowFamilyMembers,
    welcome_message: input.WelcomeMessage,
  }),
  shape: (row, saved): PatientPortalSettings => ({
    Id: row.organization_id,
    OrganizationId: row.organization_id,
    PortalEnabled: row.portal_enabled,
    AllowOnlineCancellation: row.allow_online_cancellation,
    AllowOnlineReschedule: row.allow_online_reschedule,
    CancellationCutoffHours: row.cancellation_cutoff_hours,
    ShowBalance: row.show_balance,
    AllowFamilyMembers: row.allow_family_members,
    WelcomeMessage: row.welcome_message,
    Saved: saved,
  }),
});

/** The portal settings of a practice for other modules (no access check): stored or defaults. */
export const portalSettingsOf = portalSettings.of;

// ---------- locations ----------

/**
 * The facility's columns from the form: the zip must be a real US zip (the catalog's) in the state given;
 * county and coordinates come from it unless the admin typed coordinates.
 */
async function locationColumns(
  database: Database,
  organizationId: string,
  input: LocationInput,
): Promise<store.LocationColumns> {
  const zip = await getZipCode(database, input.Address.ZipCode).catch((error: unknown) => {
    if (error instanceof AppError && error.kind === 'not_found') return null;
    throw error;
  });
  if (!zip) throw bodyError('Address.ZipCode', 'unknown_zip', 'is not a US zip code');
  if (zip.StateCode && zip.StateCode !== input.Address.State)
    throw bodyError('Address.State', 'matches_zip', `must be the zip code's state (${zip.StateCode})`);
  const emails = [...new Set(input.Emails.map((e) => e.toLowerCase()))];
  return {
    organizationId,
    name: input.Name,
    timeZone: input.TimeZone,
    address1: input.Address.Address1,
    address2: orNull(input.Address.Address2),
    city: input.Address.City,
    state: input.Address.State,
    zipCode: input.Address.ZipCode,
    county: zip.County ?? null,
    latitude: input.Address.Latitude ?? zip.Latitude ?? null,
    longitude: input.Address.Longitude ?? zip.Longitude ?? null,
    phone: orNull(input.Phone),
    emails,
    checkInEnabled: input.CheckInEnabled,
    active: input.Active,
    contactFirstName: orNull(input.ContactPerson?.FirstName),
    contactLastName: orNull(input.ContactPerson?.LastName),
  };
}

const LOCATIONS: OwnedKind<LocationInput, store.LocationColumns> = {
  table: 'locations',
  entityType: 'Location',
  workflows: { add: WORKFLOWS.locationAdd, edit: WORKFLOWS.locationEdit },
  noun: 'a facility',
  columns: locationColumns,
  insert: store.insertLocation,
  update: store.updateLocation,
  reasons: { added: 'location.added', updated: 'location.updated' },
};

/** POST v2/location: a new facility of the caller's practice (Location_Add_Web). */
export async function createLocation(
  deps: AdminDeps,
  context: RequestContext,
  input: LocationInput,
): Promise<Location> {
  const id = await addOwned(LOCATIONS, deps, context, input);
  return (await getLocation(deps.database, id))!;
}

/**
 * A new facility's columns, checked: the zip must be a US zip of the catalog in the state given (400 naming
 * body.Address.ZipCode / body.Address.State). Read before the transaction that adds it (the catalog is not in it).
 */
export const newLocationColumns = (database: Database, input: LocationInput) =>
  locationColumns(database, input.OrganizationId, input);

/**
 * Adds a facility in the caller's transaction (POST v2/location, and practice onboarding's first location):
 * the row, its audit (Location_Add_Web) and `directory.changed`. The caller decided who may and flushes the
 * events after the commit.
 */
export async function addLocation(
  tx: Connection,
  context: RequestContext,
  id: string,
  columns: store.LocationColumns,
  now: Date,
): Promise<void> {
  const object: AdminObject = {
    entityType: 'Location',
    id,
    organizationId: columns.organizationId,
    workflow: WORKFLOWS.locationAdd,
  };
  await committed(tx, context, 'create', object, (t) => store.insertLocation(t, id, columns, now), {
    organizationId: columns.organizationId,
    practitionerIds: null,
    reason: 'location.added',
  });
}

/** PUT v2/location/{id} (Location_Edit_Web). A facility stays with its practice. */
export async function updateLocation(
  deps: AdminDeps,
  context: RequestContext,
  id: string,
  input: LocationInput,
): Promise<Location> {
  await editOwned(LOCATIONS, deps, context, id, input);
  return (await getLocation(deps.database, id))!;
}

/** GET v2/location/{id}: public; a user of the owning practice reading it is audited (Location_View_Web). */
export async function viewLocation(
  database: Database,
  context: RequestContext,
  id: string,
): Promise<Location> {
  const location = await getLocation(database, id);
  if (!location) throw notFound();
  if (actsForPractice(context, location.OrganizationId)) {
    await recordPracticeOutcome(
      context,
      'read',
      {
        entityType: 'Location',
        id,
        organizationId: location.OrganizationId,
        workflow: WORKFLOWS.locationView,
      },
      'success',
    );
  }
  return location;
}

// ---------- accepted insurances ----------

async function mappings(database: Database, planIds: string[]): Promise<InsuranceMapping[]> {
  const plans = await insurancePlansByIds(database, planIds);
  const all = await insuranceMappings(database);
  return all.filter((m) => plans.has(m.PlanId));
}

/** GET insurances/mappings: every plan with its carrier, as one flat list. */
export async function insuranceMappings(database: Database): Promise<InsuranceMapping[]> {
  const carriers = await listInsurances(database);
  return carriers.flatMap((c) =>
    c.Plans.map((p) => ({
      PlanId: p.Id,
      PlanCode: p.Code,
      PlanName: p.Name,
      PlanType: p.PlanType,
      CarrierId: c.Id,
      CarrierName: c.Name,
      PayerId: c.PayerId,
      Display: `${c.Name} ${p.Name}`,
    })),
  );
}

/**
 * What practice administration needs of practitioners, whose tables are the people module's: people → organizations
 * is the one direction of their dependency, so the people module passes these in (its routes that need them).
 */
export interface PractitionerLinks {
  /** The practices a practitioner holds an active role at. */
  practicesOf(db: Connection, practitionerId: string): Promise<string[]>;
  /** Which of these practitioners hold an active role at the practice. */
  membersOf(db: Connection, organizationId: string, ids: string[]): Promise<Set<string>>;
  /** The plans a practitioner accepts (their own list). */
  planIds(db: Connection, practitionerId: string): Promise<string[]>;
  /** Replaces a practitioner's own plan list, in the caller's transaction. */
  replacePlans(tx: Connection, practitionerId: string, planIds: string[]): Promise<void>;
}

async function insuredEntityOwner(
  database: Database,
  practitioners: PractitionerLinks,
  type: 'Location' | 'Practitioner',
  id: string,
  identifier: string | undefined,
  context: RequestContext,
): Promise<string | null> {
  if (type === 'Location') return store.ownerOf(database, 'locations', id);
  const organizations = await practitioners.practicesOf(database, id);
  const wanted = identifier ?? context.organizationId;
  if (wanted && organizations.includes(wanted)) return wanted;
  return organizations[0] ?? null;
}

/** The insurances an entity accepts (public: search and profiles show them). */
export async function entityInsurances(
  database: Database,
  practitioners: PractitionerLinks,
  type: 'Location' | 'Practitioner',
  id: string,
): Promise<EntityInsurances> {
  const exists =
    type === 'Location'
      ? (await store.ownerOf(database, 'locations', id)) !== null
      : (await practitioners.practicesOf(database, id)).length > 0;
  if (!exists) throw notFound();
  const planIds =
    type === 'Location'
      ? await store.locationPlanIds(database, id)
      : await practitioners.planIds(database, id);
  return {
    EntityType: type,
    EntityId: id,
    InsurancePlanIds: planIds,
    Insurances: await mappings(database, planIds),
  };
}

/**
 * POST EntityInsurances/upsert?type=&id=&identifier=: replaces the plans a facility (or a provider) of the
 * caller's practice accepts. `identifier`, when given, is the practice's id and must own the entity.
 */
export async function upsertEntityInsurances(
  deps: AdminDeps,
  practitioners: PractitionerLinks,
  context: RequestContext,
  type: 'Location' | 'Practitioner',
  id: string,
  identifier: string | undefined,
  planIds: string[],
): Promise<EntityInsurances> {
  const owner = await insuredEntityOwner(deps.database, practitioners, type, id, identifier, context);
  const object: AdminObject = {
    entityType: type,
    id,
    organizationId: identifier && owner !== identifier ? null : owner,
    workflow: type === 'Location' ? WORKFLOWS.locationInsurance : WORKFLOWS.providerEdit,
    detail: { fields: ['Insurances'], count: planIds.length },
  };
  const organizationId = (await authorizePractice(context, 'update', object, SET_UP))!;
  const unique = [...new Set(planIds)];
  const known = await insurancePlansByIds(deps.database, unique);
  const unknown = unique.findIndex((p) => !known.has(p));
  if (unknown >= 0)
    throw badRequest([
      {
        field: `body.InsurancePlanIds.${planIds.indexOf(unique[unknown]!)}`,
        rule: 'exists',
        message: 'No insurance plan with this id',
      },
    ]);
  const replace = (tx: Connection) =>
    type === 'Location'
      ? store.replaceLocationPlans(tx, id, unique)
      : practitioners.replacePlans(tx, id, unique);
  await commit(deps, context, 'update', object, replace, {
    organizationId,
    practitionerIds: type === 'Practitioner' ? [id] : null,
    reason: `${type.toLowerCase()}.insurances`,
  });
  return entityInsurances(deps.database, practitioners, type, id);
}

// ---------- healthcare services (resources) ----------

async function checkLocations(database: Database, organizationId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const ours = await store.locationsInOrganization(database, organizationId, unique);
  const stranger = ids.findIndex((l) => !ours.has(l));
  if (stranger >= 0)
    throw bodyError(`LocationIds.${stranger}`, 'exists', 'no such location in your practice');
  return unique;
}

const SERVICES: OwnedKind<HealthcareServiceInput, store.ServiceColumns> = {
  table: 'healthcare_services',
  entityType: 'HealthcareService',
  workflows: { add: WORKFLOWS.resourceAdd, edit: WORKFLOWS.resourceEdit },
  noun: 'a resource',
  columns: async (database, organizationId, input) => ({
    organizationId,
    name: input.Name,
    category: orNull(input.Category),
    about: orNull(input.About),
    active: input.Active,
    locationIds: await checkLocations(database, organizationId, input.LocationIds),
  }),
  insert: store.insertService,
  update: store.updateService,
};

export async function createHealthcareService(
  deps: AdminDeps,
  context: RequestContext,
  input: HealthcareServiceInput,
): Promise<HealthcareService> {
  const id = await addOwned(SERVICES, deps, context, input);
  return (await getHealthcareService(deps.database, id))!;
}

export async function updateHealthcareService(
  deps: AdminDeps,
  context: RequestContext,
  id: string,
  input: HealthcareServiceInput,
): Promise<HealthcareService> {
  await editOwned(SERVICES, deps, context, id, input);
  return (await getHealthcareService(deps.database, id))!;
}

export async function putServicePhoto(
  deps: AdminDeps,
  context: RequestContext,
  id: string,
  upload: FileUpload,
): Promise<HealthcareService> {
  const object: AdminObject = {
    entityType: 'HealthcareService',
    id,
    organizationId: await store.ownerOf(deps.database, 'healthcare_services', id),
    workflow: WORKFLOWS.resourceEdit,
    detail: { fields: ['Photo'] },
  };
  await authorizePractice(context, 'update', object, SET_UP);
  const bytes = checkUpload(upload, UPLOAD_RULES.imageContentTypes);
  const now = deps.clock.now();
  await commit(deps, context, 'update', object, async (tx) => {
    const version = await store.putImage(tx, {
      ownerType: 'healthcare_service',
      ownerId: id,
      kind: 'photo',
      contentType: upload.ContentType,
      bytes,
      by: context.userId ?? context.subject ?? 'unknown',
      now,
    });
    await store.setServicePhoto(tx, id, `${V2}/healthcareservice/${id}/profile-picture?v=${version}`, now);
  });
  return (await getHealthcareService(deps.database, id))!;
}

export async function deleteServicePhoto(
  deps: AdminDeps,
  context: RequestContext,
  id: string,
): Promise<HealthcareService> {
  const object: AdminObject = {
    entityType: 'HealthcareService',
    id,
    organizationId: await store.ownerOf(deps.database, 'healthcare_services', id),
    workflow: WORKFLOWS.resourceEdit,
    detail: { fields: ['Photo'], removed: true },
  };
  await authorizePractice(context, 'update', object, SET_UP);
  const now = deps.clock.now();
  await commit(deps, context, 'update', object, async (tx) => {
    await store.deleteImage(tx, 'healthcare_service', id, 'photo');
    await store.setServicePhoto(tx, id, null, now);
  });
  return (await getHealthcareService(deps.database, id))!;
}

const shapeServiceSettings = (row: store.ServiceSettingsRow, saved: boolean): HealthcareServiceSettings => ({
  HealthcareServiceId: row.healthcare_service_id,
  OnlineBookingEnabled: row.online_booking_enabled,
  HidePublicProfile: row.hide_public_profile,
  PatientSurveyInstructions: row.patient_survey_instructions,
  Saved: saved,
});

/** What a resource tells its patients in the survey after a visit (§3.6 patient_survey_instructions); '' when unset. */
export async function resourceSurveyInstructions(database: Database, id: string): Promise<string> {
  return (await store.settingsRow(database, store.SERVICE_SETTINGS, id))?.patient_survey_instructions ?? '';
}

export async function readServiceSettings(
  database: Database,
  context: RequestContext,
  id: string,
): Promise<HealthcareServiceSettings> {
  const owner = await store.ownerOf(database, 'healthcare_services', id);
  const object = { entityType: 'HealthcareServiceSettings', id, organizationId: owner };
  await authorizePractice(context, 'read', object, SETTINGS_READERS);
  const row = await store.settingsRow(database, store.SERVICE_SETTINGS, id);
  return row
    ? shapeServiceSettings(row, true)
    : shapeServiceSettings(
        {
          healthcare_service_id: id,
          online_booking_enabled: true,
          hide_public_profile: false,
          patient_survey_instructions: '',
        },
        false,
      );
}

export async function writeServiceSettings(
  deps: AdminDeps,
  context: RequestContext,
  input: HealthcareServiceSettingsInput,
): Promise<HealthcareServiceSettings> {
  const id = input.HealthcareServiceId;
  const object: AdminObject = {
    entityType: 'HealthcareServiceSettings',
    id,
    organizationId: await store.ownerOf(deps.database, 'healthcare_services', id),
    workflow: WORKFLOWS.resourceEdit,
  };
  await authorizePractice(context, 'update', object, SET_UP);
  const row: store.ServiceSettingsRow = {
    healthcare_service_id: id,
    online_booking_enabled: input.OnlineBookingEnabled,
    hide_public_profile: input.HidePublicProfile,
    patient_survey_instructions: input.PatientSurveyInstructions,
  };
  await commit(deps, context, 'update', object, (tx) =>
    store.writeSettingsRow(tx, store.SERVICE_SETTINGS, row, true, deps.clock.now()),
  );
  return shapeServiceSettings(row, true);
}

// ---------- care teams ----------

async function careTeamColumns(
  practitioners: PractitionerLinks,
  database: Database,
  organizationId: string,
  input: CareTeamInput,
): Promise<store.CareTeamColumns> {
  const ids = input.Participants.map((p) => p.PractitionerId);
  const members = await practitioners.membersOf(database, organizationId, ids);
  const stranger = ids.findIndex((p) => !members.has(p));
  if (stranger >= 0)
    throw bodyError(
      `Participants.${stranger}.PractitionerId`,
      'exists',
      'no such practitioner in your practice',
    );
  const seen = new Set<string>();
  const participants = input.Participants.filter(
    (p) => !seen.has(p.PractitionerId) && seen.add(p.PractitionerId),
  ).map((p) => ({ practitionerId: p.PractitionerId, role: p.Role }));
  return { organizationId, name: input.Name, status: input.Status, participants };
}

async function readCareTeam(database: Database, organizationId: string, id: string): Promise<CareTeam> {
  const teams = await searchCareTeams(database, { OrganizationId: organizationId, Limit: 0, Offset: 1 });
  const team = teams.Data.find((t) => t.Id === id);
  if (!team) throw notFound();
  return team;
}

/** Care teams: their participants must hold a role at the practice (the people module answers which do). */
const careTeams = (practitioners: PractitionerLinks): OwnedKind<CareTeamInput, store.CareTeamColumns> => ({
  table: 'care_teams',
  entityType: 'CareTeam',
  workflows: { add: WORKFLOWS.careTeamAdd, edit: WORKFLOWS.careTeamEdit },
  noun: 'a care team',
  columns: (database, organizationId, input) =>
    careTeamColumns(practitioners, database, organizationId, input),
  insert: store.insertCareTeam,
  update: store.updateCareTeam,
});

export async function createCareTeam(
  deps: AdminDeps,
  practitioners: PractitionerLinks,
  context: RequestContext,
  input: CareTeamInput,
): Promise<CareTeam> {
  const id = await addOwned(careTeams(practitioners), deps, context, input);
  return readCareTeam(deps.database, input.OrganizationId, id);
}

export async function updateCareTeam(
  deps: AdminDeps,
  practitioners: PractitionerLinks,
  context: RequestContext,
  id: string,
  input: CareTeamInput,
): Promise<CareTeam> {
  const owner = await editOwned(careTeams(practitioners), deps, context, id, input);
  return readCareTeam(deps.database, owner, id);
}
