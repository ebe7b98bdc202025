import { registerCache } from '../../platform/cache';
import type { Connection } from '../../platform/db';
import { loadScheduleModels, scheduleVersions, type ScheduleModel } from './store';

/**
 * Schedules with their hours, exceptions and services, kept per process. A copy is only trusted while its
 * version matches the row: reads check the versions of the schedules they show (one small statement), and
 * a hold checks it inside its own statement, so an edit made on another instance is seen at once.
 */
const MAX_ENTRIES = 5_000;
const cache = new Map<string, ScheduleModel>();

function remember(model: ScheduleModel) {
  cache.delete(model.row.id);
  cache.set(model.row.id, model);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}

/** Drops the copy of a schedule this process edited (its version moved on). */
export function forgetSchedule(id: string): void {
  cache.delete(id);
}
// DELETE api/v1/cache/{key} with a schedule's id drops its copy too.
registerCache(forgetSchedule);

/**
 * Drops every copy. A process serves one database; the test runner reuses a process for several test files,
 * each on its own copy of the same template (the same ids and versions), so it starts each file empty.
 */
export function forgetAllSchedules(): void {
  cache.clear();
}

/** The schedules, checked against their current versions; unknown ids are left out. */
export async function currentModels(db: Connection, ids: string[]): Promise<ScheduleModel[]> {
  const unique = [...new Set(ids)];
  const versions = await scheduleVersions(db, unique);
  const stale = unique.filter((id) => versions.has(id) && cache.get(id)?.row.version !== versions.get(id));
  for (const model of await loadScheduleModels(db, stale)) remember(model);
  return unique.flatMap((id) => {
    const model = versions.has(id) ? cache.get(id) : undefined;
    return model ? [model] : [];
  });
}

/** The cached copy without a version check (the caller verifies the version in its own statement). */
export async function cachedModel(db: Connection, id: string): Promise<ScheduleModel | null> {
  const hit = cache.get(id);
  if (hit) return hit;
  return reloadModel(db, id);
}

export async function reloadModel(db: Connection, id: string): Promise<ScheduleModel | null> {
  const [model] = await loadScheduleModels(db, [id]);
  if (!model) {
    cache.delete(id);
    return null;
  }
  remember(model);
  return model;
}
