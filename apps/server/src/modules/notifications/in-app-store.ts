import type { Connection } from '../../platform/db';

export interface InAppRow {
  id: string;
  user_id: string;
  source_system: string;
  seen: boolean;
  recieved_on: Date | string;
  payload: Record<string, unknown>;
}

export interface NewInApp {
  id: string;
  userId: string;
  userType: string;
  sourceSystem: string;
  appointmentId: string;
  payload: Record<string, unknown>;
  at: Date;
}

/** One statement for every recipient of one change. */
export async function insertMany(db: Connection, rows: NewInApp[]): Promise<void> {
  if (rows.length === 0) return;
  const values: string[] = [];
  const params: unknown[] = [];
  for (const row of rows) {
    const base = params.length;
    values.push(
      `($${base + 1}, $${base + 2}, $${base + 3}, 'Appointment', $${base + 4}, $${base + 5}, $${base + 6}, false, $${base + 7})`,
    );
    params.push(
      row.id,
      row.userId,
      row.userType,
      row.sourceSystem,
      row.appointmentId,
      JSON.stringify(row.payload),
      row.at.toISOString(),
    );
  }
  await db.query(
    `insert into in_app_notifications (id, user_id, user_type, notification_type, source_system, appointment_id, payload, seen, recieved_on)
     values ${values.join(', ')}
     on conflict (id) do nothing`,
    params,
  );
}

interface Window {
  from?: string | undefined;
  to?: string | undefined;
}

function windowFilter(window: Window, params: unknown[]): string {
  let filter = '';
  if (window.from) {
    params.push(window.from);
    filter += ` and recieved_on >= $${params.length}`;
  }
  if (window.to) {
    params.push(window.to);
    filter += ` and recieved_on < $${params.length}`;
  }
  return filter;
}

/** One page of a user's notifications, newest first (the index covers the order). */
export async function page(
  db: Connection,
  input: { userId: string; type: string; window: Window; skip: number; limit: number },
): Promise<InAppRow[]> {
  const params: unknown[] = [input.userId, input.type];
  const filter = windowFilter(input.window, params);
  params.push(input.skip, input.limit);
  return db.query<InAppRow>(
    `select id, user_id, source_system, seen, recieved_on, payload from in_app_notifications
      where user_id = $1 and notification_type = $2${filter}
      order by recieved_on desc, id desc
      offset $${params.length - 1} limit $${params.length}`,
    params,
  );
}

export async function counts(
  db: Connection,
  input: { userId: string; type: string; window: Window },
): Promise<{ total: number; unseen: number }> {
  const params: unknown[] = [input.userId, input.type];
  const filter = windowFilter(input.window, params);
  const rows = await db.query<{ total: number; unseen: number }>(
    `select count(*)::int as total, count(*) filter (where not seen)::int as unseen
       from in_app_notifications where user_id = $1 and notification_type = $2${filter}`,
    params,
  );
  return rows[0] ?? { total: 0, unseen: 0 };
}

/** Marks the user's own notifications among the ids seen; others' ids are left alone. Returns how many changed. */
export async function markSeen(db: Connection, userId: string, ids: string[]): Promise<number> {
  const rows = await db.query<{ id: string }>(
    'update in_app_notifications set seen = true where user_id = $1 and id = any($2::uuid[]) and not seen returning id',
    [userId, ids],
  );
  return rows.length;
}
