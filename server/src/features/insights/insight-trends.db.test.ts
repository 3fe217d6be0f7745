import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  period,
  type SeededInsightsApp,
  startSeededInsightsApp,
  today,
} from '../../../../tests/helpers/insights-seed';
import type { TestApp } from '../../../../tests/helpers/test-app';
import type { InstanceInsights } from '../../../contract';

let t: TestApp;
let viewer: SeededInsightsApp['viewer'];

beforeAll(async () => {
  ({ t, viewer } = await startSeededInsightsApp());
});

afterAll(() => t?.close());

describe('GET /api/admin/insights', () => {
  it('answers trends from the snapshots, flags, lifecycles and events of the period', async () => {
    const response = await t.request('GET', period);
    expect(response.statusCode).toBe(200);
    const body: InstanceInsights = response.json();
    expect(body.userTrends).toEqual([
      { date: '2026-10-06T00:00:00.000Z', total: 4, active: 2, inactive: 2 },
      { date: '2026-10-09T00:00:00.000Z', total: 5, active: 3, inactive: 2 },
      { date: '2026-10-13T00:00:00.000Z', total: 5, active: 4, inactive: 1 },
    ]);
    expect(body.flagTrends).toEqual([
      { date: '2026-10-06T00:00:00.000Z', total: 2, active: 2, stale: 0, potentiallyStale: 0 },
      { date: '2026-10-09T00:00:00.000Z', total: 6, active: 3, stale: 1, potentiallyStale: 2 },
      { date: '2026-10-13T00:00:00.000Z', total: 5, active: 1, stale: 1, potentiallyStale: 3 },
    ]);
    expect(
      body.projectFlagTrends.map((row) => [
        row.week,
        row.project,
        row.date.slice(0, 10),
        row.total,
        row.health,
      ]),
    ).toEqual([
      ['2026-41', 'alpha', '2026-10-09', 4, 50],
      ['2026-41', 'beta', '2026-10-09', 1, 100],
      ['2026-41', 'secret', '2026-10-09', 1, 0],
      ['2026-42', 'alpha', '2026-10-13', 3, 33],
      ['2026-42', 'beta', '2026-10-13', 1, 0],
      ['2026-42', 'secret', '2026-10-13', 1, 0],
    ]);
    expect(body.creationArchiveTrends).toEqual([
      {
        week: '2026-41',
        date: '2026-10-05T00:00:00.000Z',
        project: 'alpha',
        createdFlags: { operational: 1, release: 1 },
        archivedFlags: 0,
      },
      {
        week: '2026-41',
        date: '2026-10-05T00:00:00.000Z',
        project: 'secret',
        createdFlags: { release: 1 },
        archivedFlags: 0,
      },
      {
        week: '2026-42',
        date: '2026-10-12T00:00:00.000Z',
        project: 'alpha',
        createdFlags: {},
        archivedFlags: 1,
      },
      {
        week: '2026-42',
        date: '2026-10-12T00:00:00.000Z',
        project: 'beta',
        createdFlags: { release: 1 },
        archivedFlags: 0,
      },
    ]);
    expect(body.lifecycleTrends).toEqual([
      { week: '2026-41', date: '2026-10-05T00:00:00.000Z', project: 'alpha', newProductionFlags: 1 },
      { week: '2026-41', date: '2026-10-05T00:00:00.000Z', project: 'secret', newProductionFlags: 1 },
      { week: '2026-42', date: '2026-10-12T00:00:00.000Z', project: 'beta', newProductionFlags: 1 },
    ]);
    expect(body.environmentTypeTrends).toEqual([
      { week: '2026-41', date: '2026-10-05T00:00:00.000Z', environmentType: 'development', totalUpdates: 1 },
      { week: '2026-41', date: '2026-10-05T00:00:00.000Z', environmentType: 'production', totalUpdates: 3 },
    ]);
    expect(body.metricsSummaryTrends).toEqual([]);
  });

  it('leaves out private projects the caller cannot see', async () => {
    const response = await viewer(period);
    expect(response.statusCode).toBe(200);
    const body: InstanceInsights = response.json();
    expect(body.projectFlagTrends.map((row) => row.project)).not.toContain('secret');
    expect(body.flagTrends[1]).toEqual({
      date: '2026-10-09T00:00:00.000Z',
      total: 5,
      active: 3,
      stale: 1,
      potentiallyStale: 1,
    });
    expect(body.creationArchiveTrends.map((row) => row.project)).toEqual(['alpha', 'alpha', 'beta']);
    expect(body.lifecycleTrends.map((row) => row.project)).toEqual(['alpha', 'beta']);
    expect(body.environmentTypeTrends).toEqual([
      { week: '2026-41', date: '2026-10-05T00:00:00.000Z', environmentType: 'development', totalUpdates: 1 },
      { week: '2026-41', date: '2026-10-05T00:00:00.000Z', environmentType: 'production', totalUpdates: 2 },
    ]);
  });

  it('counts today as it stands now, not as the snapshot taken at the first tick (issue 33)', async () => {
    // The snapshot of a first start: before any flag was created or anyone signed in.
    await t.db.deleteFrom('insight_project_snapshots').where('day', '=', today).execute();
    await t.db.deleteFrom('insight_snapshot_days').where('day', '=', today).execute();
    await t.db
      .insertInto('insight_snapshot_days')
      .values({ day: today, users_total: 1, users_active: 0 })
      .execute();
    const flags = await t.db
      .selectFrom('features')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('archived_at', 'is', null)
      .executeTakeFirstOrThrow();
    const users = await t.db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn
          .count<string>('seen_at')
          .filterWhere('seen_at', '>', new Date(Date.now() - 60 * 86_400_000))
          .as('active'),
      ])
      .where('is_service', '=', false)
      .executeTakeFirstOrThrow();
    expect(Number(flags.n)).toBeGreaterThan(0);
    expect(Number(users.active)).toBeGreaterThan(0);

    // An SDK reported this morning: the snapshot would record it only tomorrow.
    const flag = await t.db
      .selectFrom('features')
      .select(['name', 'project'])
      .where('project', '=', 'alpha')
      .where('archived_at', 'is', null)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('client_metrics_env')
      .values({
        feature_name: flag.name,
        app_name: 'fresh-app',
        environment: 'development',
        timestamp: new Date(`${today}T00:00:00Z`),
        yes: 7,
        no: 2,
      })
      .execute();
    const response = await t.request('GET', `/api/admin/insights?from=${today}&to=${today}`);
    expect(response.statusCode).toBe(200);
    const body: InstanceInsights = response.json();
    expect(body.flagTrends).toEqual([
      expect.objectContaining({ date: `${today}T00:00:00.000Z`, total: Number(flags.n) }),
    ]);
    expect(body.userTrends).toEqual([
      {
        date: `${today}T00:00:00.000Z`,
        total: Number(users.total),
        active: Number(users.active),
        inactive: Number(users.total) - Number(users.active),
      },
    ]);
    expect(body.metricsSummaryTrends).toEqual([
      expect.objectContaining({ project: 'alpha', totalYes: 7, totalNo: 2, totalRequests: 9, totalApps: 1 }),
    ]);
    // The viewer does not see the private project's flags today either.
    const hidden: InstanceInsights = (await viewer(`/api/admin/insights?from=${today}&to=${today}`)).json();
    expect(hidden.projectFlagTrends.map((row) => row.project)).not.toContain('secret');
    expect(hidden.flagTrends[0]?.total).toBeLessThan(Number(flags.n));
  });

  it.each([
    ['from=not-a-date', 'from'],
    ['to=2026-02-30', 'to'],
    ['from=2026-10-18&to=2026-10-05', 'from'],
    ['from=2020-01-01&to=2026-01-01', 'from'],
    ['from=0000-01-01', 'from'],
    ['to=2026-13-01T00:00:00Z', 'to'],
    ['from=2026-10-05T25:00:00Z', 'from'],
  ])('refuses %s with 400 BadDataError', async (query, path) => {
    const response = await t.request('GET', `/api/admin/insights?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ name: 'BadDataError', details: [{ path }] });
  });
});
