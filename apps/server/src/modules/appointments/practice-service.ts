import { randomUUID } from 'node:crypto';
import {
  AUDIT_SYSTEM,
  CALENDAR_WORKFLOW,
  PATIENT_HOTLIST_COUNT,
  PORTAL_ACTIVE_STATUSES,
  PRACTICE_STAFF_APPOINTMENT_WORKFLOW,
  type AppointmentPatient,
  type AppointmentStatus,
  type OfficeAppointment,
  type PracticeAppointment,
  type PracticeAppointmentSearch,
  type PracticeCalendarContext,
  type PracticeMove,
  type RealtimeEvent,
  type ScheduleException,
  type Room,
  type WalkInQueue,
} from '@careslot/contracts';
import { reasonsText } from '@careslot/domain';
import { recordAudit, type AuditContext } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError, notFound } from '../../platform/errors';
import {
  canReadPatient,
  createPatient,
  getHealthcareService,
  getLocation,
  getOrganization,
  getPractitioners,
  listPractitionerRoles,
  patientCardsByIds,
  searchHealthcareServices,
  searchLocations,
} from '../directory';
import { getSchedule, localDate, localToUtc, publishSlotChanges, searchScheduleDetails, searchSlots, takeSlotForBooking } from '../scheduling';
import { emitAppointmentChanged, kindOf } from './events';
import * as practiceStore from './practice-store';
import { moveBookedAppointment } from './reschedule';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;

export interface PracticeCaller {
  principal: Principal;
  audit: AuditContext;
}

const WEB_NAME = 'careslot_Web';
const UNKNOWN_PATIENT: Omit<AppointmentPatient, 'Id'> = { FirstName: '', LastName: '', BirthDate: null, Gender: null };

