import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The common-password list that ships with the product: the 49,233 most used passwords of public breach
 * corpora, as zxcvbn-ts's `@zxcvbn-ts/language-common` (pinned) carries them in src/passwords.json. It is read
 * from node_modules on first use (no network), compared lower-cased.
 */
let passwords: Set<string> | null = null;

function load(): Set<string> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@zxcvbn-ts/language-common/src/passwords.json');
  const list = JSON.parse(readFileSync(file, 'utf8')) as string[];
  return new Set(list.map((entry) => entry.toLowerCase()));
}

/** The rule named in refusals, and the message that names it. */
export const COMMON_PASSWORD = {
  rule: 'common_password',
  message: 'must not be a common or breached password (it is on the list of the most used passwords)',
} as const;

export function isCommonPassword(password: string): boolean {
  passwords ??= load();
  return passwords.has(password.toLowerCase());
}
