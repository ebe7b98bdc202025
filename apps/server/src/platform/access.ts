import { PRACTICE_ROLE_CODES, type FeatureCode, type Role } from '@careslot/contracts';
import { FEATURE_RULE_ROLES } from '@careslot/domain';
import {
  recordAudit,
  type AuditAction,
  type AuditContext,
  type AuditEvent,
  type AuditOutcome,
} from './audit';
import type { RequestContext } from './context';
import { AppError, notFound } from './errors';

/**
 * The one access policy (decision 0026): may this caller do this action on this object of a patient?
 * It decides from the caller's relation to the patient and the practice that owns the object, and it writes
 * the audit row itself, so no route or service audits data access by hand.
 */

/** The roles of a practice's users. The only definition on the server. */
export const PRACTICE_ROLES: ReadonlySet<Role> = new Set<Role>(PRACTICE_ROLE_CODES);
/** Support: read-only agents and the super user, each only with a stated purpose. */
export const SUPPORT_ROLES: ReadonlySet<Role> = new Set<Role>(['superuser', 'supportagent']);
/** Support roles that may also change data (the agent reads only). */
const SUPPORT_WRITERS: ReadonlySet<Role> = new Set<Role>(['superuser']);

export type AccessAction = 'read' | 'create' | 'update' | 'delete' | 'search';

export type ResourceKind =
  // The patient's own data: a practice sees it through a care relation.
  | 'patient'
  | 'coverage'
  | 'file'
  | 'payment-method'
  // Objects a practice owns: only that practice sees them, whatever its relation with the patient.
  | 'appointment'
  | 'payment'
  | 'invoice'
  // A message thread between a patient and a practice (the patient inbox).
  | 'message-thread'
  | 'form-response'
  | 'clinical'
  // A patient's invitation by a practice, once used: it names the patient who accepted it.
  | 'invitation';

const PRACTICE_OWNED: ReadonlySet<ResourceKind> = new Set<ResourceKind>([
  'appointment',
  'payment',
  'invoice',
  'message-thread',
  'form-response',
  'clinical',
  'invitation',
]);

/** The audit trail's entity type of each kind (a resource may name a more precise one). */
const ENTITY_TYPE: Record<ResourceKind, string> = {
  patient: 'Patient',
  coverage: 'Coverage',
  file: 'StoredFile',
  'payment-method': 'PaymentMethod',
  appointment: 'Appointment',
  payment: 'PaymentTransaction',
  invoice: 'Invoice',
  'message-thread': 'MessageThread',
  'form-response': 'CustomFormResponse',
  clinical: 'ClinicalEntry',
  invitation: 'Invitation',
};

/**
 * Practice-owned: the kinds a practice records, and a file given as an answer to practices' forms (sharedWith
 * names them; a card picture or an upload no form names yet is the patient's own).
 */
const isPracticeOwned = (resource: Resource): boolean =>
  PRACTICE_OWNED.has(resource.kind) || (resource.kind === 'file' && resource.sharedWith !== undefined);

export interface Resource {
  kind: ResourceKind;
  /** The object's id; null for a create whose id is not known yet. */
  id: string | null;
  /** The patient the object belongs to. */
  patientId: string;
  /** For practice-owned kinds: the practice owning the object (null: no practice owns it). */
  organizationId?: string | null;
  /** Clinical entries: the practices the patient shared the entry with; form files: the practices whose forms they answer. */
  sharedWith?: readonly string[];
  /** A more precise audit entity type than the kind's (CardPicture, PreBookingResponse, SlotHold...). */
  entityType?: string;
  workflow?: string | null;
  /** Extra audit detail: ids, counts, field names; never a name, e-mail, phone or birth date. */
  detail?: Record<string, unknown> | null;
  /**
   * A video visit's meeting: a guest whose invitation token names this meeting may act on the object as its
   * `guest` (decision 0091). Absent: no guest may.
   */
  meetingGuest?: string;
}

/** How the caller stands to a patient. */
export type Relation = 'self' | 'family' | 'care' | 'support' | 'guest' | 'none';

/** The invited guest of one video visit: a guest token naming the meeting (decision 0091). */
export const isMeetingGuest = (context: RequestContext, meetingId: string): boolean =>
  context.isGuest &&
  !!context.principal?.claims.meeting_participant_id &&
  context.principal.claims.meeting_id === meetingId;

export type DenialReason =
  'no_relation' | 'other_practice' | 'purpose_required' | 'read_only' | 'not_permitted';

export type Decision =
  { allowed: true; relation: Exclude<Relation, 'none'> } | { allowed: false; reason: DenialReason };

export const isPracticeUser = (
  context: RequestContext,
): context is RequestContext & { organizationId: string } =>
  context.isSignedIn && context.organizationId !== null && context.roles.some((r) => PRACTICE_ROLES.has(r));

