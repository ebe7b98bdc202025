import { randomUUID } from 'node:crypto';
import {
  PRACTICE_ACCESS_CHANGED,
  type PracticeAccessChangedPayload,
  type PracticeRoleCode,
  type PracticeUser,
  type PracticeUserState,
  type PractitionerCreate,
  type PractitionerDetail,
  type PractitionerProfileInput,
  type PractitionerRole,
  type FileUpload,
} from '@careslot/contracts';
import { personIssues, usPhoneDigits } from '@careslot/domain';
import {
  authorizePractice,
  holdsRole,
  recordPracticeOutcome,
  refusePractice,
  ROLE_SETS,
  type AccessAction,
} from '../../platform/access';
import type { AuditAction, AuditOutcome } from '../../platform/audit';
import { onConnection, type RequestContext } from '../../platform/context';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../platform/errors';
import { appendEvents, type NewDomainEvent } from '../../platform/events';
import { checkUpload } from '../../platform/files';
import { getPractitioner, listPractitionerRoles } from './service';
import * as store from './people-store';
// Patient search reads practitioners: a change it shows is announced to the marketplace's index.
import { existingSpecialtyIds } from '../catalog';
import { DIRECTORY_CHANGED, locationsOfOrganization, type PractitionerLinks } from '../organizations';

/**
 * A practice's people (issue 18): a practice admin adds providers and staff (they are invited by e-mail:
 * identity makes the account and the activation link from the event), edits them, their roles and pictures;
 * a practitioner edits their own profile and settings. Another practice's person answers 404, audited.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'events'>;

export const WORKFLOWS = {
  providerAdd: 'Provider_Add_Web',
  providerEdit: 'Provider_Edit_Web',
  staffAdd: 'Staff_Add_Web',
  staffEdit: 'Staff_Edit_Web',
  staffView: 'Staff_View_Web',
} as const;

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const photoPath = (id: string) => `/careslot-administration/api/v2/practitioner/${id}/profile-picture`;

/** A change's or a view's own row, on the connection given (a transaction's, for a change). */
async function audit(
  db: Pick<Connection, 'query'>,
  context: RequestContext,
  event: {
    action: AuditAction;
    entityType: string;
    entityId: string | null;
    workflow: string;
    outcome: AuditOutcome;
    detail?: Record<string, unknown>;
  },
) {
  const on = db === context.access.database ? context : onConnection(context, db as Connection);
  await recordPracticeOutcome(
    on,
    event.action,
    {
      entityType: event.entityType,
      id: event.entityId,
      organizationId: null,
      workflow: event.workflow,
      ...(event.detail ? { detail: event.detail } : {}),
    },
    event.outcome,
  );
}

/**
 * A practice's people are its admins' to add and edit (a super user onboards practices through onboarding, not
 * here); the policy decides, and the change writes its own row in its transaction.
 */
const PEOPLE_ADMIN = { roles: ROLE_SETS.ADMINS, superUser: false, audit: 'refusals' } as const;

/** A change of the practice's people: 404 for another practice, 403 for its users who are not admins. */
const adminOf = (
  context: RequestContext,
  organizationId: string,
  entityType: string,
  workflow: string,
  action: AccessAction,
) =>
  authorizePractice(
    context,
    action,
    { entityType, id: organizationId, organizationId, workflow },
    PEOPLE_ADMIN,
  );

const workflowOf = (codes: readonly PracticeRoleCode[], kind: 'add' | 'edit') =>
  codes.includes('provider')
    ? kind === 'add'
      ? WORKFLOWS.providerAdd
      : WORKFLOWS.providerEdit
    : kind === 'add'
      ? WORKFLOWS.staffAdd
      : WORKFLOWS.staffEdit;

interface Target {
  person: store.PersonRow;
  /** The role at the caller's practice (admins) or null when the practitioner edits themself. */
  role: store.RoleRow | null;
  workflow: string;
  organizationIds: string[];
}

/**
 * A practitioner the caller may edit: themself, or one holding a role (active or not) at the practice the
 * caller administers. Anyone else answers 404 with an audit row, as an unknown id does.
 */
