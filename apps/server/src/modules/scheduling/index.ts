import type { ModuleRegistration } from '../../platform/modules';
import { schedulingJobs } from './jobs';
import { registerCalendarHub } from './realtime';
import { schedulingRoutes } from './routes';
import { scheduleSettingsRoutes } from './settings-routes';
/** The scheduling module's public face: slot search, holds and releases, schedules, and the slot events. */
export {
  currentSlot,
  getSchedule,
  HOLD_FAILED_MESSAGE,
  holdSlot,
  MAX_ACTIVE_HOLDS,
  publishSlotChanges,
  recordSlotChanges,
  releaseExpired,
  releaseSlots,
  returnBookedPlace,
  scheduleReasons,
  searchSlots,
  slotId,
  sweepExpiredHolds,
  takeSlotForBooking,
  type ScheduleReason,
  type ScheduleRow,
  type SchedulingDeps,
  type Slot,
  type SlotChange,
} from './service';
/**
 * Time off and holidays ('block time off' on the practice side): each checks that the caller is staff or
 * admin of the schedule's practice (else 404) and records the slots that leave or come back.
 */
export {
  addScheduleException,
  scheduleSlotChanges,
  getScheduleDetails,
  listScheduleExceptions,
  removeScheduleException,
  searchScheduleDetails,
} from './schedules';
export type { SlotChangeKind } from './events';
export { generateSlots, localDate, localToUtc, offeredSlots, zoneOffsetMinutes } from './slots';
export {
  availabilityOfPractitioners,
  availabilityOfServices,
  type ScheduleAvailability,
  type ServiceScheduleAvailability,
} from './availability';
export { sessionOf } from './routes';
/** A new practice's first category, reasons and schedule, written in practice onboarding's transaction. */
export { addFirstCalendar } from './schedules';

/** Wires the module: schedules, slots and holds, the calendar hub, and the expired-hold sweep. */
export const register: ModuleRegistration = async (app, deps) => {
  // The calendar hub's rooms and its consumer of slot changes.
  registerCalendarHub(deps);
  await app.register(schedulingRoutes);
  await app.register(scheduleSettingsRoutes);
  // Expired holds give capacity back and announce it.
  await app.register(schedulingJobs);
};
