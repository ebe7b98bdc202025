import type { SupportPatientOverview } from '@careslot/contracts';
import { authorize, notFoundAudited } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { appointmentsOfAuthorizedPatient } from '../appointments';
import { getPatientById } from '../patients';
import { patientAccountState } from '../identity';

/** The audit trail's workflow of a support look-up (constants.md style). */
export const SUPPORT_WORKFLOW = 'Support_Patient_View_Web';

/**
 * A patient's appointments and account state for a support agent or super user, only with a stated purpose:
 * the access policy decides and audits every look-up with that purpose; an unknown patient is a 404, audited.
 */
export async function patientOverview(
  deps: AppDeps,
  context: RequestContext,
  id: string,
): Promise<SupportPatientOverview> {
  const patient = await getPatientById(deps.database, id);
  if (!patient)
    return notFoundAudited(context, 'read', 'patient', id, {
      workflow: SUPPORT_WORKFLOW,
      entityType: 'PatientSupportOverview',
    });
  await authorize(context, 'read', {
    kind: 'patient',
    id,
    patientId: id,
    entityType: 'PatientSupportOverview',
    workflow: SUPPORT_WORKFLOW,
  });
  const [account, appointments] = await Promise.all([
    patientAccountState(deps.database, id, deps.clock.now()),
    appointmentsOfAuthorizedPatient(deps, id),
  ]);
  const verified = (system: string) => patient.Telecom.some((t) => t.System === system && t.IsVerified);
  return {
    PatientId: id,
    Account: {
      Exists: account.exists,
      Locked: account.locked,
      EmailVerified: verified('Email'),
      MobileVerified: verified('Mobile'),
      LastSignInAt: account.lastSignInAt,
    },
    Upcoming: appointments.upcoming,
    Past: appointments.past,
  };
}
