import { QueryObserver } from '@tanstack/react-query';
import type { PersistedQuery } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import {
  checkQueryKey,
  createServerQueryClient,
  isPersistedQueryKey,
  serverQueryKey,
} from '../stores/server-queries';
import { formatAge } from './age';
import { createMemoryStore } from './kv-store';
import { createQueryPersistence, createQueryStorage } from './query-persistence';

function persistedQuery(key: string, data: unknown, dataUpdatedAt: number): PersistedQuery {
  return {
    buster: 'switchyard-2',
    queryHash: JSON.stringify(['server', 'local', key]),
    queryKey: ['server', 'local', key],
    state: { data, dataUpdatedAt } as PersistedQuery['state'],
  };
}

describe('query storage', () => {
  it('keeps each query in the cache bucket under its own key', async () => {
    const kv = createMemoryStore();
    const storage = createQueryStorage(kv);
    await storage.setItem('query-a', persistedQuery('a', { projects: [] }, 1));
    expect(await storage.getItem('query-a')).toEqual(persistedQuery('a', { projects: [] }, 1));
    expect((await kv.entries('cache')).map(([key]) => key)).toEqual(['query-a']);
    await storage.removeItem('query-a');
    expect(await storage.getItem('query-a')).toBeUndefined();
  });

  it('drops the oldest queries beyond its size, and entries of earlier console versions', async () => {
    const kv = createMemoryStore();
    await kv.put('cache', 'local|projects', { data: [], savedAt: 1 });
    const storage = createQueryStorage(kv, { maxEntries: 10 });
    for (let i = 0; i < 25; i++) await storage.setItem(`query-k${i}`, persistedQuery(`k${i}`, i, 100 + i));
    const keys = (await kv.entries('cache')).map(([key]) => key).sort();
    expect(keys).toEqual(Array.from({ length: 10 }, (_, i) => `query-k${i + 15}`).sort());
  });
});

describe('query persistence', () => {
  it('forgets one profile and keeps the others', async () => {
    const kv = createMemoryStore();
    const storage = createQueryStorage(kv);
    const local = persistedQuery('a', 1, Date.now());
    const remote = { ...local, queryKey: ['server', 'remote-x', 'a'], queryHash: 'remote' };
    await storage.setItem('query-local', local);
    await storage.setItem('query-remote', remote);
    await createQueryPersistence(storage).remove(['server', 'local']);
    expect((await kv.entries('cache')).map(([key]) => key)).toEqual(['query-remote']);
  });
});

describe('the console query client', () => {
  it('keeps server data for a later session, never the answers of checks made while typing', async () => {
    const kv = createMemoryStore();
    const client = createServerQueryClient(
      createQueryPersistence(createQueryStorage(kv), isPersistedQueryKey),
    );
    await client.fetchQuery({
      queryKey: checkQueryKey('local', 'POST /validate "x"'),
      queryFn: async () => null,
    });
    await client.fetchQuery({
      queryKey: serverQueryKey('local', 'projects'),
      queryFn: async () => ['default'],
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const saved = await kv.entries<PersistedQuery>('cache');
    expect(saved.map(([, query]) => [query.queryKey, query.state.data])).toEqual([
      [['server', 'local', 'projects'], ['default']],
    ]);

    // A new page restores it into a query that has no data yet.
    const later = createServerQueryClient(
      createQueryPersistence(createQueryStorage(kv), isPersistedQueryKey),
    );
    const restored = await later.fetchQuery({
      queryKey: serverQueryKey('local', 'projects'),
      queryFn: async () => ['default', 'web'],
    });
    expect(restored).toEqual(['default']);
  });
});

describe('a query restored from its saved copy', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

  /** A console session that saved `environments` as `old` before going offline. */
  async function storeWithSavedEnvironments() {
    const kv = createMemoryStore();
    const earlier = createServerQueryClient(
      createQueryPersistence(createQueryStorage(kv), isPersistedQueryKey),
    );
    await earlier.fetchQuery({
      queryKey: serverQueryKey('local', 'environments'),
      queryFn: async () => 'old',
    });
    await settle();
    return kv;
  }

  it('asks the server again even when nothing observes it, and saves the new answer', async () => {
    const kv = await storeWithSavedEnvironments();
    const reloaded = createServerQueryClient(
      createQueryPersistence(createQueryStorage(kv), isPersistedQueryKey),
    );
    const key = serverQueryKey('local', 'environments');
    const restored = await reloaded.fetchQuery({ queryKey: key, queryFn: async () => 'new' });
    expect(restored).toBe('old');
    await settle();
    expect(reloaded.getQueryData(key)).toBe('new');
    const saved = await kv.entries<PersistedQuery>('cache');
    expect(saved.map(([, query]) => query.state.data)).toEqual(['new']);
  });

  it('keeps showing the saved copy when the server cannot be asked', async () => {
    const kv = await storeWithSavedEnvironments();
    const reloaded = createServerQueryClient(
      createQueryPersistence(createQueryStorage(kv), isPersistedQueryKey),
    );
    const key = serverQueryKey('local', 'environments');
    const observer = new QueryObserver(reloaded, {
      queryKey: key,
      queryFn: async (): Promise<string> => {
        throw new TypeError('Failed to fetch');
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await settle();
    unsubscribe();
    expect(reloaded.getQueryData(key)).toBe('old');
    expect(observer.getCurrentResult().error).toBeInstanceOf(TypeError);
    const saved = await kv.entries<PersistedQuery>('cache');
    expect(saved.map(([, query]) => query.state.data)).toEqual(['old']);
  });
});

describe('memory store', () => {
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
