import { authorizePractice, recordList, ROLE_SETS } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { onAppointmentChanged } from '../appointments';
import { patientCardsByIds } from '../patients';
import { textPdf } from './pdf';
import * as store from './store';

/**
 * The checked-in appointments report (practice-portal.md §2.13, §7 AppointmentsReport): found (paged), downloaded
 * (CSV) and printed (PDF), for the practice's admins. It reads the read model the reports consumer keeps from the
 * appointment's durable events, never the appointments table.
 */

type Deps = Pick<AppDeps, 'database'>;

export const CHECKIN_REPORT_WORKFLOW = 'Reports_CheckedIn_Appointments_Web';

export interface CheckinQuery {
  OrganizationId?: string | undefined;
  From: string;
  To: string;
  PageNumber: number;
  PageSize: number;
}

export interface CheckinReportRow {
  AppointmentId: string;
  PatientId: string;
  PatientName: string | null;
  StartTime: string;
  CheckedInAt: string;
  PractitionerId: string | null;
  LocationId: string | null;
}

/** The reports consumer (idempotent: one row per visit, upserted). */
export function registerReportConsumers(deps: Pick<AppDeps, 'database' | 'events'>): void {
  onAppointmentChanged(deps.events, 'reports.checkins', async (change, event) => {
    if (change.kind !== 'checked_in' || !change.organizationId) return;
    await store.upsertCheckin(deps.database, {
      appointment_id: change.appointmentId,
      organization_id: change.organizationId,
      patient_id: change.patientId,
      practitioner_id: change.practitionerId,
      location_id: change.locationId,
      startTime: change.startTime,
      checkedInAt: change.at.toISOString(),
      eventId: event.id,
    });
  });
}

async function read(
  deps: Deps,
  context: RequestContext,
  query: CheckinQuery,
  action: 'find' | 'download' | 'print',
  all: boolean,
): Promise<{ Data: CheckinReportRow[]; Total: number }> {
  const organizationId = (await authorizePractice(
    context,
    'search',
    {
      organizationId: query.OrganizationId ?? null,
      inCallersPractice: query.OrganizationId === undefined,
      entityType: 'CheckedInAppointmentsReport',
      id: null,
      workflow: CHECKIN_REPORT_WORKFLOW,
    },
    { roles: ROLE_SETS.ADMINS, audit: 'refusals' },
  ))!;
  const toExclusive = new Date(Date.parse(`${query.To}T00:00:00Z`) + 86_400_000).toISOString();
  const { rows, total } = await store.checkins(deps.database, {
    organizationId,
    from: `${query.From}T00:00:00Z`,
    toExclusive,
    offset: all ? 0 : (query.PageNumber - 1) * query.PageSize,
    limit: all ? 10_000 : query.PageSize,
  });
  const names = await patientCardsByIds(deps.database, [...new Set(rows.map((r) => r.patient_id))]);
  // The report's logged activity (§2.13: filters, download, print, pagination): the action and page, no values.
  await recordList(
    context,
    'search',
    'appointment',
    rows.map((r) => r.patient_id),
    {
      entityType: 'CheckedInAppointmentsReport',
      workflow: CHECKIN_REPORT_WORKFLOW,
      detail: { action, page: query.PageNumber },
    },
  );
  return {
    Total: total,
    Data: rows.map((r) => {
      const card = names.get(r.patient_id);
      return {
        AppointmentId: r.appointment_id,
        PatientId: r.patient_id,
        PatientName: card ? `${card.FirstName} ${card.LastName}` : null,
        StartTime: new Date(r.start_time).toISOString(),
        CheckedInAt: new Date(r.checked_in_at).toISOString(),
        PractitionerId: r.practitioner_id,
        LocationId: r.location_id,
      };
    }),
  };
}

export const findCheckins = (deps: Deps, context: RequestContext, query: CheckinQuery) =>
  read(deps, context, query, 'find', false);

const HEADERS = ['Patient', 'Visit time (UTC)', 'Checked in at (UTC)', 'Appointment id'];
const cell = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;
const line = (r: CheckinReportRow) => [r.PatientName ?? '', r.StartTime, r.CheckedInAt, r.AppointmentId];

export async function checkinsCsv(deps: Deps, context: RequestContext, query: CheckinQuery): Promise<string> {
  const { Data } = await read(deps, context, query, 'download', true);
  return [HEADERS, ...Data.map(line)].map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n';
}

export async function checkinsPdf(deps: Deps, context: RequestContext, query: CheckinQuery): Promise<Buffer> {
  const { Data, Total } = await read(deps, context, query, 'print', true);
  const at = (iso: string) => iso.replace('T', ' ').slice(0, 16);
  return textPdf(`Checked-in appointments ${query.From} to ${query.To}: ${Total}`, [
    `${'Patient'.padEnd(32)} ${'Visit (UTC)'.padEnd(17)} Checked in (UTC)`,
    ...Data.map(
      (r) =>
        `${(r.PatientName ?? '').slice(0, 32).padEnd(32)} ${at(r.StartTime).padEnd(17)} ${at(r.CheckedInAt)}`,
    ),
  ]);
}