export const isSupportUser = (context: RequestContext): boolean =>
  context.isSignedIn && context.roles.some((r) => SUPPORT_ROLES.has(r));

/** The caller's relation to a patient as the patient or their account holder: self, family or none. */
async function personalRelation(
  context: RequestContext,
  patientId: string,
): Promise<'self' | 'family' | null> {
  if (!context.patientId) return null;
  if (context.patientId === patientId) return 'self';
  const { database, relations } = context.access;
  return (await relations.managesFamilyMember(database, context.patientId, patientId)) ? 'family' : null;
}

/** Decides without auditing. authorize() is the audited form every route uses. */
export async function decide(
  context: RequestContext,
  action: AccessAction,
  resource: Resource,
): Promise<Decision> {
  // A clinical entry is changed only by who recorded it: a practice's by that practice (sharing lets another
  // practice read it, not change it), a patient's own entry by the patient or their account holder.
  const changesClinical = resource.kind === 'clinical' && (action === 'update' || action === 'delete');
  const personal = await personalRelation(context, resource.patientId);
  if (personal) {
    if (changesClinical && resource.organizationId) return { allowed: false, reason: 'not_permitted' };
    return { allowed: true, relation: personal };
  }
  if (resource.meetingGuest && isMeetingGuest(context, resource.meetingGuest))
    return { allowed: true, relation: 'guest' };

  if (isPracticeUser(context)) {
    const organizationId = context.organizationId;
    const { database, relations } = context.access;
    if (isPracticeOwned(resource)) {
      const owns =
        resource.organizationId === organizationId || (resource.sharedWith ?? []).includes(organizationId);
      if (!owns) return { allowed: false, reason: 'other_practice' };
      if (changesClinical && resource.organizationId !== organizationId)
        return { allowed: false, reason: 'other_practice' };
      // Reading or changing its own object needs nothing more; creating one for a patient needs the relation,
      // or a practice could reach any patient by filing an object for them.
      if (action !== 'create') return { allowed: true, relation: 'care' };
    }
    if (await relations.hasCareRelation(database, organizationId, resource.patientId))
      return { allowed: true, relation: 'care' };
    // A practice user who is also support falls through to the support rule.
  }

  if (isSupportUser(context)) {
    if (!context.purpose) return { allowed: false, reason: 'purpose_required' };
    const writes = action !== 'read' && action !== 'search';
    if (writes && !context.roles.some((r) => SUPPORT_WRITERS.has(r)))
      return { allowed: false, reason: 'read_only' };
    return { allowed: true, relation: 'support' };
  }
  return { allowed: false, reason: 'no_relation' };
}

/** Who the audit row names for a request (or a job's context). */
export function auditContext(context: RequestContext): AuditContext {
  return {
    actorId: context.userId ?? context.subject,
    actorType: context.actorType,
    ip: context.ip,
    userAgent: context.userAgent,
    organizationId: context.organizationId,
    purpose: context.purpose,
  };
}

/**
 * A refusal's audit row, then the error to throw. Inside a transaction the row rides on the error and app.ts's
 * error handler writes it after the rollback; written on the transaction it would be rolled back with it.
 */
async function refusal(context: RequestContext, event: AuditEvent, error: AppError): Promise<AppError> {
  if (context.access.inTransaction) error.deferredAudit = { context: auditContext(context), event };
  else await recordAudit(context.access.database, auditContext(context), event);
  return error;
}

const outcomeOf = (decision: Decision): AuditOutcome => (decision.allowed ? 'success' : 'denied');

function denialError(reason: DenialReason): AppError {
  switch (reason) {
    case 'purpose_required':
      return new AppError('forbidden', {
        issues: [
          {
            field: 'header.X-Access-Purpose',
            rule: 'required',
            message: 'Support access to patient data needs a stated purpose',
          },
        ],
      });
    case 'read_only':
      return new AppError('forbidden');
    case 'no_relation':
    case 'other_practice':
    case 'not_permitted':
      // Another's object answers like an unknown one: no existence oracle.
      return notFound();
  }
}

/**
 * Allows the action or throws (404 for another's object, 403 for support without a purpose or a read-only
 * agent changing data), writing one audit row either way on the context's connection (pass a transaction's
 * context, onConnection(), to commit the row with the change). Returns the relation that allowed it.
 */
export async function authorize(
  context: RequestContext,
  action: AccessAction,
  resource: Resource,
  /** A use case's own rule on top of the policy (e.g. a patient may only cancel): false denies, as a 404. */
  permits?: (relation: Exclude<Relation, 'none'>) => boolean,
): Promise<Exclude<Relation, 'none'>> {
  let decision = await decide(context, action, resource);
  if (decision.allowed && permits && !permits(decision.relation))
    decision = { allowed: false, reason: 'not_permitted' };
  const event: AuditEvent = {
    action,
    entityType: resource.entityType ?? ENTITY_TYPE[resource.kind],
    entityId: resource.id,
    patientId: resource.patientId,
    outcome: outcomeOf(decision),
    workflow: resource.workflow ?? null,
    detail: {
      ...resource.detail,
      ...(decision.allowed ? { relation: decision.relation } : { reason: decision.reason }),
    },
  };
  if (!decision.allowed) throw await refusal(context, event, denialError(decision.reason));
  await recordAudit(context.access.database, auditContext(context), event);
  return decision.relation;
}

