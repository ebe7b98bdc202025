import type { Appointment, AppointmentStatus, PaymentTransaction } from '@careslot/contracts';
import { reasonsText } from '@careslot/domain';
import { recordAudit, type AuditContext } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { canReadPatient } from '../directory';
import { toTransaction, transactionsOfAppointment } from '../payments';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime'>;

export interface Caller {
  principal: Principal;
  audit: AuditContext;
  /** The hold session of the browser (SessionId cookie, else the signed-in user), as scheduling knows it. */
  sessionId: string | null;
}

export const PRACTICE_ROLES = new Set(['provider', 'staff', 'practiceadmin']);

export async function mayRead(deps: Deps, principal: Principal, row: store.AppointmentRow): Promise<boolean> {
  if (principal.organizationId && row.organization_id === principal.organizationId && principal.roles.some((r) => PRACTICE_ROLES.has(r))) return true;
  return canReadPatient(deps.database, principal, row.patient_id);
}

/** GET Appointments/{id}: the patient (or their family's account holder) and the practice; 404 for anyone else. */
export async function getAppointment(deps: Deps, caller: Omit<Caller, 'sessionId'>, id: string): Promise<Appointment> {
  const row = await store.appointment(deps.database, id);
  const allowed = row ? await mayRead(deps, caller.principal, row) : false;
  await recordAudit(deps.database, caller.audit, {
    action: 'read',
    entityType: 'Appointment',
    entityId: id,
    patientId: row?.patient_id ?? null,
    outcome: !row ? 'not_found' : allowed ? 'success' : 'denied',
  });
  if (!row || !allowed) throw notFound();
  return toAppointment(deps, row);
}

/** An appointment row as the API shows it (patient-booking.md §3.5), with its payments. */
export async function toAppointment(deps: Pick<Deps, 'database'>, row: store.AppointmentRow): Promise<Appointment> {
  const id = row.id;
  const payments: PaymentTransaction[] = (await transactionsOfAppointment(deps.database, id)).map(toTransaction);
  const reasons = row.reasons as Appointment['Reasons'];
  return {
    Id: row.id,
    Identifier: [],
    Reasons: reasons,
    ReasonsText: reasonsText(reasons),
    ServiceCategory: row.service_category as Appointment['ServiceCategory'],
    ServiceType: row.service_type as Appointment['ServiceType'],
    CustomForms: row.custom_forms as Appointment['CustomForms'],
    Consents: row.consents as Appointment['Consents'],
    BookingSystem: row.booking_system as Appointment['BookingSystem'],
    Payments: payments,
    PatientCoverages: row.coverages as Appointment['PatientCoverages'],
    RelatedPaymentTransactions: payments.map((p) => p.Id),
    Invoices: [],
    Participants: row.participants as Appointment['Participants'],
    StartTime: new Date(row.start_at).toISOString(),
    EndTime: new Date(row.end_at).toISOString(),
    CalendarId: row.schedule_id,
    OrganizationId: row.organization_id,
    LocationId: row.location_id,
    ScheduleType: row.schedule_type,
    AppointmentType: row.appointment_type,
    Status: row.status as AppointmentStatus,
    StatusReason: row.status_reason ?? null,
    CreatedBy: row.created_by,
    AuditTrail: row.audit_trail,
    VirtualServiceDetail: { MeetingId: row.meeting_id },
  };
}