async function editable(
  deps: Deps,
  context: RequestContext,
  id: string,
  entityType: string,
  options: { self: boolean },
): Promise<Target> {
  const db = deps.database;
  const person = /^[0-9a-f-]{36}$/i.test(id) ? await store.personById(db, id) : null;
  const roles = person ? await listPractitionerRoles(db, { PractitionerId: id }) : [];
  const organizationIds = roles.map((r) => r.OrganizationId);
  // Themself (a practitioner's own record), or a practice admin of a practice where they hold a role.
  await authorizePractice(
    context,
    'update',
    { entityType, id, organizationId: null, organizationIds, workflow: WORKFLOWS.staffEdit },
    { ...PEOPLE_ADMIN, ...(options.self ? { self: { id, roles: ROLE_SETS.PRACTICE_USERS } } : {}) },
  );
  if (person && options.self && context.userId === id) {
    return {
      person,
      role: null,
      workflow: workflowOf(
        roles.flatMap((r) => r.Code),
        'edit',
      ),
      organizationIds,
    };
  }
  const role = person && context.organizationId ? await store.roleAt(db, id, context.organizationId) : null;
  if (!person || !role) throw notFound();
  return { person, role, workflow: workflowOf(role.codes, 'edit'), organizationIds };
}

const directoryChanged = (
  organizationIds: string[],
  practitionerId: string,
  reason: string,
): NewDomainEvent<object>[] =>
  organizationIds.map((organizationId) => ({
    aggregateType: 'organization',
    aggregateId: organizationId,
    type: DIRECTORY_CHANGED,
    payload: { organizationId, practitionerIds: [practitionerId], reason },
  }));

const accessChanged = (
  practitionerId: string,
  organizationId: string,
  invite: boolean,
): NewDomainEvent<PracticeAccessChangedPayload> => ({
  aggregateType: 'practitioner',
  aggregateId: practitionerId,
  type: PRACTICE_ACCESS_CHANGED,
  payload: { practitionerId, organizationId, invite },
});

/** The profile's rules (packages/domain people.ts) and the look-ups it names; 400 naming every failed field. */
async function checkProfile(db: Connection, input: PractitionerProfileInput, provider: boolean) {
  const issues = personIssues(input, { provider }).map((i) => ({ ...i, field: `body.${i.field}` }));
  const known = await existingSpecialtyIds(db, input.SpecialtyIds);
  if (known.length !== new Set(input.SpecialtyIds).size)
    issues.push({
      field: 'body.SpecialtyIds',
      rule: 'unknown',
      message: 'SpecialtyIds must name specialties of the catalog',
    });
  if (issues.length) throw badRequest(issues);
}

function personValues(input: PractitionerProfileInput, workflow: string): store.PersonValues {
  return {
    givenNames: input.FirstName.trim().split(/\s+/).filter(Boolean),
    familyName: input.LastName.trim(),
    suffix: input.Suffix?.trim() || null,
    gender: input.Gender ?? null,
    npi: input.Npi?.trim() || null,
    email: input.Email.trim().toLowerCase(),
    phone: input.Phone?.trim() ? usPhoneDigits(input.Phone) : null,
    hidePublicProfile: input.HidePublicProfile,
    languages: [...new Set(input.Languages)],
    about: input.About?.trim() || null,
    workflow,
  };
}

const profileValues = (input: PractitionerProfileInput): store.ProfileValues => ({
  deaNumber: input.DeaNumber?.trim().toUpperCase() || null,
  boardCertifications: [...new Set(input.BoardCertifications)],
  hospitalAffiliations: [...new Set(input.HospitalAffiliations)],
});

/** A value another practitioner holds: 409 naming the field (body.Email, body.Npi) and the rule. */
const taken = (field: string, message: string) =>
  new AppError('conflict', { message, issues: [{ field: `body.${field}`, rule: 'unique', message }] });

/** E-mail and NPI belong to one practitioner each: 409 naming which. */
async function assertUnique(db: Connection, input: PractitionerProfileInput, selfId: string | null) {
  const byEmail = await store.practitionerIdWithEmail(db, input.Email.trim());
  if (byEmail && byEmail !== selfId) throw taken('Email', 'A practitioner with this e-mail already exists');
  const npi = input.Npi?.trim();
  const byNpi = npi ? await store.practitionerIdWithNpi(db, npi) : null;
  if (byNpi && byNpi !== selfId) throw taken('Npi', 'A practitioner with this NPI already exists');
}