/**
 * An object looked up and not found: audited as not_found (its product id only; an identifier, e-mail or
 * name that found nothing is not stored) and answered 404, like an object of another patient.
 */
export async function notFoundAudited(
  context: RequestContext,
  action: AccessAction,
  kind: ResourceKind,
  id: string | null,
  options: { entityType?: string; workflow?: string | null; lookup?: string; patientId?: string | null } = {},
): Promise<never> {
  throw await refusal(
    context,
    {
      action,
      entityType: options.entityType ?? ENTITY_TYPE[kind],
      entityId: id,
      // A product id that matched nobody is kept (it is no one's data); a looked-up identifier is not.
      patientId: options.patientId ?? null,
      outcome: 'not_found',
      workflow: options.workflow ?? null,
      detail: options.lookup ? { lookup: options.lookup } : null,
    },
    notFound(),
  );
}

/** Whether the caller may read a patient's data, without an audit row (real-time room joins, filters). */
export async function canSeePatient(context: RequestContext, patientId: string): Promise<boolean> {
  return (await decide(context, 'read', { kind: 'patient', id: patientId, patientId })).allowed;
}

/** Whether the caller may read a practice-owned object (e.g. an appointment room), without an audit row. */
export async function canSeePracticeObject(
  context: RequestContext,
  kind: Extract<ResourceKind, 'appointment' | 'payment' | 'invoice' | 'form-response' | 'clinical'>,
  object: { id: string; patientId: string; organizationId: string | null },
): Promise<boolean> {
  return (
    await decide(context, 'read', {
      kind,
      id: object.id,
      patientId: object.patientId,
      organizationId: object.organizationId,
    })
  ).allowed;
}

/** The audit workflow of a real-time room join (decision 0083). */
export const ROOM_JOIN_WORKFLOW = 'Realtime_Room_Join';

/** A socket's request to follow a room about a patient's object: an appointment, a visit's meeting. */
export interface RoomJoin {
  /** The room as asked, e.g. `appointment:<id>` (ids only). */
  room: string;
  hub: string;
  /** The object the room is about; null when its id names nothing (audited as not_found). */
  resource: Resource | null;
  /** The audit entity type of an object not found. */
  entityType: string;
  /** A feature the caller's practice must let their roles use (practice users only, like requireFeature). */
  feature?: FeatureCode;
  /** The room's own rule on top of the policy (e.g. a visit's participants only): false denies. */
  permits?: (relation: Exclude<Relation, 'none'>) => boolean;
}

/**
 * May the socket join the room? The policy decides as for reading the object (a socket states no support
 * purpose, so support is refused), then the feature switch for a practice user; one audit row records the join
 * either way (workflow Realtime_Room_Join, the room and hub in its detail, never a person's data). It answers
 * rather than throws: a refused room is simply left out of the join's answer.
 */
export async function authorizeRoomJoin(context: RequestContext, join: RoomJoin): Promise<boolean> {
  const detail = { room: join.room, hub: join.hub };
  if (!join.resource) {
    const id = join.room.slice(join.room.indexOf(':') + 1);
    await recordAudit(context.access.database, auditContext(context), {
      action: 'read',
      entityType: join.entityType,
      entityId: id,
      outcome: 'not_found',
      workflow: ROOM_JOIN_WORKFLOW,
      detail,
    });
    return false;
  }
  const resource = join.resource;
  let decision = await decide(context, 'read', resource);
  if (decision.allowed && join.permits && !join.permits(decision.relation))
    decision = { allowed: false, reason: 'not_permitted' };
  let reason: string | null = decision.allowed ? null : decision.reason;
  if (
    decision.allowed &&
    join.feature &&
    isPracticeUser(context) &&
    !(await mayUseFeature(context, join.feature))
  )
    reason = 'feature_off';
  await recordAudit(context.access.database, auditContext(context), {
    action: 'read',
    entityType: resource.entityType ?? ENTITY_TYPE[resource.kind],
    entityId: resource.id,
    patientId: resource.patientId,
    outcome: reason === null ? 'success' : 'denied',
    workflow: ROOM_JOIN_WORKFLOW,
    detail: {
      ...resource.detail,
      ...detail,
      ...(reason === null && decision.allowed ? { relation: decision.relation } : { reason }),
      ...(reason === 'feature_off' ? { feature: join.feature } : {}),
    },
  });
  return reason === null;
}

