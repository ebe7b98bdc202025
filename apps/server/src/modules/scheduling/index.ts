/** The scheduling module's public face: slot search, holds and releases. */
export { HOLD_FAILED_MESSAGE, holdSlot, releaseExpired, releaseSlots, searchSlots, slotId, type Slot } from './service';
export { generateSlots, localToUtc, zoneOffsetMinutes } from './slots';
export { schedulingRoutes } from './routes';
