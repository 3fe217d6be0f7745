import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { InstanceInsights } from '../../../contract';
import { utcDay } from './insight-calculations';
import { hasSnapshot, takeDailySnapshot } from './insight-store';

// Insights over seeded data: flags of several types and ages (stale, potentially stale,
// archived), lifecycle stages, users, SDK metrics, events and daily snapshots. Every expected
// figure below is worked out by hand from the seed.
const DAY = 86_400_000;
const now = Date.now();
const today = utcDay(new Date(now));
const ago = (days: number) => new Date(now - days * DAY);
const at = (iso: string) => new Date(iso);

let t: TestApp;
let viewer: (url: string) => Promise<LightMyRequestResponse>;

async function waitForStartSnapshot(test: TestApp) {
  for (let attempt = 0; attempt < 100 && !(await hasSnapshot(test.db, today)); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  t = await createTestApp({ schedulerPollIntervalMs: 3_600_000 });
  await waitForStartSnapshot(t);
  await t.db
    .insertInto('projects')
    .values([
      { id: 'alpha', name: 'Alpha', description: null, feature_limit: null },
      { id: 'beta', name: 'Beta', description: null, feature_limit: null },
      { id: 'secret', name: 'Secret', description: null, feature_limit: null, mode: 'private' },
    ])
    .execute();
  await t.db
    .insertInto('features')
    .values([
      { name: 'a-rel-new', project: 'alpha', type: 'release', description: null, created_at: ago(2) },
      {
        name: 'a-exp-old',
        project: 'alpha',
        type: 'experiment',
        description: null,
        created_at: ago(60),
        potentially_stale: true,
      },
      {
        name: 'a-ops-stale',
        project: 'alpha',
        type: 'operational',
        description: null,
        created_at: at('2026-10-06T10:00:00Z'),
        stale: true,
        potentially_stale: true,
      },
      {
        name: 'a-archived',
        project: 'alpha',
        type: 'release',
        description: null,
        created_at: at('2026-10-07T10:00:00Z'),
        archived_at: at('2026-10-14T10:00:00Z'),
      },
      {
        name: 'b-rel',
        project: 'beta',
        type: 'release',
        description: null,
        created_at: at('2026-10-13T10:00:00Z'),
        potentially_stale: true,
      },
      {
        name: 's-rel',
        project: 'secret',
        type: 'release',
        description: null,
        created_at: at('2026-10-06T10:00:00Z'),
        potentially_stale: true,
      },
    ])
    .execute();
  await t.db
    .insertInto('feature_lifecycles')
    .values([
      { feature: 'a-rel-new', stage: 'initial', entered_at: ago(2) },
      { feature: 'a-exp-old', stage: 'initial', entered_at: ago(60) },
      { feature: 'a-exp-old', stage: 'pre-live', entered_at: ago(50) },
      { feature: 'a-ops-stale', stage: 'initial', entered_at: at('2026-10-06T00:00:00Z') },
      { feature: 'a-ops-stale', stage: 'live', entered_at: at('2026-10-08T00:00:00Z') },
      { feature: 'a-archived', stage: 'initial', entered_at: at('2026-10-07T00:00:00Z') },
      { feature: 'a-archived', stage: 'archived', entered_at: at('2026-10-14T00:00:00Z') },
      { feature: 'b-rel', stage: 'initial', entered_at: at('2026-10-13T00:00:00Z') },
      { feature: 'b-rel', stage: 'live', entered_at: at('2026-10-15T00:00:00Z') },
      { feature: 's-rel', stage: 'initial', entered_at: at('2026-10-06T00:00:00Z') },
      { feature: 's-rel', stage: 'live', entered_at: at('2026-10-08T00:00:00Z') },
    ])
    .execute();
  // Flag changes in a production and a development environment (seeded environments).
  const event = (project: string, feature: string, environment: string, createdAt: string) => ({
    type: 'feature-environment-enabled',
    created_by: 'seed',
    created_by_user_id: null,
    data: null,
    pre_data: null,
    project,
    feature_name: feature,
    environment,
    created_at: at(createdAt),
  });
  await t.db
    .insertInto('events')
    .values([
      event('alpha', 'a-ops-stale', 'production', '2026-10-07T09:00:00Z'),
      event('alpha', 'a-ops-stale', 'production', '2026-10-07T10:00:00Z'),
      event('alpha', 'a-archived', 'development', '2026-10-08T10:00:00Z'),
      event('secret', 's-rel', 'production', '2026-10-09T10:00:00Z'),
    ])
    .execute();
  // Historical snapshots: week 2026-41 (5-11 Oct) and 2026-42 (12-18 Oct).
  await t.db
    .insertInto('insight_snapshot_days')
    .values([
      { day: '2026-10-06', users_total: 4, users_active: 2 },
      { day: '2026-10-09', users_total: 5, users_active: 3 },
      { day: '2026-10-13', users_total: 5, users_active: 4 },
    ])
    .execute();
  const snap = (day: string, project: string, total: number, stale: number, ps: number) => ({
    day,
    project,
    total,
    stale,
    potentially_stale: ps,
    users: 1,
    time_to_production: null,
  });
  await t.db
    .insertInto('insight_project_snapshots')
    .values([
      snap('2026-10-06', 'alpha', 2, 0, 0),
      snap('2026-10-06', 'beta', 0, 0, 0),
      snap('2026-10-09', 'alpha', 4, 1, 1),
      snap('2026-10-09', 'beta', 1, 0, 0),
      snap('2026-10-09', 'secret', 1, 0, 1),
      snap('2026-10-13', 'alpha', 3, 1, 1),
      snap('2026-10-13', 'beta', 1, 0, 1),
      snap('2026-10-13', 'secret', 1, 0, 1),
    ])
    .execute();
  await createUser(t, { username: 'viewer', rootRole: 'Viewer' });
  const cookie = await login(t, 'viewer');
  viewer = (url) => as(t, { cookie })('GET', url);
});

