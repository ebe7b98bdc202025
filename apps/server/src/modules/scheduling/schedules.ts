import { randomUUID } from 'node:crypto';
import type {
  Schedule,
  ScheduleCreate,
  ScheduleException,
  ScheduleExceptionInput,
  ScheduleSettings,
  ScheduleUpdate,
  ServiceCategory,
  ServiceType,
  WorkingHoursInput,
} from '@careslot/contracts';
import {
  authorizePractice,
  recordPracticeOutcome,
  ROLE_SETS,
  type PracticeObject,
  type PracticeRule,
} from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { Connection } from '../../platform/db';
import { badRequest, fieldError, notFound } from '../../platform/errors';
import { appendEvents } from '../../platform/events';
import type { FieldIssue } from '@careslot/contracts';
import { minutesOfDay, workingHoursIssues } from '@careslot/domain';
import {
  DIRECTORY_CHANGED,
  getHealthcareService,
  getLocation,
  type DirectoryChangedPayload,
} from '../organizations';
import { listPractitionerRoles } from '../people';
import { SCHEDULE_WORKFLOWS, type SetUpEntity } from './workflows';
import { currentModels, forgetSchedule, reloadModel } from './schedule-cache';
import { modelSlots, recordSlotChanges, type SchedulingDeps, type SlotChange } from './service';
import { scheduleSettings } from './settings';
import * as store from './store';
import type { CategoryRow, ScheduleModel, TypeRow } from './store';
import * as sstore from './schedules-store';
import type { CategoryDbRow, TypeDbRow } from './schedules-store';

/**
 * Schedules, their settings, service categories and service types (practice-portal.md 3.4 and the §7
 * calendar calls). Anyone may read them (the booking pages need them); only the practice admin of the
 * practice that owns them may change them (time off also its staff), audited with the spec's workflow names,
 * and another practice's ids answer 404 as if unknown (platform/access.ts authorizePractice, decision 0080). Every change records, in its own
 * transaction, the slots it moved (recordSlotChanges: the calendars follow live) and a `directory.changed`
 * event for the patient search (docs/decisions/0046, 0047).
 */

/** How far ahead an edit announces the slots it adds or removes. */
const ANNOUNCE_DAYS = 180;

/**
 * The calendar set-up is the practice admin's (time off and holidays also its staff's: CALENDAR_KEEPERS); a
 * super user does not edit a practice's calendar (decision 0047, kept by 0080).
 */
const SET_UP: PracticeRule = { roles: ROLE_SETS.ADMINS, superUser: false };
const CALENDAR: PracticeRule = { roles: ROLE_SETS.CALENDAR_KEEPERS, superUser: false };

/** A new set-up object of the caller's practice: 403 for a caller without one. Returns that practice. */
const createInPractice = async (
  context: RequestContext,
  object: Omit<PracticeObject, 'organizationId' | 'id'>,
): Promise<string> =>
  (await authorizePractice(
    context,
    'create',
    { ...object, id: null, organizationId: null, inCallersPractice: true },
    SET_UP,
  ))!;

// ---------- shapes ----------

const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function shapeCategory(c: CategoryRow): ServiceCategory {
  return {
    Id: c.id,
    OrganizationId: c.organizationId,
    Name: c.name,
    Duration: c.durationMinutes,
    Capacity: c.capacity,
  };
}

function shapeType(t: TypeRow): ServiceType {
  return {
    Id: t.id,
    OrganizationId: t.organizationId,
    Name: t.name,
    Alias: t.alias,
    Duration: t.durationMinutes,
    ServiceCategoryId: t.serviceCategoryId,
    VisitType: t.visitType,
    Services: t.services,
  };
}

function shapeException(scheduleId: string, e: store.ExceptionRow): ScheduleException {
  return {
    Id: e.id,
    ScheduleId: scheduleId,
    Kind: e.kind,
    Start: e.start.toISOString(),
    End: e.end.toISOString(),
    Note: e.note,
  };
}

