import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  buildPgliteTemplate,
  buildPostgresTemplate,
  dropPostgresDatabase,
  type TemplateInfo,
} from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: TemplateInfo;
  }
}

/** Builds the migrated template once per run; the same suite runs on PostgreSQL when DATABASE_URL is set. */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `careslot_tpl_${process.pid}`;
    await buildPostgresTemplate(databaseUrl, name);
    project.provide('dbTemplate', { kind: 'postgres', ref: name, databaseUrl });
    return async () => {
      await dropPostgresDatabase(databaseUrl, name);
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'careslot-template-'));
  const file = path.join(dir, 'template.tar');
  const dump = await buildPgliteTemplate();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', ref: file });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
