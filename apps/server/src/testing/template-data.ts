import type { Database } from '../platform/db';
import { createSecretBox, parseSecretsKeys } from '../platform/secrets';
import { sealStoredSecrets } from '../secrets-at-rest';
import { seedDatabase } from '../seed';
import { TEST_SECRETS_KEY } from './test-secrets';

/**
 * Data every test database starts with, on top of the schema: the reference catalog (zip codes, look-ups)
 * and the demo directory (DEMO_PEOPLE and their practices). Tests that change data create their own records.
 */
export async function prepareTemplateData(database: Database): Promise<void> {
  await seedDatabase(database, { demo: true });
  // As a start would: the demo's secrets sealed (with the test apps' key), so no test reads one in clear.
  await sealStoredSecrets(database, createSecretBox(parseSecretsKeys(TEST_SECRETS_KEY)));
}