export function shapeSchedule(model: ScheduleModel, now: Date): Schedule {
  const { row } = model;
  return {
    Id: row.id,
    Name: row.name,
    PractitionerId: row.practitioner_id,
    HealthcareServiceId: row.healthcare_service_id,
    LocationId: row.location_id,
    OrganizationId: row.organization_id,
    TimeZone: row.time_zone,
    SlotMinutes: row.slot_minutes,
    Capacity: row.capacity,
    PlanningHorizonDays: row.planning_horizon_days,
    SlotHideHours: row.slot_hide_hours,
    OnlineBookingEnabled: row.online_booking_enabled,
    Identifier: row.identifiers,
    Specialty: row.specialties,
    VisitType: row.visit_types,
    Actor: row.practitioner_id
      ? [{ Type: 'Practitioner', Id: row.practitioner_id }]
      : row.healthcare_service_id
        ? [{ Type: 'HealthCareService', Id: row.healthcare_service_id }]
        : [],
    ApprovalSettings: {
      RequiresApproval: row.requires_approval,
      Mode: row.requires_approval ? 'Pending' : 'AutoConfirm',
    },
    requires_approval: row.requires_approval,
    ServiceCategory: model.categories.map(shapeCategory),
    ServiceType: model.types.map(shapeType),
    PlanningHorizon: [
      {
        Start: now.toISOString(),
        End: new Date(now.getTime() + row.planning_horizon_days * 86_400_000).toISOString(),
      },
    ],
    supported_regions: row.supported_regions,
    WorkingHours: model.hours.map((h) => ({
      DayOfWeek: h.weekday,
      Start: hhmmOf(h.startMinute),
      End: hhmmOf(h.endMinute),
    })),
    Exceptions: model.exceptions.map((e) => shapeException(row.id, e)),
    Version: row.version,
  };
}

// ---------- validation ----------

function checkTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw fieldError('TimeZone', 'time_zone', 'must be an IANA time zone, e.g. America/New_York');
  }
}

/** Working hours in minutes; End after Start, and no two periods of one day overlapping (domain rule). */
function workingHours(
  input: WorkingHoursInput[],
): { weekday: number; startMinute: number; endMinute: number }[] {
  const issues = workingHoursIssues(input);
  if (issues.length) throw badRequest(issues);
  return input.map((h) => ({
    weekday: h.DayOfWeek,
    startMinute: minutesOfDay(h.Start),
    endMinute: minutesOfDay(h.End),
  }));
}

async function locationInPractice(deps: SchedulingDeps, locationId: string, practice: string) {
  const location = await getLocation(deps.database, locationId);
  if (!location || location.OrganizationId !== practice)
    throw fieldError('LocationId', 'not_found', 'no such location in your practice');
  return location;
}

// ---------- recording edits ----------

function shapeKey(model: ScheduleModel | null): string {
  if (!model) return '';
  return JSON.stringify([
    model.row.capacity,
    model.row.slot_minutes,
    model.row.visit_types,
    model.types,
    model.categories,
    model.counters,
  ]);
}

/**
 * What an edit did to the schedule's slots over the next months: `removed` for every slot that is gone,
 * `returned` for every new one (and for all of them when their shape, capacity or reasons changed).
 */
export function scheduleSlotChanges(
  before: ScheduleModel | null,
  after: ScheduleModel | null,
  now: Date,
): SlotChange[] {
  const days = Math.min(
    Math.max(before?.row.planning_horizon_days ?? 0, after?.row.planning_horizon_days ?? 0),
    ANNOUNCE_DAYS,
  );
  const range = { from: now, to: new Date(now.getTime() + days * 86_400_000), now };
  const offered = (model: ScheduleModel | null) =>
    model && model.row.online_booking_enabled ? modelSlots(model, range) : [];
  const old = offered(before);
  const fresh = offered(after);
  const scheduleId = (after ?? before)!.row.id;
  const freshAt = new Set(fresh.map((s) => s.start.getTime()));
  const oldAt = new Set(old.map((s) => s.start.getTime()));
  const changes: SlotChange[] = old
    .filter((s) => !freshAt.has(s.start.getTime()))
    .map((s) => ({ kind: 'removed', scheduleId, start: s.start }));
  const reshaped = shapeKey(before) !== shapeKey(after);
  for (const slot of fresh)
    if (reshaped || !oldAt.has(slot.start.getTime()))
      changes.push({ kind: 'returned', scheduleId, start: slot.start });
  return changes;
}

