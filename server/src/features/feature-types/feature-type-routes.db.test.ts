import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createFlag,
  eventsAfter,
  expectRejectedWithoutEvent,
  latestEventId,
} from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { markPotentiallyStaleFlags } from '../feature-toggles';

describe('feature types API and the potentially-stale job', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('lists the seeded types with their lifetimes', async () => {
    const { types } = await call<{
      version: number;
      types: Array<{ id: string; name: string; lifetimeDays: number | null }>;
    }>(test, 'GET', '/api/admin/feature-types', undefined, 200);
    expect(types.map((type) => [type.id, type.name, type.lifetimeDays])).toEqual([
      ['release', 'Release', 40],
      ['experiment', 'Experiment', 40],
      ['operational', 'Operational', 7],
      ['kill-switch', 'Kill switch', null],
      ['permission', 'Permission', null],
      ['sunset', 'Sunset', 90],
    ]);
  });

  it('updates a lifetime (0 means never) with before/after events', async () => {
    const before = await latestEventId(test.db);
    expect(
      await call(test, 'PUT', '/api/admin/feature-types/release/lifetime', { lifetimeDays: 10 }, 200),
    ).toMatchObject({
      id: 'release',
      lifetimeDays: 10,
    });
    expect(
      await call(test, 'PUT', '/api/admin/feature-types/release/lifetime', { lifetimeDays: 0 }, 200),
    ).toMatchObject({
      lifetimeDays: null,
    });
    await call(test, 'PUT', '/api/admin/feature-types/release/lifetime', { lifetimeDays: 40 }, 200);
    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => event.type)).toEqual([
      'feature-type-updated',
      'feature-type-updated',
      'feature-type-updated',
    ]);
    expect(events[0]!.preData).toMatchObject({ lifetimeDays: 40 });
    expect(events[0]!.data).toMatchObject({ lifetimeDays: 10 });
    const missing = await expectRejectedWithoutEvent(
      test,
      'PUT',
      '/api/admin/feature-types/nosuch/lifetime',
      { lifetimeDays: 5 },
      404,
    );
    expect(JSON.parse(missing.body).message).toBe(
      'The feature type you tried to update ("nosuch") does not exist.',
    );
    await expectRejectedWithoutEvent(
      test,
      'PUT',
      '/api/admin/feature-types/release/lifetime',
      { lifetimeDays: -1 },
      400,
    );
    await expectRejectedWithoutEvent(
      test,
      'PUT',
      '/api/admin/feature-types/release/lifetime',
      { lifetimeDays: 1.5 },
      400,
    );
  });

  it("marks flags older than their type's lifetime potentially stale, once, and unmarks them when it grows", async () => {
    await createFlag(test, 'old-release');
    await createFlag(test, 'old-switch', 'default', { type: 'kill-switch' });
    await createFlag(test, 'old-archived');
    await call(test, 'DELETE', '/api/admin/projects/default/features/old-archived', undefined, 202);
    const day = 24 * 60 * 60 * 1000;
    expect(await markPotentiallyStaleFlags(test.db, new Date(Date.now() + 39 * day))).toEqual([]);
    const before = await latestEventId(test.db);
    const later = new Date(Date.now() + 41 * day);
    expect(await markPotentiallyStaleFlags(test.db, later)).toEqual(['old-release']);
    expect(await markPotentiallyStaleFlags(test.db, later)).toEqual([]);
    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => [event.type, event.featureName, event.createdBy])).toEqual([
      ['feature-potentially-stale-on', 'old-release', 'system'],
    ]);
    const search = await call<{ features: Array<{ name: string; potentiallyStale: boolean }> }>(
      test,
      'GET',
      '/api/admin/search/features?state=IS:potentially-stale',
      undefined,
      200,
    );
    expect(search.features.map((feature) => feature.name)).toEqual(['old-release']);
    await call(test, 'PUT', '/api/admin/feature-types/release/lifetime', { lifetimeDays: 100 }, 200);
    await markPotentiallyStaleFlags(test.db, later);
    const cleared = await call<{ features: unknown[] }>(
      test,
      'GET',
      '/api/admin/search/features?state=IS:potentially-stale',
      undefined,
      200,
    );
    expect(cleared.features).toEqual([]);
  });
});
