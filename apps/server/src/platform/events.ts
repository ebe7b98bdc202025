import { randomUUID } from 'node:crypto';
import { crashPoint } from './crash-points';
import type { Connection, Database } from './db';

/**
 * Durable domain events (docs/decisions/0028-durable-events.md). A change appends its events to
 * `domain_events` in its own transaction (`appendEvents`); the dispatcher delivers each event at least once,
 * in order per aggregate, to every consumer that subscribed to its type, and records each delivery per
 * consumer so a redelivered event is not handled twice. Events carry ids, statuses, times and versions,
 * never names, birth dates, phones or e-mails: a consumer reads what else it needs.
 *
 * (Not to be confused with platform/outbox.ts, the store of outgoing e-mails and text messages.)
 */

export interface NewDomainEvent<P extends object = Record<string, unknown>> {
  /** What changed, e.g. 'appointment', 'slot'. */
  aggregateType: string;
  aggregateId: string;
  /** What happened, e.g. 'appointment.changed'. */
  type: string;
  payload: P;
  occurredAt?: Date;
}

export interface DomainEvent<P extends object = Record<string, unknown>> {
  id: string;
  aggregateType: string;
  aggregateId: string;
  /** 1, 2, 3 ... within the aggregate, in commit order. */
  version: number;
  type: string;
  payload: P;
  occurredAt: string;
}

/** The NOTIFY channel that wakes dispatchers (every instance's) when events were committed. */
const CHANNEL = 'domain_events';

/**
 * Appends the events inside the caller's transaction: they exist exactly when the change commits. Appends of
 * one aggregate take turns (a transaction-scoped advisory lock until commit), so versions are gapless and
 * follow commit order, which the dispatcher's per-aggregate order relies on.
 */
export async function appendEvents(
  tx: Connection,
  events: NewDomainEvent<object>[],
): Promise<DomainEvent<object>[]> {
  const appended: DomainEvent<object>[] = [];
  for (const event of events) {
    const id = randomUUID();
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [
      `domain-event:${event.aggregateType}:${event.aggregateId}`,
    ]);
    const [row] = await tx.query<{ version: string; occurred_at: Date | string }>(
      `insert into domain_events (id, aggregate_type, aggregate_id, version, type, payload, occurred_at)
       select $1, $2, $3, coalesce(max(version), 0) + 1, $4, $5, coalesce($6::timestamptz, now())
         from domain_events where aggregate_type = $2 and aggregate_id = $3
       returning version, occurred_at`,
      [
        id,
        event.aggregateType,
        event.aggregateId,
        event.type,
        JSON.stringify(event.payload),
        event.occurredAt?.toISOString() ?? null,
      ],
    );
    appended.push({
      id,
      aggregateType: event.aggregateType,
      aggregateId: event.aggregateId,
      version: Number(row!.version),
      type: event.type,
      payload: event.payload,
      occurredAt: new Date(row!.occurred_at).toISOString(),
    });
  }
  if (events.length) await tx.query(`select pg_notify('${CHANNEL}', '')`);
  return appended;
}

export type EventHandler<P extends object = Record<string, unknown>> = (
  event: DomainEvent<P>,
) => Promise<void>;

export interface DomainEvents {
  /**
   * Registers a consumer under a stable name (its deliveries are recorded under it) for these event types.
   * A consumer must tolerate the one replay the record cannot prevent: a crash after its effect and before
   * its record; key its writes by the event id (docs/decisions/0028-durable-events.md).
   */
  subscribe<P extends object = Record<string, unknown>>(
    consumer: string,
    types: readonly string[],
    handler: EventHandler<P>,
  ): () => void;
  /** Starts delivering: LISTEN (wake-ups from every instance) and a poll for retries and missed wake-ups. */
  start(): Promise<void>;
  /**
   * Delivers what is due now and resolves when a pass that began after the call has finished. A change calls
   * it after its commit so its own consumers (notifications, hubs) have run when the request answers; a
   * crash before or during it loses nothing, the next pass (here or on another instance) delivers.
   */
  flush(): Promise<void>;
  /** Stops waking up and waits for the pass in progress. */
  close(): Promise<void>;
}

export interface DomainEventsOptions {
  database: Database;
  log: { error(details: object, message: string): void };
  /**
   * How often to look for wake-ups missed; default 1000 ms on PostgreSQL (a LISTEN connection can drop) and
   * none on PGlite, where NOTIFY comes from the same process and a failed delivery sets its own retry timer.
   */
  pollMs?: number;
  /** Events claimed per pass; default 50. */
  batch?: number;
  /** Delay before retry n (1-based); default 500 ms × 2^(n-1), at most 5 minutes. */
  retryDelayMs?: (attempt: number) => number;
}

interface ClaimedRow {
  id: string;
  aggregate_type: string;
  aggregate_id: string;
  version: string | number;
  type: string;
  payload: Record<string, unknown> | string;
  occurred_at: Date | string;
  attempts: number;
}

/**
 * Only the oldest undelivered event of each aggregate is claimable: the next one waits until it is delivered,
 * on whichever instance holds it. SKIP LOCKED lets instances claim different aggregates side by side.
 */
