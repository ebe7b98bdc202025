import { authorizePractice, recordList, ROLE_SETS } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { onAppointmentChanged, type AppointmentChanged } from '../appointments';
import { patientCardsByIds } from '../patients';
import { textPdf } from './pdf';
import * as store from './store';
import { xlsxOf } from './xlsx';

/**
 * The practice's reports (practice-portal.md §2.13, §7 Reports): checked-in appointments (AppointmentsReport) and
 * appointment confirmations (AppointmentConfirmationLog), each found (paged), downloaded (CSV or XLSX) and printed
 * (PDF), for the practice's admins. They read the read models the reports consumers keep from the appointment's
 * durable events, never the appointments table.
 */

type Deps = Pick<AppDeps, 'database'>;

export const CHECKIN_REPORT_WORKFLOW = 'Reports_CheckedIn_Appointments_Web';
export const CONFIRMATION_REPORT_WORKFLOW = 'Reports_Appointment_Confirmations_Web';

export type ReportKind = 'checkins' | 'confirmations';
export type FileFormat = 'csv' | 'xlsx';

export interface ReportQuery {
  OrganizationId?: string | undefined;
  From: string;
  To: string;
  PageNumber: number;
  PageSize: number;
}

interface BaseRow {
  AppointmentId: string;
  PatientId: string;
  PatientName: string | null;
  StartTime: string;
  PractitionerId: string | null;
  LocationId: string | null;
}
export interface CheckinReportRow extends BaseRow {
  CheckedInAt: string;
}
export interface ConfirmationReportRow extends BaseRow {
  ConfirmedAt: string;
  /** Patient: from the message's confirm link; Practice: by the practice's user. */
  ConfirmedBy: 'Patient' | 'Practice';
}
type AnyRow = CheckinReportRow | ConfirmationReportRow;

/** The reports consumers (idempotent: one row per visit, upserted). */
export function registerReportConsumers(deps: Pick<AppDeps, 'database' | 'events'>): void {
  const visit = (change: AppointmentChanged, organizationId: string, eventId: string): store.ReportVisit => ({
    appointment_id: change.appointmentId,
    organization_id: organizationId,
    patient_id: change.patientId,
    practitioner_id: change.practitionerId,
    location_id: change.locationId,
    startTime: change.startTime,
    at: change.at.toISOString(),
    eventId,
  });
  onAppointmentChanged(deps.events, 'reports.checkins', async (change, event) => {
    if (change.kind !== 'checked_in' || !change.organizationId) return;
    await store.upsertVisit(deps.database, 'checkins', visit(change, change.organizationId, event.id));
  });
  onAppointmentChanged(deps.events, 'reports.confirmations', async (change, event) => {
    if (change.status !== 'Confirmed' || change.previousStatus === 'Confirmed' || !change.organizationId)
      return;
    await store.upsertVisit(deps.database, 'confirmations', visit(change, change.organizationId, event.id), [
      change.byPractice ? 'Practice' : 'Patient',
    ]);
  });
}

const REPORTS = {
  checkins: {
    entityType: 'CheckedInAppointmentsReport',
    workflow: CHECKIN_REPORT_WORKFLOW,
    title: 'Checked-in appointments',
    headers: ['Patient', 'Visit time (UTC)', 'Checked in at (UTC)', 'Appointment id'],
    atLabel: 'Checked in (UTC)',
  },
  confirmations: {
    entityType: 'AppointmentConfirmationsReport',
    workflow: CONFIRMATION_REPORT_WORKFLOW,
    title: 'Appointment confirmations',
    headers: ['Patient', 'Visit time (UTC)', 'Confirmed at (UTC)', 'Confirmed by', 'Appointment id'],
    atLabel: 'Confirmed (UTC)',
  },
} as const;

const iso = (value: Date | string) => new Date(value).toISOString();

