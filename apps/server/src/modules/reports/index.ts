import type { ModuleRegistration } from '../../platform/modules';
import { confirmationLogRoutes } from './confirmation-log-routes';
import { reportRoutes } from './routes';
import { registerReportConsumers } from './service';

/**
 * The reports module (issue 28): the checked-in appointments report over its own read model (report_checkins),
 * kept by a consumer of the appointment's durable events.
 */
export const register: ModuleRegistration = async (app, deps) => {
  registerReportConsumers(deps);
  await app.register(reportRoutes);
  await app.register(confirmationLogRoutes);
};
