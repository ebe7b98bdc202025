import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SLOT, STORAGE_KEYS, type CalendarSlotData, type Slot, type SlotHoldInfo } from '@careslot/contracts';
import { useSession } from '../session/session';
import { toast } from '../ui/toast';
import { holdLimit, isHoldLimit, storedHeldSlotIds } from './holds';
import { releaseSlot, reserveSlot } from './slotApi';
import { zonesDiffer } from './slotDates';

export interface HeldSlot {
  slot: Slot;
  hold: SlotHoldInfo;
}

export interface UseSlotPickerInput {
  /** The facility's zone; the time-zone dialog asks when the browser's differs (4.3 step 5). */
  timeZone: string;
  /** The patient the hold is for, when known (slot/reserve?patientId=). */
  patientId?: string | null;
  /** Takes a slot that could not be held off the calendar (4.3 step 4). */
  removeSlot: (slot: Slot) => void;
  /** The selection to keep as slot_data (3.4), built by the page that knows the entity and reason. */
  slotData?: (slot: Slot, hold: SlotHoldInfo) => CalendarSlotData;
  /** The browser's zone; injected in tests. */
  browserTimeZone?: string;
  now?: () => number;
}

export interface SlotPicker {
  pick: (slot: Slot) => void;
  /** The slot this page holds. */
  held: HeldSlot | null;
  /** The slot whose hold is in flight. */
  pending: Slot | null;
  /** Gives the held slot back. */
  release: () => Promise<void>;
  /** The time-zone question of 4.3 step 5, open while the user has not answered. */
  timeZoneQuestion: { slot: Slot; browserTimeZone: string; facilityTimeZone: string } | null;
  confirmTimeZone: () => void;
  /** 'No': the selection is dropped and its hold released. */
  declineTimeZone: () => void;
}

function forget() {
  sessionStorage.removeItem(STORAGE_KEYS.session.slotData);
  sessionStorage.removeItem(STORAGE_KEYS.session.slotInfo);
}

/**
 * Picking a slot (patient-booking.md 4.3): one click per 5 s and one hold in flight; a slot held before is
 * released first (a failed release is ignored); the hold is stored (slot_info while signed out, the
 * selection as slot_data); a failed hold says 'Could not reserve the selected slot. Please try another
 * slot.' and takes the slot off the calendar; a browser in another zone is asked to confirm the time.
 */
export function useSlotPicker({
  timeZone,
  patientId,
  removeSlot,
  slotData,
  browserTimeZone,
  now = Date.now,
}: UseSlotPickerInput): SlotPicker {
  const { t } = useTranslation('slots');
  const { user } = useSession();
  const [held, setHeld] = useState<HeldSlot | null>(null);
  const [pending, setPending] = useState<Slot | null>(null);
  const [question, setQuestion] = useState<SlotPicker['timeZoneQuestion']>(null);
  const lastClick = useRef<number | null>(null);
  const inFlight = useRef(false);
  const heldRef = useRef<HeldSlot | null>(null);
  useEffect(() => {
    heldRef.current = held;
  }, [held]);
  const signedIn = !!user;

  const pick = useCallback(
    (slot: Slot) => {
      const clickedAt = now();
      if (inFlight.current) return;
      if (lastClick.current !== null && clickedAt - lastClick.current < SLOT.clickThrottleMs) return;
      lastClick.current = clickedAt;
      inFlight.current = true;
      setPending(slot);
      void (async () => {
        try {
          // The slot held before, by this page or by an earlier one of this booking (the stored selection).
          const previous = heldRef.current?.slot.SlotIds ?? storedHeldSlotIds();
          if (previous && previous[0] !== slot.SlotIds[0]) {
            await releaseSlot({ SlotIds: previous }).catch(() => undefined);
            heldRef.current = null;
            setHeld(null);
            forget();
          }
          // Times go to the server as UTC ISO (step 1); slots already carry them so.
          const utc: Slot = {
            ...slot,
            Start: new Date(slot.Start).toISOString(),
            End: new Date(slot.End).toISOString(),
          };
          let hold: SlotHoldInfo;
          try {
            hold = await reserveSlot(utc, patientId);
          } catch (error) {
            // The patient holds the most times at once: say so and offer to release them (then pick again).
            if (isHoldLimit(error)) {
              holdLimit.ask(() => {
                lastClick.current = null;
                pickRef.current(slot);
              });
              return;
            }
            toast.error(t('couldNotReserve'));
            removeSlot(slot);
            return;
          }
          const next = { slot: utc, hold };
          heldRef.current = next;
          setHeld(next);
          if (!signedIn) sessionStorage.setItem(STORAGE_KEYS.session.slotInfo, JSON.stringify(hold));
          if (slotData)
            // The facility's zone goes with the selection: pages without the schedule write the time as picked.
            sessionStorage.setItem(
              STORAGE_KEYS.session.slotData,
              JSON.stringify({ timeZone, ...slotData(utc, hold) }),
            );
          const browser = browserTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
          if (zonesDiffer(browser, timeZone, utc.Start))
            setQuestion({ slot: utc, browserTimeZone: browser, facilityTimeZone: timeZone });
        } finally {
          inFlight.current = false;
          setPending(null);
        }
      })();
    },
    [now, patientId, removeSlot, slotData, browserTimeZone, timeZone, signedIn, t],
  );

  const pickRef = useRef(pick);
  useEffect(() => {
    pickRef.current = pick;
  }, [pick]);

  const release = useCallback(async () => {
    const current = heldRef.current;
    if (!current) return;
    heldRef.current = null;
    setHeld(null);
    setQuestion(null);
    forget();
    await releaseSlot(current.slot).catch(() => undefined);
  }, []);

  return {
    pick,
    held,
    pending,
    release,
    timeZoneQuestion: question,
    confirmTimeZone: () => setQuestion(null),
    declineTimeZone: () => void release(),
  };
}