export async function detail(deps: Deps, id: string): Promise<PractitionerDetail> {
  const base = await getPractitioner(deps.database, id);
  const person = await store.personById(deps.database, id);
  if (!base || !person) throw notFound();
  return {
    ...base,
    Email: person.email,
    Phone: person.phone,
    DeaNumber: person.dea_number,
    BoardCertifications: person.board_certifications ?? [],
    HospitalAffiliations: person.hospital_affiliations ?? [],
  };
}

/** POST v2/practitioner: the person, their role at the practice, and their invitation (through identity). */
export async function createPractitioner(
  deps: Deps,
  context: RequestContext,
  input: PractitionerCreate,
): Promise<PractitionerDetail> {
  await adminOf(context, input.OrganizationId, 'Practitioner', workflowOf(input.Code, 'add'), 'create');
  const id = await deps.database.transaction((tx) => addPractitioner(tx, context, input, deps.clock.now()));
  await deps.events.flush();
  return detail(deps, id);
}

/**
 * Adds a practitioner in the caller's transaction (the write of POST v2/practitioner, also practice onboarding's
 * provider step): the profile's rules (packages/domain personIssues: names, e-mail, phone, NPI, DEA), known
 * specialties, facilities of the practice, an e-mail and NPI no one else holds; then the person, their role,
 * the invitation mark, the audit row (Provider_Add_Web / Staff_Add_Web) and the events: `directory.changed`
 * and `practitioner.access-changed` with `invite`, from which identity makes the account and e-mails the
 * activation link once the transaction has committed. The caller checked who may, and flushes the events
 * after the commit. Returns the new practitioner's id.
 */
export async function addPractitioner(
  tx: Connection,
  context: RequestContext,
  input: PractitionerCreate,
  now: Date,
  extra: { prefix?: string | null } = {},
): Promise<string> {
  const workflow = workflowOf(input.Code, 'add');
  await checkProfile(tx, input, input.Code.includes('provider'));
  const locationIds = await locationsOfOrganization(tx, input.OrganizationId, input.LocationIds);
  if (locationIds.length !== new Set(input.LocationIds).size)
    throw fieldError('body.LocationIds', 'unknown', 'LocationIds must name facilities of the practice');
  await assertUnique(tx, input, null);
  const id = randomUUID();
  await store.insertPerson(
    tx,
    id,
    { ...personValues(input, workflow), prefix: extra.prefix?.trim() || null },
    now,
  );
  await store.setSpecialties(tx, id, input.SpecialtyIds);
  await store.upsertProfile(tx, id, profileValues(input), now);
  await grantInvitedRole(
    tx,
    { practitionerId: id, organizationId: input.OrganizationId, codes: input.Code, locationIds },
    now,
    'practitioner-added',
  );
  await audit(tx, context, {
    action: 'create',
    entityType: 'Practitioner',
    entityId: id,
    workflow,
    outcome: 'success',
    detail: { roles: input.Code },
  });
  return id;
}

/**
 * A role at the practice for someone to be invited: the role, the invitation mark, `directory.changed` and
 * `practitioner.access-changed` with `invite` (identity makes or updates the account and e-mails the link).
 */
async function grantInvitedRole(
  tx: Connection,
  role: { practitionerId: string; organizationId: string; codes: PracticeRoleCode[]; locationIds: string[] },
  now: Date,
  reason: string,
): Promise<string> {
  const roleId = randomUUID();
  await store.insertRole(tx, { id: roleId, ...role, codes: [...new Set(role.codes)] }, now);
  await store.markInvited(tx, role.practitionerId, now);
  await appendEvents(tx, [
    ...directoryChanged([role.organizationId], role.practitionerId, reason),
    accessChanged(role.practitionerId, role.organizationId, true),
  ]);
  return roleId;
}

