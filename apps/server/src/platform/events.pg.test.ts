import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { dropPostgresDatabase, withDatabaseName } from '../testing/template';
import { fromPool, type Database } from './db';
import { appendEvents, createDomainEvents, type DomainEvents } from './events';

/**
 * PostgreSQL only (vitest.config.ts leaves *.pg.test.ts out of the embedded run): two dispatchers, each on
 * its own pool as two app instances would be, share one database.
 */
describe('durable domain events with two instances on one PostgreSQL database', () => {
  const template = inject('dbTemplate');
  const url = template.databaseUrl!;
  const name = `careslot_ev_${randomBytes(5).toString('hex')}`;
  let writer: Database;
  const instances: { database: Database; events: DomainEvents; name: string }[] = [];
  const deliveries: { instance: string; consumer: string; aggregate: string; version: number; id: string }[] =
    [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.ref}`);
    await admin.end();
    const open = () => fromPool(new pg.Pool({ connectionString: withDatabaseName(url, name), max: 6 }));
    writer = open();
    for (const instance of ['one', 'two']) {
      const database = open();
      const events = createDomainEvents({ database, log: { error: () => undefined }, pollMs: 20, batch: 5 });
      for (const consumer of ['hub', 'notifications']) {
        events.subscribe(consumer, ['test.changed'], async (event) => {
          // Slow enough that both instances are busy at once.
          await new Promise((r) => setTimeout(r, 2));
          deliveries.push({
            instance,
            consumer,
            aggregate: event.aggregateId,
            version: event.version,
            id: event.id,
          });
        });
      }
      instances.push({ database, events, name: instance });
    }
  });

  afterAll(async () => {
    for (const i of instances) {
      await i.events.close();
      await i.database.close();
    }
    await writer.close();
    await dropPostgresDatabase(url, name);
  });

  it('delivers each event once per consumer, in order per aggregate, with both instances taking part', async () => {
    await Promise.all(instances.map((i) => i.events.start()));
    const aggregates = Array.from({ length: 8 }, (_, n) => `aggregate-${n}`);
    const perAggregate = 12;
    // Concurrent writers: each aggregate's changes commit one after another, different aggregates at once.
    await Promise.all(
      aggregates.map(async (aggregateId) => {
        for (let n = 0; n < perAggregate; n += 1) {
          await writer.transaction((tx) =>
            appendEvents(tx, [{ aggregateType: 'test', aggregateId, type: 'test.changed', payload: { n } }]),
          );
        }
      }),
    );
    const total = aggregates.length * perAggregate;
    await expect
      .poll(() => deliveries.length, { timeout: 20_000, interval: 100 })
      .toBeGreaterThanOrEqual(total * 2);
    // A moment more: a duplicate delivery would show up now.
    await new Promise((r) => setTimeout(r, 300));

    for (const consumer of ['hub', 'notifications']) {
      const mine = deliveries.filter((d) => d.consumer === consumer);
      expect(mine).toHaveLength(total);
      expect(new Set(mine.map((d) => d.id)).size).toBe(total);
      for (const aggregate of aggregates) {
        expect(mine.filter((d) => d.aggregate === aggregate).map((d) => d.version)).toEqual(
          Array.from({ length: perAggregate }, (_, n) => n + 1),
        );
      }
    }
    expect(new Set(deliveries.map((d) => d.instance))).toEqual(new Set(['one', 'two']));
    const [left] = await writer.query<{ n: string }>(
      'select count(*) as n from domain_events where dispatched_at is null',
    );
    expect(Number(left!.n)).toBe(0);
    const [pending] = await writer.query<{ n: string }>(
      "select count(*) as n from domain_event_deliveries where status <> 'delivered'",
    );
    expect(Number(pending!.n)).toBe(0);
  }, 60_000);

  it('a consumer failing on both instances holds back neither the other consumer nor its other aggregates; capped, dead once, retried once', async () => {
    // Every dispatcher of a database knows the same consumers (as every instance of one release does): the
    // first test's stop before these start.
    for (const i of instances) await i.events.close();
    const seen: { instance: string; consumer: string; aggregate: string; version: number }[] = [];
    let down = true;
    const failing: DomainEvents[] = [];
    for (const instance of ['one', 'two']) {
      const events = createDomainEvents({
        database: instances.find((i) => i.name === instance)!.database,
        log: { error: () => undefined },
        pollMs: 20,
        batch: 5,
        retryDelayMs: () => 10,
        maxAttempts: 3,
      });
      for (const consumer of ['flaky', 'steady'])
        events.subscribe(consumer, ['test.flaky'], async (event) => {
          if (consumer === 'flaky' && event.aggregateId === 'poisoned' && event.version === 1 && down)
            throw new Error('refused');
          seen.push({ instance, consumer, aggregate: event.aggregateId, version: event.version });
        });
      failing.push(events);
    }
    try {
      await Promise.all(failing.map((events) => events.start()));
      for (const aggregateId of ['poisoned', 'healthy'])
        for (let n = 0; n < 3; n += 1)
          await writer.transaction((tx) =>
            appendEvents(tx, [{ aggregateType: 'test', aggregateId, type: 'test.flaky', payload: { n } }]),
          );
      const versions = (consumer: string, aggregate: string) =>
        seen.filter((s) => s.consumer === consumer && s.aggregate === aggregate).map((s) => s.version);
      await expect
        .poll(
          () => [versions('steady', 'poisoned'), versions('steady', 'healthy'), versions('flaky', 'healthy')],
          {
            timeout: 20_000,
            interval: 50,
          },
        )
        .toEqual([
          [1, 2, 3],
          [1, 2, 3],
          [1, 2, 3],
        ]);
      // Three attempts in all, whichever instance made them; then one dead letter, which holds nothing back.
      await expect
        .poll(async () => (await failing[0]!.deadLetters()).filter((d) => d.consumer === 'flaky'), {
          timeout: 20_000,
          interval: 50,
        })
        .toEqual([expect.objectContaining({ aggregateId: 'poisoned', version: 1, attempts: 3 })]);
      await expect
        .poll(() => versions('flaky', 'poisoned'), { timeout: 20_000, interval: 50 })
        .toEqual([2, 3]);

      down = false;
      const retried = await failing[1]!.retryDead('flaky', (await failing[0]!.deadLetters())[0]!.eventId);
      expect(retried).toBe(true);
      await expect
        .poll(() => versions('flaky', 'poisoned'), { timeout: 20_000, interval: 50 })
        .toEqual([2, 3, 1]);
      await new Promise((r) => setTimeout(r, 300));
      expect(versions('flaky', 'poisoned')).toEqual([2, 3, 1]);
      expect(await failing[0]!.deadLetters()).toEqual([]);
    } finally {
      for (const events of failing) await events.close();
    }
  }, 60_000);
});
