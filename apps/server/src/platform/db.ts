import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/** The query builder every store uses; the same on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Connection {
  /** Runs a script of several statements (migrations, seeds); no parameters. */
  exec(script: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Bulk-loads rows in COPY text format (tab-separated, \N for null) where the driver can do it from memory.
   * PGlite can, and it is about twice as fast as a multi-row INSERT there (the seed's zip codes); the pg
   * driver cannot without an extra package, so callers fall back to INSERT when this is absent.
   */
  copyFrom?(table: string, columns: string[], rows: string): Promise<void>;
}

export interface Database extends Connection {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Runs fn on one dedicated connection (session-level locks, multi-statement transactions). */
  session<T>(fn: (connection: Connection) => Promise<T>): Promise<T>;
  /**
   * Runs fn inside one transaction: committed when fn resolves, rolled back when it throws. On PGlite no
   * other statement interleaves (its transaction() holds the single connection); on PostgreSQL it is one
   * pooled client under READ COMMITTED.
   */
  transaction<T>(fn: (tx: Connection) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel: `onNotify` runs for each NOTIFY committed by any connection (on PostgreSQL, any
   * instance). Resolves to the stop function. PostgreSQL keeps one pooled client for it until stopped.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * Called with the text of every statement this database sends (a transaction's begin and commit included):
   * the statement-count tests count round trips through it. Null (the default) costs nothing.
   */
  onStatement: ((text: string) => void) | null;
}

export function fromPglite(client: PGlite): Database {
  const seen = (text: string) => database.onStatement?.(text);
  const connection: Connection = {
    exec: async (script) => {
      seen(script);
      await client.exec(script);
    },
    query: async <T>(text: string, params: unknown[] = []) => {
      seen(text);
      return (await client.query<T>(text, params)).rows;
    },
    copyFrom: async (table, columns, rows) => {
      await client.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], {
        blob: new Blob([rows]),
      });
    },
  };
  const database: Database = {
    kind: 'pglite',
    db: drizzlePglite(client),
    onStatement: null,
    ...connection,
    // PGlite has exactly one connection, so every call is already on the same session.
    session: (fn) => fn(connection),
    transaction: (fn) => {
      seen('begin');
      return client
        .transaction((tx) =>
          fn({
            exec: async (script) => {
              seen(script);
              await tx.exec(script);
            },
            query: async <T>(text: string, params: unknown[] = []) => {
              seen(text);
              return (await tx.query<T>(text, params)).rows;
            },
          }),
        )
        .finally(() => seen('commit'));
    },
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
  return database;
}

export function fromPool(pool: pg.Pool): Database {
  // An idle client whose connection the server ends (restart, failover, a dropped database) is reported
  // here; unhandled, node-postgres would crash the process. The pool opens a new client on the next use.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`));
  const seen = (text: string) => database.onStatement?.(text);
  const database: Database = {
    kind: 'postgres',
    db: drizzlePg(pool),
    onStatement: null,
    exec: async (script) => {
      seen(script);
      await pool.query(script);
    },
    query: async <T>(text: string, params: unknown[] = []) => {
      seen(text);
      return (await pool.query(text, params)).rows as T[];
    },
    session: async (fn) => {
      const client = await pool.connect();
      let broken = false;
      try {
        return await fn({
          exec: async (script) => {
            seen(script);
            await client.query(script);
          },
          query: async <T>(text: string, params: unknown[] = []) => {
            seen(text);
            return (await client.query(text, params)).rows as T[];
          },
        });
      } catch (error) {
        broken = true;
        throw error;
      } finally {
        // A failed session may hold an aborted transaction: destroy it rather than reuse it.
        client.release(broken);
      }
    },
    transaction: (fn) =>
      database.session(async (connection) => {
        await connection.exec('begin');
        try {
          const result = await fn(connection);
          await connection.exec('commit');
          return result;
        } catch (error) {
          await connection.exec('rollback').catch(() => undefined);
          throw error;
        }
      }),
    listen: async (channel, onNotify) => {
      const client = await pool.connect();
      const handler = (message: pg.Notification) => {
        if (message.channel === channel) onNotify();
      };
      client.on('notification', handler);
      await client.query(`listen ${channel}`);
      return async () => {
        client.off('notification', handler);
        await client.query(`unlisten ${channel}`).catch(() => undefined);
        client.release();
      };
    },
    close: () => pool.end(),
  };
  return database;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data folder; ignored with a database URL. */
  dataDir: string;
  /**
   * PGlite: a dumped data folder (`dumpDataDir`) to start a new, empty data folder from, so a first start
   * skips initdb. The build makes one (scripts/build.mjs); missing or unset, a new folder is initialised.
   */
  baseDataDir?: string | undefined;
}

/** PostgreSQL when a URL is given (several app instances can share it); otherwise embedded PGlite. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Loaded only when configured: the embedded default starts without the PostgreSQL client.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    await pool.query('select 1');
    return fromPool(pool);
  }
  const isNew = !existsSync(path.join(options.dataDir, 'PG_VERSION'));
  mkdirSync(options.dataDir, { recursive: true });
  const base =
    isNew && options.baseDataDir && existsSync(options.baseDataDir) ? options.baseDataDir : undefined;
  const client = await PGlite.create({
    dataDir: options.dataDir,
    ...(base ? { loadDataDir: new Blob([readFileSync(base)]) } : {}),
  });
  return fromPglite(client);
}
