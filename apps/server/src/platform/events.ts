import { randomUUID } from 'node:crypto';
import { crashPoint } from './crash-points';
import type { Connection, Database } from './db';

/**
 * Durable domain events (docs/decisions/0028-durable-events.md, delivery per consumer 0082). A change appends
 * its events to `domain_events` in its own transaction (`appendEvents`). The dispatcher fans each event out
 * once into a delivery row per subscribed consumer (`domain_event_deliveries`), then delivers each row at
 * least once, in order per aggregate and consumer, with its own attempts, retry time and error; after
 * `maxAttempts` failures a row is dead (listed for a super user, retried by hand) and no longer holds the
 * consumer's later events back. Only the real-time hub consumers run on the request path (`flush`); every
 * other consumer runs in the background. Events carry ids, statuses, times and versions, never names, birth
 * dates, phones or e-mails: a consumer reads what else it needs.
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

export interface SubscribeOptions {
  /**
   * Where a new consumer starts, the first time any instance registers it: 'now' (the default) hears the events
   * committed from then on; 'beginning' also hears every event still kept (see retention) before it.
   */
  from?: 'beginning' | 'now';
  /**
   * A real-time hub consumer: it only publishes to rooms (memory, Redis, the pending table), so it is cheap
   * enough for the request path, and `flush()` delivers it. Every other consumer runs in the background.
   */
  hub?: boolean;
}

/** A delivery that failed `maxAttempts` times: listed for a super user, who may retry it. */
export interface DeadLetter {
  consumer: string;
  eventId: string;
  eventType: string;
  aggregateType: string;
  aggregateId: string;
  version: number;
  occurredAt: string;
  attempts: number;
  lastError: string | null;
  failedAt: string;
}

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
    options?: SubscribeOptions,
  ): () => void;
  /**
   * The names of this instance's consumers of an event type. A change that fans its own event out in its
   * statement (decision 0101: a hold) records these as pending and the hub consumers it announces itself as
   * delivered.
   */
  consumersOf(type: string): string[];
  /**
   * Starts delivering in the background: LISTEN (wake-ups from every instance), retry timers and, on
   * PostgreSQL, a poll for missed wake-ups. With `background: false` (tests) nothing runs on its own.
   */
  start(): Promise<void>;
  /**
   * The request path's delivery: fans out what was committed and delivers the due events of the real-time hub
   * consumers only, resolving when a pass that began after the call has finished. A change calls it after its
   * commit so its hub messages have gone out when it answers; notifications, payments, reminders and the rest
   * run in the background. A crash before or during it loses nothing.
   */
  flush(): Promise<void>;
  /**
   * Delivers everything due to every consumer, again and again until nothing is due; resolves with how many
   * deliveries it ran. What tests call to wait for the background consumers (like jobs.runDue()).
   */
  drain(): Promise<number>;
  /** The dead letters, newest first. */
  deadLetters(limit?: number): Promise<DeadLetter[]>;
  /** Makes a dead delivery due again with a fresh count of attempts; false when there is no such dead letter. */
  retryDead(consumer: string, eventId: string): Promise<boolean>;
  /**
   * Deletes what was delivered before `before`: delivered rows, and events none of whose deliveries is
   * pending or dead (except each aggregate's latest event, so its versions go on from where they were).
   */
  prune(before: Date): Promise<{ events: number; deliveries: number }>;
  /** Stops waking up and waits for the passes in progress. */
  close(): Promise<void>;
}

export interface DomainEventsOptions {
  database: Database;
  log: { error(details: object, message: string): void };
  /**
   * Background delivery (LISTEN, retry timers, poll); default true. Off, only flush() and drain() deliver
   * (tests, like JOB_POLL_MS=0 for jobs).
   */
  background?: boolean;
  /**
   * How often to look for wake-ups missed; default 1000 ms on PostgreSQL (a LISTEN connection can drop) and
   * none on PGlite, where NOTIFY comes from the same process and a failed delivery sets its own retry timer.
   */
  pollMs?: number;
  /** Events fanned out and deliveries claimed per statement; default 50. */
  batch?: number;
  /** Delay before retry n (1-based); default 500 ms × 2^(n-1), at most 5 minutes. */
  retryDelayMs?: (attempt: number) => number;
  /** Attempts of one delivery before it is dead; default 12 (about 20 minutes with the default delays). */
  maxAttempts?: number;
}

interface ClaimedRow {
  consumer: string;
  attempts: number;
  id: string;
  aggregate_type: string;
  aggregate_id: string;
  version: string | number;
  type: string;
  payload: Record<string, unknown> | string;
  occurred_at: Date | string;
}

