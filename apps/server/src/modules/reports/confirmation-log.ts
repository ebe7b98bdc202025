import { randomUUID } from 'node:crypto';
import { authorizePractice, ROLE_SETS } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { appointmentForMessage } from '../appointments';
import { CONFIRMATION_REPORT_WORKFLOW } from './service';
import * as store from './store';

/**
 * POST AppointmentConfirmationLog (add), practice-portal.md §7: the practice's admin logs a visit's confirmation
 * that reached the practice another way (a phone call): one row of the confirmations report, kept like the
 * consumer's (the first confirmation of a visit stays; adding it again changes nothing).
 */
export interface ConfirmationLogInput {
  AppointmentId: string;
  ConfirmedBy: 'Patient' | 'Practice';
}

export async function addConfirmationLog(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
  context: RequestContext,
  input: ConfirmationLogInput,
): Promise<{ AppointmentId: string }> {
  const visit = await appointmentForMessage(deps, input.AppointmentId);
  const organizationId = visit?.appointment.Facility?.OrganizationId ?? null;
  await authorizePractice(
    context,
    'create',
    {
      organizationId,
      entityType: 'AppointmentConfirmationsReport',
      id: input.AppointmentId,
      workflow: CONFIRMATION_REPORT_WORKFLOW,
    },
    { roles: ROLE_SETS.ADMINS },
  );
  if (!visit || !organizationId) throw notFound();
  const appointment = visit.appointment;
  await store.upsertVisit(
    deps.database,
    'confirmations',
    {
      appointment_id: appointment.Id,
      organization_id: organizationId,
      patient_id: appointment.Patient.Id,
      practitioner_id: appointment.Provider?.Id ?? null,
      location_id: appointment.Facility?.Id ?? null,
      startTime: appointment.StartTime,
      at: deps.clock.now().toISOString(),
      eventId: randomUUID(),
    },
    [input.ConfirmedBy],
  );
  return { AppointmentId: appointment.Id };
}
