/** The scheduling module's public face: slot search, holds and releases, and the slot events. */
export {
  HOLD_FAILED_MESSAGE,
  holdSlot,
  publishSlotChanges,
  releaseExpired,
  releaseSlots,
  searchSlots,
  slotId,
  sweepExpiredHolds,
  type SchedulingDeps,
  type Slot,
  type SlotChange,
} from './service';
export type { SlotChangeKind } from './events';
export { generateSlots, localToUtc, zoneOffsetMinutes } from './slots';
export { availabilityOfPractitioners, type ScheduleAvailability } from './availability';
export { schedulingRoutes } from './routes';
export { schedulingJobs } from './jobs';
