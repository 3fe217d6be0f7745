import { describe, expect, it } from 'vitest';
import { TokenCache } from './token-cache';

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('token lookup cache', () => {
  it('serves a hit from memory until the TTL passes', async () => {
    const time = clock();
    const cache = new TokenCache<string>({ ttlMs: 100, negativeTtlMs: 10, maxEntries: 10, now: time.now });
    let loads = 0;
    const load = async () => {
      loads++;
      return 'token';
    };
    expect(await cache.get('k', load)).toBe('token');
    expect(await cache.get('k', load)).toBe('token');
    expect(loads).toBe(1);
    time.advance(101);
    await cache.get('k', load);
    expect(loads).toBe(2);
  });

  it('keeps unknown keys for the shorter negative TTL', async () => {
    const time = clock();
    const cache = new TokenCache<string>({ ttlMs: 100, negativeTtlMs: 10, maxEntries: 10, now: time.now });
    let loads = 0;
    const load = async () => {
      loads++;
      return null;
    };
    expect(await cache.get('k', load)).toBeNull();
    expect(await cache.get('k', load)).toBeNull();
    expect(loads).toBe(1);
    time.advance(11);
    await cache.get('k', load);
    expect(loads).toBe(2);
  });

  it('shares one load between concurrent lookups', async () => {
    const cache = new TokenCache<number>({ ttlMs: 100, negativeTtlMs: 10, maxEntries: 10 });
    let loads = 0;
    let release: (value: number) => void = () => {};
    const load = () => {
      loads++;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const both = Promise.all([cache.get('k', load), cache.get('k', load)]);
    release(7);
    expect(await both).toEqual([7, 7]);
    expect(loads).toBe(1);
  });

  it('forgets an invalidated key', async () => {
    const cache = new TokenCache<string>({ ttlMs: 100, negativeTtlMs: 10, maxEntries: 10 });
    await cache.get('k', async () => 'old');
    cache.invalidate('k');
    expect(await cache.get('k', async () => null)).toBeNull();
  });

  it('does not cache a failed load', async () => {
    const cache = new TokenCache<string>({ ttlMs: 100, negativeTtlMs: 10, maxEntries: 10 });
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', async () => 'back')).toBe('back');
  });

  it('drops the oldest entries beyond its size bound', async () => {
    const cache = new TokenCache<string>({ ttlMs: 100, negativeTtlMs: 10, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    let reloaded = false;
    await cache.get('a', async () => {
      reloaded = true;
      return 'a';
    });
    expect(reloaded).toBe(true);
  });
});
