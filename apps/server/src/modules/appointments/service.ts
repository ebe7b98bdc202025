import type { Appointment, AppointmentStatus, PaymentTransaction } from '@careslot/contracts';
import { reasonsText } from '@careslot/domain';
import { authorize, canSeePracticeObject, notFoundAudited } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { toTransaction, transactionsOfAppointment } from '../payments';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;

/** Whether the caller may see this appointment (the policy's rule, unaudited: for filters and rooms). */
export function mayRead(context: RequestContext, row: store.AppointmentRow): Promise<boolean> {
  return canSeePracticeObject(context, 'appointment', {
    id: row.id,
    patientId: row.patient_id,
    organizationId: row.organization_id,
  });
}

/**
 * GET Appointments/{id}: the patient (or their family's account holder) and the appointment's own practice;
 * 404 for anyone else, another practice that cares for the same patient included.
 */
export async function getAppointment(
  deps: Pick<Deps, 'database'>,
  context: RequestContext,
  id: string,
): Promise<Appointment> {
  const row = await store.appointment(deps.database, id);
  if (!row) return notFoundAudited(context, 'read', 'appointment', id);
  await authorize(context, 'read', {
    kind: 'appointment',
    id,
    patientId: row.patient_id,
    organizationId: row.organization_id,
  });
  return toAppointment(deps, row);
}

/** An appointment row as the API shows it (patient-booking.md §3.5), with its payments. */
export async function toAppointment(
  deps: Pick<Deps, 'database'>,
  row: store.AppointmentRow,
): Promise<Appointment> {
  const id = row.id;
  const payments: PaymentTransaction[] = (await transactionsOfAppointment(deps.database, id)).map(
    toTransaction,
  );
  const reasons = row.reasons as Appointment['Reasons'];
  return {
    Id: row.id,
    Identifier: (row.identifiers ?? []) as Appointment['Identifier'],
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
