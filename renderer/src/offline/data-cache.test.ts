import { describe, expect, it } from 'vitest';
import { formatAge } from './age';
import { createDataCache } from './data-cache';
import { createMemoryStore } from './kv-store';

describe('data cache', () => {
  it('keeps the last answer with the time it was saved', async () => {
    let now = 1_000;
    const cache = createDataCache(createMemoryStore(), { now: () => now });
    await cache.write('local|projects', { projects: [{ id: 'default' }] });
    now = 5_000;
    expect(await cache.read('local|projects')).toEqual({
      data: { projects: [{ id: 'default' }] },
      savedAt: 1_000,
    });
    expect(await cache.read('local|missing')).toBeUndefined();
  });

  it('clears one profile without touching the others', async () => {
    const cache = createDataCache(createMemoryStore(), { now: () => 1 });
    await cache.write('local|a', 1);
    await cache.write('remote-x|a', 2);
    await cache.clear('local|');
    expect(await cache.read('local|a')).toBeUndefined();
    expect((await cache.read('remote-x|a'))?.data).toBe(2);
  });

  it('drops the oldest entries beyond its size', async () => {
    let now = 0;
    const cache = createDataCache(createMemoryStore(), { now: () => ++now, maxEntries: 10 });
    for (let i = 0; i < 25; i++) await cache.write(`k${i}`, i);
    expect(await cache.read('k0')).toBeUndefined();
    expect(await cache.read('k14')).toBeUndefined();
    expect((await cache.read('k15'))?.data).toBe(15);
    expect((await cache.read('k24'))?.data).toBe(24);
  });

  it('hands out copies, as IndexedDB does', async () => {
    const store = createMemoryStore();
    const value = { list: [1] };
    await store.put('cache', 'k', value);
    value.list.push(2);
    const read = await store.get<{ list: number[] }>('cache', 'k');
    expect(read).toEqual({ list: [1] });
    read!.list.push(3);
    expect(await store.get('cache', 'k')).toEqual({ list: [1] });
    expect(store.persistent).toBe(false);
  });
});

describe('formatAge', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it.each([
    [now - 10_000, 'just now'],
    [now - 60_000, '1 minute ago'],
    [now - 5 * 60_000, '5 minutes ago'],
    [now - 2 * 3_600_000, '2 hours ago'],
    [now - 26 * 3_600_000, '1 day ago'],
    [now - 5 * 86_400_000, '5 days ago'],
    [now + 5_000, 'just now'],
  ])('%s → %s', (savedAt, expected) => {
    expect(formatAge(savedAt, now)).toBe(expected);
  });
});
