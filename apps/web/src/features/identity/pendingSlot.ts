import { STORAGE_KEYS } from '@careslot/contracts';
import { PENDING_SELECTION_KEY } from '../../shared/slots/pendingSelection';

/** What the login page's booking summary shows of the slot a guest picked before signing in. */
export interface PendingSlotSummary {
  name: string;
  photo: string | null;
  start: string;
  /** The facility's zone the time was picked in (absent in selections stored before it was kept). */
  timeZone: string | null;
  /** The office the time belongs to. */
  facility: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The slot a guest picked before signing in (session slot_data, patient-booking.md §3.4), read with plain
 * checks of the fields the summary shows: the login page carries no zod (docs/performance.md); the booking
 * form reads the whole record with its schema. Anything else, or no record, is no summary.
 */
export function readPendingSlot(raw: string | null): PendingSlotSummary | null {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.entity) || !isRecord(value.time_slot)) return null;
  const { Name, Photo } = value.entity;
  const { Start } = value.time_slot;
  if (typeof Name !== 'string' || !Name || (Photo !== null && typeof Photo !== 'string')) return null;
  if (typeof Start !== 'string' || Number.isNaN(Date.parse(Start))) return null;
  const timeZone = typeof value.timeZone === 'string' && value.timeZone ? value.timeZone : null;
  const facility =
    isRecord(value.facility) && typeof value.facility.Name === 'string' ? value.facility.Name : null;
  return { name: Name, photo: Photo, start: Start, timeZone, facility };
}

export function pendingSlot(): PendingSlotSummary | null {
  // A selection kept aside while the guest signs in (shared/slots/pendingSelection) is still the one picked.
  return readPendingSlot(
    sessionStorage.getItem(STORAGE_KEYS.session.slotData) ?? sessionStorage.getItem(PENDING_SELECTION_KEY),
  );
}