/**
 * Fans the heads of the aggregates (the oldest undispatched event of each) out into one pending delivery per
 * consumer of its type, and marks them dispatched, in one statement. Only heads: a later version waits until
 * its predecessor has its delivery rows, so a consumer's rows of an aggregate appear in version order. SKIP
 * LOCKED lets instances fan out different aggregates side by side; `on conflict do nothing` keeps a delivery
 * made before (rows written before decision 0082, a from-history backfill).
 */
const FAN_OUT = `
  with heads as (
    select e.id, e.seq, e.aggregate_type, e.aggregate_id, e.version, e.type
      from domain_events e
     where e.dispatched_at is null
       and not exists (select 1 from domain_events p
                        where p.aggregate_type = e.aggregate_type and p.aggregate_id = e.aggregate_id
                          and p.dispatched_at is null and p.version < e.version)
     order by e.seq
     limit $1
     for update skip locked
  ), fanned as (
    insert into domain_event_deliveries (consumer, event_id, seq, aggregate_type, aggregate_id, version, status)
    select c.consumer, h.id, h.seq, h.aggregate_type, h.aggregate_id, h.version, 'pending'
      from heads h
      join unnest($2::text[], $3::text[]) as c(consumer, type) on c.type = h.type
    on conflict do nothing
  )
  update domain_events set dispatched_at = now() where id in (select id from heads) returning id`;

/**
 * A consumer's due deliveries whose predecessors (same consumer, same aggregate) are not pending: delivered
 * or dead. SKIP LOCKED lets instances deliver different rows side by side; a consumer's next version of an
 * aggregate is not claimable while the one before is pending, wherever it is being delivered.
 */
const CLAIM = `
  select d.consumer, d.attempts, e.id, e.aggregate_type, e.aggregate_id, e.version, e.type, e.payload,
         e.occurred_at
    from domain_event_deliveries d
    join domain_events e on e.id = d.event_id
   where d.status = 'pending' and d.consumer = any($2::text[]) and d.next_attempt_at <= now()
     and not exists (select 1 from domain_event_deliveries p
                      where p.consumer = d.consumer and p.aggregate_type = d.aggregate_type
                        and p.aggregate_id = d.aggregate_id and p.status = 'pending'
                        and p.version < d.version)
   order by d.seq
   limit $1
   for update of d skip locked`;

const defaultRetryDelay = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), 5 * 60_000);

/** The request path's consumers (real-time hubs) and the background's (everything else). */
type Lane = 'hub' | 'background';

interface Consumer {
  types: Set<string>;
  handler: EventHandler<object>;
  from: 'beginning' | 'now';
  lane: Lane;
}