/** Tells the patient search that these schedules' practice changed what it offers (aggregate organization). */
async function recordDirectoryChange(tx: Connection, models: ScheduleModel[], reason: string) {
  const byPractice = new Map<string, ScheduleModel[]>();
  for (const model of models) {
    const practice = model.row.organization_id;
    if (practice) byPractice.set(practice, [...(byPractice.get(practice) ?? []), model]);
  }
  await appendEvents(
    tx,
    [...byPractice].map(([organizationId, group]) => ({
      aggregateType: 'organization',
      aggregateId: organizationId,
      type: DIRECTORY_CHANGED,
      payload: {
        organizationId,
        // A healthcare service's schedule is not one practitioner's: the whole practice is refreshed.
        practitionerIds: group.every((m) => m.row.practitioner_id)
          ? [...new Set(group.map((m) => m.row.practitioner_id!))]
          : null,
        reason,
      } satisfies DirectoryChangedPayload,
    })),
  );
}

/**
 * Runs an edit of schedules in one transaction that also records what it did: the schedules' rows are
 * locked (edits of one schedule take turns), read before and after the change, the slots that moved are
 * recorded (recordSlotChanges) and the practice's directory is marked changed; after the commit the cached
 * copies are dropped and the events delivered, so the calendars have heard by the time the call answers.
 */
async function applyEdit<T>(
  deps: SchedulingDeps,
  scheduleIds: string[],
  reason: string,
  change: (tx: Connection) => Promise<T>,
  now: Date,
  options: { bumps?: boolean; directory?: boolean } = {},
): Promise<T> {
  const result = await deps.database.transaction(async (tx) => {
    await sstore.lockSchedules(tx, scheduleIds);
    const before = await store.loadScheduleModels(tx, scheduleIds);
    const value = await change(tx);
    if (!options.bumps && scheduleIds.length) await sstore.bumpScheduleVersions(tx, scheduleIds);
    const after = new Map((await store.loadScheduleModels(tx, scheduleIds)).map((m) => [m.row.id, m]));
    await recordSlotChanges(
      tx,
      before.flatMap((model) => scheduleSlotChanges(model, after.get(model.row.id) ?? null, now)),
    );
    if (options.directory !== false) await recordDirectoryChange(tx, [...after.values()], reason);
    return value;
  });
  for (const id of scheduleIds) forgetSchedule(id);
  await deps.events.flush();
  return result;
}

// ---------- schedules ----------

export async function getScheduleDetails(
  deps: Pick<SchedulingDeps, 'database'>,
  id: string,
  now: Date,
): Promise<Schedule | null> {
  const [model] = await currentModels(deps.database, [id]);
  return model ? shapeSchedule(model, now) : null;
}

export async function searchScheduleDetails(
  deps: Pick<SchedulingDeps, 'database'>,
  input: {
    PractitionerId?: string | undefined;
    HealthcareServiceId?: string | undefined;
    LocationId?: string | undefined;
    OrganizationId?: string | undefined;
    Ids?: string[] | undefined;
  },
  now: Date,
): Promise<Schedule[]> {
  const ids = await store.scheduleIdsMatching(deps.database, {
    practitionerId: input.PractitionerId ?? null,
    healthcareServiceId: input.HealthcareServiceId ?? null,
    locationId: input.LocationId ?? null,
    organizationId: input.OrganizationId ?? null,
    ids: input.Ids ?? null,
  });
  return (await currentModels(deps.database, ids)).map((m) => shapeSchedule(m, now));
}

export async function createSchedule(
  deps: SchedulingDeps,
  context: RequestContext,
  input: ScheduleCreate,
  now: Date,
): Promise<Schedule> {
  const practice = await createInPractice(context, {
    entityType: 'Schedule',
    workflow: SCHEDULE_WORKFLOWS.scheduleEdit,
  });
  const location = await locationInPractice(deps, input.LocationId, practice);
  const actor = input.Actor[0]!;
  if (actor.Type === 'Practitioner') {
    const roles = await listPractitionerRoles(deps.database, {
      PractitionerId: actor.Id,
      OrganizationId: practice,
    });
    if (!roles.some((r) => r.Active))
      throw fieldError('Actor.0.Id', 'not_found', 'no such practitioner in your practice');
  } else {
    const service = await getHealthcareService(deps.database, actor.Id);
    if (!service || service.OrganizationId !== practice)
      throw fieldError('Actor.0.Id', 'not_found', 'no such healthcare service in your practice');
  }
  const id = await deps.database.transaction((tx) => insertNewSchedule(tx, practice, location, input));
  await deps.events.flush();
  return shapeSchedule((await reloadModel(deps.database, id))!, now);
}

