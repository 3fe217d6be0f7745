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

  it('peeks only at a known, fresh entry: never at a miss, a load in flight, an expired or an invalidated one', async () => {
    const time = clock();
    const cache = new TokenCache<string>({ ttlMs: 100, negativeTtlMs: 100, maxEntries: 10, now: time.now });
    expect(cache.peek('k')).toBeUndefined();
    const loading = cache.get('k', async () => 'token');
    expect(cache.peek('k')).toBeUndefined();
    await loading;
    expect(cache.peek('k')).toBe('token');
    await cache.get('missing', async () => null);
    expect(cache.peek('missing')).toBeUndefined();
    time.advance(101);
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', async () => 'token');
    await cache.get('k', async () => 'token');
    cache.expireAll();
    expect(cache.peek('k')).toBeUndefined();
    cache.invalidate('k');
    expect(cache.peek('k')).toBeUndefined();
  });

  it('after expireAll (tokens changed on another instance) reloads a known token behind its answer and looks an unknown one up again', async () => {
    const cache = new TokenCache<string>({ ttlMs: 60_000, negativeTtlMs: 60_000, maxEntries: 10 });
    let stored: string | null = 'old';
    let loads = 0;
    const load = async () => {
      loads++;
      return stored;
    };
    expect(await cache.get('known', load)).toBe('old');
    const unknownLoad = async () => {
      loads++;
      return stored === 'old' ? null : 'created elsewhere';
    };
    expect(await cache.get('unknown', unknownLoad)).toBeNull();
    expect(loads).toBe(2);

    stored = null;
    cache.expireAll();
    // The known token is answered at once while its reload runs; the reload finds it deleted.
    expect(await cache.get('known', load)).toBe('old');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('known', load)).toBeNull();
    stored = 'new';
    cache.expireAll();
    expect(await cache.get('unknown', unknownLoad)).toBe('created elsewhere');
  });

  it('drops a reload that was in flight when expireAll came (it read the database before the change)', async () => {
    const time = clock();
    const cache = new TokenCache<string>({ ttlMs: 100, negativeTtlMs: 100, maxEntries: 10, now: time.now });
    expect(await cache.get('k', async () => 'live')).toBe('live');
    time.advance(101);
    let finishStaleReload: ((value: string) => void) | undefined;
    // The TTL passed: this answers from memory and starts a reload, which is slow.
    expect(await cache.get('k', () => new Promise<string>((resolve) => (finishStaleReload = resolve)))).toBe(
      'live',
    );
    cache.expireAll();
    finishStaleReload?.('live');
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The token was deleted elsewhere: the stale reload must not have refreshed the entry.
    let reloads = 0;
    await cache.get('k', async () => {
      reloads++;
      return null;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reloads).toBe(1);
    expect(await cache.get('k', async () => null)).toBeNull();
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

  it('answers a failed load with its failure only briefly, then asks again', async () => {
    const time = clock();
    const cache = new TokenCache<string>({
      ttlMs: 100,
      negativeTtlMs: 10,
      maxEntries: 10,
      failureTtlMs: 20,
      now: time.now,
    });
    let loads = 0;
    const failing = async () => {
      loads++;
      throw new Error('db down');
    };
    await expect(cache.get('k', failing)).rejects.toThrow('db down');
    await new Promise((resolve) => setImmediate(resolve));
    // Within the failure TTL: the same failure at once, no second load.
    await expect(cache.get('k', failing)).rejects.toThrow('db down');
    expect(loads).toBe(1);
    time.advance(21);
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
  it('keeps serving a known token through a failed reload, and replaces it once the database answers', async () => {
    const time = clock();
    const cache = new TokenCache<string>({
      ttlMs: 100,
      negativeTtlMs: 10,
      maxEntries: 10,
      retryAfterFailureMs: 50,
      now: time.now,
    });
    let database: 'up' | 'down' = 'up';
    let loads = 0;
    const load = async () => {
      loads++;
      if (database === 'down') throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return `token-${loads}`;
    };
    expect(await cache.get('k', load)).toBe('token-1');
    database = 'down';
    time.advance(101);
    // Expired: answered at once from memory while the reload (which fails) runs behind.
    expect(await cache.get('k', load)).toBe('token-1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads).toBe(2);
    time.advance(49);
    expect(await cache.get('k', load)).toBe('token-1');
    expect(loads).toBe(2); // waiting retryAfterFailureMs before asking again
    database = 'up';
    time.advance(1);
    expect(await cache.get('k', load)).toBe('token-1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', load)).toBe('token-3');
  });

  it('never answers an unknown token from a stale entry: it asks, and a failure reaches the caller', async () => {
    const time = clock();
    const cache = new TokenCache<string>({ ttlMs: 100, negativeTtlMs: 10, maxEntries: 10, now: time.now });
    expect(await cache.get('k', async () => null)).toBeNull();
    time.advance(11);
    // Created on another instance meanwhile: found on the first lookup after the negative TTL.
    expect(await cache.get('k', async () => 'created')).toBe('created');
    cache.invalidate('k');
    expect(await cache.get('k', async () => null)).toBeNull();
    time.advance(11);
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
  });

  it('forgets a token deleted meanwhile once its reload says so', async () => {
    const time = clock();
    const cache = new TokenCache<string>({ ttlMs: 100, negativeTtlMs: 10, maxEntries: 10, now: time.now });
    await cache.get('k', async () => 'token');
    time.advance(101);
    expect(await cache.get('k', async () => null)).toBe('token');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', async () => 'unused')).toBeNull();
  });
});
