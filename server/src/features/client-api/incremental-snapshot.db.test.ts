import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { appendEvent } from '../events';
import { getClientSnapshot, getClientSnapshotChanges, getClientSnapshotRevision } from '../feature-toggles';
import { listTagsOfFeatures } from '../tags';
import { createClientFeatureCache } from './client-feature-cache';
import { createRevisionTracker } from './revision-tracker';

/**
 * The SDK snapshot is updated in place after flag changes (sdk-apis.ts loadChanges). Whatever
 * happened, the body served must be the one a full reload gives: after each change below, the
 * running app's answer is compared with a fresh cache that loads everything.
 */
const P = '/api/admin/projects/default/features';
const CLIENT = '*:development.incremental-snapshot-client-token-0123456789';

let test: TestApp;

async function served(headers: Record<string, string> = {}): Promise<string> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/client/features',
    headers: { authorization: CLIENT, ...headers },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function fullReload(inlineSegmentConstraints: boolean): Promise<string> {
  const cache = createClientFeatureCache({
    tracker: createRevisionTracker((environment) => getClientSnapshotRevision(test.db, environment), {
      maxAgeMs: 0,
    }),
    async loadSnapshot(environment) {
      const snapshot = await getClientSnapshot(test.db, environment);
      const tags = await listTagsOfFeatures(
        test.db,
        snapshot.features.map((feature) => feature.name),
      );
      return { ...snapshot, tags };
    },
  });
  const body = await cache.clientFeatures({
    environment: 'development',
    projects: null,
    tags: [],
    inlineSegmentConstraints,
  });
  return body.body.toString('utf8');
}

/** The running app's snapshot refresh counts, from its Prometheus endpoint. */
async function snapshotRefreshes(): Promise<{ full_loads: number; incremental_updates: number }> {
  const text = (await test.app.inject({ method: 'GET', url: '/internal-backstage/prometheus' })).body;
  const read = (kind: string) =>
    Number(new RegExp(`^switchyard_sdk_snapshot\\{kind="${kind}"\\} (\\S+)$`, 'm').exec(text)?.[1]);
  return { full_loads: read('full_loads'), incremental_updates: read('incremental_updates') };
}

// Without the Unleash-Client-Spec header an SDK gets segment constraints inlined.
const MODERN = { 'unleash-client-spec': '5.1.0' };

async function expectSameAsFullReload(): Promise<void> {
  expect(JSON.parse(await served(MODERN))).toStrictEqual(JSON.parse(await fullReload(false)));
  expect(await served(MODERN)).toBe(await fullReload(false));
  expect(await served()).toBe(await fullReload(true));
}

beforeAll(async () => {
  test = await createTestApp({
    initApiTokens: { admin: ['*:*.switchyard-test-admin-token-0123456789'], client: [CLIENT], frontend: [] },
  });
  await createFlag(test, 'inc-parent');
  await createFlag(test, 'inc-child');
  await createFlag(test, 'inc-other');
  await call(test, 'POST', `${P}/inc-child/dependencies`, { feature: 'inc-parent' }, 200);
  await served();
});

afterAll(async () => {
  await test?.close();
});

