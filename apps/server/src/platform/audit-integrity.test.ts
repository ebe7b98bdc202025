import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../testing/app';
import { recordAudit } from './audit';
import { sendError } from './errors';
import { loggerOptions } from './logger';

/** Decision 0027: the audit trail can be appended to and read, never changed; errors log no values. */
describe('audit integrity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const actor = {
    actorId: 'integrity-actor',
    actorType: 'Patient',
    ip: '127.0.0.1',
    userAgent: 'test',
    purpose: 'probe',
  };

  it('writes rows through audit.record() and refuses to update, delete or truncate them, even for the database owner', async () => {
    await recordAudit(t.database, actor, {
      action: 'read',
      entityType: 'Patient',
      entityId: 'p-int',
      patientId: 'p-int',
      patientIds: ['p-int', 'p-int', 'q-int'],
      outcome: 'success',
    });
    const rows = await t.database.query<{ actor_id: string; purpose: string; patient_ids: string[] }>(
      "select actor_id, purpose, patient_ids from audit.events where entity_id = 'p-int'",
    );
    expect(rows).toEqual([
      { actor_id: 'integrity-actor', purpose: 'probe', patient_ids: ['p-int', 'q-int'] },
    ]);
    await expect(
      t.database.query("update audit.events set outcome = 'failure' where entity_id = 'p-int'"),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.query("delete from audit.events where entity_id = 'p-int'")).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.query('truncate audit.events')).rejects.toThrow(/append-only/);
    // The read view is no back door either.
    await expect(t.database.query("delete from audit_events where entity_id = 'p-int'")).rejects.toThrow(
      /append-only/,
    );
    expect(await t.database.query("select 1 from audit_events where entity_id = 'p-int'")).toHaveLength(1);
  });

  it('keeps the audit table, its trigger and its writer function owned by a role the application is not', async () => {
    const [owners] = await t.database.query<{
      table_owner: string;
      function_owner: string;
      definer: boolean;
      app_is_member: boolean;
    }>(
      `select (select tableowner from pg_tables where schemaname = 'audit' and tablename = 'events') as table_owner,
              (select r.rolname from pg_proc p join pg_roles r on r.oid = p.proowner where p.proname = 'record' and p.pronamespace = 'audit'::regnamespace) as function_owner,
              (select prosecdef from pg_proc where proname = 'record' and pronamespace = 'audit'::regnamespace) as definer,
              pg_has_role(current_user, 'careslot_audit_owner', 'MEMBER') and not (select rolsuper from pg_roles where rolname = current_user) as app_is_member`,
    );
    expect(owners).toEqual({
      table_owner: 'careslot_audit_owner',
      function_owner: 'careslot_audit_owner',
      definer: true,
      app_is_member: false,
    });
  });

  it('logs a lost unique race (409) by its constraint, without its values: a duplicate e-mail leaves no e-mail in any log line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info' })) as object;
    const app = Fastify({ logger: { ...options, stream } });
    app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
    await t.database.exec('create table if not exists log_probe_people (email text primary key)');
    const email = 'ana.reyes.unique@example.com';
    app.post('/probe', async () => {
      await t.database.query('insert into log_probe_people (email) values ($1)', [email]);
      await t.database.query('insert into log_probe_people (email) values ($1)', [email]);
      return { ok: true };
    });
    app.post('/probe-drizzle', async () => {
      // Through drizzle too, whose error message quotes the bound parameters.
      const { sql } = await import('drizzle-orm');
      await t.database.db.execute(sql`insert into log_probe_people (email) values (${email})`);
      return { ok: true };
    });
    const res = await app.inject({ method: 'POST', url: '/probe' });
    expect(res.statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/probe-drizzle' })).statusCode).toBe(409);
    await app.close();
    const out = lines.join('');
    expect(out).toContain('unique race lost');
    expect(out).toContain('log_probe_people_pkey');
    expect(out).not.toContain('ana.reyes');
    expect(out).not.toContain('already exists');
  });
});
