import { CONCURRENT_BOOKING_TEXT } from '@careslot/contracts';
import type { Connection } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { bookedElsewhereAt } from '../appointments';
import * as store from './store';

/**
 * Refuses (409, rule concurrent_booking) a booking or move of a patient who already has a live visit at that
 * minute on another calendar; the lock serialises racing bookings of the same patient and minute until the
 * caller's transaction ends.
 */
export async function refuseConcurrentBooking(
  tx: Connection,
  input: { patientId: string; scheduleId: string; start: Date; exceptId: string },
): Promise<void> {
  await store.lockPatientMinute(tx, input.patientId, input.start);
  if (await bookedElsewhereAt(tx, input)) {
    throw new AppError('conflict', {
      message: CONCURRENT_BOOKING_TEXT,
      issues: [{ field: 'StartTime', rule: 'concurrent_booking', message: CONCURRENT_BOOKING_TEXT }],
    });
  }
}
