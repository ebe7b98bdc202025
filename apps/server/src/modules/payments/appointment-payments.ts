import type { Connection } from '../../platform/db';
import * as store from './store';

/**
 * A patient's payment as the appointments and booking modules use it: the booking claims an open authorization
 * for the appointment it creates and ties it to the row in its transaction (captured after the commit, or
 * cancelled when the booking fails: service.ts); an appointment's page shows its transactions.
 */

/** The payment transaction with this id, or null. */
export function findTransaction(db: Connection, id: string): Promise<store.TransactionRow | null> {
  return store.transaction(db, id);
}

/**
 * Claims an open authorization for the appointment about to be created, noting the hold it books from; false
 * when it is not open or another booking claimed it first (one payment pays for one appointment).
 */
export function claimForAppointment(
  db: Connection,
  id: string,
  appointmentId: string,
  now: Date,
  hold: store.ClaimedHold | null = null,
): Promise<boolean> {
  return store.claimForAppointment(db, id, appointmentId, now, hold);
}

/** Ties the claimed authorization to the created appointment, in the booking's transaction; false when not claimed. */
export function attachToAppointment(db: Connection, id: string, appointmentId: string): Promise<boolean> {
  return store.attachToAppointment(db, id, appointmentId);
}

/** An appointment's payment transactions, oldest first. */
export function transactionsOfAppointment(
  db: Connection,
  appointmentId: string,
): Promise<store.TransactionRow[]> {
  return store.transactionsOfAppointment(db, appointmentId);
}