/**
 * Which patients a list or search may show the caller: every patient (support with a purpose), the patients
 * a practice has a care relation with, the caller and their family, or nothing.
 */
export type PatientScope =
  | { kind: 'all' }
  | { kind: 'care'; organizationId: string }
  | { kind: 'patients'; patientIds: string[] }
  | { kind: 'none'; reason: DenialReason };

export async function patientScope(context: RequestContext): Promise<PatientScope> {
  if (isSupportUser(context))
    return context.purpose ? { kind: 'all' } : { kind: 'none', reason: 'purpose_required' };
  if (isPracticeUser(context)) return { kind: 'care', organizationId: context.organizationId };
  if (context.patientId) {
    const family = await context.access.relations.familyOf(context.access.database, context.patientId);
    return { kind: 'patients', patientIds: [context.patientId, ...family] };
  }
  return { kind: 'none', reason: 'no_relation' };
}

/**
 * A list or search the caller may not run at all: audited as denied and answered 403 (there is no single
 * object whose existence could leak). Support without a purpose is told which header to send.
 */
export async function denyList(
  context: RequestContext,
  kind: ResourceKind,
  reason: DenialReason,
  options: { entityType?: string; workflow?: string | null } = {},
): Promise<never> {
  throw await refusal(
    context,
    {
      action: 'search',
      entityType: options.entityType ?? ENTITY_TYPE[kind],
      outcome: 'denied',
      workflow: options.workflow ?? null,
      detail: { reason },
    },
    reason === 'purpose_required' ? denialError(reason) : new AppError('forbidden'),
  );
}

/**
 * A list read: one audit row naming every patient the answer showed (patient_ids), never the criteria's
 * values. Call it with the rows actually returned.
 */
export async function recordList(
  context: RequestContext,
  action: Extract<AuditAction, 'read' | 'search'>,
  kind: ResourceKind,
  patientIds: readonly string[],
  options: { entityType?: string; workflow?: string | null; detail?: Record<string, unknown> | null } = {},
): Promise<void> {
  await recordAudit(context.access.database, auditContext(context), {
    action,
    entityType: options.entityType ?? ENTITY_TYPE[kind],
    patientIds,
    outcome: 'success',
    workflow: options.workflow ?? null,
    detail: { ...options.detail, count: new Set(patientIds).size },
  });
}

/**
 * A change's own outcome where the access decision was already recorded (a declined card, a refund): one
 * row on the context's connection. Not an access check.
 */
export async function recordOutcome(
  context: RequestContext,
  action: AuditAction,
  resource: Omit<Resource, 'patientId'> & { patientId: string | null },
  outcome: AuditOutcome,
): Promise<void> {
  await recordAudit(context.access.database, auditContext(context), {
    action,
    entityType: resource.entityType ?? ENTITY_TYPE[resource.kind],
    entityId: resource.id,
    patientId: resource.patientId,
    outcome,
    workflow: resource.workflow ?? null,
    detail: resource.detail ?? null,
  });
}

// ---------- practice features and practice-owned configuration (decisions 0058, 0059) ----------

/**
 * A feature the caller's practice must let one of their roles use (access control, §6): the practice-day
 * calendar, the check-in summary, requests, reputation management... Answers 403 when it is switched off for
 * every role the caller holds, with an audit row naming the feature (the feature exists; only its use is
 * refused). Callers who are not practice users are left to the route's own rules.
 */
export async function requireFeature(
  context: RequestContext,
  feature: FeatureCode,
  options: { workflow?: string | null } = {},
): Promise<void> {
  if (!isPracticeUser(context)) return;
  const features = context.access.features;
  if (!features) return;
  const enabled = await features.enabledFeatures(context.organizationId, context.roles);
  if (enabled.has(feature)) return;
  await recordAudit(context.access.database, auditContext(context), {
    action: 'read',
    entityType: 'Feature',
    entityId: feature,
    outcome: 'denied',
    workflow: options.workflow ?? null,
    detail: { feature, reason: 'feature_off' },
  });
  throw new AppError('forbidden');
}

/**
 * The feature switch of a route (decision 0086): every route of a switchable feature declares it once
 * (`config.feature`, platform/route-features.ts) and this decides it before the route's own rules. A practice
 * user is refused (403, audited like requireFeature) when every declared feature that governs one of their roles
 * (the feature's menu rule names it, FEATURE_RULE_ROLES) is switched off for all of those roles. A role no
 * declared feature governs (staff for surveys, which staff read) is left to the route's own rules, as are
 * callers who are not practice users (patients, super users, support).
 */
