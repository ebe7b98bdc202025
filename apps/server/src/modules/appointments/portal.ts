import {
  PORTAL_ACTIVE_STATUSES,
  PORTAL_MESSAGES,
  type Appointment,
  type AppointmentStatus,
  type Practitioner,
  type PortalAppointment,
  withinPortalCutoff,
} from '@careslot/contracts';
import { reasonsText } from '@careslot/domain';
import { authorize, notFoundAudited, type Relation } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { getLocation, portalSettingsOf } from '../organizations';
import { getPatientById } from '../patients';
import { getPractitioner } from '../people';
import { cancellationFeeOf, transactionsOfAppointment } from '../payments';
import { getSchedule } from '../scheduling';
import { changeAppointmentStatus } from './status';
import * as store from './store';

/**
 * The patient's own appointments in the portal (the spec's {portalBase}): list, details, cancel with a
 * reason, calendar file (the reschedule is a booking: modules/booking). Every call is scoped to the patient (or their
 * family's account holder): anyone else gets 404, whatever their role.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;
const PORTAL_WORKFLOW = 'Patient_Portal_Web';

const ACTIVE = new Set<string>(PORTAL_ACTIVE_STATUSES);

function providerOf(practitioner: Practitioner | null): PortalAppointment['Provider'] {
  if (!practitioner) return null;
  const name = practitioner.Name[0];
  const given = name?.Given.join(' ') ?? '';
  const family = name?.Family ?? '';
  const prefix = name?.Prefix.join(' ') || null;
  const suffix = name?.Suffix ?? null;
  return {
    Id: practitioner.Id,
    Title: name?.Title ?? null,
    Prefix: prefix,
    Given: given,
    Family: family,
    Suffix: suffix,
    DisplayName: [[prefix, given, family].filter(Boolean).join(' '), suffix].filter(Boolean).join(', '),
    Speciality: practitioner.Specialities[0]?.Name ?? null,
    Photo: practitioner.Photos[0]?.Url ?? null,
    HidePublicProfile: practitioner.HidePublicProfile,
  };
}

export async function toPortal(
  deps: Pick<AppDeps, 'database'>,
  row: store.AppointmentRow,
  now: Date,
): Promise<PortalAppointment> {
  const [practitioner, location, schedule, patient, payments, settings] = await Promise.all([
    row.practitioner_id ? getPractitioner(deps.database, row.practitioner_id) : null,
    row.location_id ? getLocation(deps.database, row.location_id) : null,
    getSchedule(deps.database, row.schedule_id),
    getPatientById(deps.database, row.patient_id),
    transactionsOfAppointment(deps.database, row.id),
    row.organization_id ? portalSettingsOf(deps.database, row.organization_id) : null,
  ]);
  const participant = (
    row.participants as { Type: string; ParticipantId: string; FirstName?: string; LastName?: string }[]
  ).find((p) => p.Type === 'Patient');
  const name = patient?.Name[0];
  const payment = payments[0];
  const start = new Date(row.start_at);
  const active = ACTIVE.has(row.status);
  const tooLate = !!settings && withinPortalCutoff(settings, start, now);
  const address = location?.address;
  return {
    Id: row.id,
    Status: row.status as AppointmentStatus,
    AppointmentType: row.appointment_type,
    ScheduleType: row.schedule_type,
    StartTime: start.toISOString(),
    EndTime: new Date(row.end_at).toISOString(),
    TimeZone: schedule?.time_zone ?? location?.TimeZone ?? 'UTC',
    CalendarId: row.schedule_id,
    ReasonsText: reasonsText(row.reasons as Appointment['Reasons']),
    Patient: {
      Id: row.patient_id,
      FirstName: participant?.FirstName ?? name?.Given?.[0] ?? '',
      LastName: participant?.LastName ?? name?.Family ?? '',
    },
    Provider: providerOf(practitioner),
    Facility: location
      ? {
          Id: location.Id,
          Name: location.Name,
          OrganizationId: location.OrganizationId,
          AddressLines: address
            ? [
                address.address1,
                address.address2,
                `${address.city}, ${address.state} ${address.zip_code}`,
              ].filter((l): l is string => !!l && l.trim() !== '')
            : [],
          Phone: location.Phone,
        }
      : null,
    Payment: payment
      ? {
          Status: payment.status,
          PaidAmount: payment.amount_cents / 100,
          CardDetails: payment.card_details ?? null,
        }
      : null,
    CancelReason: row.status === 'Canceled' ? (row.status_reason ?? null) : null,
    DeclineReason: row.status === 'Rejected' ? (row.status_reason ?? null) : null,
    // The practice's portal settings decide what its patients may do online (issue 30, item 15).
    CanCancel: active && start > now && settings?.AllowOnlineCancellation !== false && !tooLate,
    CanReschedule:
      active &&
      start > now &&
      row.schedule_type !== 'Walk-In' &&
      settings?.AllowOnlineReschedule !== false &&
      !tooLate,
  };
}

/** The portal is the patient's: the patient themself or their family's account holder, nobody else. */
const personal = (relation: Relation) => relation === 'self' || relation === 'family';

/** The appointment, if the caller is its patient or their account holder; 404 otherwise (also for the practice). */
export async function ownAppointment(
  deps: Deps,
  context: RequestContext,
  id: string,
  action: 'read' | 'update',
): Promise<store.AppointmentRow> {
  const row = await store.appointment(deps.database, id);
  if (!row) return notFoundAudited(context, action, 'appointment', id, { workflow: PORTAL_WORKFLOW });
  await authorize(
    context,
    action,
    {
      kind: 'appointment',
      id,
      patientId: row.patient_id,
      organizationId: row.organization_id,
      workflow: PORTAL_WORKFLOW,
    },
    personal,
  );
  return row;
}