/** PUT v2/practitioner/{id}: the profile, by the practice admin or the practitioner themself. */
export async function updatePractitioner(
  deps: Deps,
  context: RequestContext,
  id: string,
  input: PractitionerProfileInput,
): Promise<PractitionerDetail> {
  const target = await editable(deps, context, id, 'Practitioner', { self: true });
  const db = deps.database;
  const provider = target.workflow === WORKFLOWS.providerEdit;
  await checkProfile(db, input, provider && !!target.person.npi);
  const now = deps.clock.now();
  const emailChanged = (target.person.email ?? '').toLowerCase() !== input.Email.trim().toLowerCase();
  // The e-mail is the login: only a pending invitation's address may be corrected here, which re-invites.
  const reinvite = emailChanged && assertEmailEditable(target, context.userId === id);
  await db.transaction(async (tx) => {
    await assertUnique(tx, input, id);
    await store.updatePerson(tx, id, personValues(input, target.workflow), now);
    await store.setSpecialties(tx, id, input.SpecialtyIds);
    await store.upsertProfile(tx, id, profileValues(input), now);
    await audit(tx, context, {
      action: 'update',
      entityType: 'Practitioner',
      entityId: id,
      workflow: target.workflow,
      outcome: 'success',
      detail: { fields: 'profile', emailChanged },
    });
    await appendEvents(tx, [
      ...directoryChanged(target.organizationIds, id, 'practitioner-edited'),
      // The account's name (and a pending invitation's e-mail, with a new link to it) follows the record.
      ...target.organizationIds.slice(0, 1).map((o) => accessChanged(id, o, reinvite)),
    ]);
  });
  await deps.events.flush();
  return detail(deps, id);
}

export const ADMIN_CANNOT_CHANGE_LOGIN_EMAIL =
  "A practice admin cannot change another user's login e-mail. Invite the new address as a new user instead, " +
  'or ask the user to change it in their account settings.';
export const LOGIN_EMAIL_NEEDS_CONFIRMATION =
  'Your e-mail is your login: change it in your account settings (Change e-mail), which asks for your password ' +
  'and confirms the new address.';

/**
 * The e-mail of a practitioner is their login (issue 24 item 1, decision 0085). It changes here only while
 * their invitation is pending (nobody signs in with it yet): the admin corrects the address and the consumer
 * e-mails a new link to it (the earlier links stop working). Otherwise it changes through identity's
 * confirmed flow (current password, link to the new address): never by an admin, never with a token alone.
 * Returns true when the change re-invites.
 */
function assertEmailEditable(target: Target, self: boolean): boolean {
  const pendingInvitation = !!target.person.invited_at && !target.person.activated_at;
  if (pendingInvitation && !self && target.role) return true;
  if (self) throw fieldError('body.Email', 'confirmation_required', LOGIN_EMAIL_NEEDS_CONFIRMATION);
  throw fieldError('body.Email', 'login_email', ADMIN_CANNOT_CHANGE_LOGIN_EMAIL);
}

/**
 * The practitioner's e-mail after their confirmed change of login e-mail (identity's email-change.ts), in
 * identity's transaction; the practices' directories hear of it.
 */
export async function setConfirmedEmail(tx: Connection, practitionerId: string, email: string, now: Date) {
  if (!(await store.setEmail(tx, practitionerId, email.toLowerCase(), now))) return;
  const organizationIds = await store.organizationIdsOf(tx, practitionerId);
  await appendEvents(tx, directoryChanged(organizationIds, practitionerId, 'email-confirmed'));
}

/** The practitioner whose record holds an e-mail (any case), for identity's change of login e-mail. */
export const practitionerHoldingEmail = (db: Connection, email: string) =>
  store.practitionerIdWithEmail(db, email);

/** PUT v2/practitioner/{id}/profile-picture (a JPEG, PNG or WebP of at most 5 MB). */
export async function setPhoto(
  deps: Deps,
  context: RequestContext,
  id: string,
  upload: FileUpload,
): Promise<{ Url: string }> {
  const target = await editable(deps, context, id, 'PractitionerPhoto', { self: true });
  const bytes = checkUpload(upload, PHOTO_TYPES);
  const now = deps.clock.now();
  const url = `${photoPath(id)}?v=${now.getTime()}`;
  await deps.database.transaction(async (tx) => {
    await store.savePhoto(tx, id, upload.ContentType, bytes, url, now);
    await audit(tx, context, {
      action: 'update',
      entityType: 'PractitionerPhoto',
      entityId: id,
      workflow: target.workflow,
      outcome: 'success',
      detail: { size: bytes.length },
    });
    await appendEvents(tx, directoryChanged(target.organizationIds, id, 'photo-changed'));
  });
  await deps.events.flush();
  return { Url: url };
}