/** The rows of POST schedule (time zone and working-hours rules first) and the search's `directory.changed`. */
async function insertNewSchedule(
  tx: Connection,
  practice: string,
  location: { Id: string; TimeZone: string },
  input: ScheduleCreate,
): Promise<string> {
  const actor = input.Actor[0]!;
  const timeZone = input.TimeZone ?? location.TimeZone;
  checkTimeZone(timeZone);
  const hours = workingHours(input.WorkingHours);
  const id = randomUUID();
  await sstore.insertSchedule(tx, {
    id,
    practitionerId: actor.Type === 'Practitioner' ? actor.Id : null,
    healthcareServiceId: actor.Type === 'HealthCareService' ? actor.Id : null,
    locationId: location.Id,
    organizationId: practice,
    name: input.Name ?? null,
    timeZone,
    slotMinutes: input.SlotMinutes,
    capacity: input.Capacity,
    planningHorizonDays: input.PlanningHorizonDays,
    slotHideHours: input.SlotHideHours,
    onlineBookingEnabled: input.OnlineBookingEnabled,
    requiresApproval: input.requires_approval,
    identifiersJson: JSON.stringify(input.Identifier),
    specialties: input.Specialty,
    visitTypes: [...new Set(input.VisitType)],
    supportedRegions: [...new Set(input.supported_regions)],
  });
  await sstore.replaceScheduleHours(tx, id, hours);
  // Nobody follows a new calendar yet: no slot events, but the search learns of its availability.
  await recordDirectoryChange(tx, await store.loadScheduleModels(tx, [id]), 'schedule.created');
  return id;
}

/**
 * A new practice's first calendar in the caller's transaction (practice onboarding, decision 0070): the service
 * category, its reasons and the schedule offering them, with the rules and rows of POST servicecategory, POST
 * servicetype, POST schedule and PUT schedule/{id}/update-services, each audited in the transaction with its
 * workflow (Reason_Group_Add_Web, Reason_Add_Web, Schedule_Edit_Web). The practice, its facility and the
 * practitioner are the caller's, written in the same transaction; the caller decided who may (a super user)
 * and flushes the events after the commit.
 */
export async function addFirstCalendar(
  tx: Connection,
  context: RequestContext,
  input: {
    organizationId: string;
    location: { Id: string; TimeZone: string };
    category: { Name: string; Duration: number; Capacity?: number | null };
    types: Omit<TypeInput, 'ServiceCategoryId'>[];
    schedule: ScheduleCreate;
  },
): Promise<{ categoryId: string; typeIds: string[]; scheduleId: string }> {
  const practice = input.organizationId;
  const audit = (entityType: SetUpEntity, id: string, workflow: string) =>
    recordPracticeOutcome(onConnection(context, tx), 'create', {
      entityType,
      id,
      organizationId: practice,
      workflow,
    });
  const category = await insertNewCategory(tx, practice, input.category);
  await audit('ServiceCategory', category.id, SCHEDULE_WORKFLOWS.categoryAdd);
  const typeIds: string[] = [];
  for (const type of input.types) {
    const row = await sstore.insertType(tx, {
      id: randomUUID(),
      organizationId: practice,
      ...typeValues(category.id, type),
    });
    await audit('ServiceType', row.id, SCHEDULE_WORKFLOWS.typeAdd);
    typeIds.push(row.id);
  }
  const scheduleId = await insertNewSchedule(tx, practice, input.location, input.schedule);
  await sstore.replaceScheduleServiceTypes(tx, scheduleId, typeIds);
  await audit('Schedule', scheduleId, SCHEDULE_WORKFLOWS.scheduleEdit);
  return { categoryId: category.id, typeIds, scheduleId };
}