afterAll(() => t?.close());

const period = '/api/admin/insights?from=2026-10-05&to=2026-10-18';

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

describe('the daily snapshot', () => {
  it("records each project's counts, members, time to production and yesterday's metrics, and prunes old days", async () => {
    const role = await t.db
      .selectFrom('roles')
      .select('id')
      .where('type', '=', 'project')
      .executeTakeFirstOrThrow();
    const member = await t.db
      .insertInto('users')
      .values({
        username: 'member',
        name: null,
        email: null,
        password_hash: null,
        seen_at: ago(1),
        created_by_user_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('users')
      .values({
        username: 'idle',
        name: null,
        email: null,
        password_hash: null,
        seen_at: ago(100),
        created_by_user_id: null,
      })
      .execute();
    await t.db
      .insertInto('role_user')
      .values({ role_id: role.id, user_id: member.id, project: 'alpha', created_by_user_id: null })
      .execute();
    const yesterday = utcDay(ago(1));
    await t.db
      .insertInto('client_metrics_env')
      .values([
        {
          feature_name: 'a-ops-stale',
          app_name: 'app1',
          environment: 'production',
          timestamp: at(`${yesterday}T10:00:00Z`),
          yes: 10,
          no: 5,
        },
        {
          feature_name: 'a-ops-stale',
          app_name: 'app2',
          environment: 'development',
          timestamp: at(`${yesterday}T11:00:00Z`),
          yes: 1,
          no: 0,
        },
        {
          feature_name: 'a-rel-new',
          app_name: 'app1',
          environment: 'production',
          timestamp: at(`${yesterday}T12:00:00Z`),
          yes: 0,
          no: 4,
        },
        // Today's: not part of yesterday's summary.
        {
          feature_name: 'b-rel',
          app_name: 'app1',
          environment: 'production',
          timestamp: new Date(now),
          yes: 9,
          no: 9,
        },
      ])
      .execute();
    await t.db
      .insertInto('insight_snapshot_days')
      .values({ day: '2024-01-01', users_total: 1, users_active: 1 })
      .execute();
    await t.db.deleteFrom('insight_snapshot_days').where('day', '=', today).execute();
    const users = await sql<{ total: number; active: number }>`
      select count(*)::int as total, (count(*) filter (where seen_at >= ${ago(60)}))::int as active
      from users where not is_service`.execute(t.db);

    expect(await takeDailySnapshot(t.db, today, new Date(now))).toBe(true);

    const day = await t.db
      .selectFrom('insight_snapshot_days')
      .selectAll()
      .where('day', '=', today)
      .executeTakeFirstOrThrow();
    expect([day.users_total, day.users_active]).toEqual([users.rows[0]!.total, users.rows[0]!.active]);
    const rows = await sql<Record<string, unknown>>`
      select project, total, stale, potentially_stale, users, round(time_to_production)::int as ttp,
        metrics_yes::int as yes, metrics_no::int as no, metrics_apps as apps, metrics_flags as flags,
        metrics_environments as envs
      from insight_project_snapshots where day = ${today}::date order by project`.execute(t.db);
    expect(rows.rows).toEqual([
      // a-ops-stale: created 10-06 10:00, live 10-08 00:00 → 1.58 days.
      {
        project: 'alpha',
        total: 3,
        stale: 1,
        potentially_stale: 1,
        users: 1,
        ttp: 2,
        yes: 11,
        no: 9,
        apps: 2,
        flags: 2,
        envs: 2,
      },
      {
        project: 'beta',
        total: 1,
        stale: 0,
        potentially_stale: 1,
        users: 0,
        ttp: 2,
        yes: 0,
        no: 0,
        apps: 0,
        flags: 0,
        envs: 0,
      },
      {
        project: 'default',
        total: 0,
        stale: 0,
        potentially_stale: 0,
        users: 0,
        ttp: null,
        yes: 0,
        no: 0,
        apps: 0,
        flags: 0,
        envs: 0,
      },
      {
        project: 'secret',
        total: 1,
        stale: 0,
        potentially_stale: 1,
        users: 0,
        ttp: 2,
        yes: 0,
        no: 0,
        apps: 0,
        flags: 0,
        envs: 0,
      },
    ]);
    expect(await hasSnapshot(t.db, '2024-01-01')).toBe(false);
    // A second run the same day writes nothing.
    expect(await takeDailySnapshot(t.db, today, new Date(now))).toBe(false);

    const insights: InstanceInsights = (
      await t.request('GET', `/api/admin/insights?from=${utcDay(ago(7))}&to=${today}`)
    ).json();
    expect(insights.metricsSummaryTrends).toEqual([
      expect.objectContaining({
        project: 'alpha',
        totalRequests: 20,
        totalYes: 11,
        totalNo: 9,
        totalApps: 2,
        totalFlags: 2,
        totalEnvironments: 2,
      }),
    ]);
    // Yesterday's metrics, in the week of yesterday (starting on its Monday).
    const metricsDay = Date.parse(`${yesterday}T00:00:00Z`);
    const monday = utcDay(new Date(metricsDay - ((new Date(metricsDay).getUTCDay() + 6) % 7) * DAY));
    expect(insights.metricsSummaryTrends[0]?.date).toBe(`${monday}T00:00:00.000Z`);
    expect(insights.projectFlagTrends.find((row) => row.project === 'alpha')).toMatchObject({
      total: 3,
      active: 1,
      health: 33,
      technicalDebt: 67,
      users: 1,
      timeToProduction: 2,
    });
  });
});

describe('GET /api/admin/insights/lifecycle', () => {
  it("counts a project's flags per lifecycle trend stage", async () => {
    const response = await t.request('GET', '/api/admin/insights/lifecycle?projects=alpha');
    expect(response.statusCode).toBe(200);
    const { develop, production, cleanup } = response.json().lifecycleTrends;
    expect(develop).toEqual({
      totalFlags: 2,
      // In develop for 2 and 60 days; a-ops-stale left after 2 days, a-archived after 7.
      medianDaysInCurrentStage: 31,
      medianDaysHistorically: 4.5,
      categories: {
        experimental: { flagsOlderThanWeek: 1, newFlagsThisWeek: 0 },
        permanent: { flagsOlderThanWeek: 0, newFlagsThisWeek: 0 },
        release: { flagsOlderThanWeek: 0, newFlagsThisWeek: 1 },
      },
    });
    expect(production).toMatchObject({
      totalFlags: 1,
      medianDaysInCurrentStage: Math.floor((now - Date.parse('2026-10-08T00:00:00Z')) / DAY),
      categories: { permanent: { flagsOlderThanWeek: 1, newFlagsThisWeek: 0 } },
    });
    expect(cleanup.totalFlags).toBe(0);
    const all = (await t.request('GET', '/api/admin/insights/lifecycle')).json().lifecycleTrends;
    expect([all.develop.totalFlags, all.production.totalFlags]).toEqual([2, 3]);
  });

  it('bounds the project list and reads an empty one as every project', async () => {
    const many = Array.from({ length: 1001 }, (_, index) => `p${index}`).join(',');
    const tooMany = await t.request('GET', `/api/admin/insights/lifecycle?projects=${many}`);
    expect([tooMany.statusCode, tooMany.json().name]).toEqual([400, 'BadDataError']);
    const blank = await t.request('GET', '/api/admin/insights/lifecycle?projects=%20,%20');
    expect(blank.statusCode).toBe(200);
    expect(blank.json().lifecycleTrends.production.totalFlags).toBe(3);
  });

  it('refuses unknown projects and private ones the caller cannot see alike', async () => {
    const unknown = await t.request('GET', '/api/admin/insights/lifecycle?projects=alpha,nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ name: 'BadDataError', details: [{ path: 'projects' }] });
    expect((await viewer('/api/admin/insights/lifecycle?projects=secret')).statusCode).toBe(400);
    expect((await viewer('/api/admin/insights/lifecycle')).json().lifecycleTrends.production.totalFlags).toBe(
      2,
    );
  });
});

describe('GET /api/admin/projects/{projectId}/status', () => {
  it('answers health, resources, activity and the lifecycle summary', async () => {
    const token = await t.db
      .insertInto('api_tokens')
      .values({
        secret_hash: 'x',
        prefix: 'alpha:production',
        token_name: 'alpha-sdk',
        type: 'client',
        environment: 'production',
        alias: null,
        expires_at: null,
        seen_at: null,
        created_by_user_id: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('api_token_projects').values({ token_id: token.id, project: 'alpha' }).execute();
    await t.db
      .insertInto('segments')
      .values({
        name: 'alpha-beta-testers',
        description: null,
        segment_project_id: 'alpha',
        created_by: null,
        constraints: '[]',
      })
      .execute();

    const response = await t.request('GET', '/api/admin/projects/alpha/status');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      activityCountByDate: [
        { date: '2026-10-07', count: 2 },
        { date: '2026-10-08', count: 1 },
      ],
      health: { current: 33 },
      technicalDebt: { current: 67 },
      resources: { apiTokens: 1, members: 1, segments: 1 },
      staleFlags: { total: 2 },
      lifecycleSummary: {
        // Days in initial of the flags that left it: 10, 2, 7; none has left pre-live or live yet.
        initial: { averageDays: 6, currentFlags: 1 },
        preLive: { averageDays: null, currentFlags: 1 },
        live: { averageDays: null, currentFlags: 1 },
        completed: { averageDays: null, currentFlags: 0 },
        archived: { currentFlags: 1, last30Days: 0 },
      },
    });
  });

  it("answers the lead time to production of the project's live flags", async () => {
    // a-ops-stale: created 6 Oct 10:00, live 8 Oct 00:00: 1 whole day. Archived and not-live flags do not count.
    expect((await t.request('GET', '/api/admin/projects/alpha/dora')).json()).toEqual({
      features: [{ name: 'a-ops-stale', timeToProduction: 1 }],
      projectAverage: 1,
    });
    expect((await t.request('GET', '/api/admin/projects/default/dora')).json()).toEqual({
      features: [],
      projectAverage: 0,
    });
    expect((await t.request('GET', '/api/admin/projects/nope/dora')).statusCode).toBe(404);
    expect((await viewer('/api/admin/projects/secret/dora')).statusCode).toBe(404);
  });

  it('answers 404 for a missing project and for a private one the caller cannot see', async () => {
    expect((await t.request('GET', '/api/admin/projects/nope/status')).statusCode).toBe(404);
    expect((await viewer('/api/admin/projects/secret/status')).statusCode).toBe(404);
    expect((await viewer('/api/admin/projects/alpha/status')).statusCode).toBe(200);
  });
});
