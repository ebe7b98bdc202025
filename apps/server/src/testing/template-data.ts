import type { Database } from '../platform/db';
import { seedDatabase } from '../seed';

/**
 * Data every test database starts with, on top of the schema: the reference catalog (zip codes, look-ups)
 * and the demo directory (DEMO_PEOPLE and their practices). Tests that change data create their own records.
 */
export async function prepareTemplateData(database: Database): Promise<void> {
  await seedDatabase(database, { demo: true });
}