/**
 * The schedule if the caller may change it (practice admin, or staff too for time off): audited with
 * Schedule_Edit_Web; 404 for another practice's or an unknown schedule.
 */
async function managedSchedule(
  deps: SchedulingDeps,
  context: RequestContext,
  id: string,
  options: {
    action?: 'update' | 'read' | 'create' | 'delete';
    entityType?: SetUpEntity;
    rule?: PracticeRule;
  } = {},
): Promise<ScheduleModel> {
  const [model] = await currentModels(deps.database, [id]);
  await authorizePractice(
    context,
    options.action ?? 'update',
    {
      entityType: options.entityType ?? 'Schedule',
      id,
      organizationId: model?.row.organization_id ?? null,
      workflow: SCHEDULE_WORKFLOWS.scheduleEdit,
    },
    options.rule ?? SET_UP,
  );
  return model!;
}

export async function updateSchedule(
  deps: SchedulingDeps,
  context: RequestContext,
  id: string,
  input: ScheduleUpdate,
  now: Date,
): Promise<Schedule> {
  const before = await managedSchedule(deps, context, id);
  const practice = before.row.organization_id!;
  let timeZone = input.TimeZone;
  if (input.LocationId && input.LocationId !== before.row.location_id) {
    const location = await locationInPractice(deps, input.LocationId, practice);
    timeZone ??= location.TimeZone;
  }
  if (timeZone) checkTimeZone(timeZone);
  const hours = input.WorkingHours ? workingHours(input.WorkingHours) : null;
  await applyEdit(
    deps,
    [id],
    'schedule.updated',
    async (tx) => {
      await sstore.updateScheduleRow(tx, id, {
        setName: input.Name !== undefined,
        name: input.Name ?? null,
        locationId: input.LocationId ?? null,
        timeZone: timeZone ?? null,
        slotMinutes: input.SlotMinutes ?? null,
        capacity: input.Capacity ?? null,
        planningHorizonDays: input.PlanningHorizonDays ?? null,
        slotHideHours: input.SlotHideHours ?? null,
        onlineBookingEnabled: input.OnlineBookingEnabled ?? null,
        requiresApproval: input.requires_approval ?? null,
        visitTypes: input.VisitType ? [...new Set(input.VisitType)] : null,
        supportedRegions: input.supported_regions ? [...new Set(input.supported_regions)] : null,
        specialties: input.Specialty ?? null,
        identifiersJson: input.Identifier ? JSON.stringify(input.Identifier) : null,
      });
      if (hours) await sstore.replaceScheduleHours(tx, id, hours);
      // Slots already held or booked follow a new capacity, never below what is taken.
      if (input.Capacity !== undefined) await sstore.resizeScheduleCapacity(tx, id, input.Capacity, now);
    },
    now,
    { bumps: true },
  );
  return shapeSchedule((await reloadModel(deps.database, id))!, now);
}

/**
 * The schedule whose reasons the caller may change (decision 0068): any of the practice's for its admin
 * (managedSchedule), and a provider's own schedule at their practice for that provider, while the practice lets
 * providers use their settings (the `settings` feature, decision 0059). A provider's refusals follow
 * authorizePractice: another practice's schedule 404, another provider's or a resource's in their own practice
 * 403; audited with Schedule_Edit_Web either way.
 */
async function servicesEditable(
  deps: SchedulingDeps,
  context: RequestContext,
  id: string,
): Promise<ScheduleModel> {
  const [model] = await currentModels(deps.database, [id]);
  await authorizePractice(
    context,
    'update',
    {
      organizationId: model?.row.organization_id ?? null,
      entityType: 'Schedule',
      id,
      workflow: SCHEDULE_WORKFLOWS.scheduleEdit,
    },
    {
      ...SET_UP,
      self: { id: model?.row.practitioner_id ?? null, roles: ROLE_SETS.PROVIDERS, feature: 'settings' },
    },
  );
  return model!;
}

