/** The scheduling module's public face: slot search, holds and releases. */
export { HOLD_FAILED_MESSAGE, holdSlot, releaseExpired, releaseSlots, searchSlots, slotId, type Slot } from './service';
export { generateSlots, localToUtc, zoneOffsetMinutes } from './slots';
export { availabilityOfPractitioners, type ScheduleAvailability } from './availability';
export { schedulingRoutes } from './routes';
