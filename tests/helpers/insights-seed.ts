import type { LightMyRequestResponse } from 'fastify';
import { utcDay } from '../../server/src/features/insights/insight-calculations';
import { hasSnapshot } from '../../server/src/features/insights/insight-store';
import { as, createUser, login } from './identity';
import { createTestApp, type TestApp } from './test-app';

// Shared seed of the insights db tests: flags of several types and ages (stale, potentially stale,
// archived), lifecycle stages, users, events and daily snapshots. Every expected figure in those
// tests is worked out by hand from this seed.
export const DAY = 86_400_000;
export const now = Date.now();
export const today = utcDay(new Date(now));
export const ago = (days: number) => new Date(now - days * DAY);
export const at = (iso: string) => new Date(iso);

/** The seeded insights period: weeks 2026-41 and 2026-42. */
export const period = '/api/admin/insights?from=2026-10-05&to=2026-10-18';

export interface SeededInsightsApp {
  t: TestApp;
  /** A GET as a Viewer, who cannot see the private project `secret`. */
  viewer: (url: string) => Promise<LightMyRequestResponse>;
}

async function waitForStartSnapshot(test: TestApp) {
  for (let attempt = 0; attempt < 100 && !(await hasSnapshot(test.db, today)); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startSeededInsightsApp(): Promise<SeededInsightsApp> {
  const t = await createTestApp({ schedulerPollIntervalMs: 3_600_000 });
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
  return { t, viewer: (url) => as(t, { cookie })('GET', url) };
}

/** Adds a user seen yesterday as a member of project `alpha`. */
export async function addAlphaMember(t: TestApp): Promise<void> {
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
    .insertInto('role_user')
    .values({ role_id: role.id, user_id: member.id, project: 'alpha', created_by_user_id: null })
    .execute();
}
