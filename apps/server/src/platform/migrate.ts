import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Connection, Database } from './db';
import { SERVER_ROOT } from './paths';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');

// Any fixed number works; it only has to be the same for every instance sharing the database.
const MIGRATION_LOCK_KEY = 727_015_001;

/**
 * Applies every migrations/*.sql file not yet applied, in name order, each in its own transaction.
 * File names start with a UTC timestamp so parallel branches never collide (docs/decisions/0003).
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return database.session(async (connection) => {
    if (database.kind === 'postgres')
      await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await applyPending(connection, dir, files);
    } finally {
      if (database.kind === 'postgres')
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}

async function applyPending(connection: Connection, dir: string, files: string[]): Promise<string[]> {
  try {
    await connection.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const applied = new Set(
      (await connection.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
    );
    const done: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const script = readFileSync(path.join(dir, file), 'utf8');
      await connection.exec(
        `begin;\n${script}\n;insert into schema_migrations (name) values ('${file.replace(/'/g, "''")}');\ncommit;`,
      );
      done.push(file);
    }
    return done;
  } catch (error) {
    await connection.exec('rollback').catch(() => undefined);
    throw error;
  }
}