/** PUT schedule/{id}/update-services: the reasons the schedule offers (types of its own practice). */
export async function updateScheduleServices(
  deps: SchedulingDeps,
  context: RequestContext,
  id: string,
  typeIds: string[],
  now: Date,
): Promise<Schedule> {
  const before = await servicesEditable(deps, context, id);
  const unique = [...new Set(typeIds)];
  const knownIds = new Set(await sstore.serviceTypeIdsOf(deps.database, unique, before.row.organization_id));
  const issues: FieldIssue[] = typeIds.flatMap((t, i) =>
    knownIds.has(t)
      ? []
      : [
          {
            field: `ServiceTypeIds.${i}`,
            rule: 'not_found',
            message: 'no such service type in your practice',
          },
        ],
  );
  if (issues.length) throw badRequest(issues);
  await applyEdit(
    deps,
    [id],
    'schedule.services',
    (tx) => sstore.replaceScheduleServiceTypes(tx, id, unique),
    now,
  );
  return shapeSchedule((await reloadModel(deps.database, id))!, now);
}

// ---------- exceptions (time off, holidays) ----------

/** Blocks time on a schedule: its slots inside [Start, End) disappear from every calendar. */
export async function addScheduleException(
  deps: SchedulingDeps,
  context: RequestContext,
  scheduleId: string,
  input: ScheduleExceptionInput,
  now: Date,
): Promise<ScheduleException> {
  await managedSchedule(deps, context, scheduleId, {
    action: 'create',
    entityType: 'ScheduleException',
    rule: CALENDAR,
  });
  const id = randomUUID();
  await applyEdit(
    deps,
    [scheduleId],
    'schedule.exception',
    (tx) =>
      sstore.insertScheduleException(tx, {
        id,
        scheduleId,
        kind: input.Kind,
        start: new Date(input.Start).toISOString(),
        end: new Date(input.End).toISOString(),
        note: input.Note ?? null,
        createdBy: context.subject,
      }),
    now,
  );
  const after = (await reloadModel(deps.database, scheduleId))!;
  return shapeException(
    scheduleId,
    after.exceptions.find((e) => e.id === id)!,
  );
}

export async function removeScheduleException(
  deps: SchedulingDeps,
  context: RequestContext,
  scheduleId: string,
  exceptionId: string,
  now: Date,
): Promise<void> {
  await managedSchedule(deps, context, scheduleId, {
    action: 'delete',
    entityType: 'ScheduleException',
    rule: CALENDAR,
  });
  await applyEdit(
    deps,
    [scheduleId],
    'schedule.exception',
    async (tx) => {
      // An unknown exception changes nothing: the 404 rolls the edit (and its events) back.
      if (!(await sstore.deleteScheduleException(tx, exceptionId, scheduleId))) throw notFound();
    },
    now,
  );
}

export async function listScheduleExceptions(
  deps: SchedulingDeps,
  context: RequestContext,
  scheduleId: string,
): Promise<ScheduleException[]> {
  const model = await managedSchedule(deps, context, scheduleId, {
    action: 'read',
    entityType: 'ScheduleException',
    rule: CALENDAR,
  });
  return model.exceptions.map((e) => shapeException(scheduleId, e));
}

// ---------- schedule settings ----------

/**
 * POST schedulesetting / PUT schedulesetting/{id}: the booking settings kept on the schedule
 * (CollectPatientDemographics, EnableInsurance, EnableSelfPay); fields left out keep their value.
 */
export async function saveScheduleSetting(
  deps: SchedulingDeps,
  context: RequestContext,
  scheduleId: string,
  input: {
    CollectPatientDemographics?: boolean | undefined;
    EnableInsurance?: boolean | undefined;
    EnableSelfPay?: boolean | undefined;
    AllowConcurrentBookings?: boolean | undefined;
  },
  now: Date,
): Promise<ScheduleSettings> {
  await managedSchedule(deps, context, scheduleId, { entityType: 'ScheduleSetting' });
  await applyEdit(
    deps,
    [scheduleId],
    'schedule.settings',
    (tx) =>
      sstore.updateScheduleSettingsRow(tx, scheduleId, {
        collectPatientDemographics: input.CollectPatientDemographics ?? null,
        enableInsurance: input.EnableInsurance ?? null,
        enableSelfPay: input.EnableSelfPay ?? null,
        allowConcurrentBookings: input.AllowConcurrentBookings ?? null,
      }),
    now,
    { bumps: true },
  );
  return (await scheduleSettings(deps.database, scheduleId))!;
}

