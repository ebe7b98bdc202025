import {
  PORTAL_ACTIVE_STATUSES,
  type AppointmentAction,
  type AppointmentStatus,
  type FeeOutcome,
  type PortalAppointment,
} from '@careslot/contracts';
import { authorize, notFoundAudited } from '../../platform/access';
import type { Principal } from '../../platform/auth';
import { contextFor, type RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { cancellationFeeOf, feeOutcomeOf } from '../payments';
import { getSchedule } from '../scheduling';
import { toPortal } from './portal';
import { changeAppointmentStatus } from './status';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;

const ACTIVE = new Set<string>(PORTAL_ACTIVE_STATUSES);

export const LINK_CANCEL_REASON = 'Cancelled by the patient from a message link';

/** The patient the link names, acting on their own appointment (the link was checked by its signature). */
function patientOf(patientId: string, appointmentId: string): Principal {
  return {
    subject: `appointment-link:${appointmentId}`,
    userId: patientId,
    roles: ['patient'],
    userType: 'Patient',
    email: null,
    organizationId: null,
    isGuest: false,
    isServiceAccount: false,
    claims: { sub: `appointment-link:${appointmentId}`, user_roles: ['patient'] },
  };
}

/**
 * The context the link acts in: the patient it names (self, decision 0026), from the request's address. The
 * token-less request has no patient of its own; the checked signature stands for one.
 */
function linkContext(request: RequestContext, patientId: string, appointmentId: string): RequestContext {
  return {
    ...contextFor(
      patientOf(patientId, appointmentId),
      { ip: request.ip, userAgent: request.userAgent },
      request.access,
    ),
    patientId,
  };
}

export interface LinkActionResult {
  Status: AppointmentStatus;
  StartTime: string;
  TimeZone: string;
  WithWhom: string;
  Fee: { Outcome: FeeOutcome; AmountCents: number };
}

/**
 * Confirm or cancel from a message link (decision 0042), once the link's signature is checked. Confirm: a
 * scheduled visit becomes Confirmed (the patient says they will come); cancel: an upcoming visit is Canceled with
 * the link's reason (its place comes back, the fee follows the practice's policy). Doing it again answers the
 * same; a visit past or in another state is a 409.
 */
export async function actOnAppointmentFromLink(
  deps: Deps,
  context: RequestContext,
  input: { id: string; action: AppointmentAction },
): Promise<LinkActionResult> {
  const row = await store.appointment(deps.database, input.id);
  if (!row) throw notFound();
  const patient = linkContext(context, row.patient_id, row.id);
  const family = row.appointment_type === 'TeleHealth' ? 'Tele' : 'Office';
  const upcoming = new Date(row.start_at) > deps.clock.now();
  if (input.action === 'confirm' && row.status !== 'Confirmed') {
    if (row.status !== 'Scheduled' || !upcoming)
      throw conflict('This appointment can no longer be confirmed.');
    await changeAppointmentStatus(deps, patient, {
      id: row.id,
      family,
      status: 'confirm',
      patientConfirms: true,
      workflow: 'Appointment_Confirmation_Web',
    });
  }
  let cancelledAt: Date | null = null;
  if (input.action === 'cancel' && row.status !== 'Canceled') {
    if (!ACTIVE.has(row.status) || !upcoming) throw conflict('This appointment can no longer be cancelled.');
    cancelledAt = deps.clock.now();
    await changeAppointmentStatus(deps, patient, {
      id: row.id,
      family,
      status: 'Canceled',
      reason: LINK_CANCEL_REASON,
      workflow: 'Appointment_Cancel_Web',
    });
  }
  const now = deps.clock.now();
  const after = await toPortal(deps, (await store.appointment(deps.database, row.id))!, now);
  // The payments consumer settles the fee in the background; the answer says what it decides (the same rule at
  // the same time), or, for a visit cancelled before, what became of it.
  const fee =
    input.action !== 'cancel'
      ? { outcome: 'none' as const, amountCents: 0 }
      : cancelledAt
        ? await cancellationFeeOf(deps, {
            appointmentId: row.id,
            organizationId: row.organization_id,
            start: new Date(row.start_at),
            cancelledAt,
            byPractice: false,
          })
        : await feeOutcomeOf(deps, row.id);
  return {
    Status: after.Status,
    StartTime: after.StartTime,
    TimeZone: after.TimeZone,
    WithWhom: after.Provider?.DisplayName ?? after.Facility?.Name ?? 'CareSlot',
    Fee: { Outcome: fee.outcome, AmountCents: fee.amountCents },
  };
}

export interface SurveyLinkAppointment {
  appointment: PortalAppointment;
  organizationId: string | null;
  /** The resource (healthcare service) the visit was with, when it was not with a provider. */
  resourceId: string | null;
}

/**
 * The visit a survey link names (decision 0074), once its signature is checked: read as its patient (the link
 * stands for them, as a message link does), through the access policy, which writes the audit row under
 * `workflow` with the caller's address. An unknown visit is a 404, audited too.
 */
export async function appointmentFromSurveyLink(
  deps: Pick<AppDeps, 'database'>,
  request: RequestContext,
  input: { id: string; action: 'read' | 'create'; workflow: string },
  now: Date,
): Promise<SurveyLinkAppointment> {
  const row = await store.appointment(deps.database, input.id);
  if (!row)
    return notFoundAudited(request, input.action, 'appointment', input.id, { workflow: input.workflow });
  const patient = linkContext(request, row.patient_id, row.id);
  await authorize(patient, input.action, {
    kind: 'appointment',
    id: row.id,
    patientId: row.patient_id,
    organizationId: row.organization_id,
    entityType: input.action === 'read' ? 'Appointment' : 'SurveyResponse',
    workflow: input.workflow,
    detail: { via: 'survey-link' },
  });
  const schedule = row.practitioner_id ? null : await getSchedule(deps.database, row.schedule_id);
  return {
    appointment: await toPortal(deps, row, now),
    organizationId: row.organization_id,
    resourceId: schedule?.healthcare_service_id ?? null,
  };
}
