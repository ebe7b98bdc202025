import type { Database } from './platform/db';
import type { SecretBox } from './platform/secrets';
import { sealSigningKeys } from './platform/tokens';
import { sealStoredSecrets as sealClinical } from './modules/clinical';
import { sealStoredSecrets as sealIdentity } from './modules/identity';
import { sealStoredSecrets as sealPayments } from './modules/payments';
import { sealStoredSecrets as sealReputation } from './modules/reputation';

/**
 * Every owner of a stored secret (decision 0088), each sealing its own columns: a value in clear is sealed,
 * one sealed under an older key is resealed under the current one, a current one is left alone. Run by every
 * start after the migrations (so a database from before 0088 is sealed before the first request) and by the
 * rotation command (`npm run secrets:rotate`). Each row changes only if it still holds what was read, so
 * instances starting together agree. A value that does not open with the configured keys stops it, naming
 * the column and the key id.
 */
export const SECRET_HOLDERS: Record<string, (database: Database, secrets: SecretBox) => Promise<number>> = {
  'signing_keys.private_jwk': sealSigningKeys,
  'health_card_keys.private_jwk': sealClinical,
  'identity_mfa_totp.secret': sealIdentity,
  'payment_*_configs.credential': sealPayments,
  'reputation_organization_settings.api_key': sealReputation,
};

/** Runs every holder's pass; answers how many values each sealed or resealed. */
export async function sealStoredSecrets(
  database: Database,
  secrets: SecretBox,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [column, seal] of Object.entries(SECRET_HOLDERS)) counts[column] = await seal(database, secrets);
  return counts;
}
