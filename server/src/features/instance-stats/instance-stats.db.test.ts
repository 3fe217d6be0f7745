import { afterAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { as, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';
import { SWITCHYARD_VERSION } from '../../version';
import { statsChecksum } from '.';

const DAY_MS = 24 * 3600 * 1000;

describe('instance statistics (issue 19)', async () => {
  const t = await createTestApp();
  afterAll(() => t.close());
  const stats = async () => {
    const response = await t.request('GET', '/api/admin/instance-admin/statistics');
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('counts what the instance holds, with a checksum over the rest', async () => {
    const before = await stats();
    const seenRecently = await createUser(t, { username: 'seen-3d', rootRole: 'Viewer' });
    const seenLongAgo = await createUser(t, { username: 'seen-45d', rootRole: 'Editor' });
    await t.db
      .updateTable('users')
      .set({ seen_at: new Date(Date.now() - 3 * DAY_MS) })
      .where('id', '=', seenRecently)
      .execute();
    await t.db
      .updateTable('users')
      .set({ seen_at: new Date(Date.now() - 45 * DAY_MS) })
      .where('id', '=', seenLongAgo)
      .execute();
    await createFlag(t, 'stats-one');
    await createFlag(t, 'stats-two');
    await t.db
      .updateTable('features')
      .set({ archived_at: new Date() })
      .where('name', '=', 'stats-two')
      .execute();
    const strategy = {
      name: 'flexibleRollout',
      parameters: { rollout: '50', stickiness: 'default', groupId: 'stats-one' },
      constraints: [
        { contextName: 'userId', operator: 'IN', values: ['a', 'b', 'c', 'd'] },
        { contextName: 'appName', operator: 'IN', values: ['x'] },
      ],
    };
    for (let i = 0; i < 3; i += 1) {
      await call(
        t,
        'POST',
        '/api/admin/projects/default/features/stats-one/environments/development/strategies',
        strategy,
        200,
      );
    }
    await t.db
      .insertInto('client_instances')
      .values([
        {
          app_name: 'web',
          instance_id: 'i1',
          environment: 'development',
          sdk_version: null,
          client_ip: null,
          last_seen: new Date(),
        },
        {
          app_name: 'batch',
          instance_id: 'i2',
          environment: 'development',
          sdk_version: null,
          client_ip: null,
          last_seen: new Date(Date.now() - 20 * DAY_MS),
        },
      ])
      .execute();
    const yesterday = new Date(Date.now() - DAY_MS);
    await t.db
      .insertInto('client_metrics_env')
      .values({
        feature_name: 'stats-one',
        app_name: 'web',
        environment: 'development',
        timestamp: yesterday,
        yes: 1,
        no: 2,
      })
      .execute();

    const after = await stats();
    expect(after.instanceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(after.instanceId).toBe(before.instanceId);
    expect(after.versionOSS).toBe(SWITCHYARD_VERSION);
    expect(after.users).toBe(before.users + 2);
    expect(after.licensedUsers).toBe(after.users);
    expect(after.readOnlyUsers).toBe(before.readOnlyUsers + 1);
    expect(after.activeUsers.last7).toBe(before.activeUsers.last7 + 1);
    expect(after.activeUsers.last30).toBe(before.activeUsers.last30 + 1);
    expect(after.activeUsers.last60).toBe(before.activeUsers.last60 + 2);
    expect(after.activeUsers.last90).toBe(before.activeUsers.last90 + 2);
    expect(after.featureToggles).toBe(before.featureToggles + 1);
    expect(after.maxEnvironmentStrategies).toBe(3);
    expect(after.maxConstraints).toBe(2);
    expect(after.maxConstraintValues).toBe(4);
    expect(after.clientApps).toEqual([
      { range: 'allTime', count: expect.any(Number) },
      { range: '30d', count: 2 },
      { range: '7d', count: 1 },
    ]);
    expect(after.previousDayMetricsBucketsCount).toEqual({ enabledCount: 1, variantCount: 0 });
    expect(after.apiTokens.admin).toBeGreaterThanOrEqual(1);
    expect(after).toMatchObject({
      SAMLenabled: false,
      OIDCenabled: false,
      edgeInstanceUsage: {},
      featureExports: 0,
    });
    for (const key of [
      'projects',
      'contextFields',
      'roles',
      'groups',
      'environments',
      'segments',
      'strategies',
      'releaseTemplates',
      'releasePlans',
    ]) {
      expect(after[key], key).toEqual(expect.any(Number));
    }
    expect(after.roles).toBeGreaterThanOrEqual(5);
    const { sum, ...rest } = after;
    expect(sum).toBe(statsChecksum(rest));
  });

  it('counts changes in production environments only, within each period', async () => {
    const production = async () =>
      Number(
        (
          await t.db
            .selectFrom('events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('environment', '=', 'production')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await createFlag(t, 'stats-prod');
    const before = (await stats()).productionChanges;
    const eventsBefore = await production();
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/stats-prod/environments/production/on',
      undefined,
      200,
    );
    const added = (await production()) - eventsBefore;
    expect(added).toBeGreaterThan(0);
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/stats-prod/environments/development/on',
      undefined,
      200,
    );
    // An old production change counts in 90 days, not in 30.
    await t.db
      .insertInto('events')
      .values({
        type: 'feature-environment-enabled',
        created_by: 'test',
        created_by_user_id: null,
        data: null,
        pre_data: null,
        feature_name: 'stats-prod',
        project: 'default',
        environment: 'production',
        created_at: new Date(Date.now() - 45 * DAY_MS),
      } as never)
      .execute();
    const after = (await stats()).productionChanges;
    expect(after.last30).toBe(before.last30 + added);
    expect(after.last60).toBe(before.last60 + added + 1);
    expect(after.last90).toBe(before.last90 + added + 1);
  });

  it('answers the same figures as CSV: a header row and a value row', async () => {
    const response = await t.request('GET', '/api/admin/instance-admin/statistics/csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const [header, values, rest] = response.body.split('\r\n');
    expect(rest).toBe('');
    const columns = header!.split(',').map((cell) => cell.replaceAll('"', ''));
    expect(columns).toEqual(
      expect.arrayContaining([
        'instanceId',
        'users',
        'activeUsers.last7',
        'clientApps.30d',
        'apiTokens.admin',
        'sum',
      ]),
    );
    expect(values!.split(',')).toHaveLength(columns.length);
  });

  it('is readable by any signed-in user, not by anonymous callers', async () => {
    await createUser(t, { username: 'stats-viewer', rootRole: 'Viewer' });
    const viewer = await login(t, 'stats-viewer');
    expect((await as(t, { cookie: viewer })('GET', '/api/admin/instance-admin/statistics')).statusCode).toBe(
      200,
    );
    expect((await as(t)('GET', '/api/admin/instance-admin/statistics')).statusCode).toBe(401);
  });
});
