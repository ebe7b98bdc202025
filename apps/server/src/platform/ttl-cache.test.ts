import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('answers from memory until the time is up, then loads again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<string>(60_000, 10, () => now);
    const load = () => Promise.resolve(`answer ${++loads}`);
    expect(await cache.get('k', load)).toBe('answer 1');
    now = 59_999;
    expect(await cache.get('k', load)).toBe('answer 1');
    now = 60_000;
    expect(await cache.get('k', load)).toBe('answer 2');
  });

  it('shares one load between callers of the same key and keeps keys apart', async () => {
    let loads = 0;
    const cache = new TtlCache<number>(1000);
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    const [a, b] = await Promise.all([cache.get('one', load), cache.get('one', load)]);
    expect([a, b]).toEqual([1, 1]);
    expect(await cache.get('two', load)).toBe(2);
  });

  it('does not remember a failed load', async () => {
    const cache = new TtlCache<string>(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('k', () => Promise.resolve('back'))).toBe('back');
  });

  it('forgets the oldest keys beyond its limit', async () => {
    let loads = 0;
    const cache = new TtlCache<number>(60_000, 2);
    const load = () => Promise.resolve(++loads);
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
  });
});