export function createDomainEvents(options: DomainEventsOptions): DomainEvents {
  const { database, log } = options;
  const batch = options.batch ?? 50;
  const retryDelay = options.retryDelayMs ?? defaultRetryDelay;
  const maxAttempts = options.maxAttempts ?? 12;
  const background = options.background ?? true;
  const consumers = new Map<string, Consumer>();
  // Each lane runs one pass at a time in this process (PGlite holds no row locks, so two passes of a lane
  // would deliver one row twice); the hub lane never waits behind a slow background consumer.
  const lanes: Record<Lane, { running: Promise<number> | null; queued: Promise<number> | null }> = {
    hub: { running: null, queued: null },
    background: { running: null, queued: null },
  };
  let timer: ReturnType<typeof setInterval> | null = null;
  const retries = new Set<ReturnType<typeof setTimeout>>();
  let started = false;
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;
  /** Subscriptions registered with the database (and their history backfilled) before anything is delivered. */
  let registering: Promise<void> = Promise.resolve();
  const unregistered = new Set<string>();

  const toEvent = (row: ClaimedRow): DomainEvent<object> => ({
    id: row.id,
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    version: Number(row.version),
    type: row.type,
    payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as object,
    occurredAt: new Date(row.occurred_at).toISOString(),
  });

  /**
   * Writes the subscriptions seen for the first time; a new consumer from the beginning gets a pending delivery
   * of every event already fanned out (the undispatched ones it gets from the fan-out itself).
   */
  async function register(names: string[]): Promise<void> {
    if (!names.length) return;
    const rows = await database.query<{ consumer: string }>(
      `insert into domain_event_subscriptions (consumer, starts_from)
       select * from unnest($1::text[], $2::text[])
       on conflict do nothing returning consumer`,
      [names, names.map((name) => consumers.get(name)?.from ?? 'now')],
    );
    for (const { consumer } of rows) {
      const subscribed = consumers.get(consumer);
      if (subscribed?.from !== 'beginning') continue;
      await database.query(
        `insert into domain_event_deliveries (consumer, event_id, seq, aggregate_type, aggregate_id, version, status)
         select $1, e.id, e.seq, e.aggregate_type, e.aggregate_id, e.version, 'pending'
           from domain_events e
          where e.type = any($2::text[]) and e.dispatched_at is not null
         on conflict do nothing`,
        [consumer, [...subscribed.types]],
      );
    }
  }

  function registerPending(): Promise<void> {
    if (!unregistered.size) return registering;
    const names = [...unregistered];
    unregistered.clear();
    registering = registering.then(() => register(names));
    return registering;
  }

  /** Fans out every undispatched event this instance can reach (heads first, then their successors). */
  async function fanOut(): Promise<void> {
    const pairs = [...consumers].flatMap(([name, consumer]) =>
      [...consumer.types].map((type) => [name, type] as const),
    );
    const names = pairs.map(([name]) => name);
    const types = pairs.map(([, type]) => type);
    for (;;) {
      if (closed) return;
      const rows = await database.query(FAN_OUT, [batch, names, types]);
      if (!rows.length) return;
    }
  }

  /** Claims a lane's due deliveries and runs them; how many it claimed. */
  async function deliverOnce(connection: Connection, lane: Lane): Promise<number> {
    const names = [...consumers].filter(([, c]) => c.lane === lane).map(([name]) => name);
    if (!names.length) return 0;
    const rows = await connection.query<ClaimedRow>(CLAIM, [batch, names]);
    for (const row of rows) {
      if (closed) break;
      await crashPoint('before-event-delivery');
      if (lane === 'background') await crashPoint('between-event-consumers');
      const consumer = consumers.get(row.consumer);
      if (!consumer) continue;
      const event = toEvent(row);
      try {
        await consumer.handler(event);
      } catch (error) {
        const attempt = row.attempts + 1;
        const dead = attempt >= maxAttempts;
        log.error(
          { err: error, eventId: event.id, type: event.type, consumer: row.consumer, attempt },
          dead
            ? 'a domain event consumer failed for the last time; its delivery is a dead letter'
            : 'a domain event consumer failed; it is retried',
        );
        const message = error instanceof Error ? error.message.slice(0, 500) : 'consumer failed';
        await connection.query(
          `update domain_event_deliveries
              set attempts = $3, last_error = $4,
                  status = case when $5 then 'dead' else 'pending' end,
                  failed_at = case when $5 then now() else failed_at end,
                  next_attempt_at = now() + make_interval(secs => $6::double precision / 1000)
            where consumer = $1 and event_id = $2`,
          [row.consumer, row.id, attempt, message, dead, dead ? 0 : retryDelay(attempt)],
        );
        if (!dead) retryLater(lane, retryDelay(attempt));
        continue;
      }
      await connection.query(
        `update domain_event_deliveries
            set status = 'delivered', delivered_at = now(), attempts = attempts + 1
          where consumer = $1 and event_id = $2`,
        [row.consumer, row.id],
      );
    }
    return rows.length;
  }

  /** Wakes a lane when a failed delivery is due again (a little after, so its row is due by the database's clock). */
  function retryLater(lane: Lane, ms: number) {
    if (closed || !background) return;
    const handle = setTimeout(() => {
      retries.delete(handle);
      void run(lane);
    }, ms + 20);
    handle.unref();
    retries.add(handle);
  }

  /**
   * One pass of a lane: fan out, then deliver until nothing of the lane is due. On PostgreSQL each claim is a
   * transaction on one pooled client: the row locks last until the outcome is recorded, and die with the
   * connection if the process does (another instance or the restart claims again). PGlite is one process on
   * one connection: nothing else claims, so no transaction is held (its connection must stay free for the
   * consumers).
   */
  async function pass(lane: Lane): Promise<number> {
    await registerPending();
    let delivered = 0;
    for (;;) {
      if (closed) return delivered;
      await fanOut();
      const claimed =
        database.kind === 'postgres'
          ? await database.transaction((tx) => deliverOnce(tx, lane))
          : await deliverOnce(database, lane);
      delivered += claimed;
      if (!claimed) return delivered;
    }
  }

  /** Runs a pass of the lane, or queues one after the pass in progress; resolves when that pass is over. */
  function run(lane: Lane): Promise<number> {
    const state = lanes[lane];
    if (closed) return Promise.resolve(0);
    if (!state.running) {
      state.running = pass(lane)
        .catch((error: unknown) => {
          if (!closed) log.error({ err: error, lane }, 'domain event dispatch failed; it is tried again');
          return 0;
        })
        .finally(() => {
          state.running = null;
        });
      return state.running;
    }
    state.queued ??= state.running.then(() => {
      state.queued = null;
      return run(lane);
    });
    return state.queued;
  }

  const wake = () => {
    void run('hub');
    void run('background');
  };

  return {
    subscribe(consumer, types, handler, subscribeOptions = {}) {
      if (consumers.has(consumer)) throw new Error(`domain event consumer ${consumer} is already subscribed`);
      consumers.set(consumer, {
        types: new Set(types),
        handler: handler as EventHandler<object>,
        from: subscribeOptions.from ?? 'now',
        lane: subscribeOptions.hub ? 'hub' : 'background',
      });
      unregistered.add(consumer);
      if (started && !closed) void registerPending().catch(() => undefined);
      return () => {
        consumers.delete(consumer);
        unregistered.delete(consumer);
      };
    },
    consumersOf(type) {
      return [...consumers].filter(([, c]) => c.types.has(type)).map(([name]) => name);
    },
    async start() {
      if (closed || started) return;
      started = true;
      await registerPending();
      if (!background) return;
      unlisten = await database.listen(CHANNEL, wake);
      const pollMs = options.pollMs ?? (database.kind === 'postgres' ? 1000 : 0);
      if (pollMs > 0 && database.kind === 'postgres') {
        timer = setInterval(wake, pollMs);
        timer.unref();
      }
      wake();
    },
    flush: async () => {
      await run('hub');
    },
    async drain() {
      let total = 0;
      for (;;) {
        if (closed) return total;
        const ran = (await run('hub')) + (await run('background'));
        total += ran;
        if (!ran) return total;
      }
    },
    async deadLetters(limit = 100) {
      const rows = await database.query<{
        consumer: string;
        event_id: string;
        type: string;
        aggregate_type: string;
        aggregate_id: string;
        version: string | number;
        occurred_at: Date | string;
        attempts: number;
        last_error: string | null;
        failed_at: Date | string;
      }>(
        `select d.consumer, d.event_id, e.type, d.aggregate_type, d.aggregate_id, d.version, e.occurred_at,
                d.attempts, d.last_error, d.failed_at
           from domain_event_deliveries d join domain_events e on e.id = d.event_id
          where d.status = 'dead'
          order by d.failed_at desc, d.seq desc
          limit $1`,
        [limit],
      );
      return rows.map((row) => ({
        consumer: row.consumer,
        eventId: row.event_id,
        eventType: row.type,
        aggregateType: row.aggregate_type,
        aggregateId: row.aggregate_id,
        version: Number(row.version),
        occurredAt: new Date(row.occurred_at).toISOString(),
        attempts: row.attempts,
        lastError: row.last_error,
        failedAt: new Date(row.failed_at).toISOString(),
      }));
    },
    async retryDead(consumer, eventId) {
      const rows = await database.query(
        `update domain_event_deliveries
            set status = 'pending', attempts = 0, next_attempt_at = now(), failed_at = null
          where consumer = $1 and event_id = $2 and status = 'dead'
          returning event_id`,
        [consumer, eventId],
      );
      if (rows.length && background) void run(consumers.get(consumer)?.lane ?? 'background');
      return rows.length > 0;
    },
    async prune(before) {
      let deliveries = 0;
      let events = 0;
      const cutoff = before.toISOString();
      // In slices, so no statement holds many row locks for long.
      for (;;) {
        const rows = await database.query(
          `delete from domain_event_deliveries
            where ctid in (select ctid from domain_event_deliveries
                            where status = 'delivered' and delivered_at < $1 limit 5000)
           returning 1`,
          [cutoff],
        );
        deliveries += rows.length;
        if (rows.length < 5000) break;
      }
      for (;;) {
        const rows = await database.query(
          `delete from domain_events
            where id in (select e.id from domain_events e
                          where e.dispatched_at < $1
                            and not exists (select 1 from domain_event_deliveries d where d.event_id = e.id)
                            and exists (select 1 from domain_events n
                                         where n.aggregate_type = e.aggregate_type
                                           and n.aggregate_id = e.aggregate_id and n.version > e.version)
                          limit 5000)
           returning 1`,
          [cutoff],
        );
        events += rows.length;
        if (rows.length < 5000) break;
      }
      return { events, deliveries };
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      retries.forEach((handle) => clearTimeout(handle));
      retries.clear();
      await Promise.all([lanes.hub.running, lanes.background.running]);
      if (unlisten) await unlisten().catch(() => undefined);
      unlisten = null;
    },
  };
}