export async function requireRouteFeature(
  context: RequestContext,
  features: readonly FeatureCode[],
  workflow: string | null = null,
): Promise<void> {
  if (!isPracticeUser(context)) return;
  const backend = context.access.features;
  if (!backend) return;
  const held = context.roles.map((role) => role.toLowerCase());
  let governed = false;
  for (const feature of features) {
    const roles = held.filter((role) => (FEATURE_RULE_ROLES[feature] as readonly string[]).includes(role));
    if (roles.length === 0) continue;
    governed = true;
    if ((await backend.enabledFeatures(context.organizationId, roles as Role[])).has(feature)) return;
  }
  if (!governed) return;
  await recordAudit(context.access.database, auditContext(context), {
    action: 'read',
    entityType: 'Feature',
    entityId: features.join(','),
    outcome: 'denied',
    workflow,
    detail: { feature: features.join(','), reason: 'feature_off' },
  });
  throw new AppError('forbidden');
}

/** Whether the caller's practice lets them use a feature, without an audit row (menus, room joins). */
export async function mayUseFeature(context: RequestContext, feature: FeatureCode): Promise<boolean> {
  if (!isPracticeUser(context)) return false;
  const features = context.access.features;
  return features
    ? (await features.enabledFeatures(context.organizationId, context.roles)).has(feature)
    : true;
}

// ---------- objects a practice owns (decision 0080) ----------

/**
 * The named role sets of the practice-object policy: the only role lists on the server (a module names one of
 * these, never its own array of role codes; access.test.ts's scanner refuses one).
 */
export const ROLE_SETS = {
  /** The practice's administrators: set-up, people, templates, payment settings. */
  ADMINS: ['practiceadmin'],
  /** The practice's staff (front desk). */
  STAFF: ['staff'],
  /** Who keeps the practice's calendar: time off and holidays are also the staff's (decision 0047). */
  CALENDAR_KEEPERS: ['practiceadmin', 'staff'],
  /** Providers acting on their own record (their fees, their schedule, their profile). */
  PROVIDERS: ['provider'],
  /** Any user of the practice. */
  PRACTICE_USERS: PRACTICE_ROLE_CODES,
  /** The platform's super users. */
  SUPER_USERS: ['superuser'],
  /** Support: read-only agents and the super user. */
  SUPPORT: ['superuser', 'supportagent'],
  /** The platform's finance users (billing reconciliation). */
  FINANCE: ['FinancialSuperUser'],
  /**
   * Who must sign in with a second factor by the platform's rule (issue 24 item 6, MFA_REQUIRED_FOR_PRIVILEGED):
   * practice admins, super users, financial super users and support agents. Providers and staff may.
   */
  SECOND_FACTOR: ['practiceadmin', 'superuser', 'FinancialSuperUser', 'supportagent'],
  /** Nobody of the practice by role: only a super user, or the caller's own record (self). */
  NOBODY: [],
  /** Patients (a patient account's own use cases: sign-up of its record). */
  PATIENTS: ['patient'],
} as const satisfies Record<string, readonly Role[]>;

export const isSuperUser = (context: RequestContext): boolean =>
  context.isSignedIn && context.roles.includes('superuser');

/** Whether the caller is a signed-in user of this practice (to audit a view of its object that anyone may read). */
export const actsForPractice = (context: RequestContext, organizationId: string | null): boolean =>
  isPracticeUser(context) && organizationId !== null && context.organizationId === organizationId;

/** Whether the signed-in caller holds one of a role set's roles (what a use case shows, never who may act). */
export const holdsRole = (context: RequestContext, roles: readonly Role[]): boolean =>
  context.isSignedIn && roles.some((role) => context.roles.includes(role));

/** The practice the caller works for, or null (what a use case scopes its reads to, never who may act). */
export const callersPractice = (context: RequestContext): string | null =>
  isPracticeUser(context) ? context.organizationId : null;

/**
 * The practice the caller works for, for the use cases that exist only inside a practice (the practice day,
 * requests): a caller who is no practice user has nothing there, so it answers 404.
 */
export function practiceOfCaller(context: RequestContext): string {
  const practice = callersPractice(context);
  if (practice === null) throw notFound();
  return practice;
}

/**
 * The practice a search of practice objects covers: a super user's the practice they name (null: every
 * practice's); anyone else's their own practice, decided by the policy (inCallersPractice: 403 without one, the
 * rule's roles else 403, audited). Returns the practice, or null for a super user's search of everything.
 */
export async function practiceSearchScope(
  context: RequestContext,
  object: Omit<PracticeObject, 'organizationId' | 'inCallersPractice' | 'id'>,
  requested: string | null,
  rule: readonly Role[] | PracticeRule,
): Promise<string | null> {
  if (isSuperUser(context)) return requested;
  return authorizePractice(
    context,
    'search',
    { ...object, id: null, organizationId: null, inCallersPractice: true },
    rule,
  );
}

