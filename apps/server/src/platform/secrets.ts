import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets sealed at rest (issue 24 item 7, decision 0088; ASVS 5.0 13.3.1). Every stored secret (token and
 * health-card signing keys, gateway credentials, reputation API keys, TOTP secrets) is written as a sealed
 * value, never in clear: envelope encryption with AES-256-GCM. Each value gets its own random data key; the
 * data key is wrapped by a key encryption key from configuration, whose id is stored with the value so keys
 * can rotate (the old key stays listed to open what it sealed until the rotation command reseals it).
 *
 *   sealed:v1:<key id>:<wrapped data key: iv|tag|ciphertext, base64url>:<value: iv|tag|ciphertext, base64url>
 *
 * Both encryptions carry the value's purpose (e.g. `payments.credential`) as additional data, so a sealed
 * value copied into another column does not open there.
 */
export const SEALED_PREFIX = 'sealed:v1:';

/** The name of the embedded mode's key file in DATA_DIR (created with owner-only permissions). */
export const SECRETS_KEY_FILE = 'secrets.key';

const KEY_ID = /^[A-Za-z0-9_-]{1,40}$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that cannot be opened: its key is not configured, or it is not the key it was sealed with. */
export class SecretsKeyError extends Error {
  override name = 'SecretsKeyError';
}

export interface SecretBox {
  /** The id of the key new values are sealed with (the first of SECRETS_KEY). */
  readonly currentKeyId: string;
  /** Seals a secret for storage under the current key. */
  seal(plaintext: string, purpose: string): string;
  /** Opens a stored value; a value in clear, an unknown key id or a wrong key throws SecretsKeyError. */
  open(stored: string, purpose: string): string;
  /** Whether a stored value is sealed (by any key). */
  isSealed(stored: string): boolean;
  /** Whether a stored value is sealed under the current key (else the sealing pass seals or reseals it). */
  isCurrent(stored: string): boolean;
  /** Seals a value in clear, reseals one under an older key; a current one comes back unchanged. */
  reseal(stored: string, purpose: string): string;
}

