import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { startSmtpStandIn, type SmtpStandIn } from '../testing/smtp-stand-in';
import { dropPostgresDatabase, openTestDatabase, withDatabaseName } from '../testing/template';
import type { fixedClock } from './clock';
import { fromPool, type Database } from './db';
import {
  OUTBOX_DELIVERY,
  smtpTransport,
  type MessageTransport,
  type OutgoingMessage,
  type StoredMessage,
} from './outbox';

/**
 * Durable delivery of e-mail and SMS (decision 0081): a message and its delivery job are written together,
 * the job sends it through the channel's transport, retries with backoff and gives up into a visible failed
 * state; the dedupe key means "sent once". Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

const T0 = '2026-12-01T10:00:00.000Z';
type FixedClock = ReturnType<typeof fixedClock>;

/**
 * The app's e-mail transport, under the test's control: `answer(n, message)` decides the n-th call of the
 * current test (throw to refuse). SMS has no transport here, so it takes the local default.
 */
const mail = {
  answer: (_call: number, _message: OutgoingMessage): void => undefined,
  calls: [] as OutgoingMessage[],
  delivered: [] as OutgoingMessage[],
};
const testTransport: MessageTransport = {
  channel: 'email',
  name: 'test-smtp',
  async send(message) {
    mail.calls.push(message);
    mail.answer(mail.calls.length, message);
    mail.delivered.push(message);
  },
};

const email = (to: string, extra: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  channel: 'email',
  to,
  subject: 'Your appointment is confirmed',
  body: 'See you on Tuesday.',
  template: 'appointment-confirmation',
  ...extra,
});

