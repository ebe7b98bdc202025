import type {
  AppointmentCounts,
  AppointmentRequest,
  AppointmentRequestsQuery,
  AppointmentStatus,
  Paging,
  RequestActivity,
  RequestActivityQuery,
} from '@careslot/contracts';
import { reasonsText } from '@careslot/domain';
import {
  authorizePractice,
  holdsRole,
  practiceOfCaller,
  recordList,
  requireFeature,
  ROLE_SETS,
} from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { getLocations } from '../organizations';
import { getPatientById } from '../patients';
import { getPractitioners, listPractitionerRoles } from '../people';
import { localToUtc } from '../scheduling';
import { providerZone } from './practice';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock'>;
export interface PersonName {
  first_name: string;
  last_name: string;
}

/** A provider who is not also an admin or staff member sees their own requests only. */
function ownOnly(context: RequestContext): string | undefined {
  const broader = holdsRole(context, ROLE_SETS.CALENDAR_KEEPERS);
  return !broader && holdsRole(context, ROLE_SETS.PROVIDERS) ? (context.userId ?? undefined) : undefined;
}

/** The spec's paging (1-based Offset, Limit 0 = all) as SQL offset and limit. */
function page(paging: Pick<Paging, 'Offset' | 'Limit'>): { skip: number; limit: number | null } {
  if (paging.Limit === 0) return { skip: 0, limit: null };
  return { skip: (Math.max(paging.Offset, 1) - 1) * paging.Limit, limit: paging.Limit };
}

/** Names of practitioners by id, as {first_name, last_name}, with their first photo. */
export async function practitionerNames(deps: Pick<AppDeps, 'database'>, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const found = wanted.length ? await getPractitioners(deps.database, wanted) : [];
  return new Map(
    found.map((p) => [
      p.Id,
      {
        name: { first_name: p.Name[0]?.Given.join(' ') ?? '', last_name: p.Name[0]?.Family ?? '' },
        photo: p.Photos[0]?.Url ?? null,
      },
    ]),
  );
}

/** A patient's name as the practice lists it. */
export async function patientName(
  deps: Pick<AppDeps, 'database'>,
  id: string,
): Promise<{ name: PersonName; birthDate: string | null; gender: string | null }> {
  const patient = await getPatientById(deps.database, id);
  const name = patient?.Name.find((n) => n.Use === 'Official') ?? patient?.Name[0];
  return {
    name: { first_name: name?.Given.join(' ') ?? '', last_name: name?.Family ?? '' },
    birthDate: patient?.BirthDate ?? null,
    gender: patient?.Gender ?? null,
  };
}

/** The names of the forms a booking answered (custom form entries carry a Name or a Title). */
function formNames(forms: unknown[]): string[] {
  return forms.flatMap((form) => {
    const f = form as Record<string, unknown>;
    const name = [f.Name, f.Title, f.FormName].find(
      (v): v is string => typeof v === 'string' && v.trim() !== '',
    );
    return name ? [name] : [];
  });
}

/** POST appointments/requests/get: the caller's practice's pending appointments (Pending_Appointment_List_Web). */
export async function listRequests(
  deps: Deps,
  context: RequestContext,
  query: AppointmentRequestsQuery,
): Promise<{ Data: AppointmentRequest[]; Total: number }> {
  const organizationId = practiceOfCaller(context);
  // Access control (decision 0059): the practice may have switched Requests off for the caller's roles.
  await requireFeature(context, 'requests', { workflow: 'Pending_Appointment_List_Web' });
  const own = ownOnly(context);
  if (own && query.ProviderId && query.ProviderId !== own) return { Data: [], Total: 0 };
  const { skip, limit } = page(query);
  const rows = await store.pendingRequests(deps.database, {
    organizationId,
    practitionerId: own ?? query.ProviderId,
    locationId: query.LocationId,
    order: query.OrderBy,
    skip,
    limit,
  });
  const providers = await practitionerNames(
    deps,
    rows.map((r) => r.practitioner_id),
  );
  const locationIds = [...new Set(rows.flatMap((r) => (r.location_id ? [r.location_id] : [])))];
  const locations = new Map(
    (locationIds.length ? await getLocations(deps.database, locationIds) : []).map((l) => [l.Id, l]),
  );
  const data: AppointmentRequest[] = [];
  for (const row of rows) {
    const patient = await patientName(deps, row.patient_id);
    const provider = row.practitioner_id ? providers.get(row.practitioner_id) : undefined;
    const location = row.location_id ? locations.get(row.location_id) : undefined;
    data.push({
      Id: row.id,
      Status: row.status as AppointmentStatus,
      StartTime: new Date(row.start_at).toISOString(),
      EndTime: new Date(row.end_at).toISOString(),
      TimeZone: location?.TimeZone ?? 'UTC',
      AppointmentType: row.appointment_type,
      ScheduleType: row.schedule_type,
      ReasonsText: reasonsText(row.reasons as { Id?: string | null; Name?: string | null }[]),
      Patient: {
        Id: row.patient_id,
        name: patient.name,
        BirthDate: patient.birthDate,
        Gender: patient.gender,
      },
      Provider: {
        Id: row.practitioner_id,
        name: provider?.name ?? null,
        profile_picture_uri: provider?.photo ?? null,
      },
      LocationName: location?.Name ?? null,
      FormsAnswered: formNames(row.custom_forms),
      RequestedOn: new Date(row.created_at).toISOString(),
    });
  }
  await recordList(
    context,
    'search',
    'appointment',
    rows.map((r) => r.patient_id),
    {
      workflow: 'Pending_Appointment_List_Web',
      detail: { organizationId, appointments: data.length },
    },
  );
  return { Data: data, Total: rows[0]?.total ?? 0 };
}

