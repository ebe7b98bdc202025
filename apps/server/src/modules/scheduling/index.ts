/** The scheduling module's public face: slot search, holds and releases, and the slot events. */
export {
  getSchedule,
  HOLD_FAILED_MESSAGE,
  holdSlot,
  publishSlotChanges,
  releaseExpired,
  releaseSlots,
  returnBookedPlace,
  searchSchedules,
  searchSlots,
  slotId,
  sweepExpiredHolds,
  takeSlotForBooking,
  type ScheduleRow,
  type SchedulingDeps,
  type Slot,
  type SlotChange,
} from './service';
export type { SlotChangeKind } from './events';
export { generateSlots, localDate, localToUtc, zoneOffsetMinutes } from './slots';
export { availabilityOfPractitioners, type ScheduleAvailability } from './availability';
export { schedulingRoutes, sessionOf } from './routes';
export { schedulingJobs } from './jobs';
export { scheduleExceptionRoutes } from './exception-routes';
export { exceptionsOf } from './exceptions';
