import { describe, expect, it } from 'vitest';
import type { SnapshotFeature } from '../feature-toggles';
import { applySnapshotChanges, createClientFeatureCache, type TaggedSnapshot } from './client-feature-cache';

const feature = (name: string, enabled = true): SnapshotFeature => ({
  name,
  type: 'release',
  project: name.startsWith('web') ? 'web' : 'default',
  description: null,
  enabled,
  stale: false,
  impressionData: false,
  strategies: [],
  variants: [],
  dependencies: [],
});

const snapshot = (features: SnapshotFeature[], revision = 1): TaggedSnapshot => ({
  environment: 'development',
  revision,
  features,
  segments: [],
  tags: new Map(),
});

describe('client feature cache', () => {
  it('keeps bodies within the byte bound, rebuilding an evicted one on demand', async () => {
    const cache = createClientFeatureCache({
      tracker: { current: async () => 1, markDirty: () => {} },
      loadSnapshot: async () => snapshot([feature('a'), feature('web-b')]),
      maxCachedBytes: 700,
    });
    const query = (project: string) => ({
      environment: 'development',
      projects: [project],
      inlineSegmentConstraints: false,
    });
    const first = await cache.clientFeatures(query('default'));
    expect(await cache.clientFeatures(query('default'))).toBe(first);
    // Each body is a few hundred bytes: the next two push the first one out.
    await cache.clientFeatures(query('web'));
    await cache.clientFeatures(query('other'));
    const again = await cache.clientFeatures(query('default'));
    expect(again).not.toBe(first);
    expect(again.body.equals(first.body)).toBe(true);
  });

  it('serves the last snapshot when the database fails, and waits at most the budget when it hangs', async () => {
    let revision = 1;
    let database: 'up' | 'down' | 'frozen' = 'up';
    let now = 0;
    const failures: string[] = [];
    const cache = createClientFeatureCache({
      // A tracker that asks on every call, as after markDirty: the worst case for the cache.
      tracker: {
        current: async () => {
          if (database === 'down')
            throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
          if (database === 'frozen') {
            // Frozen until the pool's query timeout gives up (here 200 ms).
            await new Promise((resolve) => setTimeout(resolve, 200));
            throw new Error('Query read timeout');
          }
          return revision;
        },
        markDirty: () => {},
      },
      loadSnapshot: async () => snapshot([feature('a', revision === 1)], revision),
      refreshBudgetMs: 50,
      refreshRetryMs: 1000,
      clock: () => now,
      onRefreshFailed: (environment) => failures.push(environment),
    });
    const query = { environment: 'development', projects: null, inlineSegmentConstraints: false };
    const first = await cache.clientFeatures(query);
    expect(first.revision).toBe(1);

    database = 'down';
    revision = 2;
    expect((await cache.clientFeatures(query)).body.equals(first.body)).toBe(true);
    expect(failures).toEqual(['development']);

    // Within the retry delay nothing is asked; after it, a frozen database costs one budget once.
    database = 'frozen';
    now = 1000;
    const started = Date.now();
    expect((await cache.clientFeatures(query)).revision).toBe(1);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(40);
    expect(waited).toBeLessThan(1000);
    now = 1060; // past the budget of the refresh still hanging: answered without waiting
    const again = Date.now();
    expect((await cache.clientFeatures(query)).revision).toBe(1);
    expect(Date.now() - again).toBeLessThan(40);

    // Back: once the stuck check has failed, the next request after the retry delay is current.
    database = 'up';
    await new Promise((resolve) => setTimeout(resolve, 250));
    now = 5000;
    const recovered = await cache.clientFeatures(query);
    expect(recovered.revision).toBe(2);
    expect(recovered.body.equals(first.body)).toBe(false);
  });
});

describe('applySnapshotChanges', () => {
  it('replaces and removes flags in place, keeping the objects of the others', () => {
    const a = feature('a');
    const b = feature('b');
    const c = feature('c');
    const before = { ...snapshot([a, b, c]), tags: new Map([['b', [{ type: 'simple', value: 'x' }]]]) };
    const changedB = feature('b', false);
    const after = applySnapshotChanges(before, {
      revision: 7,
      names: ['b', 'c'],
      features: [changedB],
      tags: new Map(),
    });
    expect(after?.revision).toBe(7);
    expect(after?.features).toEqual([a, changedB]);
    expect(after?.features[0]).toBe(a);
    expect(after?.tags.has('b')).toBe(false);
  });

  it('refuses a flag the snapshot does not have: only a full reload knows its place', () => {
    expect(
      applySnapshotChanges(snapshot([feature('a')]), {
        revision: 2,
        names: ['new'],
        features: [feature('new')],
        tags: new Map(),
      }),
    ).toBeNull();
  });
});