/** An object a practice owns that is nobody's patient data: its settings, surveys, templates, calendars. */
export interface PracticeObject {
  /**
   * The practice owning it. null: no practice the caller may know of: the object was not found, or it names an
   * entity that is not of the caller's practice (another practice's location), so it answers 404.
   */
  organizationId: string | null;
  /**
   * An object several practices share (a provider working for several has one profile): when the caller's
   * practice is among them it is the owner, else the first is. Overrides organizationId.
   */
  organizationIds?: readonly string[];
  /** The platform's own object (a library template): only a super user acts on it; organizationId is null. */
  platform?: boolean;
  /**
   * A new object in the caller's own practice (a create): the owner is the caller's practice, and a caller
   * without one is refused 403 (there is nothing of anyone else's to hide). Overrides organizationId.
   */
  inCallersPractice?: boolean;
  /**
   * The entities the object names (a location, a provider, the practice itself), each as the practices it belongs
   * to (empty: it does not exist): the object is its owner's only when every one of them belongs to the owner;
   * otherwise it is no object of that practice and answers 404 (another practice's location named under this one).
   */
  names?: readonly (readonly string[])[];
  /** The audit trail's entity type, e.g. Survey, ReputationSettings, AccessEntityConfiguration. */
  entityType: string;
  id: string | null;
  workflow?: string | null;
  /** Ids and counts only, never a person's data. */
  detail?: Record<string, unknown> | null;
}

/** Who may act on a practice object, beyond the default (any user of the owning practice, and super users). */
export interface PracticeRule {
  /** The owning practice's roles that may act: one of ROLE_SETS. Default: PRACTICE_USERS. */
  roles?: readonly Role[];
  /** Whether a super user may act on any practice's object. Default true; false: they are answered as a stranger (404). */
  superUser?: boolean;
  /** Support agents (and super users) may read, never change: a practice's settings are no patient data. */
  supportReads?: boolean;
  /**
   * The caller's own record at the practice (a provider's practitioner record, fees, schedule): a user of the
   * owning practice whose product id is `id` and who holds one of `roles` may act without the rule's roles.
   */
  self?: {
    id: string | null;
    roles: readonly Role[];
    /**
     * A feature the practice must let the self path's roles use (a provider's own settings: `settings`, decision
     * 0059): asked only of a caller the self path would let in (403, audited like requireFeature); a refusal for
     * another's object says nothing more.
     */
    feature?: FeatureCode;
  };
  /**
   * 'all' (default): a row for the decision either way. 'refusals': only a refusal is written here, because the
   * use case writes its change's own row (recordPracticeOutcome on its transaction) exactly when the change commits.
   */
  audit?: 'all' | 'refusals';
}

function claimedOwner(context: RequestContext, object: PracticeObject): string | null {
  if (object.inCallersPractice) return isPracticeUser(context) ? context.organizationId : null;
  if (!object.organizationIds) return object.organizationId;
  if (context.organizationId && object.organizationIds.includes(context.organizationId))
    return context.organizationId;
  return object.organizationIds[0] ?? null;
}

function ownerOf(context: RequestContext, object: PracticeObject): string | null {
  const owner = claimedOwner(context, object);
  if (owner === null || !object.names) return owner;
  return object.names.every((owners) => owners.includes(owner)) ? owner : null;
}

/**
 * May the caller act on an object of a practice (not a patient's)? The one rule for every practice-owned
 * object (decision 0080, which replaces 0076):
 * - a caller who is not signed in gets 401;
 * - only a super user acts on the platform's own objects (403 for anyone else);
 * - an object with no owner (not found, or naming another practice's entity) answers 404, audited not_found;
 * - a super user may act on any practice's object unless the rule says `superUser: false`;
 * - with `supportReads`, support agents may read it;
 * - a caller who is not a user of the owning practice gets 404 like an unknown object (no existence oracle);
 * - a user of the owning practice holding one of the rule's roles, or acting on their own record (`self`), may;
 *   anyone else of that practice gets 403 (the practice's own object is no secret to its own users).
 * One audit row either way (refusals only with `audit: 'refusals'`); a refusal's row is written even when the
 * caller's transaction rolls back. Returns the owning practice's id (null for a platform object).
 *
 * The fourth argument may still be a plain role list (the rule's `roles`).
 */
