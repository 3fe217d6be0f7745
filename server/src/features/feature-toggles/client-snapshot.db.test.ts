import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { getClientSnapshot, getClientSnapshotRevision } from './index';

const P = '/api/admin/projects/default/features';

describe('client snapshot read model', () => {
  let test: TestApp;
  let segmentId: number;
  beforeAll(async () => {
    test = await createTestApp();
    segmentId = (
      await call<{ id: number }>(
        test,
        'POST',
        '/api/admin/segments',
        { name: 'seg', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }] },
        201,
      )
    ).id;
    await createFlag(test, 'snap-parent', 'default', { description: 'p', impressionData: true });
    await createFlag(test, 'snap-child', 'default', { type: 'experiment' });
    await createFlag(test, 'snap-archived');
    await call(test, 'DELETE', `${P}/snap-archived`, undefined, 202);
    await call(
      test,
      'POST',
      `${P}/snap-parent/environments/development/strategies`,
      {
        name: 'flexibleRollout',
        parameters: { rollout: '50' },
        constraints: [
          { contextName: 'appName', operator: 'STR_STARTS_WITH', values: ['my'], caseInsensitive: true },
        ],
        segments: [segmentId],
        variants: [{ name: 'v', weight: 0, weightType: 'variable', stickiness: 'default' }],
        sortOrder: 5,
      },
      200,
    );
    await call(
      test,
      'POST',
      `${P}/snap-parent/environments/development/strategies`,
      { name: 'default', disabled: true, sortOrder: 1 },
      200,
    );
    await call(test, 'POST', `${P}/snap-parent/environments/development/on`, undefined, 200);
    await call(
      test,
      'PUT',
      `${P}/snap-parent/environments/development/variants`,
      [{ name: 'legacy', weight: 0, weightType: 'variable' }],
      200,
    );
    await call(
      test,
      'POST',
      `${P}/snap-child/dependencies`,
      { feature: 'snap-parent', variants: ['v'] },
      200,
    );
  });
  afterAll(async () => {
    await test.close();
  });

  it('holds every active flag of the environment with strategies, variants, dependencies and all segments', async () => {
    const snapshot = await getClientSnapshot(test.db, 'development');
    expect(snapshot.environment).toBe('development');
    expect(snapshot.revision).toBe(await getClientSnapshotRevision(test.db, 'development'));
    expect(snapshot.features.map((feature) => feature.name)).toEqual(['snap-child', 'snap-parent']);
    const parent = snapshot.features.find((feature) => feature.name === 'snap-parent')!;
    expect(parent).toMatchObject({
      type: 'release',
      project: 'default',
      description: 'p',
      enabled: true,
      stale: false,
      impressionData: true,
      variants: [{ name: 'legacy', weight: 1000, weightType: 'variable' }],
      dependencies: [],
    });
    // Sorted by sortOrder; the disabled one is kept, flagged, for the SDK API to drop.
    expect(
      parent.strategies.map((strategy) => [strategy.name, strategy.sortOrder, strategy.disabled]),
    ).toEqual([
      ['default', 1, true],
      ['flexibleRollout', 5, false],
    ]);
    expect(parent.strategies[1]).toMatchObject({
      parameters: { rollout: '50', stickiness: 'default', groupId: 'snap-parent' },
      constraints: [
        { contextName: 'appName', operator: 'STR_STARTS_WITH', values: ['my'], caseInsensitive: true },
      ],
      segments: [segmentId],
      variants: [{ name: 'v', weight: 1000, weightType: 'variable', stickiness: 'default' }],
    });
    const child = snapshot.features.find((feature) => feature.name === 'snap-child')!;
    expect(child).toMatchObject({ enabled: false, strategies: [], variants: [], type: 'experiment' });
    expect(child.dependencies).toEqual([{ feature: 'snap-parent', enabled: true, variants: ['v'] }]);
    expect(snapshot.segments).toEqual([
      { id: segmentId, name: 'seg', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }] },
    ]);
  });

  it('is per environment', async () => {
    const production = await getClientSnapshot(test.db, 'production');
    const parent = production.features.find((feature) => feature.name === 'snap-parent')!;
    expect(parent).toMatchObject({ enabled: false, strategies: [], variants: [] });
  });

  it('sends disabled dependencies without variants', async () => {
    await call(test, 'POST', `${P}/snap-child/dependencies`, { feature: 'snap-parent', enabled: false }, 200);
    const snapshot = await getClientSnapshot(test.db, 'development');
    expect(snapshot.features.find((feature) => feature.name === 'snap-child')!.dependencies).toEqual([
      { feature: 'snap-parent', enabled: false },
    ]);
  });

  it('has a revision that only moves when something the SDKs see changes', async () => {
    const revision = await getClientSnapshotRevision(test.db, 'development');
    await call(test, 'GET', '/api/admin/projects', undefined, 200);
    expect(await getClientSnapshotRevision(test.db, 'development')).toBe(revision);
    await call(test, 'POST', `${P}/snap-parent/environments/development/off`, undefined, 200);
    const next = await getClientSnapshotRevision(test.db, 'development');
    expect(next).toBeGreaterThan(revision);
    expect((await getClientSnapshot(test.db, 'development')).revision).toBe(next);
  });
});
