/**
 * Makes dist/pglite-base.tar, the data folder every new embedded database starts from: PGlite initialised,
 * every migration applied and the reference catalog loaded, without demo data (that is loaded at first
 * start, so it follows SEED_DEMO_DATA). Run by scripts/build.mjs after compiling; see docs/performance.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite } from './platform/db';
import { migrate } from './platform/migrate';
import { PGLITE_BASE_PATH } from './platform/paths';
import { seedDatabase } from './seed';

const client = await PGlite.create();
const database = fromPglite(client);
await migrate(database);
await seedDatabase(database, { demo: false });
await client.exec('checkpoint');
// Uncompressed: loading it costs about a second less CPU than a gzipped one, and it never leaves the build.
const dump = await client.dumpDataDir('none');
await client.close();
mkdirSync(path.dirname(PGLITE_BASE_PATH), { recursive: true });
writeFileSync(PGLITE_BASE_PATH, Buffer.from(await dump.arrayBuffer()));
console.log(`wrote ${path.relative(process.cwd(), PGLITE_BASE_PATH)} (${(dump.size / 1e6).toFixed(1)} MB)`);