describe('incremental SDK snapshot', () => {
  it('serves what a full reload serves after every kind of flag change', async () => {
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['toggle on', () => call(test, 'POST', `${P}/inc-other/environments/development/on`, undefined, 200)],
      [
        'add a strategy',
        () =>
          call(
            test,
            'POST',
            `${P}/inc-other/environments/development/strategies`,
            {
              name: 'flexibleRollout',
              parameters: { rollout: '30', stickiness: 'default', groupId: 'inc-other' },
              constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
            },
            200,
          ),
      ],
      [
        'tag',
        () =>
          call(test, 'POST', '/api/admin/features/inc-other/tags', { type: 'simple', value: 'beta' }, 201),
      ],
      [
        'mark stale',
        () =>
          call(
            test,
            'POST',
            '/api/admin/projects/default/stale',
            { features: ['inc-other'], stale: true },
            202,
          ),
      ],
      [
        'remove a dependency',
        () => call(test, 'DELETE', `${P}/inc-child/dependencies/inc-parent`, undefined, 200),
      ],
      ['archive the former parent', () => call(test, 'DELETE', `${P}/inc-parent`, undefined, 202)],
      [
        'revive it',
        () => call(test, 'POST', '/api/admin/projects/default/revive', { features: ['inc-parent'] }, 200),
      ],
      ['create a flag', () => createFlag(test, 'inc-new')],
      [
        'a segment changes',
        () =>
          call(
            test,
            'POST',
            '/api/admin/segments',
            { name: 'inc-seg', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }] },
            201,
          ),
      ],
      [
        'a segment used by a flag changes',
        async () => {
          const segment = await call<{ id: number }>(
            test,
            'POST',
            '/api/admin/segments',
            { name: 'inc-used', constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'] }] },
            201,
          );
          await call(
            test,
            'POST',
            `${P}/inc-other/environments/development/strategies`,
            { name: 'default', parameters: {}, segments: [segment.id] },
            200,
          );
          await served();
          await served(MODERN);
          await call(
            test,
            'PUT',
            `/api/admin/segments/${segment.id}`,
            { name: 'inc-used', constraints: [{ contextName: 'userId', operator: 'IN', values: ['u2'] }] },
            204,
          );
        },
      ],
      [
        'create flags before, between and after the others',
        async () => {
          await createFlag(test, 'aaa-inc-first');
          await createFlag(test, 'inc-n');
          await createFlag(test, 'zzz-inc-last');
        },
      ],
      [
        'edit the environment',
        () => call(test, 'PUT', '/api/admin/environments/update/development', { type: 'test' }, 200),
      ],
      [
        'a project loses the environment',
        async () => {
          await call(test, 'POST', '/api/admin/projects', { id: 'inc-project', name: 'inc project' }, 201);
          await createFlag(test, 'inc-project-flag', 'inc-project');
          await call(
            test,
            'POST',
            '/api/admin/projects/inc-project/features/inc-project-flag/environments/development/on',
            undefined,
            200,
          );
          await served();
          await call(
            test,
            'DELETE',
            '/api/admin/projects/inc-project/environments/development',
            undefined,
            200,
          );
        },
      ],
      [
        'and gets it back',
        () =>
          call(
            test,
            'POST',
            '/api/admin/projects/inc-project/environments',
            { environment: 'development' },
            200,
          ),
      ],
      ['toggle off', () => call(test, 'POST', `${P}/inc-other/environments/development/off`, undefined, 200)],
    ];
    const before = await snapshotRefreshes();
    expect(before.full_loads).toBeGreaterThanOrEqual(1);
    for (const [label, step] of steps) {
      await step();
      await expectSameAsFullReload().catch((error: Error) => {
        throw new Error(`after "${label}": ${error.message}`);
      });
    }
    // Every one of those changes was applied in place: none needed a full load.
    const after = await snapshotRefreshes();
    expect(after.full_loads).toBe(before.full_loads);
    expect(after.incremental_updates).toBeGreaterThanOrEqual(before.incremental_updates + steps.length);
  });

  it('reads only the flags a change names, and their dependents, or asks for a full reload', async () => {
    const options = { maxFlags: 200, knownGaps: [], alsoAffected: () => [], inProjects: () => [] };
    await call(test, 'POST', `${P}/inc-child/dependencies`, { feature: 'inc-parent' }, 200);
    const before = await getClientSnapshotRevision(test.db, 'development');
    await call(test, 'POST', `${P}/inc-parent/environments/development/on`, undefined, 200);
    const changes = await getClientSnapshotChanges(test.db, 'development', before, options);
    expect(changes?.names.sort()).toEqual(['inc-child', 'inc-parent']);
    expect(changes?.features.map((feature) => [feature.name, feature.enabled])).toEqual([
      ['inc-child', false],
      ['inc-parent', true],
    ]);
    expect(await getClientSnapshotChanges(test.db, 'development', changes?.revision ?? 0, options)).toEqual({
      revision: changes?.revision,
      names: [],
      features: [],
      predecessors: new Map(),
      gaps: expect.any(Array),
    });
    // A segment change reads the segments again, and no flag.
    const beforeSegment = await getClientSnapshotRevision(test.db, 'development');
    await call(
      test,
      'POST',
      '/api/admin/segments',
      { name: 'inc-seg-2', constraints: [{ contextName: 'userId', operator: 'IN', values: ['b'] }] },
      201,
    );
    const segmentChange = await getClientSnapshotChanges(test.db, 'development', beforeSegment, options);
    expect(segmentChange?.names).toEqual([]);
    expect(segmentChange?.segments?.map((segment) => segment.name)).toContain('inc-seg-2');
    // A project losing the environment reads that project's flags.
    const beforeProject = await getClientSnapshotRevision(test.db, 'development');
    await call(test, 'DELETE', '/api/admin/projects/inc-project/environments/development', undefined, 200);
    const projectChange = await getClientSnapshotChanges(test.db, 'development', beforeProject, {
      ...options,
      inProjects: (projects) => (projects.includes('inc-project') ? ['inc-project-flag'] : []),
    });
    expect(projectChange?.features.map((feature) => [feature.name, feature.enabled])).toEqual([
      ['inc-project-flag', false],
    ]);
    expect(projectChange?.predecessors.get('inc-project-flag')).toBe('inc-parent');
    // A deleted environment has no bound: a full reload.
    const afterToggle = await getClientSnapshotRevision(test.db, 'development');
    await call(test, 'POST', '/api/admin/environments', { name: 'inc-gone', type: 'test' }, 201);
    await call(test, 'DELETE', '/api/admin/environments/inc-gone', undefined, 200);
    expect(await getClientSnapshotChanges(test.db, 'development', afterToggle, options)).toBeNull();
  });

  it('takes in a change whose event commits after a later one was served (ids commit out of order)', async () => {
    await served();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let eventTaken = () => {};
    const taken = new Promise<void>((resolve) => {
      eventTaken = resolve;
    });
    const late = test.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('features')
        .set({ description: 'committed late' })
        .where('name', '=', 'inc-other')
        .execute();
      await appendEvent(trx, {
        type: 'feature-metadata-updated',
        createdBy: 'test',
        featureName: 'inc-other',
        project: 'default',
      });
      eventTaken();
      await gate;
    });
    await taken;
    // A later change commits, and is served, while the first one's transaction is still open.
    await call(test, 'POST', `${P}/inc-parent/environments/development/off`, undefined, 200);
    await served();
    release();
    await late;
    // The next change brings the late one along: its id was a gap the snapshot remembered.
    await call(test, 'POST', `${P}/inc-parent/environments/development/on`, undefined, 200);
    await expectSameAsFullReload();
    const features = JSON.parse(await served()).features as Array<{ name: string; description: string }>;
    expect(features.find((feature) => feature.name === 'inc-other')?.description).toBe('committed late');
  });
});