const CLAIM = `
  select e.id, e.aggregate_type, e.aggregate_id, e.version, e.type, e.payload, e.occurred_at, e.attempts
    from domain_events e
   where e.dispatched_at is null and e.next_attempt_at <= now()
     and not exists (select 1 from domain_events p
                      where p.aggregate_type = e.aggregate_type and p.aggregate_id = e.aggregate_id
                        and p.dispatched_at is null and p.version < e.version)
   order by e.seq
   limit $1
   for update skip locked`;

const defaultRetryDelay = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), 5 * 60_000);

export function createDomainEvents(options: DomainEventsOptions): DomainEvents {
  const { database, log } = options;
  const batch = options.batch ?? 50;
  const retryDelay = options.retryDelayMs ?? defaultRetryDelay;
  const consumers = new Map<string, { types: Set<string>; handler: EventHandler<object> }>();
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  const retries = new Set<ReturnType<typeof setTimeout>>();
  let started = false;
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;

  const toEvent = (row: ClaimedRow): DomainEvent<object> => ({
    id: row.id,
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    version: Number(row.version),
    type: row.type,
    payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as object,
    occurredAt: new Date(row.occurred_at).toISOString(),
  });

  /** Every consumer of the event that has not handled it yet; false when one failed (retried later). */
  async function deliver(event: DomainEvent<object>): Promise<{ ok: true } | { ok: false; error: unknown }> {
    let first = true;
    for (const [name, consumer] of consumers) {
      if (!consumer.types.has(event.type)) continue;
      const done = await database.query(
        'select 1 from domain_event_deliveries where consumer = $1 and event_id = $2',
        [name, event.id],
      );
      if (done.length) continue;
      if (!first) await crashPoint('between-event-consumers');
      first = false;
      try {
        await consumer.handler(event);
      } catch (error) {
        log.error(
          { err: error, eventId: event.id, type: event.type, consumer: name },
          'a domain event consumer failed; it is retried',
        );
        return { ok: false, error };
      }
      await database.query(
        'insert into domain_event_deliveries (consumer, event_id) values ($1, $2) on conflict do nothing',
        [name, event.id],
      );
    }
    return { ok: true };
  }

  /** Claims due events (the heads of their aggregates), delivers them and records the outcome; true when it claimed any (the next versions may now be due). */
  async function passOnce(connection: Connection): Promise<boolean> {
    const rows = await connection.query<ClaimedRow>(CLAIM, [batch]);
    for (const row of rows) {
      await crashPoint('before-event-delivery');
      const outcome = await deliver(toEvent(row));
      if (outcome.ok) {
        await connection.query(
          'update domain_events set dispatched_at = now(), attempts = attempts + 1, last_error = null where id = $1',
          [row.id],
        );
      } else {
        const message =
          outcome.error instanceof Error ? outcome.error.message.slice(0, 500) : 'consumer failed';
        await connection.query(
          `update domain_events set attempts = attempts + 1, last_error = $2,
                  next_attempt_at = now() + make_interval(secs => $3::double precision / 1000) where id = $1`,
          [row.id, message, retryDelay(row.attempts + 1)],
        );
        retryLater(retryDelay(row.attempts + 1));
      }
    }
    return rows.length > 0;
  }

  /** Wakes up when a failed delivery is due again (a little after, so its row is due by the database's clock). */
  function retryLater(ms: number) {
    if (closed) return;
    const handle = setTimeout(() => {
      retries.delete(handle);
      void run();
    }, ms + 20);
    handle.unref();
    retries.add(handle);
  }

  /**
   * On PostgreSQL the claim is a transaction on one pooled client: the row locks last until the outcome is
   * recorded, and die with the connection if the process does (another instance or the restart claims
   * again). PGlite is one process on one connection: nothing else claims, so no transaction is held (its
   * single connection must stay free for the consumers).
   */
  async function pass(): Promise<void> {
    for (;;) {
      if (closed) return;
      const more =
        database.kind === 'postgres'
          ? await database.transaction((tx) => passOnce(tx))
          : await passOnce(database);
      if (!more) return;
    }
  }

  function run(): Promise<void> {
    if (closed) return running ?? Promise.resolve();
    if (!running) {
      running = pass()
        .catch((error: unknown) => {
          if (!closed) log.error({ err: error }, 'domain event dispatch failed; it is tried again');
        })
        .finally(() => {
          running = null;
        });
      return running;
    }
    queued ??= running.then(() => {
      queued = null;
      return run();
    });
    return queued;
  }

  return {
    subscribe(consumer, types, handler) {
      if (consumers.has(consumer)) throw new Error(`domain event consumer ${consumer} is already subscribed`);
      consumers.set(consumer, { types: new Set(types), handler: handler as EventHandler<object> });
      return () => consumers.delete(consumer);
    },
    async start() {
      if (closed || started) return;
      started = true;
      unlisten = await database.listen(CHANNEL, () => void run());
      const pollMs = options.pollMs ?? (database.kind === 'postgres' ? 1000 : 0);
      if (pollMs > 0) {
        timer = setInterval(() => void run(), pollMs);
        timer.unref();
      }
      void run();
    },
    flush: () => run(),
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      retries.forEach((handle) => clearTimeout(handle));
      retries.clear();
      await running;
      if (unlisten) await unlisten().catch(() => undefined);
      unlisten = null;
    },
  };
}
