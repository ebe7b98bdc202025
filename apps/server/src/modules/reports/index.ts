import type { ModuleRegistration } from '../../platform/modules';
import { activityLogRoutes } from './activity-log-routes';
import { confirmationLogRoutes } from './confirmation-log-routes';
import { reportRoutes } from './routes';
import { registerReportConsumers } from './service';

/**
 * The reports module (issue 28): the checked-in appointments report over its own read model (report_checkins),
 * kept by a consumer of the appointment's durable events; the practice's activity and session logs over the audit trail.
 */
export const register: ModuleRegistration = async (app, deps) => {
  registerReportConsumers(deps);
  await app.register(reportRoutes);
  await app.register(confirmationLogRoutes);
  await app.register(activityLogRoutes);
};
