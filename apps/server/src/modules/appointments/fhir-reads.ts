import type { Appointment } from '@careslot/contracts';
import { denyList, patientScope, recordList } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { toAppointment } from './service';
import * as store from './store';

/**
 * The FHIR search of appointments (decision 0096): a patient sees their own and their family's, a practice its
 * own (whatever its relation with the patient), support with a stated purpose all; one audit row naming the
 * patients shown (workflow FHIR_Search).
 */
export async function searchAppointmentsForFhir(
  deps: Pick<AppDeps, 'database'>,
  context: RequestContext,
  search: {
    patientId: string | null;
    from: string | null;
    to: string | null;
    statuses: string[] | null;
    offset: number;
    count: number;
  },
): Promise<{ appointments: Appointment[]; total: number }> {
  const scope = await patientScope(context);
  if (scope.kind === 'none')
    return denyList(context, 'appointment', scope.reason, { workflow: 'FHIR_Search' });
  const rowScope: store.FhirRowScope =
    scope.kind === 'care'
      ? { kind: 'practice', organizationId: scope.organizationId }
      : scope.kind === 'patients'
        ? { kind: 'patients', patientIds: scope.patientIds }
        : { kind: 'all' };
  const { rows, total } = await store.appointmentsForFhir(deps.database, rowScope, {
    patientId: search.patientId,
    from: search.from,
    to: search.to,
    statuses: search.statuses,
    offset: search.offset,
    limit: search.count,
  });
  await recordList(context, 'search', 'appointment', [...new Set(rows.map((r) => r.patient_id))], {
    workflow: 'FHIR_Search',
  });
  return { appointments: await Promise.all(rows.map((row) => toAppointment(deps, row))), total };
}
