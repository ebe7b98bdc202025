import type { ModuleRegistration } from '../../platform/modules';
import { registerPublicationDelivery } from './delivery';
import { publicationTargetFromConfig } from './targets';
/** Delivering web/BobAppointment publications to an outside system (issue 15): a webhook or the local record. */
export { PUBLICATION_JOB } from './delivery';
/** The FHIR R4 Appointment a publication carries, which the FHIR API serves too (decision 0096). */
export { STATUS as FHIR_APPOINTMENT_STATUS, toFhirAppointment, type AppointmentForFhir } from './fhir';
export {
  type PublicationTarget,
  type PublicationDelivery,
  webhookTarget,
  localTarget,
  signPublication,
} from './targets';

/** Wires the module: web/BobAppointment publications delivered to the configured target (a webhook, or the local record). */
export const register: ModuleRegistration = async (_app, deps) => {
  const { target, secret } = publicationTargetFromConfig(deps.config, deps.database, () => deps.clock.now());
  registerPublicationDelivery(deps, target, secret);
};