const uniqueAddress = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.com`;

describe('durable message delivery, one instance', () => {
  let t: TestApp;
  let clock: FixedClock;
  beforeAll(async () => {
    t = await createTestApp({ now: T0, transports: [testTransport] });
    clock = t.clock as FixedClock;
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => {
    mail.answer = () => undefined;
    mail.calls = [];
    mail.delivered = [];
  });

  async function messageTo(to: string): Promise<StoredMessage> {
    const [message] = await t.outbox.list({ to });
    return message!;
  }

  it('a transport that fails twice then succeeds delivers the message exactly once, retried with backoff', async () => {
    mail.answer = (call, message) => {
      if (call <= 2) throw new Error(`421 4.4.2 try again later for <${message.to}>`);
    };
    const to = uniqueAddress('flaky');
    const { id } = await t.outbox.send(email(to, { dedupeKey: `test:${to}` }));

    // Written at once (the sender does not wait on the transport), delivered by its job.
    expect(mail.calls).toHaveLength(0);
    expect(await messageTo(to)).toMatchObject({ id, status: 'pending', attempts: 0 });

    const start = clock.now().getTime();
    await t.jobs.runDue();
    expect(mail.calls).toHaveLength(1);
    expect(await messageTo(to)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: `421 4.4.2 try again later for <${to}>`,
    });
    // The scheduler (and so the log) is told which transport refused, never the address its answer quotes.
    const job = await t.jobs.status(`outbox:${id}`);
    expect(job).toMatchObject({ status: 'pending', lastError: 'test-smtp did not take the message' });
    expect(job!.runAt).toBe(new Date(start + OUTBOX_DELIVERY.retryDelayMs(1)).toISOString());

    clock.advance(OUTBOX_DELIVERY.retryDelayMs(1) - 1);
    expect(await t.jobs.runDue()).toBe(0);
    clock.advance(1);
    await t.jobs.runDue();
    expect(mail.calls).toHaveLength(2);
    clock.advance(OUTBOX_DELIVERY.retryDelayMs(2));
    await t.jobs.runDue();
    expect(mail.calls).toHaveLength(3);
    expect(mail.delivered).toHaveLength(1);
    expect(mail.delivered[0]).toMatchObject({ to, subject: 'Your appointment is confirmed' });
    const sent = await messageTo(to);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3 });
    expect(sent).not.toHaveProperty('lastError');
    expect(sent.sentAt).toBeDefined();

    // Nothing more: not on a later look, not when the same key is sent again.
    clock.advance(24 * 60 * 60_000);
    await t.jobs.runDue(); // the platform's own hourly retention job may run; no delivery does
    expect(await t.outbox.send(email(to, { dedupeKey: `test:${to}` }))).toEqual({ id });
    expect(await t.jobs.runDue()).toBe(0);
    expect(mail.delivered).toHaveLength(1);
    expect(await t.outbox.list({ to })).toHaveLength(1);
  });

  it('gives up after the last attempt into a visible failed state with the last error; the same key sent again is delivered', async () => {
    let down = true;
    mail.answer = () => {
      if (down) throw new Error('550 5.7.1 relaying denied');
    };
    const to = uniqueAddress('down');
    const message = email(to, { dedupeKey: `test:${to}` });
    const { id } = await t.outbox.send(message);
    for (let attempt = 1; attempt <= OUTBOX_DELIVERY.maxAttempts; attempt += 1) {
      await t.jobs.runDue();
      expect(mail.calls).toHaveLength(attempt);
      expect(await messageTo(to)).toMatchObject({
        status: attempt < OUTBOX_DELIVERY.maxAttempts ? 'pending' : 'failed',
        attempts: attempt,
        lastError: '550 5.7.1 relaying denied',
      });
      clock.advance(OUTBOX_DELIVERY.retryDelayMs(attempt));
    }
    expect(await t.jobs.status(`outbox:${id}`)).toMatchObject({ status: 'failed' });
    clock.advance(24 * 60 * 60_000);
    await t.jobs.runDue(); // the platform's own hourly retention job may run; no delivery does
    expect(mail.delivered).toHaveLength(0);

    // The developer page shows it failed, with why.
    const page = await t.call<{ messages: StoredMessage[] }>({
      url: `/dev/outbox?to=${encodeURIComponent(to)}`,
    });
    expect(page.json.messages).toEqual([
      expect.objectContaining({
        id,
        status: 'failed',
        attempts: OUTBOX_DELIVERY.maxAttempts,
        lastError: '550 5.7.1 relaying denied',
      }),
    ]);

    // "Sent once", not "written once": the same key again (a redelivered event) delivers the message that
    // never left, once.
    down = false;
    expect(await t.outbox.send(message)).toEqual({ id });
    expect(await messageTo(to)).toMatchObject({ status: 'pending' });
    await t.jobs.runDue();
    expect(mail.delivered).toHaveLength(1);
    expect(await messageTo(to)).toMatchObject({ status: 'sent', attempts: OUTBOX_DELIVERY.maxAttempts + 1 });
    expect(await t.outbox.list({ to })).toHaveLength(1);
  });

  it('the same key sent again while its delivery is due keeps the one delivery', async () => {
    const to = uniqueAddress('twice');
    const first = await t.outbox.send(email(to, { dedupeKey: `test:${to}` }));
    const second = await t.outbox.send(email(to, { dedupeKey: `test:${to}` }));
    expect(second).toEqual(first);
    await t.jobs.runDue();
    expect(mail.delivered).toHaveLength(1);
    expect(await t.outbox.list({ to })).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
  });

  it('a message stranded before delivery was durable (pending, no job) is delivered when its key is sent again', async () => {
    const to = uniqueAddress('stranded');
    // What the inline outbox left after a crash between its insert and its send.
    await t.database.query(
      `insert into outbox_messages (channel, recipient, subject, body, template, status, dedupe_key)
       values ('email', $1, 'Your appointment is confirmed', 'See you on Tuesday.', 'appointment-confirmation', 'pending', $2)`,
      [to, `test:${to}`],
    );
    await t.jobs.runDue();
    expect(mail.calls).toHaveLength(0);
    const { id } = await t.outbox.send(email(to, { dedupeKey: `test:${to}` }));
    await t.jobs.runDue();
    expect(mail.delivered.map((m) => m.to)).toEqual([to]);
    expect(await t.outbox.list({ to })).toEqual([expect.objectContaining({ id, status: 'sent' })]);
  });

  it("sent in the caller's transaction: nothing is written or sent when it rolls back; written and delivered when it commits", async () => {
    const lost = uniqueAddress('rolled-back');
    await expect(
      t.database.transaction(async (tx) => {
        await t.outbox.send(email(lost), tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const kept = uniqueAddress('committed');
    await t.database.transaction((tx) => t.outbox.send(email(kept), tx));
    await t.jobs.runDue();
    expect(await t.outbox.list({ to: lost })).toEqual([]);
    expect(mail.delivered.map((m) => m.to)).toEqual([kept]);
    expect(await t.outbox.list({ to: kept })).toEqual([expect.objectContaining({ status: 'sent' })]);
  });

  it('with no transport for the channel, the local default goes the same way: written pending, kept as stored by its job', async () => {
    const phone = '+12125550188';
    const { id } = await t.outbox.send({
      channel: 'sms',
      to: phone,
      body: 'CareSlot: your code is 123456',
      template: 'otp',
    });
    expect(await messageTo(phone)).toMatchObject({
      id,
      status: 'pending',
      body: 'CareSlot: your code is 123456',
    });
    await t.jobs.runDue();
    expect(await messageTo(phone)).toMatchObject({ id, status: 'stored', attempts: 1 });
    expect(await t.jobs.status(`outbox:${id}`)).toMatchObject({ status: 'done', attempts: 1 });
    expect(mail.calls).toHaveLength(0);
  });
});

describe('the SMTP adapter', () => {
  it('delivers through the job: the message, its HTML and its attachment reach the server once', async () => {
    const server: SmtpStandIn = await startSmtpStandIn();
    const t = await createTestApp({
      now: T0,
      transports: [smtpTransport(server.url, 'CareSlot <no-reply@careslot.health>')],
    });
    try {
      const to = uniqueAddress('smtp');
      await t.outbox.send(
        email(to, {
          html: '<p>See you on Tuesday.</p>',
          attachments: [
            { filename: 'appointment.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' },
          ],
        }),
      );
      expect(server.received).toHaveLength(0);
      await t.jobs.runDue();
      expect(server.received).toHaveLength(1);
      expect(server.received[0]!.to).toEqual([`<${to}>`]);
      expect(server.received[0]!.data).toContain('Subject: Your appointment is confirmed');
      expect(server.received[0]!.data).toContain('text/html');
      expect(server.received[0]!.data).toContain('appointment.ics');
      expect(await t.outbox.list({ to })).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
    } finally {
      await t.close();
      await server.close();
    }
  });
});

/**
 * One database opened twice, as two app instances would: on PostgreSQL two pools on a database of its own;
 * on PGlite (one connection) both share the one connection.
 */
async function oneDatabaseTwice(): Promise<{ first: Database; second: Database; drop(): Promise<void> }> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const database = await openTestDatabase(template);
    return {
      first: database,
      second: { ...database, close: async () => undefined },
      drop: async () => undefined,
    };
  }
  const url = template.databaseUrl!;
  const name = `careslot_outbox_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.ref}`);
  await admin.end();
  const open = () => fromPool(new pg.Pool({ connectionString: withDatabaseName(url, name), max: 5 }));
  return { first: open(), second: open(), drop: () => dropPostgresDatabase(url, name) };
}

describe('durable message delivery, two instances on one database', () => {
  let databases: Awaited<ReturnType<typeof oneDatabaseTwice>>;
  const apps: TestApp[] = [];
  const delivered: { instance: string; to: string }[] = [];

  beforeAll(async () => {
    databases = await oneDatabaseTwice();
    for (const [instance, database] of [
      ['one', databases.first],
      ['two', databases.second],
    ] as const) {
      const transport: MessageTransport = {
        channel: 'email',
        name: `smtp-${instance}`,
        async send(message) {
          // Slow enough that both instances are delivering at once.
          await new Promise((r) => setTimeout(r, 2));
          delivered.push({ instance, to: message.to });
        },
      };
      apps.push(await createTestApp({ now: T0, database, transports: [transport] }));
    }
  }, 60_000);

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    await databases?.drop();
  });

  it('delivers each message once, both instances taking part', async () => {
    const [one, two] = apps as [TestApp, TestApp];
    const addresses = Array.from({ length: 40 }, (_, n) => uniqueAddress(`both-${n}`));
    for (const [n, to] of addresses.entries()) {
      // Each written by either instance; a few written by both under one key (a redelivered event).
      await (n % 2 ? one : two).outbox.send(email(to, { dedupeKey: `test:${to}` }));
      if (n % 5 === 0) await (n % 2 ? two : one).outbox.send(email(to, { dedupeKey: `test:${to}` }));
    }
    // Both look for due jobs at the same time, as their pollers would.
    await Promise.all([one.jobs.runDue(), two.jobs.runDue()]);
    await Promise.all([one.jobs.runDue(), two.jobs.runDue()]);
    expect(delivered.map((d) => d.to).sort()).toEqual([...addresses].sort());
    expect(new Set(delivered.map((d) => d.instance))).toEqual(new Set(['one', 'two']));
    for (const to of addresses)
      expect(await one.outbox.list({ to })).toEqual([
        expect.objectContaining({ status: 'sent', attempts: 1 }),
      ]);
  });
});
