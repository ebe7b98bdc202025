import {
  CALENDAR_WORKFLOW,
  DAY_VISIT_STATUSES,
  PATIENT_HOTLIST_COUNT,
  type AppointmentStatus,
  type CalendarScheduleQuery,
  type PracticeAppointment,
  type PracticeAppointmentSearch,
  type PracticeCalendarContext,
  type ScheduleException,
  type WalkInQueue,
} from '@careslot/contracts';
import { notFoundAudited, practiceOfCaller, recordList, requireFeature } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { getLocation, getOrganization, searchHealthcareServices, searchLocations } from '../organizations';
import { getPractitioners, listPractitionerRoles } from '../people';
import { patientCardsByIds } from '../patients';
import { getSchedule, localDate, localToUtc, searchScheduleDetails } from '../scheduling';
import {
  callNextWalkIn as callNext,
  providerZone,
  toPracticeAppointments as shape,
  UNKNOWN_PATIENT,
  practiceDayReads,
} from '../appointments';

/**
 * The practice's day (practice-portal.md §2.6): read queries over the practice's appointments (calendar
 * search, check-in list, walk-in queue, hotlist) and its calendar context. Changes go through the
 * appointments module (status, participants, calling the next walk-in) and the booking module.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** POST appointments/advance-search (practice side): the caller's practice only; another practice's ids match nothing. */
