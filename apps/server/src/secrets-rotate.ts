/**
 * Rotates the key of the stored secrets (decision 0088):
 *   1. put the new key first in SECRETS_KEY and keep the old one after it:  SECRETS_KEY=new:BASE64,old:BASE64
 *   2. npm run secrets:rotate -w apps/server   (reseals every stored secret under the new key; safe to repeat,
 *      safe while instances run: each row changes only if it still holds what was read)
 *   3. restart the instances with the new list, then drop the old key from SECRETS_KEY.
 * `--new-key` prints a fresh key for step 1 and changes nothing. The embedded mode's key file
 * (DATA_DIR/secrets.key) holds the same list: edit it the same way.
 */
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './platform/db';
import { migrate } from './platform/migrate';
import { newSecretsKey, secretBoxFromConfig, SecretsKeyError } from './platform/secrets';
import { sealStoredSecrets } from './secrets-at-rest';

async function main() {
  if (process.argv.includes('--new-key')) {
    console.log(newSecretsKey());
    return;
  }
  const config = loadConfig();
  const secrets = secretBoxFromConfig(config);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(database);
    const counts = await sealStoredSecrets(database, secrets);
    for (const [column, count] of Object.entries(counts)) console.log(`${column}: ${count} resealed`);
    console.log(
      `Every stored secret is sealed with key '${secrets.currentKeyId}'; the other keys may leave SECRETS_KEY once every instance runs with this list.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof SecretsKeyError ? error.message : error);
  process.exit(1);
});
