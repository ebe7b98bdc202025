import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAD_LETTER_RETRY_PATH, DEAD_LETTERS_PATH, type DeadLetter } from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../testing/app';
import { DEMO_PRACTICE_IDS } from '../seed';
import { appendEvents } from './events';
import { EVENT_RETENTION_JOB } from './event-retention';

const NOW = '2026-11-23T13:40:00Z';
type FixedClock = TestApp['clock'] & { set(to: Date | string): void };

describe('dead letters and retention of domain events (decision 0082)', () => {
  let t: TestApp;
  let superUser: Record<string, string>;
  let practiceAdmin: Record<string, string>;
  let down = true;
  const heard: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { EVENT_MAX_ATTEMPTS: '2', EVENT_RETENTION_DAYS: '30' } });
    superUser = bearer(await tokenFor(t.tokens, { user_roles: ['superuser'], sub: 'super-dead-letters' }));
    practiceAdmin = bearer(
      await tokenFor(t.tokens, {
        user_roles: ['practiceadmin'],
        sub: 'admin-dead-letters',
        PracticeId: DEMO_PRACTICE_IDS[0],
      }),
    );
    t.events.subscribe('test.refusing-mailer', ['test.dead-letter'], async (event) => {
      if (down) throw new Error('SMTP 554 refused');
      heard.push(event.id);
    });
  });
  afterAll(() => t.close());

  const append = (aggregateId: string) =>
    t.database.transaction((tx) =>
      appendEvents(tx, [
        {
          aggregateType: 'test',
          aggregateId,
          type: 'test.dead-letter',
          payload: { patientId: 'never-shown' },
        },
      ]),
    );
  /** Runs the background consumers, as if each retry's time had come. */
  const deliverUntilSettled = async () => {
    for (let round = 0; round < 4; round += 1) {
      await t.events.drain();
      await t.database.query(
        "update domain_event_deliveries set next_attempt_at = now() where consumer = 'test.refusing-mailer' and status = 'pending'",
      );
    }
  };

  it('lists a delivery that failed every attempt for a super user only, retries it once, and audits both', async () => {
    const [event] = await append('dead-letter-1');
    await deliverUntilSettled();

    const refused = await t.call({ url: DEAD_LETTERS_PATH, headers: practiceAdmin });
    expect(refused.statusCode).toBe(403);
    const listed = await t.call<{ data: { Data: DeadLetter[]; Total: number } }>({
      url: DEAD_LETTERS_PATH,
      headers: superUser,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json.data.Data).toEqual([
      expect.objectContaining({
        Consumer: 'test.refusing-mailer',
        EventId: event!.id,
        EventType: 'test.dead-letter',
        AggregateId: 'dead-letter-1',
        Attempts: 2,
        LastError: 'SMTP 554 refused',
      }),
    ]);
    // The payload (which may name a patient) is not shown.
    expect(listed.body).not.toContain('never-shown');

    down = false;
    const retry = (headers: Record<string, string>) =>
      t.call({
        method: 'POST',
        url: DEAD_LETTER_RETRY_PATH,
        headers,
        payload: { Consumer: 'test.refusing-mailer', EventId: event!.id },
      });
    expect((await retry(practiceAdmin)).statusCode).toBe(403);
    expect((await retry(superUser)).statusCode).toBe(200);
    await t.events.drain();
    expect(heard).toEqual([event!.id]);
    expect((await retry(superUser)).statusCode).toBe(404);
    const after = await t.call<{ data: { Data: DeadLetter[] } }>({
      url: DEAD_LETTERS_PATH,
      headers: superUser,
    });
    expect(after.json.data.Data).toEqual([]);

    const audits = await t.database.query<{ action: string; outcome: string; actor_id: string }>(
      "select action, outcome, actor_id from audit_events where entity_type = 'DomainEventDelivery' order by occurred_at",
    );
    expect(audits.map((a) => `${a.action}:${a.outcome}:${a.actor_id}`)).toEqual(
      expect.arrayContaining([
        'read:denied:admin-dead-letters',
        'read:success:super-dead-letters',
        'update:success:super-dead-letters',
      ]),
    );
  });

  it('prunes delivered events, their deliveries and unacknowledged real-time messages after the retention, as a job', async () => {
    const [old] = await append('retained');
    const [latest] = await append('retained');
    await t.events.drain();
    await t.database.query(
      "insert into realtime_pending (message_id, user_id, hub, event, message, sent_at) values (gen_random_uuid(), 'user-retention', 'calendar', 'SlotUpdated', '{}', now())",
    );
    const clock = t.clock as FixedClock;
    try {
      // Within the retention the hourly job removes nothing of it.
      clock.set(new Date(new Date(NOW).getTime() + 2 * 3_600_000));
      expect(await t.jobs.runDue()).toBeGreaterThan(0);
      const kept = await t.database.query('select 1 from domain_events where id = $1', [old!.id]);
      expect(kept).toHaveLength(1);

      clock.set(new Date(Date.now() + 31 * 86_400_000));
      expect(await t.jobs.runDue()).toBeGreaterThan(0);
      const events = await t.database.query<{ id: string }>(
        'select id from domain_events where id = any($1::uuid[])',
        [[old!.id, latest!.id]],
      );
      // The aggregate's latest event stays, so its versions go on.
      expect(events.map((e) => e.id)).toEqual([latest!.id]);
      expect(
        await t.database.query(
          "select 1 from domain_event_deliveries where event_id = $1 and status = 'delivered'",
          [old!.id],
        ),
      ).toHaveLength(0);
      expect(
        await t.database.query("select 1 from realtime_pending where user_id = 'user-retention'"),
      ).toHaveLength(0);
      // It scheduled its next run.
      const [next] = await t.database.query<{ n: number }>(
        "select count(*)::int as n from scheduled_jobs where kind = $1 and status = 'pending'",
        [EVENT_RETENTION_JOB],
      );
      expect(next!.n).toBeGreaterThan(0);
    } finally {
      clock.set(NOW);
    }
  });
});
