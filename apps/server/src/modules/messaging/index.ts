import type { ModuleRegistration } from '../../platform/modules';
import { messagingRoutes } from './routes';

/**
 * The messaging module (issue 28): the patient inbox, threads between a patient and a practice with their
 * messages (tables message_threads, thread_messages).
 */
export const register: ModuleRegistration = async (app) => {
  await app.register(messagingRoutes);
};
