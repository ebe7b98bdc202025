import { HOLD_LIMIT_RULE, STORAGE_KEYS, type CalendarSlotData, type SlotHoldInfo } from '@careslot/contracts';
import { ApiError } from '../api/client';
import { releaseAllHolds, releaseSlot } from './slotApi';

/**
 * The holds this browser keeps while a patient books (issue 17 item 2): the stored selection (slot_data, and
 * slot_info while signed out) names the held slot even after the page that held it is gone, so a new pick,
 * leaving the booking flow, a declined payment or sign-out can let it go.
 */
export function storedHeldSlotIds(): string[] | null {
  for (const key of [STORAGE_KEYS.session.slotData, STORAGE_KEYS.session.slotInfo]) {
    const raw = sessionStorage.getItem(key);
    if (!raw) continue;
    try {
      const parsed = JSON.parse(raw) as Partial<CalendarSlotData & SlotHoldInfo>;
      const ids = parsed.time_slot?.SlotIds ?? parsed.SlotIds;
      if (Array.isArray(ids) && ids.length) return ids;
    } catch {
      // Not a selection: nothing to release.
    }
  }
  return null;
}

/** Releases the stored held slot, if any (a failed release is ignored, 4.3 step 3). */
export async function releaseStoredHold(): Promise<void> {
  const ids = storedHeldSlotIds();
  if (ids) await releaseSlot({ SlotIds: ids }).catch(() => undefined);
}

/** Releases every hold of this browser's token (the answer to the hold limit; sign-out). */
export async function releaseEveryHold(): Promise<void> {
  await releaseAllHolds().catch(() => undefined);
}

/** Did the server refuse a hold because the patient already holds the most at once? */
export function isHoldLimit(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    error.issues.some((issue) => issue.rule === HOLD_LIMIT_RULE)
  );
}

// The hold-limit question, shown once app-wide (HoldLimitDialog): what to try again after releasing, and what
// to do when the patient keeps their holds instead.
type Listener = () => void;
let pendingRetry: (() => void) | null = null;
let onKeep: (() => void) | null = null;
const listeners = new Set<Listener>();

const notify = () => {
  for (const listener of listeners) listener();
};

export const holdLimit = {
  ask: (retry: () => void, keep?: () => void) => {
    pendingRetry = retry;
    onKeep = keep ?? null;
    notify();
  },
  current: () => pendingRetry,
  /** The patient keeps the times they hold: the pick that met the limit is given up. */
  keep: () => {
    const then = onKeep;
    holdLimit.clear();
    then?.();
  },
  clear: () => {
    pendingRetry = null;
    onKeep = null;
    notify();
  },
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
