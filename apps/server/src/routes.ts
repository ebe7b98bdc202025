import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogRoutes } from './modules/catalog';
import {
  directoryAdminRoutes,
  directoryRoutes,
  patientUpdateRoutes,
  peopleRoutes,
} from './modules/directory';
import { identityRoutes } from './modules/identity';
import { scheduleSettingsRoutes, schedulingJobs, schedulingRoutes } from './modules/scheduling';
import { marketingRoutes } from './modules/marketing';
import {
  appointmentMessageRoutes,
  inAppNotificationRoutes,
  messageTemplateRoutes,
  notificationRoutes,
} from './modules/notifications';
import { paymentJobs, paymentRoutes } from './modules/payments';
import { appointmentRoutes } from './modules/appointments';
import { bookingRoutes } from './modules/booking';
import { practiceDayRoutes } from './modules/practice-day';
import { marketplaceAdminRoutes, marketplaceRoutes } from './modules/marketplace';
import { formRoutes } from './modules/forms';
import { surveyRoutes } from './modules/surveys';
import { reminderRoutes } from './modules/reminders';
import { publicationDelivery } from './modules/publications';
import { onboardingRoutes } from './modules/onboarding';
import { supportRoutes } from './modules/support';
import { cacheRoutes } from './platform/cache';
import { accessControlRoutes } from './modules/access-control';
import { reputationRoutes } from './modules/reputation';
import { register as registerTelehealth } from './modules/telehealth';

/** Every module's routes, registered by app.ts in this order. One line per module. */
export const moduleRoutes: (FastifyPluginAsyncZod | FastifyPluginAsync)[] = [
  catalogRoutes,
  directoryRoutes,
  patientUpdateRoutes,
  // A practice's people: providers and staff added, edited, invited; practitioner settings (issue 18).
  peopleRoutes,
  // Practice administration: organization, settings, facilities, resources, care teams (decision 0049).
  directoryAdminRoutes,
  identityRoutes,
  schedulingRoutes,
  scheduleSettingsRoutes,
  // Background work of a module (expired holds give capacity back and announce it).
  schedulingJobs,
  marketingRoutes,
  notificationRoutes,
  paymentRoutes,
  // The payment reconciler: captures payments of committed bookings, cancels unused authorizations.
  paymentJobs,
  appointmentRoutes,
  // Booking: the patient's and the practice's bookings (one transaction) and moves of booked visits.
  bookingRoutes,
  // The practice's day: calendar search, check-in list, walk-in queue, hotlist (read queries).
  practiceDayRoutes,
  // In-app notifications: written when an appointment changes (subscribes to the appointments module's event).
  inAppNotificationRoutes,
  // The patient's appointment messages (e-mail with .ics, SMS), the fee of a cancelled visit, the message links.
  appointmentMessageRoutes,
  messageTemplateRoutes,
  marketplaceRoutes,
  // Page profile and catalog edits (practice admins their own, super users all).
  marketplaceAdminRoutes,
  formRoutes,
  // Patient surveys: the practice's surveys and the template library.
  surveyRoutes,
  // Reminders: the practice's settings; booked visits' reminders scheduled as durable jobs and sent when due.
  reminderRoutes,
  // web/BobAppointment publications delivered to the outside system (a webhook, or recorded locally).
  publicationDelivery,
  // Practice onboarding: a new practice from nothing to bookable in one call (super users).
  onboardingRoutes,
  // Support: a patient's appointments and account state, with a stated purpose.
  supportRoutes,
  // Access control: a practice's feature switches per role, which the access policy enforces (decision 0059).
  accessControlRoutes,
  // The review platform: reputation settings and the sign-on form (decision 0058).
  reputationRoutes,
  // Telehealth: the video visits' meeting rooms (decision 0083).
  async (app: FastifyInstance) => registerTelehealth(app, app.deps),
  // DELETE api/v1/cache/{key}: the caches modules registered (platform/cache.ts).
  cacheRoutes,
];
