import type { Connection } from '../../platform/db';
import * as store from './store';

/**
 * The appointment record as the modules that book, move and act on visits use it (booking, check-in,
 * clinical, publications, reminders, telehealth): rows by id or idempotency key, the booking's insert and
 * move in the caller's transaction, and which of the table's unique rules a failed insert broke.
 */

/** The appointment with this id, read on the caller's connection (a transaction's), or null. */
export function findAppointment(db: Connection, id: string): Promise<store.AppointmentRow | null> {
  return store.appointment(db, id);
}

/** The appointment a caller booked under this idempotency key, or null. */
export function appointmentByIdempotencyKey(
  db: Connection,
  createdBy: string,
  key: string,
): Promise<store.AppointmentRow | null> {
  return store.byIdempotencyKey(db, createdBy, key);
}

/** Writes a booked appointment in the booking's transaction (its unique rules: see uniqueViolation). */
export function insertAppointment(tx: Connection, row: store.NewAppointment): Promise<void> {
  return store.insertAppointment(tx, row);
}

/** Moves an appointment to another schedule and start, only if it still starts where it did; the moved row. */
export function moveAppointment(
  tx: Connection,
  move: store.AppointmentMove,
): Promise<store.AppointmentRow | null> {
  return store.moveAppointment(tx, move);
}

/** Which unique rule a failed insert or move broke, if it was one of the appointments table's. */
export function uniqueViolation(error: unknown): 'duplicate' | 'idempotency' | null {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  const name = e.constraint ?? e.message ?? '';
  if (name.includes('appointments_no_duplicate_idx')) return 'duplicate';
  if (name.includes('appointments_idempotency_idx')) return 'idempotency';
  return null;
}