export async function authorizePractice(
  context: RequestContext,
  action: AccessAction,
  object: PracticeObject,
  rule: readonly Role[] | PracticeRule = {},
): Promise<string | null> {
  const {
    roles = ROLE_SETS.PRACTICE_USERS,
    superUser: superUsersMay = true,
    supportReads = false,
    self,
    audit = 'all',
  } = isRoleList(rule) ? { roles: rule } : rule;
  if (!context.isSignedIn) throw new AppError('unauthorized');
  const owner = object.platform ? null : ownerOf(context, object);
  const known = object.platform === true || object.inCallersPractice === true || owner !== null;
  const superUser = isSuperUser(context);
  const reads = action === 'read' || action === 'search';
  const ownPractice = isPracticeUser(context) && owner !== null && context.organizationId === owner;
  const holds = (set: readonly Role[]) => set.some((role) => context.roles.includes(role));
  const isSelf =
    self !== undefined && self.id !== null && self.id === context.userId && ownPractice && holds(self.roles);
  const reason: DenialReason | 'not_found' | null = object.platform
    ? superUser
      ? null
      : 'not_permitted'
    : object.inCallersPractice && owner === null
      ? 'not_permitted'
      : !known
        ? 'not_found'
        : superUser && superUsersMay
          ? null
          : supportReads && reads && isSupportUser(context)
            ? null
            : !ownPractice
              ? 'other_practice'
              : holds(roles) || isSelf
                ? null
                : 'not_permitted';
  const event: AuditEvent = {
    action,
    entityType: object.entityType,
    entityId: object.id,
    patientId: null,
    outcome: reason === null ? 'success' : reason === 'not_found' ? 'not_found' : 'denied',
    workflow: object.workflow ?? null,
    detail: {
      ...object.detail,
      ...(reason && known ? { reason } : {}),
      ...(known ? { organizationId: owner } : {}),
      ...(self !== undefined ? { self: isSelf } : {}),
    },
  };
  if (reason)
    throw await refusal(context, event, reason === 'not_permitted' ? new AppError('forbidden') : notFound());
  const bySelfOnly =
    isSelf &&
    !holds(roles) &&
    !(superUser && superUsersMay) &&
    !(supportReads && reads && isSupportUser(context));
  if (bySelfOnly && self.feature)
    await requireFeature(context, self.feature, { workflow: object.workflow ?? null });
  if (audit === 'all') await recordAudit(context.access.database, auditContext(context), event);
  return owner;
}

const isRoleList = (rule: readonly Role[] | PracticeRule): rule is readonly Role[] => Array.isArray(rule);

/**
 * A change's own row for a practice object whose access authorizePractice decided (`audit: 'refusals'`): call it
 * on the change's transaction (onConnection) so the row exists exactly when the change does.
 */
export async function recordPracticeOutcome(
  context: RequestContext,
  action: AuditAction,
  object: PracticeObject,
  outcome: AuditOutcome = 'success',
): Promise<void> {
  await recordAudit(context.access.database, auditContext(context), {
    action,
    entityType: object.entityType,
    entityId: object.id,
    patientId: null,
    outcome,
    workflow: object.workflow ?? null,
    detail: { ...(object.organizationId ? { organizationId: object.organizationId } : {}), ...object.detail },
  });
}

/**
 * A practice object the use case finds is not the caller's to act on after the policy let the call in (an e-mail
 * naming another person than the role's, a practitioner already at another practice, settings changed away in
 * between): audited (denied, or not_found for an object that does not exist) and answered 404, like another
 * practice's object. The one way a module refuses such an object.
 */
export async function refusePractice(
  context: RequestContext,
  action: AuditAction,
  object: PracticeObject,
  outcome: Extract<AuditOutcome, 'denied' | 'not_found'>,
): Promise<never> {
  throw await refusal(
    context,
    {
      action,
      entityType: object.entityType,
      entityId: object.id,
      patientId: null,
      outcome,
      workflow: object.workflow ?? null,
      detail:
        object.organizationId || object.detail
          ? { ...(object.organizationId ? { organizationId: object.organizationId } : {}), ...object.detail }
          : null,
    },
    notFound(),
  );
}

/**
 * An object owned by the caller's own session rather than a practice or a patient record (an OTP request
 * belongs to the token's subject): anyone else's, or an unknown one, answers 404, audited (denied or
 * not_found). Returns nothing; the use case records its change's row.
 */
export async function authorizeOwnObject(
  context: RequestContext,
  action: AccessAction,
  object: (
    | {
        /** The subject owning it; undefined when the object does not exist. */
        ownerSubject: string | undefined;
      }
    | {
        /** The product user owning it (a user's in-app notifications). */
        ownerUserId: string;
      }
  ) & {
    entityType: string;
    id: string;
    patientId?: string | null;
    workflow?: string | null;
  },
): Promise<void> {
  const [owner, caller] =
    'ownerUserId' in object ? [object.ownerUserId, context.userId] : [object.ownerSubject, context.subject];
  if (owner !== undefined && owner === caller) return;
  await refusePractice(
    context,
    action,
    { entityType: object.entityType, id: object.id, organizationId: null, workflow: object.workflow ?? null },
    owner === undefined ? 'not_found' : 'denied',
  );
}

/**
 * A sign-in, sign-out or credential event of identity (a password set, a social link): the one way outside the
 * access decisions that an audit row is written. `actor` names the account when the request had no token yet.
 */
export async function recordSignInEvent(
  context: RequestContext,
  event: Omit<AuditEvent, 'patientIds'>,
  actor?: { actorId: string | null; actorType: string },
): Promise<void> {
  await recordAudit(context.access.database, { ...auditContext(context), ...actor }, event);
}