// ---------- service categories and service types ----------

const categoryOf = (r: CategoryDbRow): ServiceCategory => ({
  Id: r.id,
  OrganizationId: r.organization_id,
  Name: r.name,
  Duration: r.duration_minutes,
  Capacity: r.capacity,
});
const typeOf = (r: TypeDbRow): ServiceType => ({
  Id: r.id,
  OrganizationId: r.organization_id,
  Name: r.name,
  Alias: r.alias,
  Duration: r.duration_minutes,
  ServiceCategoryId: r.service_category_id,
  VisitType: r.visit_type,
  Services: r.services,
});

/** Schedules offering a type of the category (or one of the types): their slots change with it. */
async function schedulesUsing(
  db: Connection,
  input: { categoryId?: string; typeIds?: string[] },
): Promise<string[]> {
  return sstore.schedulesUsingTypes(
    db,
    input.categoryId ?? null,
    input.typeIds?.length ? input.typeIds : null,
  );
}

export async function getServiceCategory(deps: SchedulingDeps, id: string): Promise<ServiceCategory | null> {
  const row = await sstore.categoryById(deps.database, id);
  return row ? categoryOf(row) : null;
}

export async function searchServiceCategories(
  deps: SchedulingDeps,
  input: {
    OrganizationId?: string | undefined;
    ScheduleId?: string | undefined;
    Ids?: string[] | undefined;
    Name?: string | undefined;
  },
): Promise<ServiceCategory[]> {
  const rows = await sstore.searchCategories(deps.database, {
    organizationId: input.OrganizationId ?? null,
    scheduleId: input.ScheduleId ?? null,
    ids: input.Ids?.length ? input.Ids : null,
    name: input.Name || null,
  });
  return rows.map(categoryOf);
}

export async function createServiceCategory(
  deps: SchedulingDeps,
  context: RequestContext,
  input: { Name: string; Duration: number; Capacity?: number | null | undefined },
): Promise<ServiceCategory> {
  const practice = await createInPractice(context, {
    entityType: 'ServiceCategory',
    workflow: SCHEDULE_WORKFLOWS.categoryAdd,
  });
  return categoryOf(await insertNewCategory(deps.database, practice, input));
}

const insertNewCategory = (
  db: Connection,
  practice: string,
  input: { Name: string; Duration: number; Capacity?: number | null | undefined },
) =>
  sstore.insertCategory(db, {
    id: randomUUID(),
    organizationId: practice,
    name: input.Name,
    duration: input.Duration,
    capacity: input.Capacity ?? null,
  });

export async function updateServiceCategory(
  deps: SchedulingDeps,
  context: RequestContext,
  id: string,
  input: { Name: string; Duration: number; Capacity?: number | null | undefined },
  now: Date,
): Promise<ServiceCategory> {
  const existing = await getServiceCategory(deps, id);
  await authorizePractice(
    context,
    'update',
    {
      entityType: 'ServiceCategory',
      id,
      organizationId: existing?.OrganizationId ?? null,
      workflow: SCHEDULE_WORKFLOWS.categoryEdit,
    },
    SET_UP,
  );
  const capacity = input.Capacity ?? null;
  await applyEdit(
    deps,
    await schedulesUsing(deps.database, { categoryId: id }),
    'service-category.updated',
    async (tx) => {
      await sstore.updateCategory(tx, id, { name: input.Name, duration: input.Duration, capacity });
      if (capacity !== null) await sstore.resizeCategoryCapacity(tx, id, capacity, now);
    },
    now,
  );
  return (await getServiceCategory(deps, id))!;
}

export async function getServiceType(deps: SchedulingDeps, id: string): Promise<ServiceType | null> {
  const row = await sstore.typeById(deps.database, id);
  return row ? typeOf(row) : null;
}