/** The caller's practice. The routes let only provider, staff and practiceadmin in; without a practice nothing exists for them. */
function practiceOf(principal: Principal): string {
  if (!principal.organizationId) throw notFound();
  return principal.organizationId;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

async function shape(deps: Deps, rows: practiceStore.PracticeRow[]): Promise<PracticeAppointment[]> {
  const cards = await patientCardsByIds(deps.database, rows.map((r) => r.patient_id));
  return rows.map((row) => {
    const participants = (row.participants as { Type: PracticeAppointment['Participants'][number]['Type']; ParticipantId: string }[]).map((p) => ({
      Type: p.Type,
      ParticipantId: p.ParticipantId,
    }));
    const reasons = row.reasons as { Name: string }[];
    return {
      Id: row.id,
      CalendarId: row.schedule_id,
      StartTime: iso(row.start_at),
      EndTime: iso(row.end_at),
      Status: row.status as AppointmentStatus,
      AppointmentType: row.appointment_type,
      ScheduleType: row.schedule_type,
      ProviderId: row.practitioner_id,
      ResourceId: participants.find((p) => p.Type === 'HealthCareService')?.ParticipantId ?? null,
      LocationId: row.location_id,
      Patient: cards.get(row.patient_id) ?? { Id: row.patient_id, ...UNKNOWN_PATIENT },
      ReasonsText: reasonsText(reasons),
      Participants: participants,
      Workflow: ((row.audit_trail as { WorkflowOrServiceName?: string }).WorkflowOrServiceName ?? null) || null,
      CreatedOn: iso(row.created_at),
      UpdatedOn: iso(row.updated_at),
    };
  });
}

/** Tells the practice (everyone on its calendars and dashboards), the patient and the provider; ids and the status only. */
export function announce(deps: Pick<Deps, 'realtime'>, row: Pick<store.AppointmentRow, 'id' | 'organization_id' | 'patient_id' | 'practitioner_id' | 'status' | 'schedule_type'>, event: RealtimeEvent = 'AppointmentStatusUpdated') {
  const rooms: Room[] = [`appointment:${row.id}`, `user:${row.patient_id}`];
  if (row.organization_id) rooms.push(`org:${row.organization_id}`);
  if (row.practitioner_id) rooms.push(`user:${row.practitioner_id}`);
  deps.realtime.publish({
    hub: 'appointments',
    event,
    rooms,
    data: { AppointmentId: row.id, Status: row.status, ProviderId: row.practitioner_id, ScheduleType: row.schedule_type },
  });
}

/** POST appointments/advance-search (practice side): the caller's practice only; another practice's ids match nothing. */
export async function searchPracticeAppointments(deps: Deps, caller: PracticeCaller, query: PracticeAppointmentSearch) {
  const organizationId = practiceOf(caller.principal);
  const limit = query.Limit;
  const { rows, total } = await practiceStore.searchPractice(
    deps.database,
    {
      organizationId,
      from: new Date(query.From),
      to: new Date(query.To),
      providerIds: query.ProviderIds,
      resourceIds: query.ResourceIds,
      locationIds: query.LocationIds,
      statuses: query.Statuses,
      scheduleTypes: query.ScheduleTypes,
      patientId: query.PatientId,
    },
    { limit, offset: Math.max(query.Offset - 1, 0) * limit },
  );
  await recordAudit(deps.database, caller.audit, {
    action: 'search',
    entityType: 'Appointment',
    outcome: 'success',
    workflow: CALENDAR_WORKFLOW,
    detail: { total, ids: rows.map((r) => r.id) },
  });
  return { Data: await shape(deps, rows), Total: total };
}

/** The provider, when they hold a role at the caller's practice; anyone else is not found. */
async function practiceProvider(deps: Deps, organizationId: string, providerId: string) {
  const roles = await listPractitionerRoles(deps.database, { PractitionerId: providerId, OrganizationId: organizationId });
  if (!roles.some((r) => r.Active && r.Code.includes('provider'))) throw notFound();
}

/** The provider's zone: their first schedule's facility, else the practice's. */
async function providerZone(deps: Deps, organizationId: string, providerId: string): Promise<string> {
  const schedules = await searchScheduleDetails(deps, { PractitionerId: providerId, OrganizationId: organizationId }, deps.clock.now());
  const own = schedules.find((s) => s.OrganizationId === organizationId);
  if (own) return own.TimeZone;
  return (await getOrganization(deps.database, organizationId))?.TimeZone ?? 'America/New_York';
}

/** [start, end) of a local day (YYYY-MM-DD, default today) in a zone. */
export function dayWindow(timeZone: string, date: string | undefined, now: Date): { from: Date; to: Date; date: string } {
  const today = localDate(timeZone, now);
  const [year, month, day] = date ? date.split('-').map(Number) : [today.year, today.month, today.day];
  const from = localToUtc(timeZone, year!, month!, day!, 0) ?? localToUtc(timeZone, year!, month!, day!, 60)!;
  const next = new Date(Date.UTC(year!, month! - 1, day! + 1));
  const to = localToUtc(timeZone, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0) ?? new Date(from.getTime() + 86_400_000);
  const label = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { from, to, date: label };
}

async function providerDay(deps: Deps, caller: PracticeCaller, providerId: string, date: string | undefined) {
  const organizationId = practiceOf(caller.principal);
  await practiceProvider(deps, organizationId, providerId);
  const zone = await providerZone(deps, organizationId, providerId);
  return { organizationId, ...dayWindow(zone, date, deps.clock.now()) };
}

/** The provider's walk-in queue of the day: waiting walk-ins in arrival order, and the one being seen. */
export async function walkInQueue(deps: Deps, caller: PracticeCaller, providerId: string, date?: string): Promise<WalkInQueue> {
  const day = await providerDay(deps, caller, providerId, date);
  const window = { practitionerId: providerId, organizationId: day.organizationId, from: day.from, to: day.to };
  const [waiting, current] = await Promise.all([practiceStore.waitingWalkIns(deps.database, window), practiceStore.walkInInProgress(deps.database, window)]);
  const shaped = await shape(deps, current ? [...waiting, current] : waiting);
  const entry = (a: PracticeAppointment) => ({ AppointmentId: a.Id, Patient: a.Patient, Status: a.Status, JoinedAt: a.CreatedOn, ReasonsText: a.ReasonsText });
  await recordAudit(deps.database, caller.audit, { action: 'read', entityType: 'WalkInQueue', entityId: providerId, outcome: 'success', workflow: 'Doctor_Appointment_Web', detail: { ids: shaped.map((a) => a.Id) } });
  return {
    ProviderId: providerId,
    Count: waiting.length,
    Data: shaped.slice(0, waiting.length).map((a, index) => ({ Position: index + 1, ...entry(a) })),
    InProgress: current ? entry(shaped[shaped.length - 1]!) : null,
  };
}

/** How many patients wait in the provider's walk-in queue (the logout dialog of §2.7 reads it). */
export async function walkInCount(deps: Deps, caller: PracticeCaller, providerId: string) {
  const day = await providerDay(deps, caller, providerId, undefined);
  const waiting = await practiceStore.waitingWalkIns(deps.database, { practitionerId: providerId, organizationId: day.organizationId, from: day.from, to: day.to });
  return { ProviderId: providerId, Count: waiting.length };
}

/** The provider calls the next walk-in: the head of the queue becomes In Progress; everyone watching hears it. */
export async function callNextWalkIn(deps: Deps, caller: PracticeCaller, providerId: string): Promise<WalkInQueue> {
  const day = await providerDay(deps, caller, providerId, undefined);
  const called = await practiceStore.callNextWalkIn(deps.database, {
    practitionerId: providerId,
    organizationId: day.organizationId,
    from: day.from,
    to: day.to,
    now: deps.clock.now(),
  });
  if (!called) throw conflict('No patient is waiting in the queue.');
  await recordAudit(deps.database, caller.audit, {
    action: 'update',
    entityType: 'Appointment',
    entityId: called.id,
    patientId: called.patient_id,
    outcome: 'success',
    workflow: 'Doctor_Appointment_Web',
    detail: { from: called.previous_status, to: called.status },
  });
  announce(deps, called);
  const previous = called.previous_status as AppointmentStatus;
  await emitAppointmentChanged(deps.database, {
    kind: kindOf(previous, 'In Progress'),
    appointmentId: called.id,
    organizationId: called.organization_id,
    practitionerId: called.practitioner_id,
    locationId: called.location_id,
    patientId: called.patient_id,
    scheduleId: called.schedule_id,
    startTime: iso(called.start_at),
    status: 'In Progress',
    previousStatus: previous,
    actorId: caller.principal.userId,
    at: new Date(called.called_at ?? deps.clock.now()),
  });
  return walkInQueue(deps, caller, providerId);
}

/** The provider's patient hotlist: the 10 patients seen or booked most recently, up to the end of today. */
export async function patientHotlist(deps: Deps, caller: PracticeCaller, providerId: string) {
  const day = await providerDay(deps, caller, providerId, undefined);
  const rows = await practiceStore.hotlist(deps.database, { practitionerId: providerId, organizationId: day.organizationId, until: day.to, limit: PATIENT_HOTLIST_COUNT });
  const cards = await patientCardsByIds(deps.database, rows.map((r) => r.patient_id));
  await recordAudit(deps.database, caller.audit, { action: 'read', entityType: 'PatientHotlist', entityId: providerId, outcome: 'success', workflow: 'Doctor_Appointment_Web', detail: { ids: rows.map((r) => r.patient_id) } });
  const data = rows.map((r) => ({
    Patient: cards.get(r.patient_id) ?? { Id: r.patient_id, ...UNKNOWN_PATIENT },
    LastAppointmentId: r.id,
    LastVisit: iso(r.start_at),
    LastStatus: r.status as AppointmentStatus,
    Visits: r.visits,
  }));
  return { Data: data, Total: data.length };
}

/** POST appointments/check-in/get: the day's visits at the practice (today in the practice's zone), with their status. */
export async function checkInList(deps: Deps, caller: PracticeCaller, query: { Date?: string | undefined; LocationIds?: string[] | undefined; ProviderIds?: string[] | undefined }) {
  const organizationId = practiceOf(caller.principal);
  const zone = (await getOrganization(deps.database, organizationId))?.TimeZone ?? 'America/New_York';
  const day = dayWindow(zone, query.Date, deps.clock.now());
  const active = ['Scheduled', 'Confirmed', 'Booked', 'Accepted', 'Arrived', 'Checked-In', 'Checked-Out', 'Waiting-Room', 'Started', 'In Progress', 'Ended'];
  const { rows, total } = await practiceStore.searchPractice(
    deps.database,
    { organizationId, from: day.from, to: day.to, locationIds: query.LocationIds, providerIds: query.ProviderIds, statuses: active },
    { limit: 1000, offset: 0 },
  );
  await recordAudit(deps.database, caller.audit, { action: 'search', entityType: 'Appointment', outcome: 'success', workflow: 'Checkin_Summary_Web', detail: { total } });
  return { Data: await shape(deps, rows), Total: total };
}

/**
 * POST OfficeAppointments: the practice books a visit for a patient (workflow Practice_Staff_Appointment_Web),
 * an existing patient of the practice or one created here. A scheduled visit takes a free place of the slot
 * inside the booking transaction, as online booking does; a walk-in registered at the desk joins the
 * provider's queue now and takes no slot. Practice bookings need no approval and carry no online visit fee.
 */
export async function bookOnBehalf(deps: Deps, caller: PracticeCaller, input: OfficeAppointment) {
  const { database, clock } = deps;
  const organizationId = practiceOf(caller.principal);
  const now = clock.now();
  const schedule = await getSchedule(database, input.CalendarId);
  const location = schedule?.location_id ? await getLocation(database, schedule.location_id) : null;
  if (!schedule || location?.OrganizationId !== organizationId) throw notFound();

  const walkIn = input.ScheduleType === 'Walk-In';
  const start = walkIn ? now : new Date(input.StartTime!);
  const end = new Date(start.getTime() + schedule.slot_minutes * 60_000);
  if (!walkIn) {
    // Checked before a new patient is created, so a taken slot does not leave a record behind.
    const open = await searchSlots(database, { scheduleIds: [schedule.id], from: start, to: new Date(start.getTime() + 1), now, isAvailable: true });
    if (open.length !== 1) throw fieldError('StartTime', 'open_slot', 'must be the start of an open slot of this calendar');
  }

  let patientId: string;
  if (input.PatientId) {
    if (!(await canReadPatient(database, caller.principal, input.PatientId))) {
      await recordAudit(database, caller.audit, { action: 'create', entityType: 'Appointment', patientId: input.PatientId, outcome: 'denied', workflow: PRACTICE_STAFF_APPOINTMENT_WORKFLOW });
      throw notFound();
    }
    patientId = input.PatientId;
  } else {
    const p = input.NewPatient!;
    const created = await createPatient(database, {
      firstName: p.FirstName,
      lastName: p.LastName,
      birthDate: p.BirthDate,
      gender: p.Gender,
      email: p.Email ?? null,
      mobile: p.MobilePhone ?? null,
      managingOrganizationId: organizationId,
      timeZone: location.TimeZone,
      workflow: PRACTICE_STAFF_APPOINTMENT_WORKFLOW,
    });
    patientId = created.Id;
    await recordAudit(database, caller.audit, { action: 'create', entityType: 'Patient', entityId: patientId, patientId, outcome: 'success', workflow: PRACTICE_STAFF_APPOINTMENT_WORKFLOW });
  }

  const id = randomUUID();
  // A walk-in registered at the desk has arrived (the desk checks them in next); a booked visit is scheduled.
  const status: AppointmentStatus = walkIn ? 'Arrived' : 'Scheduled';
  const actor = caller.principal.userId;
  const participants = [
    { Type: 'Patient', ParticipantId: patientId },
    ...(schedule.practitioner_id ? [{ Type: 'Practitioner', ParticipantId: schedule.practitioner_id }] : []),
    ...(schedule.healthcare_service_id ? [{ Type: 'HealthCareService', ParticipantId: schedule.healthcare_service_id }] : []),
    ...(actor && actor !== schedule.practitioner_id ? [{ Type: 'Staff', ParticipantId: actor }] : []),
  ];
  try {
    await database.transaction(async (tx) => {
      let bookedCategory: string | null = null;
      if (!walkIn) {
        const taken = await takeSlotForBooking(tx, { scheduleId: schedule.id, start, sessionId: null, now });
        if (!taken) throw fieldError('StartTime', 'open_slot', 'must be the start of an open slot of this calendar');
        bookedCategory = taken.categoryId;
      }
      await store.insertAppointment(tx, {
        id,
        patient_id: patientId,
        schedule_id: schedule.id,
        start_at: start,
        end_at: end,
        practitioner_id: schedule.practitioner_id,
        location_id: schedule.location_id,
        organization_id: organizationId,
        appointment_type: input.AppointmentType,
        schedule_type: input.ScheduleType,
        status,
        reasons: input.Reasons,
        service_category: [],
        service_type: [],
        custom_forms: [],
        consents: [],
        participants,
        coverages: [],
        booking_system: { Type: 'Internal', Name: WEB_NAME, LastChangedSource: WEB_NAME, LastChangedDate: now.toISOString(), Workflow: PRACTICE_STAFF_APPOINTMENT_WORKFLOW },
        audit_trail: { CreatedBySystem: AUDIT_SYSTEM, LastChangedBySystem: AUDIT_SYSTEM, WorkflowOrServiceName: PRACTICE_STAFF_APPOINTMENT_WORKFLOW },
        meeting_id: null,
        booked_category_id: bookedCategory,
        created_by: caller.principal.subject,
        idempotency_key: null,
        now,
      });
      await recordAudit(tx, caller.audit, { action: 'create', entityType: 'Appointment', entityId: id, patientId, outcome: 'success', workflow: PRACTICE_STAFF_APPOINTMENT_WORKFLOW });
    });
  } catch (error) {
    if (store.uniqueViolation(error) === 'duplicate') throw conflict('Already booked at this time.');
    throw error;
  }
  if (!walkIn) await publishSlotChanges(deps, [{ kind: 'taken', scheduleId: schedule.id, start }]);
  announce(deps, { id, organization_id: organizationId, patient_id: patientId, practitioner_id: schedule.practitioner_id, status, schedule_type: input.ScheduleType }, 'AppointmentBooked');
  // Notifications and other listeners hear of it like any booking.
  await emitAppointmentChanged(database, {
    kind: kindOf(null, status),
    appointmentId: id,
    organizationId,
    locationId: schedule.location_id,
    practitionerId: schedule.practitioner_id,
    patientId,
    scheduleId: schedule.id,
    startTime: start.toISOString(),
    status,
    previousStatus: null,
    actorId: caller.principal.userId,
    at: now,
  });
  return { is_success: true, data: id, message: 'success', PatientId: patientId };
}

/** POST api/v1/appointmentparticipants/{id}: a practitioner or staff member of the practice, or one of its resources, joins a visit. */
export async function addParticipant(deps: Deps, caller: PracticeCaller, appointmentId: string, participant: { Type: 'Practitioner' | 'Staff' | 'HealthCareService'; ParticipantId: string }) {
  const organizationId = practiceOf(caller.principal);
  const row = await practiceStore.practiceAppointment(deps.database, organizationId, appointmentId);
  if (!row) throw notFound();
  if (participant.Type === 'HealthCareService') {
    const service = await getHealthcareService(deps.database, participant.ParticipantId);
    if (service?.OrganizationId !== organizationId) throw fieldError('ParticipantId', 'practice_member', 'must be a resource of this practice');
  } else {
    const roles = await listPractitionerRoles(deps.database, { PractitionerId: participant.ParticipantId, OrganizationId: organizationId });
    if (!roles.some((r) => r.Active)) throw fieldError('ParticipantId', 'practice_member', 'must be a practitioner or staff member of this practice');
  }
  const already = (row.participants as { Type: string; ParticipantId: string }[]).some((p) => p.Type === participant.Type && p.ParticipantId === participant.ParticipantId);
  const updated = already ? row : await practiceStore.addParticipant(deps.database, { id: row.id, organizationId, participant, now: deps.clock.now() });
  if (!updated) throw notFound();
  await recordAudit(deps.database, caller.audit, { action: 'update', entityType: 'Appointment', entityId: row.id, patientId: row.patient_id, outcome: 'success', workflow: CALENDAR_WORKFLOW, detail: { participant } });
  if (!already) announce(deps, updated, 'AppointmentParticipantAdded');
  return (await shape(deps, [updated]))[0]!;
}

/** The practice's providers, resources, facilities and schedules: what the practice calendar is drawn from. */
export async function calendarContext(deps: Deps, caller: PracticeCaller): Promise<PracticeCalendarContext> {
  const organizationId = practiceOf(caller.principal);
  const organization = await getOrganization(deps.database, organizationId);
  if (!organization) throw notFound();
  const [roles, locations, resources] = await Promise.all([
    listPractitionerRoles(deps.database, { OrganizationId: organizationId, Code: ['provider'] }),
    searchLocations(deps.database, { OrganizationId: organizationId, Limit: 1000, Offset: 1 }),
    searchHealthcareServices(deps.database, { OrganizationId: organizationId, Limit: 1000, Offset: 1 }),
  ]);
  const providers = await getPractitioners(deps.database, [...new Set(roles.filter((r) => r.Active).map((r) => r.PractitionerId))]);
  const schedules = (await searchScheduleDetails(deps, { OrganizationId: organizationId }, deps.clock.now())).filter((s) => s.OrganizationId === organizationId);
  const nameOf = (p: (typeof providers)[number]) => {
    const name = p.Name[0];
    return name ? [...name.Prefix, ...name.Given, name.Family].filter(Boolean).join(' ') : p.Id;
  };
  return {
    OrganizationId: organizationId,
    OrganizationName: organization.Name,
    TimeZone: organization.TimeZone,
    Providers: providers.map((p) => ({ Id: p.Id, Name: nameOf(p), PhotoUrl: p.Photos[0]?.Url ?? null })).sort((a, b) => a.Name.localeCompare(b.Name)),
    Resources: resources.Data.filter((r) => r.Active).map((r) => ({ Id: r.Id, Name: r.Name })),
    Locations: locations.Data.filter((l) => l.Active).map((l) => ({ Id: l.Id, Name: l.Name, TimeZone: l.TimeZone })),
    Schedules: schedules.map((s) => ({ Id: s.Id, PractitionerId: s.PractitionerId, HealthcareServiceId: s.HealthcareServiceId, LocationId: s.LocationId, TimeZone: s.TimeZone, SlotMinutes: s.SlotMinutes })),
  };
}


/**
 * Time blocked off the practice's schedules (time off, holidays) overlapping [from, to), for the practice
 * calendar. The scheduling module owns the blocks and their changes; this only reads them across schedules.
 */
export async function blockedTime(deps: Deps, caller: PracticeCaller, range: { from: Date; to: Date }): Promise<{ Data: ScheduleException[]; Total: number }> {
  const organizationId = practiceOf(caller.principal);
  const schedules = await searchScheduleDetails(deps, { OrganizationId: organizationId }, deps.clock.now());
  const data = schedules
    .filter((s) => s.OrganizationId === organizationId)
    .flatMap((s) => s.Exceptions)
    .filter((e) => Date.parse(e.Start) < range.to.getTime() && Date.parse(e.End) > range.from.getTime())
    .sort((a, b) => a.Start.localeCompare(b.Start));
  return { Data: data, Total: data.length };
}

/** The statuses of a booked visit that has not begun: only these may move to another time. */
const MOVABLE = new Set<string>(PORTAL_ACTIVE_STATUSES);

/**
 * PUT appointments/{id}: the practice moves a booked visit on its calendar to an open slot of one of its own
 * calendars (another provider's too). The old place comes back, the new one is taken, and the move is told
 * like any change (moveBookedAppointment: slot events, AppointmentStatusUpdated, "appointment changed").
 * Another practice's appointment is 404; a calendar of another practice is a 400 naming CalendarId.
 */
export async function moveOnCalendar(deps: Deps, caller: PracticeCaller, id: string, input: PracticeMove): Promise<PracticeAppointment> {
  const organizationId = practiceOf(caller.principal);
  const row = await store.appointment(deps.database, id);
  if (!row || row.organization_id !== organizationId) {
    await recordAudit(deps.database, caller.audit, { action: 'update', entityType: 'Appointment', entityId: id, patientId: row?.patient_id ?? null, outcome: row ? 'denied' : 'not_found', workflow: CALENDAR_WORKFLOW });
    throw notFound();
  }
  if (row.schedule_type === 'Walk-In' || !MOVABLE.has(row.status)) {
    throw fieldError('id', 'movable', `A ${row.schedule_type === 'Walk-In' ? 'walk-in' : row.status} visit cannot be moved`);
  }
  const schedule = await getSchedule(deps.database, input.CalendarId);
  const location = schedule?.location_id ? await getLocation(deps.database, schedule.location_id) : null;
  if (!schedule || location?.OrganizationId !== organizationId) throw fieldError('CalendarId', 'practice', 'must be a calendar of your practice');
  const start = new Date(input.StartTime);
  if (schedule.id === row.schedule_id && start.getTime() === new Date(row.start_at).getTime()) throw fieldError('StartTime', 'different', 'must differ from the current time');
  const moved = await moveBookedAppointment(deps, { ...caller, sessionId: null }, row, { schedule, start, workflow: CALENDAR_WORKFLOW, source: WEB_NAME });
  const [shaped] = await shape(deps, [moved as practiceStore.PracticeRow]);
  return shaped!;
}
