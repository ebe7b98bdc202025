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
  }, 60_000);
});
