import { describe, expect, it, vi } from 'vitest';
import type { SnapshotFeature } from '../feature-toggles';
import { createClientFeatureCache } from './client-feature-cache';
import { applySnapshotChanges, type TaggedSnapshot } from './snapshot-changes';

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
  gaps: [],
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

  it('after a change notice, builds the latest polled bodies and the encodings they were asked in before the next poll', async () => {
    let revision = 1;
    const many = (enabled: boolean) =>
      Array.from({ length: 40 }, (_, i) => feature(`flag-${String(i).padStart(2, '0')}`, enabled));
    const cache = createClientFeatureCache({
      tracker: { current: async () => revision, known: () => revision, markDirty: () => {} },
      loadSnapshot: async () => snapshot(many(revision === 1), revision),
    });
    const query = { environment: 'development', projects: null, inlineSegmentConstraints: false };
    const first = await cache.clientFeatures(query);
    await first.encoded.ready({ compressed: ['gzip'], identity: true });
    revision = 2;
    cache.prefetch();
    await vi.waitFor(() => expect(cache.servedNow(query)?.revision).toBe(2));
    const warmed = cache.servedNow(query);
    expect(warmed?.body.equals(first.body)).toBe(false);
    // The gzip variant of the new body is being built (or built) without any poll asking.
    await vi.waitFor(() => expect(warmed?.encoded.builtCodings()).toEqual(['gzip']));
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
      predecessors: new Map([['b', 'a']]),
      gaps: [],
      tags: new Map(),
    });
    expect(after?.revision).toBe(7);
    expect(after?.features).toEqual([a, changedB]);
    expect(after?.features[0]).toBe(a);
    expect(after?.tags.has('b')).toBe(false);
  });

  it('places new flags after their predecessors, chains of them included', () => {
    const a = feature('a');
    const c = feature('c');
    const after = applySnapshotChanges(snapshot([a, c]), {
      revision: 3,
      names: ['0', 'b', 'b2', 'd'],
      features: [feature('0'), feature('b'), feature('b2'), feature('d')],
      predecessors: new Map([
        ['0', null],
        ['b', 'a'],
        ['b2', 'b'],
        ['d', 'c'],
      ]),
      gaps: [],
      tags: new Map(),
    });
    expect(after?.features.map((f) => f.name)).toEqual(['0', 'a', 'b', 'b2', 'c', 'd']);
    expect(after?.features[1]).toBe(a);
  });

  it('refuses a new flag whose place is unknown: only a full reload knows it', () => {
    const changes = { revision: 2, names: ['new'], features: [feature('new')], gaps: [], tags: new Map() };
    expect(
      applySnapshotChanges(snapshot([feature('a')]), { ...changes, predecessors: new Map() }),
    ).toBeNull();
    expect(
      applySnapshotChanges(snapshot([feature('a')]), {
        ...changes,
        predecessors: new Map([['new', 'gone']]),
      }),
    ).toBeNull();
  });

  it('takes a new segment list and renews the flags using a changed segment', () => {
    const segment = (id: number, value: string) => ({
      id,
      name: `s${id}`,
      constraints: [{ contextName: 'userId', operator: 'IN' as const, values: [value] }],
    });
    const strategy = (segments: number[]) => ({
      id: `st-${segments.join('-')}`,
      name: 'default',
      title: null,
      constraints: [],
      parameters: {},
      variants: [],
      segments,
      sortOrder: 0,
      disabled: false,
    });
    const uses1 = { ...feature('uses-1'), strategies: [strategy([1])] };
    const uses2 = { ...feature('uses-2'), strategies: [strategy([2])] };
    const before = { ...snapshot([uses1, uses2]), segments: [segment(1, 'a'), segment(2, 'b')] };
    const after = applySnapshotChanges(before, {
      revision: 4,
      names: [],
      features: [],
      predecessors: new Map(),
      segments: [segment(1, 'changed'), segment(2, 'b'), segment(3, 'new')],
      gaps: [],
      tags: new Map(),
    });
    expect(after?.segments.map((s) => s.constraints[0]?.values)).toEqual([['changed'], ['b'], ['new']]);
    expect(after?.features[0]).not.toBe(uses1);
    expect(after?.features[0]).toEqual(uses1);
    expect(after?.features[1]).toBe(uses2);
  });
});
