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

  function dispatcher(options: { retryDelayMs?: (n: number) => number; batch?: number } = {}) {
    // No poll: a commit wakes the dispatcher by NOTIFY, a failed delivery by its retry timer.
    const events = createDomainEvents({ database, log: silent, pollMs: 0, ...options });
    dispatchers.push(events);
    return events;
  }

  const append = (aggregateId: string, type: string, payload: Record<string, unknown>) =>
    database.transaction((tx) => appendEvents(tx, [{ aggregateType: 'test', aggregateId, type, payload }]));

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
    await events.flush();
    expect(seen).toEqual(['kept']);
  });

  it('delivers each event once per consumer, and a consumer that has an event skips its redelivery', async () => {
    const events = dispatcher();
    const first: string[] = [];
    const second: string[] = [];
    events.subscribe('idempotent-a', ['test.idempotent'], async (e) => void first.push(e.id));
    events.subscribe('idempotent-b', ['test.idempotent'], async (e) => void second.push(e.id));
    const [appended] = await append('idempotent', 'test.idempotent', { n: 1 });
    await events.flush();
    expect(first).toEqual([appended!.id]);
    expect(second).toEqual([appended!.id]);

    // As if the dispatcher died after the consumers ran and before it marked the event delivered.
    await database.query('update domain_events set dispatched_at = null where id = $1', [appended!.id]);
    await events.flush();
    expect(first).toEqual([appended!.id]);
    expect(second).toEqual([appended!.id]);
    const deliveries = await database.query<{ consumer: string }>(
      'select consumer from domain_event_deliveries where event_id = $1 order by consumer',
      [appended!.id],
    );
    expect(deliveries.map((d) => d.consumer)).toEqual(['idempotent-a', 'idempotent-b']);
    const [row] = await database.query<{ dispatched: boolean }>(
      'select dispatched_at is not null as dispatched from domain_events where id = $1',
      [appended!.id],
    );
    expect(row!.dispatched).toBe(true);
  });

  it('retries a failed consumer with a delay and holds back the later events of its aggregate until then', async () => {
    const events = dispatcher({ retryDelayMs: () => 2000 });
    const delivered: { aggregate: string; version: number }[] = [];
    let failures = 1;
    events.subscribe('ordered', ['test.ordered'], async (e: DomainEvent) => {
      if (e.aggregateId === 'ordered-a' && e.version === 2 && failures-- > 0)
        throw new Error('temporarily down');
      delivered.push({ aggregate: e.aggregateId, version: e.version });
    });
    for (let n = 1; n <= 4; n += 1) {
      await append('ordered-a', 'test.ordered', { n });
      await append('ordered-b', 'test.ordered', { n });
    }
    await events.flush();
    // Aggregate b goes on; a stops at its failed version 2.
    expect(delivered.filter((d) => d.aggregate === 'ordered-a').map((d) => d.version)).toEqual([1]);
    expect(delivered.filter((d) => d.aggregate === 'ordered-b').map((d) => d.version)).toEqual([1, 2, 3, 4]);
    const [failed] = await database.query<{ attempts: number; last_error: string }>(
      "select attempts, last_error from domain_events where aggregate_id = 'ordered-a' and version = 2",
    );
    expect(failed).toMatchObject({ attempts: 1, last_error: 'temporarily down' });

    // Its retry timer wakes the dispatcher when it is due; then a's versions follow in order.
    await expect
      .poll(() => delivered.filter((d) => d.aggregate === 'ordered-a').map((d) => d.version), {
        timeout: 10_000,
      })
      .toEqual([1, 2, 3, 4]);
  });

  it('wakes up on a commit without being asked (LISTEN/NOTIFY or the poll)', async () => {
    const events = dispatcher();
    const seen: number[] = [];
    events.subscribe('woken', ['test.woken'], async (e) => void seen.push(e.version));
    await events.start();
    await append('woken', 'test.woken', {});
    await expect.poll(() => seen, { timeout: 3000 }).toEqual([1]);
  });

  it('answers flush after close without delivering anything more', async () => {
    const events = dispatcher();
    const seen: number[] = [];
    events.subscribe('closed', ['test.closed'], async (e) => void seen.push(e.version));
    await events.close();
    await append('closed', 'test.closed', {});
    await events.flush();
    expect(seen).toEqual([]);
  });
});