export async function searchPracticeAppointments(
  deps: Deps,
  context: RequestContext,
  query: PracticeAppointmentSearch,
) {
  const organizationId = practiceOfCaller(context);
  const limit = query.Limit;
  const { rows, total } = await practiceDayReads.searchPractice(
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
  await recordList(
    context,
    'search',
    'appointment',
    rows.map((r) => r.patient_id),
    {
      workflow: CALENDAR_WORKFLOW,
      detail: { total, ids: rows.map((r) => r.id) },
    },
  );
  return { Data: await shape(deps, rows), Total: total };
}

/** The provider, when they hold a role at the caller's practice; anyone else is not found. */
async function practiceProvider(deps: Deps, organizationId: string, providerId: string) {
  const roles = await listPractitionerRoles(deps.database, {
    PractitionerId: providerId,
    OrganizationId: organizationId,
  });
  if (!roles.some((r) => r.Active && r.Code.includes('provider'))) throw notFound();
}

/** [start, end) of a local day (YYYY-MM-DD, default today) in a zone. */
export function dayWindow(
  timeZone: string,
  date: string | undefined,
  now: Date,
): { from: Date; to: Date; date: string } {
  const today = localDate(timeZone, now);
  const [year, month, day] = date ? date.split('-').map(Number) : [today.year, today.month, today.day];
  const from = localToUtc(timeZone, year!, month!, day!, 0) ?? localToUtc(timeZone, year!, month!, day!, 60)!;
  const next = new Date(Date.UTC(year!, month! - 1, day! + 1));
  const to =
    localToUtc(timeZone, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0) ??
    new Date(from.getTime() + 86_400_000);
  const label = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { from, to, date: label };
}

async function providerDay(
  deps: Deps,
  context: RequestContext,
  providerId: string,
  date: string | undefined,
) {
  const organizationId = practiceOfCaller(context);
  await practiceProvider(deps, organizationId, providerId);
  const zone = await providerZone(deps, organizationId, providerId);
  return { organizationId, ...dayWindow(zone, date, deps.clock.now()) };
}

/** The provider's walk-in queue of the day: waiting walk-ins in arrival order, and the one being seen. */
export async function walkInQueue(
  deps: Deps,
  context: RequestContext,
  providerId: string,
  date?: string,
): Promise<WalkInQueue> {
  const day = await providerDay(deps, context, providerId, date);
  const window = {
    practitionerId: providerId,
    organizationId: day.organizationId,
    from: day.from,
    to: day.to,
  };
  const [waiting, current] = await Promise.all([
    practiceDayReads.waitingWalkIns(deps.database, window),
    practiceDayReads.walkInInProgress(deps.database, window),
  ]);
  const shaped = await shape(deps, current ? [...waiting, current] : waiting);
  const entry = (a: PracticeAppointment) => ({
    AppointmentId: a.Id,
    Patient: a.Patient,
    Status: a.Status,
    JoinedAt: a.CreatedOn,
    ReasonsText: a.ReasonsText,
  });
  await recordList(
    context,
    'read',
    'appointment',
    shaped.map((a) => a.Patient.Id),
    {
      entityType: 'WalkInQueue',
      workflow: 'Doctor_Appointment_Web',
      detail: { providerId, ids: shaped.map((a) => a.Id) },
    },
  );
  return {
    ProviderId: providerId,
    Count: waiting.length,
    Data: shaped.slice(0, waiting.length).map((a, index) => ({ Position: index + 1, ...entry(a) })),
    InProgress: current ? entry(shaped[shaped.length - 1]!) : null,
  };
}

/** How many patients wait in the provider's walk-in queue (the logout dialog of §2.7 reads it). */
export async function walkInCount(deps: Deps, context: RequestContext, providerId: string) {
  const day = await providerDay(deps, context, providerId, undefined);
  const waiting = await practiceDayReads.waitingWalkIns(deps.database, {
    practitionerId: providerId,
    organizationId: day.organizationId,
    from: day.from,
    to: day.to,
  });
  return { ProviderId: providerId, Count: waiting.length };
}

/** The provider calls the next walk-in: the head of the queue becomes In Progress; everyone watching hears it. */
export async function callNextWalkIn(
  deps: Deps,
  context: RequestContext,
  providerId: string,
): Promise<WalkInQueue> {
  const day = await providerDay(deps, context, providerId, undefined);
  await callNext(deps, context, {
    providerId,
    organizationId: day.organizationId,
    from: day.from,
    to: day.to,
  });
  return walkInQueue(deps, context, providerId);
}

/** The provider's patient hotlist: the 10 patients seen or booked most recently, up to the end of today. */
export async function patientHotlist(deps: Deps, context: RequestContext, providerId: string) {
  const day = await providerDay(deps, context, providerId, undefined);
  const rows = await practiceDayReads.hotlist(deps.database, {
    practitionerId: providerId,
    organizationId: day.organizationId,
    until: day.to,
    limit: PATIENT_HOTLIST_COUNT,
  });
  const cards = await patientCardsByIds(
    deps.database,
    rows.map((r) => r.patient_id),
  );
  await recordList(
    context,
    'read',
    'appointment',
    rows.map((r) => r.patient_id),
    { entityType: 'PatientHotlist', workflow: 'Doctor_Appointment_Web', detail: { providerId } },
  );
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
export async function checkInList(
  deps: Deps,
  context: RequestContext,
  query: {
    Date?: string | undefined;
    LocationIds?: string[] | undefined;
    ProviderIds?: string[] | undefined;
  },
) {
  const organizationId = practiceOfCaller(context);
  // Access control (decision 0059): the practice may have switched the Check-In Summary off for the caller's roles.
  await requireFeature(context, 'checkInSummary', { workflow: 'Checkin_Summary_Web' });
  const zone = (await getOrganization(deps.database, organizationId))?.TimeZone ?? 'America/New_York';
  const day = dayWindow(zone, query.Date, deps.clock.now());
  const { rows, total } = await practiceDayReads.searchPractice(
    deps.database,
    {
      organizationId,
      from: day.from,
      to: day.to,
      locationIds: query.LocationIds,
      providerIds: query.ProviderIds,
      statuses: [...DAY_VISIT_STATUSES],
    },
    { limit: 1000, offset: 0 },
  );
  await recordList(
    context,
    'search',
    'appointment',
    rows.map((r) => r.patient_id),
    { workflow: 'Checkin_Summary_Web', detail: { total } },
  );
  return { Data: await shape(deps, rows), Total: total };
}

/** The practice's providers, resources, facilities and schedules: what the practice calendar is drawn from. */
export async function calendarContext(deps: Deps, context: RequestContext): Promise<PracticeCalendarContext> {
  const organizationId = practiceOfCaller(context);
  const organization = await getOrganization(deps.database, organizationId);
  if (!organization) throw notFound();
  const [roles, locations, resources] = await Promise.all([
    listPractitionerRoles(deps.database, { OrganizationId: organizationId, Code: ['provider'] }),
    searchLocations(deps.database, { OrganizationId: organizationId, Limit: 1000, Offset: 1 }),
    searchHealthcareServices(deps.database, { OrganizationId: organizationId, Limit: 1000, Offset: 1 }),
  ]);
  const providers = await getPractitioners(deps.database, [
    ...new Set(roles.filter((r) => r.Active).map((r) => r.PractitionerId)),
  ]);
  const schedules = (
    await searchScheduleDetails(deps, { OrganizationId: organizationId }, deps.clock.now())
  ).filter((s) => s.OrganizationId === organizationId);
  const nameOf = (p: (typeof providers)[number]) => {
    const name = p.Name[0];
    return name ? [...name.Prefix, ...name.Given, name.Family].filter(Boolean).join(' ') : p.Id;
  };
  return {
    OrganizationId: organizationId,
    OrganizationName: organization.Name,
    TimeZone: organization.TimeZone,
    Providers: providers
      .map((p) => ({ Id: p.Id, Name: nameOf(p), PhotoUrl: p.Photos[0]?.Url ?? null }))
      .sort((a, b) => a.Name.localeCompare(b.Name)),
    Resources: resources.Data.filter((r) => r.Active).map((r) => ({ Id: r.Id, Name: r.Name })),
    Locations: locations.Data.filter((l) => l.Active).map((l) => ({
      Id: l.Id,
      Name: l.Name,
      TimeZone: l.TimeZone,
    })),
    Schedules: schedules.map((s) => ({
      Id: s.Id,
      PractitionerId: s.PractitionerId,
      HealthcareServiceId: s.HealthcareServiceId,
      LocationId: s.LocationId,
      TimeZone: s.TimeZone,
      SlotMinutes: s.SlotMinutes,
    })),
  };
}

/**
 * Time blocked off the practice's schedules (time off, holidays) overlapping [from, to), for the practice
 * calendar. The scheduling module owns the blocks and their changes; this only reads them across schedules.
 */
export async function blockedTime(
  deps: Deps,
  context: RequestContext,
  range: { from: Date; to: Date },
): Promise<{ Data: ScheduleException[]; Total: number }> {
  const organizationId = practiceOfCaller(context);
  await requireFeature(context, 'calendar', { workflow: CALENDAR_WORKFLOW });
  const schedules = await searchScheduleDetails(deps, { OrganizationId: organizationId }, deps.clock.now());
  const data = schedules
    .filter((s) => s.OrganizationId === organizationId)
    .flatMap((s) => s.Exceptions)
    .filter((e) => Date.parse(e.Start) < range.to.getTime() && Date.parse(e.End) > range.from.getTime())
    .sort((a, b) => a.Start.localeCompare(b.Start));
  return { Data: data, Total: data.length };
}

/**
 * appointments/schedule: the appointments booked on one of the practice's calendars in [From, To), by start.
 * A calendar of another practice, or none, is not found.
 */
export async function calendarSchedule(
  deps: Deps,
  context: RequestContext,
  query: CalendarScheduleQuery,
): Promise<{ Data: PracticeAppointment[]; Total: number }> {
  const organizationId = practiceOfCaller(context);
  // The calendar's own calls (this and blocked time) follow the practice's Calendar switch (decision 0059); the
  // range search stays open, the dashboards' agendas read it too.
  await requireFeature(context, 'calendar', { workflow: CALENDAR_WORKFLOW });
  const schedule = await getSchedule(deps.database, query.CalendarId);
  const location = schedule?.location_id ? await getLocation(deps.database, schedule.location_id) : null;
  const own = !!schedule && (location?.OrganizationId ?? schedule.organization_id) === organizationId;
  // Another practice's calendar answers like an unknown one.
  if (!own)
    return notFoundAudited(context, 'search', 'appointment', query.CalendarId, {
      workflow: CALENDAR_WORKFLOW,
    });
  const { rows, total } = await practiceDayReads.searchPractice(
    deps.database,
    { organizationId, from: new Date(query.From), to: new Date(query.To), calendarIds: [query.CalendarId] },
    { limit: 1000, offset: 0 },
  );
  await recordList(
    context,
    'search',
    'appointment',
    rows.map((r) => r.patient_id),
    {
      workflow: CALENDAR_WORKFLOW,
      detail: { calendarId: query.CalendarId, total, ids: rows.map((r) => r.id) },
    },
  );
  return { Data: await shape(deps, rows), Total: total };
}
