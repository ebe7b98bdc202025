/**
 * Answers remembered for a while, per key: `get(key, load)` gives the answer loaded less than `ttlMs` ago, or
 * loads it (callers asking for the same key meanwhile share one load; a failed load is not remembered). At most
 * `limit` keys are kept, the oldest forgotten first.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly limit = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.expires > this.now()) return entry.value;
    this.entries.delete(key);
    const value = load();
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** Drops what is remembered under a key (a change announced it stale). */
  forget(key: string): void {
    this.entries.delete(key);
  }
}
