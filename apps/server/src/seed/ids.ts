import { createHash } from 'node:crypto';

/**
 * A stable UUID for a seeded record, derived from a name (RFC 4122 version 5 layout over SHA-1).
 * The same name gives the same id on every machine, so demo sign-in accounts, tests and bookmarks
 * can refer to demo records by id.
 */
export function seedId(name: string): string {
  const hash = createHash('sha1').update(`careslot-seed:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A small deterministic PRNG (mulberry32): the same --seed always produces the same data set. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    /** k distinct items, in the order drawn. */
    sample: <T>(items: readonly T[], k: number): T[] => {
      const pool = [...items];
      const out: T[] = [];
      while (out.length < k && pool.length > 0)
        out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
      return out;
    },
  };
}
export type Random = ReturnType<typeof createRandom>;

/**
 * A valid NPI: 9 digits plus a Luhn check digit computed over the prefix 80840 (the NPI standard,
 * practice-portal.md §9 "Luhn prefix 80840").
 */
export function npiFromBase(base9: string): string {
  const digits = `80840${base9}`.split('').map(Number);
  let sum = 0;
  // Luhn: double every second digit from the right of the payload (the check digit is not there yet).
  for (let i = digits.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let d = digits[i]!;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${base9}${(10 - (sum % 10)) % 10}`;
}