export async function searchServiceTypes(
  deps: SchedulingDeps,
  input: {
    OrganizationId?: string | undefined;
    ScheduleId?: string | undefined;
    Ids?: string[] | undefined;
    Name?: string | undefined;
    ServiceCategoryId?: string | undefined;
    VisitType?: string | undefined;
  },
): Promise<ServiceType[]> {
  const rows = await sstore.searchTypes(deps.database, {
    organizationId: input.OrganizationId ?? null,
    scheduleId: input.ScheduleId ?? null,
    ids: input.Ids?.length ? input.Ids : null,
    name: input.Name || null,
    categoryId: input.ServiceCategoryId ?? null,
    visitType: input.VisitType ?? null,
  });
  return rows.map(typeOf);
}

type TypeInput = {
  Name: string;
  Alias?: string | null | undefined;
  Duration: number;
  ServiceCategoryId?: string | null | undefined;
  VisitType: store.VisitTypeName;
  Services: string[];
};

const typeValues = (categoryId: string | null, input: TypeInput) => ({
  categoryId,
  name: input.Name,
  alias: input.Alias || null,
  duration: input.Duration,
  visitType: input.VisitType,
  services: input.Services,
});

async function categoryInPractice(
  deps: SchedulingDeps,
  categoryId: string | null | undefined,
  practice: string,
  field: string,
) {
  if (!categoryId) return null;
  const category = await getServiceCategory(deps, categoryId);
  if (!category || category.OrganizationId !== practice)
    throw fieldError(field, 'not_found', 'no such service category in your practice');
  return category.Id;
}

export async function createServiceType(
  deps: SchedulingDeps,
  context: RequestContext,
  input: TypeInput,
): Promise<ServiceType> {
  const practice = await createInPractice(context, {
    entityType: 'ServiceType',
    workflow: SCHEDULE_WORKFLOWS.typeAdd,
  });
  const categoryId = await categoryInPractice(deps, input.ServiceCategoryId, practice, 'ServiceCategoryId');
  const row = await sstore.insertType(deps.database, {
    id: randomUUID(),
    organizationId: practice,
    ...typeValues(categoryId, input),
  });
  return typeOf(row);
}

export async function updateServiceType(
  deps: SchedulingDeps,
  context: RequestContext,
  id: string,
  input: TypeInput,
  now: Date,
): Promise<ServiceType> {
  const existing = await getServiceType(deps, id);
  const practice = (await authorizePractice(
    context,
    'update',
    {
      entityType: 'ServiceType',
      id,
      organizationId: existing?.OrganizationId ?? null,
      workflow: SCHEDULE_WORKFLOWS.typeEdit,
    },
    SET_UP,
  ))!;
  const categoryId = await categoryInPractice(deps, input.ServiceCategoryId, practice, 'ServiceCategoryId');
  await applyEdit(
    deps,
    await schedulesUsing(deps.database, { typeIds: [id] }),
    'service-type.updated',
    (tx) => sstore.updateType(tx, id, typeValues(categoryId, input)),
    now,
  );
  return (await getServiceType(deps, id))!;
}

/** PUT servicetype/serviceCategory/{id}: the listed types (of the same practice) move into the category. */
export async function assignServiceTypesToCategory(
  deps: SchedulingDeps,
  context: RequestContext,
  categoryId: string,
  typeIds: string[],
  now: Date,
): Promise<ServiceType[]> {
  const category = await getServiceCategory(deps, categoryId);
  const practice = (await authorizePractice(
    context,
    'update',
    {
      entityType: 'ServiceCategory',
      id: categoryId,
      organizationId: category?.OrganizationId ?? null,
      workflow: SCHEDULE_WORKFLOWS.categoryEdit,
      detail: { serviceTypeIds: typeIds },
    },
    SET_UP,
  ))!;
  const types = await searchServiceTypes(deps, { Ids: typeIds, OrganizationId: practice });
  const known = new Set(types.map((t) => t.Id));
  const issues: FieldIssue[] = typeIds.flatMap((t, i) =>
    known.has(t)
      ? []
      : [
          {
            field: `ServiceTypeIds.${i}`,
            rule: 'not_found',
            message: 'no such service type in your practice',
          },
        ],
  );
  if (issues.length) throw badRequest(issues);
  await applyEdit(
    deps,
    await schedulesUsing(deps.database, { typeIds }),
    'service-type.category',
    (tx) => sstore.assignTypesToCategory(tx, categoryId, typeIds),
    now,
  );
  return searchServiceTypes(deps, { Ids: typeIds });
}
