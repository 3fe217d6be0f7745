import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { HealthReport, ProjectInsights } from '../../../contract';

// The deprecated project health report and project insights over a seeded project. Every expected
// figure is worked out by hand from the seed below.
const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY);
const MEMBER_ROLE = 5;

let t: TestApp;
let viewer: (url: string) => Promise<LightMyRequestResponse>;

async function addUser(username: string): Promise<number> {
  const row = await t.db
    .insertInto('users')
    .values({
      username,
      name: null,
      email: null,
      password_hash: null,
      seen_at: null,
      created_by_user_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({ schedulerPollIntervalMs: 3_600_000 });
  await t.db
    .insertInto('projects')
    .values([
      { id: 'hr', name: 'Health', description: 'the seeded one', feature_limit: 20 },
      { id: 'hr-private', name: 'Hidden', description: null, feature_limit: null, mode: 'private' },
    ])
    .execute();
  await t.db
    .insertInto('project_environments')
    .values({ project_id: 'hr', environment_name: 'development', default_strategy: null })
    .execute();
  const flag = (name: string, type: string, createdDaysAgo: number, extra: object = {}) => ({
    name,
    project: 'hr',
    type,
    description: null,
    created_at: ago(createdDaysAgo),
    ...extra,
  });
  await t.db
    .insertInto('features')
    .values([
      // Active: neither stale nor potentially stale.
      flag('hr-fresh', 'release', 3),
      flag('hr-old-exp', 'experiment', 45, { potentially_stale: true }),
      // Stale and potentially stale: counted once, as stale.
      flag('hr-ops', 'operational', 46, { stale: true, potentially_stale: true }),
      flag('hr-stale', 'release', 47, { stale: true }),
      flag('hr-gone', 'release', 100, { archived_at: ago(10) }),
    ])
    .execute();
  await t.db
    .insertInto('feature_environments')
    .values({ feature_name: 'hr-fresh', environment: 'development', enabled: true, last_seen_at: null })
    .execute();
  // Lead time: hr-fresh went live 2 days and 1 hour after its creation (2 whole days).
  await t.db
    .insertInto('feature_lifecycles')
    .values([
      { feature: 'hr-fresh', stage: 'initial', entered_at: ago(3) },
      { feature: 'hr-fresh', stage: 'live', entered_at: new Date(now - DAY + 3_600_000) },
    ])
    .execute();
  // Members: old-timer since 60 days, newcomer since today, grouped through a group role of 40 days.
  const [oldTimer, newcomer, grouped] = [
    await addUser('old'),
    await addUser('new'),
    await addUser('grouped'),
  ];
  await t.db
    .insertInto('role_user')
    .values([
      {
        role_id: MEMBER_ROLE,
        user_id: oldTimer,
        project: 'hr',
        created_by_user_id: null,
        created_at: ago(60),
      },
      { role_id: MEMBER_ROLE, user_id: newcomer, project: 'hr', created_by_user_id: null },
    ])
    .execute();
  const group = await t.db
    .insertInto('groups')
    .values({ name: 'hr-team', description: null, created_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('group_user')
    .values([
      { group_id: group.id, user_id: grouped, created_by: null },
      { group_id: group.id, user_id: oldTimer, created_by: null },
    ])
    .execute();
  await t.db
    .insertInto('group_role')
    .values({
      group_id: group.id,
      role_id: MEMBER_ROLE,
      project: 'hr',
      created_by: null,
      created_at: ago(40),
    })
    .execute();
  await createUser(t, { username: 'viewer', rootRole: 'Viewer' });
  const cookie = await login(t, 'viewer');
  viewer = (url) => as(t, { cookie })('GET', url);
});

afterAll(() => t?.close());

// 4 flags not archived: 2 stale, 1 potentially stale, 1 active: health round(100 * 1 / 4) = 25.
const counts = { activeCount: 1, potentiallyStaleCount: 1, staleCount: 2 };
// Created within 30 days: hr-fresh; 30 to 60 days ago: the other three; archived 10 days ago: hr-gone.
// Members added within 30 days: only the newcomer (the group role is 40 days old).
const stats = {
  avgTimeToProdCurrentWindow: 0,
  createdCurrentWindow: 1,
  createdPastWindow: 3,
  archivedCurrentWindow: 1,
  archivedPastWindow: 0,
  projectActivityCurrentWindow: 0,
  projectActivityPastWindow: 0,
  projectMembersAddedCurrentWindow: 1,
};

describe('GET /api/admin/projects/{projectId}/health-report', () => {
  it("answers the project's settings, health, counts and active flags", async () => {
    const response = await t.request('GET', '/api/admin/projects/hr/health-report');
    expect(response.statusCode).toBe(200);
    const { features, createdAt, updatedAt, ...rest }: HealthReport = response.json();
    expect(rest).toEqual({
      version: 1,
      name: 'Health',
      description: 'the seeded one',
      mode: 'open',
      defaultStickiness: 'default',
      featureLimit: 20,
      featureNaming: { pattern: null, example: null, description: null },
      members: 3,
      health: 25,
      technicalDebt: 75,
      environments: [{ environment: 'development' }],
      favorite: false,
      stats,
      ...counts,
    });
    expect(Date.parse(createdAt)).toBeGreaterThan(now - 60_000);
    expect(updatedAt === null || Date.parse(updatedAt) > now - 60_000).toBe(true);
    // Oldest first; the archived flag is left out.
    expect(features.map((feature) => [feature.name, feature.type, feature.stale])).toEqual([
      ['hr-stale', 'release', true],
      ['hr-ops', 'operational', true],
      ['hr-old-exp', 'experiment', false],
      ['hr-fresh', 'release', false],
    ]);
    expect(features[3]!.environments).toEqual([
      expect.objectContaining({
        name: 'development',
        enabled: true,
        variantCount: 0,
        lastSeenAt: null,
        hasStrategies: false,
        hasEnabledStrategies: false,
      }),
    ]);
  });
});

describe('GET /api/admin/projects/{projectId}/insights', () => {
  it('answers stats, health and debt with their counts, lead time, type counts and member change', async () => {
    const response = await t.request('GET', '/api/admin/projects/hr/insights');
    expect(response.statusCode).toBe(200);
    expect(response.json() as ProjectInsights).toEqual({
      stats,
      health: { rating: 25, ...counts },
      technicalDebt: { rating: 75, ...counts },
      leadTime: { features: [{ name: 'hr-fresh', timeToProduction: 2 }], projectAverage: 2 },
      featureTypeCounts: [
        { type: 'experiment', count: 1 },
        { type: 'operational', count: 1 },
        { type: 'release', count: 2 },
      ],
      // old (role), new (role), grouped (group role); old is counted once though also in the group.
      members: { currentMembers: 3, change: 1 },
    });
  });

  it('answers an empty project with full health and no lead time', async () => {
    const body: ProjectInsights = (await t.request('GET', '/api/admin/projects/hr-private/insights')).json();
    expect([body.health, body.leadTime, body.members]).toEqual([
      { rating: 100, activeCount: 0, potentiallyStaleCount: 0, staleCount: 0 },
      { features: [], projectAverage: 0 },
      { currentMembers: 0, change: 0 },
    ]);
  });
});

describe('the deprecated project reads refuse what they cannot answer', () => {
  it('answers 404 for a missing project and for a private one the caller cannot see', async () => {
    for (const operation of ['health-report', 'insights']) {
      const missing = await t.request('GET', `/api/admin/projects/nope/${operation}`);
      expect([missing.statusCode, missing.json().name]).toEqual([404, 'NotFoundError']);
      expect((await viewer(`/api/admin/projects/hr-private/${operation}`)).statusCode).toBe(404);
      expect((await viewer(`/api/admin/projects/hr/${operation}`)).statusCode).toBe(200);
    }
  });

  it('answers hostile ids with a 4xx in the error shape, never a 5xx', async () => {
    for (const operation of ['health-report', 'insights']) {
      const nul = await t.request('GET', `/api/admin/projects/a%00b/${operation}`);
      expect([nul.statusCode, nul.json().name]).toEqual([400, 'BadDataError']);
      const long = await t.request('GET', `/api/admin/projects/${'p'.repeat(10_000)}/${operation}`);
      expect(long.statusCode).toBeGreaterThanOrEqual(400);
      expect(long.statusCode).toBeLessThan(500);
      expect(long.json().name).toEqual(expect.any(String));
    }
  });

  it('flags both operations as deprecated in the OpenAPI document', async () => {
    const spec = (await t.request('GET', '/docs/openapi.json')).json();
    const get = (path: string) => spec.paths[`/api/admin/projects/{projectId}/${path}`].get;
    expect([get('health-report').operationId, get('health-report').deprecated]).toEqual([
      'getProjectHealthReport',
      true,
    ]);
    expect([get('insights').operationId, get('insights').deprecated]).toEqual(['getProjectInsights', true]);
  });
});
