import type { ModuleRegistration } from '../../platform/modules';
import { appointmentMessageRoutes, subscribeAppointmentMessages } from './appointment-action-routes';
import { inAppNotificationRoutes, subscribeInAppNotifications } from './in-app-routes';
import { notificationRoutes } from './routes';
import { messageTemplateRoutes } from './templates-routes';
/** The notifications module's public face: phone verification codes, patient notification settings, in-app notifications. */
export { toE164 } from './service';
export { renderPracticeMessage, notificationSettingsOf, type PracticeMessage } from './templates';
// For other modules' patient messages (reminders): the patient's language, the visit's time, the portal link.
export { languageOf, visitTime } from './appointment-messages';
export { MESSAGE_TEXTS } from './appointment-message-texts';
export { actionLink, portalLink } from './appointment-links';
export { smsAlertsOn } from './service';

/** Wires the module: codes and settings, in-app notifications, appointment messages and message templates. */
export const register: ModuleRegistration = async (app, deps) => {
  await app.register(notificationRoutes);
  // In-app notifications, written when an appointment changes.
  subscribeInAppNotifications(deps);
  await app.register(inAppNotificationRoutes);
  // The patient's appointment messages (e-mail with .ics, SMS), the fee of a cancelled visit, the message links.
  subscribeAppointmentMessages(deps);
  await app.register(appointmentMessageRoutes);
  await app.register(messageTemplateRoutes);
};