async function read(
  deps: Deps,
  context: RequestContext,
  kind: ReportKind,
  query: ReportQuery,
  action: 'find' | 'download' | 'print',
  all: boolean,
): Promise<{ Data: AnyRow[]; Total: number }> {
  const report = REPORTS[kind];
  const organizationId = (await authorizePractice(
    context,
    'search',
    {
      organizationId: query.OrganizationId ?? null,
      inCallersPractice: query.OrganizationId === undefined,
      entityType: report.entityType,
      id: null,
      workflow: report.workflow,
    },
    { roles: ROLE_SETS.ADMINS, audit: 'refusals' },
  ))!;
  const filter = {
    organizationId,
    from: `${query.From}T00:00:00Z`,
    toExclusive: new Date(Date.parse(`${query.To}T00:00:00Z`) + 86_400_000).toISOString(),
    offset: all ? 0 : (query.PageNumber - 1) * query.PageSize,
    limit: all ? 10_000 : query.PageSize,
  };
  const { rows, total } =
    kind === 'checkins'
      ? await store.checkins(deps.database, filter)
      : await store.confirmations(deps.database, filter);
  const names = await patientCardsByIds(deps.database, [...new Set(rows.map((r) => r.patient_id))]);
  // The report's logged activity (§2.13: filters, download, print, pagination): the action and page, no values.
  await recordList(
    context,
    'search',
    'appointment',
    rows.map((r) => r.patient_id),
    { entityType: report.entityType, workflow: report.workflow, detail: { action, page: query.PageNumber } },
  );
  return {
    Total: total,
    Data: rows.map((r): AnyRow => {
      const card = names.get(r.patient_id);
      const base: BaseRow = {
        AppointmentId: r.appointment_id,
        PatientId: r.patient_id,
        PatientName: card ? `${card.FirstName} ${card.LastName}` : null,
        StartTime: iso(r.start_time),
        PractitionerId: r.practitioner_id,
        LocationId: r.location_id,
      };
      return 'checked_in_at' in r
        ? { ...base, CheckedInAt: iso(r.checked_in_at) }
        : {
            ...base,
            ConfirmedAt: iso(r.confirmed_at),
            ConfirmedBy: r.confirmed_by === 'Practice' ? 'Practice' : 'Patient',
          };
    }),
  };
}

export const findReport = (deps: Deps, context: RequestContext, kind: ReportKind, query: ReportQuery) =>
  read(deps, context, kind, query, 'find', false);

const eventAt = (r: AnyRow) => ('CheckedInAt' in r ? r.CheckedInAt : r.ConfirmedAt);
const line = (r: AnyRow) =>
  'CheckedInAt' in r
    ? [r.PatientName ?? '', r.StartTime, r.CheckedInAt, r.AppointmentId]
    : [r.PatientName ?? '', r.StartTime, r.ConfirmedAt, r.ConfirmedBy, r.AppointmentId];
export const cell = (value: string) =>
  `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** The whole range as a file: CSV (RFC 4180, CRLF) or an Excel workbook. */
export async function reportFile(
  deps: Deps,
  context: RequestContext,
  kind: ReportKind,
  query: ReportQuery,
  format: FileFormat,
): Promise<Buffer> {
  const { Data } = await read(deps, context, kind, query, 'download', true);
  const headers = [...REPORTS[kind].headers];
  if (format === 'xlsx') return xlsxOf(REPORTS[kind].title, headers, Data.map(line));
  return Buffer.from(
    [headers, ...Data.map(line)].map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n',
    'utf8',
  );
}

/** The range laid out for paper (Letter, monospaced columns). */
export async function reportPdf(
  deps: Deps,
  context: RequestContext,
  kind: ReportKind,
  query: ReportQuery,
): Promise<Buffer> {
  const { Data, Total } = await read(deps, context, kind, query, 'print', true);
  const at = (value: string) => value.replace('T', ' ').slice(0, 16);
  const by = (r: AnyRow) => ('ConfirmedBy' in r ? ` ${r.ConfirmedBy}` : '');
  return textPdf(`${REPORTS[kind].title} ${query.From} to ${query.To}: ${Total}`, [
    `${'Patient'.padEnd(32)} ${'Visit (UTC)'.padEnd(17)} ${REPORTS[kind].atLabel}`,
    ...Data.map(
      (r) =>
        `${(r.PatientName ?? '').slice(0, 32).padEnd(32)} ${at(r.StartTime).padEnd(17)} ${at(eventAt(r))}${by(r)}`,
    ),
  ]);
}