export async function listPatientAppointments(
  deps: Deps,
  context: RequestContext,
  patientId: string,
  when: 'upcoming' | 'past',
): Promise<PortalAppointment[]> {
  // The list's access is the patient's record: one audited decision per patient whose visits it shows.
  const readList = (id: string) =>
    authorize(
      context,
      'read',
      {
        kind: 'patient',
        id,
        patientId: id,
        entityType: 'Appointment',
        workflow: PORTAL_WORKFLOW,
        detail: { when },
      },
      personal,
    );
  await readList(patientId);
  // The account holder's own list shows the visits of everyone they book for too (issue 30 item 2), each
  // marked with its patient's name; a family member's list stays their own.
  const family =
    context.patientId === patientId
      ? await context.access.relations.familyOf(context.access.database, patientId)
      : [];
  for (const member of family) await readList(member);
  const now = deps.clock.now();
  const rows = await store.appointmentsOfPatient(deps.database, {
    patientIds: [patientId, ...family],
    when,
    now,
    active: [...ACTIVE],
  });
  return Promise.all(rows.map((row) => toPortal(deps, row, now)));
}

export async function patientAppointment(
  deps: Deps,
  context: RequestContext,
  id: string,
): Promise<PortalAppointment> {
  return toPortal(deps, await ownAppointment(deps, context, id, 'read'), deps.clock.now());
}

/**
 * The patient calls their visit off, with a reason: the status change of the practice's status calls
 * (Canceled: the slot's place comes back with a slot event, AppointmentStatusUpdated is pushed), allowed
 * only before the visit starts.
 */
export async function cancelPatientAppointment(
  deps: Deps,
  context: RequestContext,
  id: string,
  reason: string,
): Promise<PortalAppointment> {
  const row = await ownAppointment(deps, context, id, 'update');
  const now = deps.clock.now();
  if (!ACTIVE.has(row.status) || new Date(row.start_at) <= now)
    throw fieldError('id', 'cancelable', PORTAL_MESSAGES.notCancelable);
  await changeAppointmentStatus(deps, context, {
    id,
    family: row.appointment_type === 'TeleHealth' ? 'Tele' : 'Office',
    status: 'Canceled',
    reason,
    workflow: 'Appointment_Cancel_Web',
  });
  const answer = await patientAppointment(deps, context, id);
  // The payments consumer refunds in the background (decision 0082); the answer says what it decides, by the
  // same rule at the same time (the patient acting for themself is held to the policy, as the event says).
  if (answer.Payment?.Status !== 'Captured') return answer;
  const fee = await cancellationFeeOf(deps, {
    appointmentId: id,
    organizationId: row.organization_id,
    start: new Date(row.start_at),
    cancelledAt: now,
    byPractice: context.userId !== row.patient_id,
  });
  return fee.outcome === 'refunded'
    ? { ...answer, Payment: { ...answer.Payment, Status: 'Refunded' } }
    : answer;
}

/** RFC 5545 text escaping. */
function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = char;
    } else current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const icsDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The appointment as an iCalendar file (RFC 5545): one VEVENT in UTC, with where and with whom. */
export async function appointmentCalendarFile(
  deps: Deps,
  context: RequestContext,
  id: string,
  origin: string,
): Promise<string> {
  return calendarFileOf(await patientAppointment(deps, context, id), origin, deps.clock.now());
}

/** The iCalendar text of an appointment as the portal shows it (the download and the confirmation e-mail's .ics). */
export function calendarFileOf(item: PortalAppointment, origin: string, now: Date): string {
  const who = item.Provider?.DisplayName ?? item.Facility?.Name ?? 'CareSlot';
  const where =
    item.AppointmentType === 'TeleHealth'
      ? 'Video visit (CareSlot)'
      : [item.Facility?.Name, ...(item.Facility?.AddressLines ?? [])].filter(Boolean).join(', ');
  const url = `${origin}/portal/health/appointments/${item.AppointmentType === 'TeleHealth' ? 'telehealth' : 'office'}/details/${item.Id}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CareSlot//Patient Portal//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${item.Id}@careslot`,
    `DTSTAMP:${icsDate(now)}`,
    `DTSTART:${icsDate(new Date(item.StartTime))}`,
    `DTEND:${icsDate(new Date(item.EndTime))}`,
    `SUMMARY:${icsText(`Appointment with ${who}`)}`,
    `DESCRIPTION:${icsText(`Reason: ${item.ReasonsText}\nManage your appointment: ${url}`)}`,
    ...(where ? [`LOCATION:${icsText(where)}`] : []),
    `URL:${url}`,
    `STATUS:${item.Status === 'Pending' ? 'TENTATIVE' : item.Status === 'Canceled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/**
 * A patient's appointments as the portal shows them, for a caller already authorized for the patient's
 * record (the support overview authorizes with the agent's stated purpose first).
 */
export async function appointmentsOfAuthorizedPatient(
  deps: Deps,
  patientId: string,
): Promise<{ upcoming: PortalAppointment[]; past: PortalAppointment[] }> {
  const now = deps.clock.now();
  const [upcoming, past] = await Promise.all(
    (['upcoming', 'past'] as const).map(async (when) => {
      const rows = await store.appointmentsOfPatient(deps.database, {
        patientIds: [patientId],
        when,
        now,
        active: [...ACTIVE],
      });
      return Promise.all(rows.map((row) => toPortal(deps, row, now)));
    }),
  );
  return { upcoming: upcoming!, past: past! };
}
