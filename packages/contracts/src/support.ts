import { z } from 'zod';
import { portalAppointmentSchema } from './portal';

/**
 * A support agent's view of one patient (practice-portal.md §1 support agents; decision 0066): the patient's
 * appointments and the state of their sign-in account, read with a stated purpose (X-Access-Purpose), audited.
 */
export const supportPatientOverviewSchema = z.object({
  PatientId: z.string(),
  Account: z.object({
    Exists: z.boolean(),
    Locked: z.boolean(),
    EmailVerified: z.boolean(),
    MobileVerified: z.boolean(),
    LastSignInAt: z.string().nullable(),
  }),
  Upcoming: z.array(portalAppointmentSchema),
  Past: z.array(portalAppointmentSchema),
});
export type SupportPatientOverview = z.infer<typeof supportPatientOverviewSchema>;
