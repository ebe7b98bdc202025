import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { fromPglite, openDatabase } from './db';
import { migrate } from './migrate';

// On PGlite runs the migrated template of the run doubles as a base data folder (both are PGlite dumps).
const template = inject('dbTemplate');
const dirs: string[] = [];
const newDataDir = async () => {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'careslot-db-test-')), 'data');
  dirs.push(path.dirname(dir));
  return dir;
};
async function dumpOfNewDatabase(): Promise<string> {
  const client = await PGlite.create();
  await migrate(fromPglite(client));
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'careslot-db-test-')), 'base.tar');
  dirs.push(path.dirname(file));
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  return file;
}
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('embedded database base data folder', () => {
  it('starts a new data folder from the base, and a restart keeps what was written since', async () => {
    // On the PostgreSQL run the template is a database, not a dump: make a PGlite dump to start from.
    const baseDataDir = template.kind === 'pglite' ? template.ref : await dumpOfNewDatabase();
    const dataDir = await newDataDir();
    const first = await openDatabase({ dataDir, baseDataDir });
    const migrations = await first.query<{ n: number }>('select count(*)::int as n from schema_migrations');
    expect(migrations[0]!.n).toBeGreaterThan(0);
    await first.exec("create table base_probe (note text); insert into base_probe values ('kept')");
    await first.close();

    // An existing folder is opened as it is: the base is not loaded over it.
    const again = await openDatabase({ dataDir, baseDataDir });
    expect(await again.query<{ note: string }>('select note from base_probe')).toEqual([{ note: 'kept' }]);
    await again.close();
  }, 60_000); // Two embedded databases opened and closed in a row: on a busy machine more than the 20 s default.
});
