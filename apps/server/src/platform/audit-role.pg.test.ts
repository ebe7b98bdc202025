import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabaseName } from '../testing/template';
import { createTestApp, type TestApp } from '../testing/app';

/**
 * PostgreSQL only (decision 0027): production connects with a login role that is no superuser and not a
 * member of careslot_audit_owner. Such a role, made here, can write audit rows through audit.record() and read
 * them, but cannot change, remove, truncate or alter them, nor switch the append-only trigger off.
 */
describe('the application role and the audit trail', () => {
  let t: TestApp;
  let app: pg.Client;
  const role = `careslot_app_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');

  beforeAll(async () => {
    t = await createTestApp();
    const [{ db }] = (await t.database.query<{ db: string }>('select current_database() as db')) as [
      { db: string },
    ];
    await t.database.exec(
      `create role ${role} login password '${password}' nosuperuser nocreaterole nocreatedb`,
    );
    await t.database.exec(
      `grant connect on database ${db} to ${role}; grant usage on schema public to ${role}`,
    );
    const url = new URL(withDatabaseName(process.env.DATABASE_URL!, db));
    url.username = role;
    url.password = password;
    app = new pg.Client({ connectionString: url.toString() });
    await app.connect();
  });

  afterAll(async () => {
    await app?.end();
    await t.database.exec(`drop owned by ${role}; drop role if exists ${role}`).catch(() => undefined);
    await t.close();
  });

  const refused = async (statement: string) => {
    await expect(app.query(statement), statement).rejects.toThrow(/permission denied|must be owner/);
  };

  it('inserts through audit.record() and reads through audit_events', async () => {
    await app.query(
      "select audit.record('app-role', 'Patient', null, 'read', 'Patient', 'role-probe', 'role-probe', null, null, null, '127.0.0.1', 'test', 'success', null)",
    );
    const { rows } = await app.query("select actor_id from audit_events where entity_id = 'role-probe'");
    expect(rows).toEqual([{ actor_id: 'app-role' }]);
  });

  it('cannot update, delete, truncate, insert directly, alter the table or disable its trigger', async () => {
    await refused("update audit.events set outcome = 'failure'");
    await refused('delete from audit.events');
    await refused("delete from audit_events where entity_id = 'role-probe'");
    await refused("update audit_events set outcome = 'failure'");
    await refused('truncate audit.events');
    await refused(
      "insert into audit.events (actor_type, action, entity_type, outcome) values ('x', 'read', 'Patient', 'success')",
    );
    await refused('alter table audit.events disable trigger audit_events_no_update');
    await refused('alter table audit.events disable trigger all');
    await refused('drop trigger audit_events_no_update on audit.events');
    await refused('drop table audit.events');
    await refused(
      'create or replace function audit.audit_events_append_only() returns trigger language plpgsql as $$ begin return null; end $$',
    );
    const { rows } = await app.query(
      "select count(*)::int as n from audit_events where entity_id = 'role-probe'",
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
