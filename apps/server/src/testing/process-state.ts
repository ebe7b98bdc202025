import { forgetAllSchedules } from '../modules/scheduling/schedule-cache';

/**
 * Runs before each test file (setupFiles). The files share their worker's modules (isolate: false, decision
 * 0079) but each has a database of its own copied from one template, so the same ids and versions recur: the
 * per-process copies keyed by id start empty. Caches keyed by the database object (WeakMap) need nothing.
 */
forgetAllSchedules();