export async function deletePhoto(deps: Deps, context: RequestContext, id: string): Promise<{ Url: null }> {
  const target = await editable(deps, context, id, 'PractitionerPhoto', { self: true });
  const now = deps.clock.now();
  await deps.database.transaction(async (tx) => {
    await store.deletePhoto(tx, id, now);
    await audit(tx, context, {
      action: 'delete',
      entityType: 'PractitionerPhoto',
      entityId: id,
      workflow: target.workflow,
      outcome: 'success',
    });
    await appendEvents(tx, directoryChanged(target.organizationIds, id, 'photo-removed'));
  });
  await deps.events.flush();
  return { Url: null };
}

export const readPhoto = (deps: Deps, id: string) =>
  /^[0-9a-f-]{36}$/i.test(id) ? store.photoOf(deps.database, id) : Promise.resolve(null);

// --- settings -------------------------------------------------------------------------------------------

export async function readSettings(deps: Deps, context: RequestContext, id: string) {
  const target = await editable(deps, context, id, 'PractitionerSettings', { self: true });
  const p = target.person;
  await audit(deps.database, context, {
    action: 'read',
    entityType: 'PractitionerSettings',
    entityId: id,
    workflow: target.role ? WORKFLOWS.staffView : target.workflow,
    outcome: 'success',
  });
  return {
    PractitionerId: id,
    HidePublicProfile: p.hide_public_profile,
    Languages: p.languages,
    BoardCertifications: p.board_certifications ?? [],
    HospitalAffiliations: p.hospital_affiliations ?? [],
    Email: p.email,
    Phone: p.phone,
    DeaNumber: p.dea_number,
  };
}

export async function updateSettings(
  deps: Deps,
  context: RequestContext,
  input: {
    PractitionerId: string;
    HidePublicProfile?: boolean | undefined;
    Languages?: string[] | undefined;
    BoardCertifications?: string[] | undefined;
    HospitalAffiliations?: string[] | undefined;
  },
) {
  const id = input.PractitionerId;
  const target = await editable(deps, context, id, 'PractitionerSettings', { self: true });
  const p = target.person;
  const now = deps.clock.now();
  await deps.database.transaction(async (tx) => {
    await store.updateSettings(
      tx,
      id,
      {
        hidePublicProfile: input.HidePublicProfile ?? p.hide_public_profile,
        languages: [...new Set(input.Languages ?? p.languages)],
        boardCertifications: [...new Set(input.BoardCertifications ?? p.board_certifications ?? [])],
        hospitalAffiliations: [...new Set(input.HospitalAffiliations ?? p.hospital_affiliations ?? [])],
        workflow: target.workflow,
      },
      now,
    );
    await audit(tx, context, {
      action: 'update',
      entityType: 'PractitionerSettings',
      entityId: id,
      workflow: target.workflow,
      outcome: 'success',
      detail: { fields: Object.keys(input).filter((k) => k !== 'PractitionerId') },
    });
    await appendEvents(tx, directoryChanged(target.organizationIds, id, 'settings-changed'));
  });
  await deps.events.flush();
  return readSettings(deps, context, id);
}

// --- roles ----------------------------------------------------------------------------------------------

const shapeRole = (row: store.RoleRow, locationIds: string[]): PractitionerRole => ({
  Id: row.id,
  PractitionerId: row.practitioner_id,
  OrganizationId: row.organization_id,
  Code: row.codes,
  LocationIds: [...locationIds].sort(),
  Active: row.active,
});

async function roleShape(deps: Deps, roleId: string): Promise<PractitionerRole> {
  const row = await store.roleById(deps.database, roleId);
  if (!row) throw notFound();
  const roles = await listPractitionerRoles(deps.database, {
    PractitionerId: row.practitioner_id,
    OrganizationId: row.organization_id,
  });
  return shapeRole(row, roles[0]?.LocationIds ?? []);
}

/**
 * POST v2/practitionerrole: a role at the admin's practice for a practitioner who holds none anywhere yet (a
 * practitioner of another practice answers 404: a practice cannot take over another's people this way).
 */