// ---------- user accounts (issue 23 item 1) ----------

/**
 * A user's account at identity (the realm account, its agreements): who the person is (name, e-mail, product id,
 * practice), so it is read like the record. The account's own user acts on it; support reads it only with a
 * stated purpose (X-Access-Purpose) and only a super user changes another's; anyone else is refused 403 (the
 * caller named the account by an e-mail or a product id they already hold, so there is no existence to hide).
 * One audit row either way; an account that does not exist is audited `not_found` after the decision.
 */
export interface AccountObject {
  /** The account's realm id (its subject), when known. */
  accountId: string | null;
  /** The account's product id (patient or practitioner id), when known. */
  userId: string | null;
  /** The e-mail the caller named it by (compared, never stored in the audit). */
  email?: string | null;
  /** The account's patient record, when it is a patient's: the audit row names it. */
  patientId?: string | null;
  entityType: string;
  id: string | null;
  workflow?: string | null;
  detail?: Record<string, unknown> | null;
  /** false: the caller named an account that does not exist: allowed callers get 404 (audited not_found). */
  exists?: boolean;
  /** The 404's message when it does not exist. */
  notFoundMessage?: string;
}

export type AccountRelation = 'self' | 'support';

/** A use case's rule on an account, beyond the default (its own user, and support as above). */
export interface AccountRule {
  /** Only the account's own user may act (their second factor, their sign-up): support is refused 403. */
  selfOnly?: boolean;
  /** The account's own user must hold one of these roles (one of ROLE_SETS): else 403 with `refusal`. */
  roles?: readonly Role[];
  /** Whether the account is of the kind the use case serves (two-step sign-in is for practice users): false, 403 with `refusal`. */
  serves?: boolean;
  /** The 403's message when `roles` or `serves` refuses. */
  refusal?: string;
  /**
   * 'all' (default): a row for the decision either way. 'refusals': only a refusal is written here, because the
   * use case writes its own row (a credential event) for what it does.
   */
  audit?: 'all' | 'refusals';
}

/** Decides an account access without auditing. */
export function decideAccount(
  context: RequestContext,
  action: AccessAction,
  account: AccountObject,
  rule: AccountRule = {},
): { allowed: true; relation: AccountRelation } | { allowed: false; reason: DenialReason } {
  if (!context.isSignedIn) return { allowed: false, reason: 'no_relation' };
  const own =
    (account.accountId !== null && account.accountId === context.subject) ||
    (account.userId !== null && account.userId === context.userId) ||
    (!!account.email &&
      !!context.principal?.email &&
      context.principal.email.toLowerCase() === account.email.toLowerCase());
  if (own) {
    if (rule.serves === false || (rule.roles && !holdsRole(context, rule.roles)))
      return { allowed: false, reason: 'not_permitted' };
    return { allowed: true, relation: 'self' };
  }
  if (rule.selfOnly) return { allowed: false, reason: 'not_permitted' };
  if (isSupportUser(context)) {
    if (!context.purpose) return { allowed: false, reason: 'purpose_required' };
    const writes = action !== 'read' && action !== 'search';
    if (writes && !isSuperUser(context)) return { allowed: false, reason: 'read_only' };
    return { allowed: true, relation: 'support' };
  }
  return { allowed: false, reason: 'not_permitted' };
}

/**
 * May the caller act on this account? Throws 403 (support without a purpose is told the header to send), writes
 * one audit row either way, and returns the relation (self or support).
 */
export async function authorizeAccount(
  context: RequestContext,
  action: AccessAction,
  account: AccountObject,
  rule: AccountRule = {},
): Promise<AccountRelation> {
  if (!context.isSignedIn) throw new AppError('unauthorized');
  const decision = decideAccount(context, action, account, rule);
  const event: AuditEvent = {
    action,
    entityType: account.entityType,
    entityId: account.id,
    patientId: account.patientId ?? null,
    outcome: decision.allowed ? 'success' : 'denied',
    workflow: account.workflow ?? null,
    detail: {
      ...account.detail,
      ...(decision.allowed ? { relation: decision.relation } : { reason: decision.reason }),
    },
  };
  if (!decision.allowed)
    throw await refusal(
      context,
      event,
      decision.reason === 'purpose_required'
        ? denialError(decision.reason)
        : new AppError('forbidden', rule.refusal ? { message: rule.refusal } : {}),
    );
  if (account.exists === false)
    throw await refusal(
      context,
      { ...event, outcome: 'not_found' },
      new AppError('not_found', account.notFoundMessage ? { message: account.notFoundMessage } : {}),
    );
  if ((rule.audit ?? 'all') === 'all')
    await recordAudit(context.access.database, auditContext(context), event);
  return decision.relation;
}
