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