export async function createRole(
  deps: Deps,
  context: RequestContext,
  input: { PractitionerId: string; OrganizationId: string; Code: PracticeRoleCode[]; LocationIds: string[] },
): Promise<PractitionerRole> {
  const workflow = workflowOf(input.Code, 'add');
  await adminOf(context, input.OrganizationId, 'PractitionerRole', workflow, 'create');
  const db = deps.database;
  const person = await store.personById(db, input.PractitionerId);
  const existing = person ? await store.roleAt(db, input.PractitionerId, input.OrganizationId) : null;
  if (existing) throw conflict('The practitioner already has a role at this practice');
  if (!person || (await store.roleCount(db, input.PractitionerId)) > 0)
    await refusePractice(
      context,
      'create',
      { entityType: 'PractitionerRole', id: null, organizationId: null, workflow },
      person ? 'denied' : 'not_found',
    );
  const locationIds = await locationsOfOrganization(db, input.OrganizationId, input.LocationIds);
  if (locationIds.length !== new Set(input.LocationIds).size)
    throw fieldError('body.LocationIds', 'unknown', 'LocationIds must name facilities of the practice');
  const roleId = await db.transaction(async (tx) => {
    const role = {
      practitionerId: input.PractitionerId,
      organizationId: input.OrganizationId,
      codes: input.Code,
      locationIds,
    };
    const added = await grantInvitedRole(tx, role, deps.clock.now(), 'role-added');
    await audit(tx, context, {
      action: 'create',
      entityType: 'PractitionerRole',
      entityId: added,
      workflow,
      outcome: 'success',
      detail: { roles: input.Code },
    });
    return added;
  });
  await deps.events.flush();
  return roleShape(deps, roleId);
}

/** PUT v2/practitionerrole/{id}?email=: roles, facilities, active. The e-mail, when given, must be the practitioner's. */
export async function updateRole(
  deps: Deps,
  context: RequestContext,
  roleId: string,
  email: string | null,
  input: { Code: PracticeRoleCode[]; LocationIds?: string[] | undefined; Active: boolean },
): Promise<PractitionerRole> {
  const db = deps.database;
  const row = await store.roleById(db, roleId);
  const person = row ? await store.personById(db, row.practitioner_id) : null;
  await authorizePractice(
    context,
    'update',
    {
      entityType: 'PractitionerRole',
      id: roleId,
      organizationId: person ? (row?.organization_id ?? null) : null,
      workflow: WORKFLOWS.staffEdit,
    },
    PEOPLE_ADMIN,
  );
  if (!row || !person) throw notFound();
  // An e-mail naming someone else is answered like another's role: 404, audited.
  if (email && (person.email ?? '').toLowerCase() !== email.toLowerCase())
    await refusePractice(
      context,
      'update',
      {
        entityType: 'PractitionerRole',
        id: roleId,
        organizationId: null,
        workflow: WORKFLOWS.staffEdit,
        detail: { reason: 'email_mismatch' },
      },
      'denied',
    );
  // An admin cannot take their own admin role away or deactivate themself: the practice would lose its admin.
  if (row.practitioner_id === context.userId && (!input.Active || !input.Code.includes('practiceadmin')))
    throw fieldError(
      'body.Code',
      'own_admin_role',
      'You cannot remove your own practice admin role or deactivate yourself',
    );
  const workflow = workflowOf([...row.codes, ...input.Code], 'edit');
  const locationIds = input.LocationIds
    ? await locationsOfOrganization(db, row.organization_id, input.LocationIds)
    : null;
  if (input.LocationIds && locationIds!.length !== new Set(input.LocationIds).size)
    throw fieldError('body.LocationIds', 'unknown', 'LocationIds must name facilities of the practice');
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await store.updateRole(tx, roleId, { codes: [...new Set(input.Code)], active: input.Active }, now);
    if (locationIds) await store.setRoleLocations(tx, roleId, locationIds);
    await audit(tx, context, {
      action: 'update',
      entityType: 'PractitionerRole',
      entityId: roleId,
      workflow,
      outcome: 'success',
      detail: { roles: input.Code, active: input.Active, wasActive: row.active },
    });
    await appendEvents(tx, [
      ...directoryChanged([row.organization_id], row.practitioner_id, 'role-changed'),
      accessChanged(row.practitioner_id, row.organization_id, false),
    ]);
  });
  await deps.events.flush();
  return roleShape(deps, roleId);
}

