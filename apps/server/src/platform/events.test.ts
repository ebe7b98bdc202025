import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openTestDatabase } from '../testing/template';
import type { Database } from './db';
import { appendEvents, createDomainEvents, type DomainEvent, type DomainEvents } from './events';

const silent = { error: () => undefined };

describe('durable domain events (one dispatcher)', () => {
  let database: Database;
  const dispatchers: DomainEvents[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
  });
  // Every dispatcher of a database must know the same consumers (as every instance of the app does), so a
  // test's dispatchers stop before the next test's start.
  afterEach(async () => {
    for (const d of dispatchers.splice(0)) await d.close();
  });
  afterAll(async () => {
    await database.close();
  });

  function dispatcher(
    options: { retryDelayMs?: (n: number) => number; batch?: number; maxAttempts?: number } = {},
  ) {
    // No poll: a commit wakes the dispatcher by NOTIFY (once started), a failed delivery by its retry timer.
    const events = createDomainEvents({ database, log: silent, pollMs: 0, ...options });
    dispatchers.push(events);
    return events;
  }

  const append = (aggregateId: string, type: string, payload: Record<string, unknown>) =>
    database.transaction((tx) => appendEvents(tx, [{ aggregateType: 'test', aggregateId, type, payload }]));

  /** Makes every pending delivery of a consumer due now, as if its retry time had come. */
  const dueNow = (consumer: string) =>
    database.query(
      "update domain_event_deliveries set next_attempt_at = now() where consumer = $1 and status = 'pending'",
      [consumer],
    );

  it('numbers the events of an aggregate 1, 2, 3 in commit order and keeps only ids in the row', async () => {
    const [a] = await append('numbered', 'test.numbered', { n: 1 });
    const [b] = await append('numbered', 'test.numbered', { n: 2 });
    const [other] = await append('numbered-other', 'test.numbered', { n: 1 });
    expect([a!.version, b!.version, other!.version]).toEqual([1, 2, 1]);
    expect(a!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never delivers the events of a change that rolled back', async () => {
    const events = dispatcher();
    const seen: string[] = [];
    events.subscribe('rollback-consumer', ['test.rollback'], async (e) => {
      seen.push(String(e.payload.n));
    });
    await expect(
      database.transaction(async (tx) => {
        await appendEvents(tx, [
          {
            aggregateType: 'test',
            aggregateId: 'rolled-back',
            type: 'test.rollback',
            payload: { n: 'lost' },
          },
        ]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await append('rolled-back', 'test.rollback', { n: 'kept' });
    await events.drain();
    expect(seen).toEqual(['kept']);
  });

  it('delivers each event once per consumer, and a consumer that has an event skips its redelivery', async () => {
    const events = dispatcher();
    const first: string[] = [];
    const second: string[] = [];
    events.subscribe('idempotent-a', ['test.idempotent'], async (e) => void first.push(e.id));
    events.subscribe('idempotent-b', ['test.idempotent'], async (e) => void second.push(e.id));
    const [appended] = await append('idempotent', 'test.idempotent', { n: 1 });
    await events.drain();
    expect(first).toEqual([appended!.id]);
    expect(second).toEqual([appended!.id]);

    // As if the dispatcher died after fanning out and delivering, before it marked the event dispatched.
    await database.query('update domain_events set dispatched_at = null where id = $1', [appended!.id]);
    await events.drain();
    expect(first).toEqual([appended!.id]);
    expect(second).toEqual([appended!.id]);
    const deliveries = await database.query<{ consumer: string; status: string; attempts: number }>(
      'select consumer, status, attempts from domain_event_deliveries where event_id = $1 order by consumer',
      [appended!.id],
    );
    expect(deliveries).toEqual([
      { consumer: 'idempotent-a', status: 'delivered', attempts: 1 },
      { consumer: 'idempotent-b', status: 'delivered', attempts: 1 },
    ]);
  });

  it("retries a failed consumer with a delay, holding back only that consumer's later events of the aggregate", async () => {
    const events = dispatcher({ retryDelayMs: () => 60_000 });
    const delivered: { consumer: string; aggregate: string; version: number }[] = [];
    let failures = 1;
    for (const consumer of ['ordered-flaky', 'ordered-steady'])
      events.subscribe(consumer, ['test.ordered'], async (e: DomainEvent) => {
        if (
          consumer === 'ordered-flaky' &&
          e.aggregateId === 'ordered-a' &&
          e.version === 2 &&
          failures-- > 0
        )
          throw new Error('temporarily down');
        delivered.push({ consumer, aggregate: e.aggregateId, version: e.version });
      });
    for (let n = 1; n <= 4; n += 1) {
      await append('ordered-a', 'test.ordered', { n });
      await append('ordered-b', 'test.ordered', { n });
    }
    await events.drain();
    const versions = (consumer: string, aggregate: string) =>
      delivered.filter((d) => d.consumer === consumer && d.aggregate === aggregate).map((d) => d.version);
    // The flaky consumer stops at a's failed version 2 and goes on with b; the other consumer is not held back.
    expect(versions('ordered-flaky', 'ordered-a')).toEqual([1]);
    expect(versions('ordered-flaky', 'ordered-b')).toEqual([1, 2, 3, 4]);
    expect(versions('ordered-steady', 'ordered-a')).toEqual([1, 2, 3, 4]);
    expect(versions('ordered-steady', 'ordered-b')).toEqual([1, 2, 3, 4]);
    const [failed] = await database.query<{ attempts: number; last_error: string; status: string }>(
      `select d.attempts, d.last_error, d.status from domain_event_deliveries d
        where d.consumer = 'ordered-flaky' and d.aggregate_id = 'ordered-a' and d.version = 2`,
    );
    expect(failed).toEqual({ attempts: 1, last_error: 'temporarily down', status: 'pending' });

    // Not due yet: nothing moves. Once due, a's versions follow in order.
    await events.drain();
    expect(versions('ordered-flaky', 'ordered-a')).toEqual([1]);
    await dueNow('ordered-flaky');
    await events.drain();
    expect(versions('ordered-flaky', 'ordered-a')).toEqual([1, 2, 3, 4]);
  });

  it('gives up after the attempt cap: the delivery is a dead letter, listed, and delivered when retried', async () => {
    const events = dispatcher({ retryDelayMs: () => 0, maxAttempts: 3 });
    let down = true;
    const seen: number[] = [];
    let tries = 0;
    events.subscribe('capped', ['test.capped'], async (e) => {
      if (e.version === 1) {
        tries += 1;
        if (down) throw new Error('the mail server refuses');
      }
      seen.push(e.version);
    });
    const [first] = await append('capped', 'test.capped', {});
    await append('capped', 'test.capped', {});
    await events.drain();
    // Three attempts, then dead; a dead letter no longer holds back the later events of its aggregate.
    expect(tries).toBe(3);
    expect(seen).toEqual([2]);
    const dead = (await events.deadLetters()).filter((letter) => letter.consumer === 'capped');
    expect(dead).toEqual([
      expect.objectContaining({
        consumer: 'capped',
        eventId: first!.id,
        eventType: 'test.capped',
        aggregateId: 'capped',
        version: 1,
        attempts: 3,
        lastError: 'the mail server refuses',
      }),
    ]);
    await events.drain();
    expect(tries).toBe(3);

    down = false;
    expect(await events.retryDead('capped', first!.id)).toBe(true);
    expect(await events.retryDead('capped', first!.id)).toBe(false);
    await events.drain();
    expect(seen).toEqual([2, 1]);
    expect((await events.deadLetters()).filter((letter) => letter.consumer === 'capped')).toEqual([]);
  });

  it('starts a new consumer from the beginning of history or from now, as it subscribes', async () => {
    const early = dispatcher();
    early.subscribe('history-early', ['test.history'], async () => undefined);
    const [old] = await append('history', 'test.history', { n: 1 });
    await early.drain();
    await early.close();

    const later = dispatcher();
    const fromBeginning: string[] = [];
    const fromNow: string[] = [];
    later.subscribe('history-reports', ['test.history'], async (e) => void fromBeginning.push(e.id), {
      from: 'beginning',
    });
    later.subscribe('history-new', ['test.history'], async (e) => void fromNow.push(e.id));
    await later.start();
    const [fresh] = await append('history', 'test.history', { n: 2 });
    await later.drain();
    expect(fromBeginning).toEqual([old!.id, fresh!.id]);
    expect(fromNow).toEqual([fresh!.id]);

    // Registered once: another start (a restart, a second instance) does not deliver history again.
    await later.close();
    const again = dispatcher();
    const heard: string[] = [];
    again.subscribe('history-reports', ['test.history'], async (e) => void heard.push(e.id), {
      from: 'beginning',
    });
    await again.start();
    await again.drain();
    expect(heard).toEqual([]);
  });

  it('delivers only the hub consumers on flush; the background consumers wait for their own pass', async () => {
    const events = dispatcher();
    const hub: number[] = [];
    const mail: number[] = [];
    events.subscribe('lanes-hub', ['test.lanes'], async (e) => void hub.push(e.version), { hub: true });
    events.subscribe('lanes-mail', ['test.lanes'], async (e) => void mail.push(e.version));
    await append('lanes', 'test.lanes', {});
    await events.flush();
    expect(hub).toEqual([1]);
    expect(mail).toEqual([]);
    await events.drain();
    expect(mail).toEqual([1]);
  });

  it('prunes what was delivered before the cutoff, keeping dead letters and each aggregate’s latest event', async () => {
    const events = dispatcher({ retryDelayMs: () => 0, maxAttempts: 1 });
    events.subscribe('pruned', ['test.pruned'], async (e) => {
      if (e.aggregateId === 'pruned-dead') throw new Error('never');
    });
    const [one] = await append('pruned-a', 'test.pruned', {});
    const [two] = await append('pruned-a', 'test.pruned', {});
    const [dead] = await append('pruned-dead', 'test.pruned', {});
    await append('pruned-dead', 'test.pruned', {});
    await events.drain();
    const ids = [one!.id, two!.id, dead!.id];
    const kept = async () =>
      (
        await database.query<{ id: string }>('select id from domain_events where id = any($1::uuid[])', [ids])
      ).map((row) => row.id);

    // Nothing is old enough yet.
    await events.prune(new Date(Date.now() - 3_600_000));
    expect((await kept()).sort()).toEqual([...ids].sort());

    const pruned = await events.prune(new Date(Date.now() + 60_000));
    expect(pruned.events).toBeGreaterThanOrEqual(1);
    // Version 1 of a goes with its delivery; a's latest stays (versions go on from 2); the dead letter stays.
    expect((await kept()).sort()).toEqual([two!.id, dead!.id].sort());
    const deliveries = await database.query<{ status: string }>(
      'select status from domain_event_deliveries where event_id = any($1::uuid[])',
      [ids],
    );
    expect(deliveries.map((d) => d.status)).toEqual(['dead']);
    const [next] = await append('pruned-a', 'test.pruned', {});
    expect(next!.version).toBe(3);
  });

  it('wakes up on a commit without being asked (LISTEN/NOTIFY or the poll)', async () => {
    const events = dispatcher();
    const seen: number[] = [];
    events.subscribe('woken', ['test.woken'], async (e) => void seen.push(e.version));
    await events.start();
    await append('woken', 'test.woken', {});
    // Waits for the delivery (up to 15 s: the PostgreSQL suite keeps both cores busy; 3 s once ran out there).
    await expect.poll(() => seen, { timeout: 15_000 }).toEqual([1]);
  });

  it('answers flush and drain after close without delivering anything more', async () => {
    const events = dispatcher();
    const seen: number[] = [];
    events.subscribe('closed', ['test.closed'], async (e) => void seen.push(e.version), { hub: true });
    await events.close();
    await append('closed', 'test.closed', {});
    await events.flush();
    expect(await events.drain()).toBe(0);
    expect(seen).toEqual([]);
  });
});