interface KeyEntry {
  id: string;
  key: Buffer;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

function encrypt(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** A key's id when SECRETS_KEY gives none: a fingerprint, so the same key always has the same id. */
export function keyFingerprint(key: Buffer): string {
  return `k${createHash('sha256').update(key).digest('hex').slice(0, 10)}`;
}

/**
 * Parses a key list: comma-separated `id:base64` (or bare base64, id = the key's fingerprint), each a 32-byte
 * key; the first seals, the others only open. Errors name the entry, never its key.
 */
export function parseSecretsKeys(text: string, source = 'SECRETS_KEY'): KeyEntry[] {
  const entries = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new SecretsKeyError(`${source}: no key given`);
  const keys = entries.map((entry, index) => {
    const colon = entry.indexOf(':');
    const id = colon >= 0 ? entry.slice(0, colon) : undefined;
    const key = Buffer.from(colon >= 0 ? entry.slice(colon + 1) : entry, 'base64');
    if (id !== undefined && !KEY_ID.test(id))
      throw new SecretsKeyError(
        `${source}: key ${index + 1}'s id must be 1-40 letters, digits, '-' or '_' (id:base64key)`,
      );
    if (key.length !== 32)
      throw new SecretsKeyError(
        `${source}: key ${index + 1} must be 32 bytes in base64 (openssl rand -base64 32), got ${key.length}`,
      );
    return { id: id ?? keyFingerprint(key), key };
  });
  const ids = new Set(keys.map((k) => k.id));
  if (ids.size !== keys.length) throw new SecretsKeyError(`${source}: two keys have the same id`);
  return keys;
}

/** A new key in the list's format (for the embedded key file and the rotation command's advice). */
export function newSecretsKey(id = `k${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}

export function createSecretBox(keys: readonly KeyEntry[]): SecretBox {
  const current = keys[0];
  if (!current) throw new SecretsKeyError('no secrets key');
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  const parts = (stored: string) => {
    if (!stored.startsWith(SEALED_PREFIX)) return null;
    const [id, wrapped, body] = stored.slice(SEALED_PREFIX.length).split(':');
    return id && wrapped && body ? { id, wrapped, body } : null;
  };
  const box: SecretBox = {
    currentKeyId: current.id,
    seal(plaintext, purpose) {
      const dataKey = randomBytes(32);
      try {
        const wrapped = encrypt(current.key, dataKey, `careslot-secrets:v1:${current.id}:${purpose}`);
        const body = encrypt(dataKey, Buffer.from(plaintext, 'utf8'), purpose);
        return `${SEALED_PREFIX}${current.id}:${b64(wrapped)}:${b64(body)}`;
      } finally {
        dataKey.fill(0);
      }
    },
    open(stored, purpose) {
      const sealed = parts(stored);
      if (!sealed)
        throw new SecretsKeyError(`a stored ${purpose} is not sealed (the sealing pass has not run on it)`);
      const key = byId.get(sealed.id);
      if (!key)
        throw new SecretsKeyError(
          `a stored ${purpose} is sealed with key '${sealed.id}', which SECRETS_KEY does not list (keys: ${[...byId.keys()].join(', ')})`,
        );
      let dataKey: Buffer;
      try {
        dataKey = decrypt(
          key,
          Buffer.from(sealed.wrapped, 'base64url'),
          `careslot-secrets:v1:${sealed.id}:${purpose}`,
        );
      } catch {
        throw new SecretsKeyError(
          `a stored ${purpose} does not open with key '${sealed.id}': the configured key is not the one it was sealed with`,
        );
      }
      try {
        return decrypt(dataKey, Buffer.from(sealed.body, 'base64url'), purpose).toString('utf8');
      } catch {
        throw new SecretsKeyError(`a stored ${purpose} is damaged: its sealed value does not authenticate`);
      } finally {
        dataKey.fill(0);
      }
    },
    isSealed: (stored) => parts(stored) !== null,
    isCurrent: (stored) => parts(stored)?.id === current.id,
    reseal(stored, purpose) {
      if (box.isCurrent(stored)) return stored;
      return box.seal(box.isSealed(stored) ? box.open(stored, purpose) : stored, purpose);
    },
  };
  return box;
}

/**
 * The box from configuration: SECRETS_KEY when set; otherwise, outside production or in the embedded mode (no
 * DATABASE_URL), the key file DATA_DIR/secrets.key, generated on first start with owner-only permissions (0600).
 * A production server on PostgreSQL without SECRETS_KEY refuses to start: its instances must share one key and
 * a key beside the data it protects is no key at all for a shared database's backups.
 */
export function secretBoxFromConfig(config: {
  SECRETS_KEY?: string | undefined;
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
  NODE_ENV: string;
}): SecretBox {
  if (config.SECRETS_KEY) return createSecretBox(parseSecretsKeys(config.SECRETS_KEY));
  if (config.NODE_ENV === 'production' && config.DATABASE_URL)
    throw new SecretsKeyError(
      'SECRETS_KEY: required in production with DATABASE_URL (the key that seals stored secrets; `openssl rand -base64 32`)',
    );
  return createSecretBox(parseSecretsKeys(readOrCreateKeyFile(config.DATA_DIR), SECRETS_KEY_FILE));
}

/** The embedded key file: created once (exclusively, so two starts agree), refused when others may read it. */
export function readOrCreateKeyFile(dataDir: string): string {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${newSecretsKey()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const mode = statSync(file).mode & 0o777;
  if (mode & 0o077) {
    if (process.platform === 'win32') chmodSync(file, 0o600);
    else
      throw new SecretsKeyError(
        `${file}: readable by others (mode ${mode.toString(8)}); run chmod 600 on it (it is the key of every stored secret)`,
      );
  }
  return readFileSync(file, 'utf8').trim();
}
