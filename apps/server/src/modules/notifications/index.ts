/** The notifications module's public face: phone verification codes, patient notification settings, in-app notifications. */
export { toE164 } from './service';
export { notificationRoutes } from './routes';
export { inAppNotificationRoutes } from './in-app-routes';
export { appointmentMessageRoutes } from './appointment-action-routes';
export { messageTemplateRoutes } from './templates-routes';
export { renderPracticeMessage, notificationSettingsOf, type PracticeMessage } from './templates';
// For other modules' patient messages (reminders): the patient's language, the visit's time, the portal link.
export { languageOf, visitTime } from './appointment-messages';
export { MESSAGE_TEXTS } from './appointment-message-texts';
export { portalLink } from './appointment-links';
export { smsAlertsOn } from './service';
