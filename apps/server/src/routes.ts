import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogRoutes } from './modules/catalog';
import { directoryRoutes, patientUpdateRoutes } from './modules/directory';
import { identityRoutes } from './modules/identity';
import { scheduleSettingsRoutes, schedulingJobs, schedulingRoutes } from './modules/scheduling';
import { marketingRoutes } from './modules/marketing';
import { appointmentMessageRoutes, inAppNotificationRoutes, notificationRoutes } from './modules/notifications';
import { paymentJobs, paymentRoutes } from './modules/payments';
import { appointmentRoutes } from './modules/appointments';
import { bookingRoutes } from './modules/booking';
import { practiceDayRoutes } from './modules/practice-day';
import { marketplaceRoutes } from './modules/marketplace';
import { formRoutes } from './modules/forms';
import { cacheRoutes } from './platform/cache';
import { accessControlRoutes } from './modules/access-control';
import { reputationRoutes } from './modules/reputation';

/** Every module's routes, registered by app.ts in this order. One line per module. */
export const moduleRoutes: (FastifyPluginAsyncZod | FastifyPluginAsync)[] = [
  catalogRoutes,
  directoryRoutes,
  patientUpdateRoutes,
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
  marketplaceRoutes,
  formRoutes,
  // Access control: a practice's feature switches per role, which the access policy enforces (decision 0059).
  accessControlRoutes,
  // The review platform: reputation settings and the sign-on form (decision 0058).
  reputationRoutes,
  // DELETE api/v1/cache/{key}: the caches modules registered (platform/cache.ts).
  cacheRoutes,
];