/** "Resend invitation": a new activation link (the earlier ones stop working) for a user who has not activated yet. */
export async function resendInvitation(
  deps: Deps,
  context: RequestContext,
  id: string,
): Promise<{ Invited: true }> {
  const target = await editable(deps, context, id, 'PractitionerInvitation', { self: false });
  if (target.person.activated_at) throw conflict('The user has already activated their account');
  if (!target.role!.active) throw conflict('The user is inactive');
  const now = deps.clock.now();
  await deps.database.transaction(async (tx) => {
    await store.markInvited(tx, id, now);
    await audit(tx, context, {
      action: 'create',
      entityType: 'PractitionerInvitation',
      entityId: id,
      workflow: target.workflow,
      outcome: 'success',
    });
    await appendEvents(tx, [accessChanged(id, target.role!.organization_id, true)]);
  });
  await deps.events.flush();
  return { Invited: true };
}

// --- the users screen ---------------------------------------------------------------------------------------

function stateOf(row: store.PracticeUserRow): PracticeUserState {
  if (!row.role_active) return 'Inactive';
  return row.invited_at && !row.activated_at ? 'Invited' : 'Active';
}

/** The providers and staff of the caller's practice: practice admins edit, staff read (Staff_View_Web). */
export async function listPracticeUsers(
  deps: Deps,
  context: RequestContext,
  filter: {
    OrganizationId: string;
    SearchTerm?: string | undefined;
    UserRoles?: PracticeRoleCode[] | undefined;
  },
): Promise<{ Data: PracticeUser[]; Total: number; CanEdit: boolean }> {
  await authorizePractice(
    context,
    'search',
    {
      entityType: 'PracticeUser',
      id: filter.OrganizationId,
      organizationId: filter.OrganizationId,
      workflow: WORKFLOWS.staffView,
    },
    { roles: ROLE_SETS.CALENDAR_KEEPERS, superUser: false, audit: 'refusals' },
  );
  const rows = await store.practiceUsers(deps.database, {
    organizationId: filter.OrganizationId,
    searchTerm: filter.SearchTerm?.trim() || null,
    roles: filter.UserRoles?.length ? filter.UserRoles : null,
  });
  await audit(deps.database, context, {
    action: 'search',
    entityType: 'PracticeUser',
    entityId: filter.OrganizationId,
    workflow: WORKFLOWS.staffView,
    outcome: 'success',
    detail: { count: rows.length },
  });
  return {
    Data: rows.map((r) => ({
      PractitionerId: r.id,
      RoleId: r.role_id,
      FirstName: r.given_names.join(' '),
      LastName: r.family_name,
      Suffix: r.suffix,
      Email: r.email,
      Npi: r.npi,
      Code: r.codes,
      State: stateOf(r),
      PhotoUrl: r.photo_url,
    })),
    Total: rows.length,
    CanEdit: holdsRole(context, ROLE_SETS.ADMINS),
  };
}

/** What identity needs to keep an account in step with a practitioner (read by its event consumer). */
export async function practiceAccessOf(
  deps: Pick<Deps, 'database'>,
  practitionerId: string,
  organizationId: string,
) {
  const person = await store.personById(deps.database, practitionerId);
  const role = person ? await store.roleAt(deps.database, practitionerId, organizationId) : null;
  if (!person || !role) return null;
  return {
    practitionerId,
    organizationId,
    email: person.email,
    givenName: person.given_names.join(' '),
    familyName: person.family_name,
    roles: role.active ? role.codes : [],
    activated: !!person.activated_at,
  };
}

export const markPractitionerActivated = (deps: Pick<Deps, 'database'>, practitionerId: string, now: Date) =>
  store.markActivated(deps.database, practitionerId, now);

/** What practice administration (the organizations module) asks of practitioners: their practices and plans. */
export const PRACTITIONER_LINKS: PractitionerLinks = {
  practicesOf: store.activePracticesOf,
  membersOf: store.membersOf,
  planIds: store.ownPlanIds,
  replacePlans: store.replaceOwnPlans,
};
