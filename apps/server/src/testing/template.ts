import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, fromPool, type Database } from '../platform/db';
import { migrate } from '../platform/migrate';
import { prepareTemplateData } from './template-data';

/**
 * A migrated template database is made once per test run (global-setup.ts); each test file copies it.
 * PGlite: a data-dir dump loaded into a fresh in-memory instance. PostgreSQL: CREATE DATABASE ... TEMPLATE.
 */
export interface TemplateInfo {
  kind: 'pglite' | 'postgres';
  /** PGlite: path of the dumped data dir. PostgreSQL: name of the template database. */
  ref: string;
  /** PostgreSQL: the server URL the template lives on. */
  databaseUrl?: string;
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function buildPgliteTemplate(): Promise<Blob> {
  const client = await PGlite.create();
  const database = fromPglite(client);
  await migrate(database);
  await prepareTemplateData(database);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

export async function buildPostgresTemplate(databaseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({ connectionString: withDatabaseName(databaseUrl, name), max: 4 });
  const database = fromPool(pool);
  await migrate(database);
  await prepareTemplateData(database);
  await pool.end();
}

export async function dropPostgresDatabase(databaseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A fresh database for one test file, copied from the template. */
export async function openTestDatabase(template: TemplateInfo): Promise<Database> {
  if (template.kind === 'pglite') {
    const dump = new Blob([await readFile(template.ref)]);
    const client = await PGlite.create({ loadDataDir: dump });
    return fromPglite(client);
  }
  const url = template.databaseUrl!;
  const name = `careslot_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.ref}`);
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({ connectionString: withDatabaseName(url, name), max: 10 });
  // The same object (not a copy): its statement hook (onStatement) is read by its own methods.
  return Object.assign(fromPool(pool), {
    close: async () => {
      await pool.end();
      await dropPostgresDatabase(url, name);
    },
  });
}