/** POST appointmentrequestactivity/logs/get: who accepted or declined which request, when and why. */
export async function listRequestActivity(
  deps: Deps,
  context: RequestContext,
  query: RequestActivityQuery,
): Promise<{ Data: RequestActivity[]; Total: number }> {
  const organizationId = practiceOfCaller(context);
  const { skip, limit } = page(query);
  const rows = await store.requestActivity(deps.database, {
    organizationId,
    appointmentId: query.AppointmentId,
    practitionerId: ownOnly(context),
    order: query.OrderBy,
    skip,
    limit,
  });
  const actors = await practitionerNames(
    deps,
    rows.map((r) => r.actor_id),
  );
  const data: RequestActivity[] = [];
  for (const row of rows) {
    const patient = await patientName(deps, row.patient_id);
    data.push({
      Id: row.id,
      AppointmentId: row.appointment_id,
      FromStatus: row.from_status as AppointmentStatus,
      ToStatus: row.to_status as AppointmentStatus,
      Reason: row.reason,
      ChangedBy: { Id: row.actor_id, name: (row.actor_id ? actors.get(row.actor_id)?.name : null) ?? null },
      ChangedOn: new Date(row.changed_at).toISOString(),
      Workflow: row.workflow,
      PatientName: patient.name,
      AppointmentTime: new Date(row.start_at).toISOString(),
    });
  }
  await recordList(
    context,
    'search',
    'appointment',
    rows.map((r) => r.patient_id),
    {
      entityType: 'AppointmentRequestActivity',
      detail: { organizationId, entries: data.length },
    },
  );
  return { Data: data, Total: rows[0]?.total ?? 0 };
}

/**
 * GET Appointments/providers/{id}/appointments/count: {WalkinCount, ScheduledCount, PendingCount} of the
 * provider's day (the date in the given zone, else in the provider's own; today by default) and their
 * requests still to come. The provider themself or their practice's staff and admins; anyone else 404.
 */
export async function providerCounts(
  deps: Pick<AppDeps, 'database' | 'clock' | 'realtime' | 'events'>,
  context: RequestContext,
  input: { practitionerId: string; date?: string | undefined; timeZone?: string | undefined },
): Promise<AppointmentCounts> {
  const organizationId = practiceOfCaller(context);
  const roles = await listPractitionerRoles(deps.database, {
    PractitionerId: input.practitionerId,
    OrganizationId: organizationId,
  });
  // The provider's day is their practice's while they are active there: its calendar keepers' and their own;
  // another provider of the practice 403 (decision 0080).
  await authorizePractice(
    context,
    'read',
    {
      entityType: 'ProviderDay',
      id: input.practitionerId,
      organizationId: roles.some((r) => r.Active) ? organizationId : null,
    },
    {
      roles: ROLE_SETS.CALENDAR_KEEPERS,
      superUser: false,
      self: { id: input.practitionerId, roles: ROLE_SETS.PROVIDERS },
      audit: 'refusals',
    },
  );
  const now = deps.clock.now();
  // The provider's day where none is asked for: the same day as their queue and their day's visits.
  const zone = input.timeZone ?? (await providerZone(deps, organizationId, input.practitionerId));
  const date = input.date ?? dateIn(now, zone);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const from = localToUtc(zone, year, month, day, 0);
  const to = localToUtc(zone, year, month, day + 1, 0);
  if (!from || !to) throw fieldError('querystring.date', 'invalid_date', 'must be a real date');
  const counts = await store.providerCounts(deps.database, {
    practitionerId: input.practitionerId,
    organizationId,
    from,
    to,
    now,
  });
  return { WalkinCount: counts.walkin, ScheduledCount: counts.scheduled, PendingCount: counts.pending };
}

function dateIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
