import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '@careslot/contracts';
import { freePort, ServerProcess } from '../testing/server-process';
import { startSmtpStandIn, type SmtpStandIn } from '../testing/smtp-stand-in';
import { dropPostgresDatabase, withDatabaseName } from '../testing/template';

/**
 * PostgreSQL only (vitest.config.ts leaves *.pg.test.ts out of the embedded run; PGlite does not survive a
 * SIGKILL mid-write, decision 0015). The real server runs as a child process with SMTP pointed at a local
 * stand-in, so the test counts what actually left. A password-reset e-mail (to an address without an
 * account: no data needed) is written with its delivery job, and the server is killed with SIGKILL between
 * that write and the send, at two crash points (CARESLOT_CRASH_AT). Started again on the same database, the
 * server sends the e-mail, once (decision 0081).
 */

describe('an e-mail survives a kill -9 between its write and its send', () => {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `careslot_outboxcrash_${process.pid}`;
  let smtp: SmtpStandIn;
  let server: ServerProcess;
  let db: pg.Client;

  beforeAll(async () => {
    await dropPostgresDatabase(adminUrl, name);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    smtp = await startSmtpStandIn();
    const url = withDatabaseName(adminUrl, name);
    server = new ServerProcess(await freePort(), url);
    db = new pg.Client({ connectionString: url });
    await db.connect();
  }, 60_000);

  afterEach(async () => {
    await server?.kill('SIGKILL');
  });

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.end();
    await smtp?.close();
    await dropPostgresDatabase(adminUrl, name);
  });

  /** The settings of every start: SMTP to the stand-in, a short lease, a quick poll. */
  const env = (extra: Record<string, string> = {}) => ({
    SMTP_URL: smtp.url,
    JOB_LEASE_SECONDS: '2',
    JOB_POLL_MS: '200',
    ...extra,
  });

  const askForReset = (email: string) =>
    server.call('POST', `${ACCOUNT_PATHS.sendResetEmail}?email=${encodeURIComponent(email)}`);

  const messagesTo = async (email: string) =>
    (
      await db.query<{ id: string; status: string; attempts: number }>(
        'select id, status, attempts from outbox_messages where recipient = $1',
        [email],
      )
    ).rows;

  const jobOf = async (messageId: string) =>
    (
      await db.query<{ status: string; attempts: number }>(
        'select status, attempts from scheduled_jobs where key = $1',
        [`outbox:${messageId}`],
      )
    ).rows[0];

  const receivedBy = (email: string) => smtp.received.filter((mail) => mail.to.includes(`<${email}>`));

  async function written(email: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [message] = await messagesTo(email);
      if (message) return message;
      if (Date.now() > deadline) throw new Error('the message was not written');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Starts the server again and waits until the stand-in has the e-mail, then a little longer. */
  async function restartUntilSent(email: string) {
    await server.start(env());
    await expect.poll(() => receivedBy(email).length, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    // A few more looks for due jobs (every 200 ms): a second send would show up now.
    await new Promise((r) => setTimeout(r, 1500));
  }

  it('killed after the message and its delivery job committed, before any attempt: sent once after the restart', async () => {
    const email = `crash-written.${randomBytes(4).toString('hex')}@example.com`;
    // No look for due jobs during this run, so nothing is delivered before the kill.
    await server.start(env({ CARESLOT_CRASH_AT: 'after-message-written', JOB_POLL_MS: '60000' }));
    void askForReset(email).catch(() => undefined);
    await server.reached('after-message-written');
    const message = await written(email);
    await server.kill('SIGKILL');

    // Committed with its job, not sent.
    expect(message).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await jobOf(message.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(receivedBy(email)).toHaveLength(0);

    await restartUntilSent(email);
    expect(receivedBy(email)).toHaveLength(1);
    expect(receivedBy(email)[0]!.data).toContain('Subject: Your CareSlot password reset');
    expect(await messagesTo(email)).toEqual([{ id: message.id, status: 'sent', attempts: 1 }]);
    expect(await jobOf(message.id)).toMatchObject({ status: 'done' });
    await server.kill('SIGTERM');
  }, 300_000);

  it('killed after its delivery job was claimed, before the transport was called: sent once after the lease', async () => {
    const email = `crash-claimed.${randomBytes(4).toString('hex')}@example.com`;
    await server.start(env({ CARESLOT_CRASH_AT: 'before-message-send' }));
    const answer = await askForReset(email);
    expect(answer.status).toBe(200);
    await server.reached('before-message-send');
    await server.kill('SIGKILL');

    const [message] = await messagesTo(email);
    expect(message).toMatchObject({ status: 'pending', attempts: 0 });
    // Claimed by the killed server, under a lease nobody will end.
    expect(await jobOf(message!.id)).toMatchObject({ status: 'running', attempts: 1 });
    expect(receivedBy(email)).toHaveLength(0);

    await restartUntilSent(email);
    expect(receivedBy(email)).toHaveLength(1);
    expect(await messagesTo(email)).toEqual([{ id: message!.id, status: 'sent', attempts: 1 }]);
    expect(await jobOf(message!.id)).toMatchObject({ status: 'done', attempts: 2 });
    await server.kill('SIGTERM');
  }, 300_000);
});
