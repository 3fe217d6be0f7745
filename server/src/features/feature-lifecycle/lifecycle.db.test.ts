import { afterAll, describe, expect, it } from 'vitest';
import { call, createFlag, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { as, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';
import type { FeatureLifecycleCount } from '../../../contract';
import { createLogger } from '../../lib/logger';
import { createClientMetricsService, type SdkReporter } from '../client-metrics';

// Issue 14: the flag lifecycle, stage by stage, as Unleash 8.2 answers it (payloads compared
// with the reference server: stages with enteredStageAt, status only on completed; the
// feature-completed event carries {status, statusValue?, kept}; reviving starts over at initial).

interface Stage {
  stage: string;
  status?: string;
  enteredStageAt: string;
}

describe('flag lifecycle', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());
  const metrics = createClientMetricsService({ db: t.db, logger: createLogger('silent') });
  const lifecycleOf = (flag: string, project = 'default') =>
    call<Stage[]>(t, 'GET', `/api/admin/projects/${project}/features/${flag}/lifecycle`, undefined, 200);
  const stagesOf = async (flag: string) => (await lifecycleOf(flag)).map((stage) => stage.stage);
  const count = () => call<FeatureLifecycleCount>(t, 'GET', '/api/admin/lifecycle/count', undefined, 200);
  const searchStage = async (filter: string) =>
    (
      await call<{ features: Array<{ name: string; lifecycle?: Stage }> }>(
        t,
        'GET',
        `/api/admin/search/features?limit=1000&lifecycle=${filter}`,
        undefined,
        200,
      )
    ).features.map((feature) => feature.name);
  const seen = async (environment: string, toggles: Record<string, { yes: number; no: number }>) => {
    const reporter: SdkReporter = {
      environment,
      projects: ['*'],
      clientIp: null,
      sdkType: 'backend',
      tokenId: 1,
    };
    const now = new Date().toISOString();
    metrics.registerMetrics({ appName: 'checkout', bucket: { start: now, stop: now, toggles } }, reporter);
    await metrics.flush();
  };

  it('starts a new flag in initial, recorded in the transaction that creates it', async () => {
    await createFlag(t, 'new-banner');
    const stages = await lifecycleOf('new-banner');
    expect(stages.map((stage) => stage.stage)).toEqual(['initial']);
    expect(Object.keys(stages[0]!).sort()).toEqual(['enteredStageAt', 'stage']);
    expect(Number.isNaN(Date.parse(stages[0]!.enteredStageAt))).toBe(false);
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/new-banner/clone',
      { name: 'new-banner-2' },
      201,
    );
    expect(await stagesOf('new-banner-2')).toEqual(['initial']);
  });

  it('moves to pre-live when an SDK first reports it outside production, and live in production where it is on', async () => {
    await createFlag(t, 'seen-flag');
    await seen('development', { 'seen-flag': { yes: 1, no: 0 } });
    expect(await stagesOf('seen-flag')).toEqual(['initial', 'pre-live']);
    // Seen in production while off there: not live yet.
    await seen('production', { 'seen-flag': { yes: 0, no: 3 } });
    expect(await stagesOf('seen-flag')).toEqual(['initial', 'pre-live']);
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/seen-flag/environments/production/on',
      undefined,
      200,
    );
    await seen('production', { 'seen-flag': { yes: 2, no: 0 } });
    const stages = await lifecycleOf('seen-flag');
    expect(stages.map((stage) => stage.stage)).toEqual(['initial', 'pre-live', 'live']);
    // Later sightings do not move the time the flag entered a stage.
    await seen('production', { 'seen-flag': { yes: 5, no: 0 } });
    expect(await lifecycleOf('seen-flag')).toEqual(stages);
  });

  it('enters production straight to pre-live and live at once', async () => {
    await createFlag(t, 'prod-first');
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/prod-first/environments/production/on',
      undefined,
      200,
    );
    await seen('production', { 'prod-first': { yes: 1, no: 0 } });
    expect(await stagesOf('prod-first')).toEqual(['initial', 'pre-live', 'live']);
  });

  it('creates nothing from metrics for unknown flags, unknown environments or archived flags', async () => {
    await createFlag(t, 'gone-flag');
    await call(t, 'DELETE', '/api/admin/projects/default/features/gone-flag', undefined, 202);
    await createFlag(t, 'quiet-flag');
    await seen('development', { 'no-such-flag': { yes: 1, no: 0 }, 'gone-flag': { yes: 1, no: 0 } });
    await seen('no-such-env', { 'quiet-flag': { yes: 1, no: 0 } });
    const rows = await t.db
      .selectFrom('feature_lifecycles')
      .select(['feature', 'stage'])
      .where('feature', 'in', ['no-such-flag', 'gone-flag', 'quiet-flag'])
      .orderBy('feature')
      .orderBy('stage')
      .execute();
    expect(rows).toEqual([
      { feature: 'gone-flag', stage: 'archived' },
      { feature: 'gone-flag', stage: 'initial' },
      { feature: 'quiet-flag', stage: 'initial' },
    ]);
  });

  it('completes with the decision and an event, keeps the first decision, and uncompletes', async () => {
    await createFlag(t, 'done-flag');
    const before = await latestEventId(t.db);
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/done-flag/lifecycle/complete',
      { status: 'kept', statusValue: 'blue' },
      200,
    );
    const completed = await lifecycleOf('done-flag');
    expect(completed.map(({ stage, status }) => ({ stage, status }))).toEqual([
      { stage: 'initial', status: undefined },
      { stage: 'completed', status: 'kept' },
    ]);
    const row = await t.db
      .selectFrom('feature_lifecycles')
      .select(['status', 'status_value'])
      .where('feature', '=', 'done-flag')
      .where('stage', '=', 'completed')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'kept', status_value: 'blue' });
    // Completing again keeps the first decision, as Unleash 8.2 does (the event is written).
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/done-flag/lifecycle/complete',
      { status: 'discarded', statusValue: 'no uplift' },
      200,
    );
    expect((await lifecycleOf('done-flag'))[1]).toEqual(completed[1]);
    const searched = await call<{ features: Array<{ name: string; lifecycle?: Stage }> }>(
      t,
      'GET',
      '/api/admin/search/features?query=done-flag',
      undefined,
      200,
    );
    expect(searched.features[0]!.lifecycle).toEqual(completed[1]);
    const flag = await call<{ lifecycle?: Stage }>(
      t,
      'GET',
      '/api/admin/projects/default/features/done-flag',
      undefined,
      200,
    );
    expect(flag.lifecycle).toEqual(completed[1]);

    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/done-flag/lifecycle/uncomplete',
      undefined,
      200,
    );
    expect(await stagesOf('done-flag')).toEqual(['initial']);
    const events = await eventsAfter(t.db, before);
    expect(
      events.map(({ type, featureName, project, data }) => ({ type, featureName, project, data })),
    ).toEqual([
      {
        type: 'feature-completed',
        featureName: 'done-flag',
        project: 'default',
        data: { status: 'kept', statusValue: 'blue', kept: true },
      },
      {
        type: 'feature-completed',
        featureName: 'done-flag',
        project: 'default',
        data: { status: 'discarded', statusValue: 'no uplift', kept: false },
      },
      { type: 'feature-uncompleted', featureName: 'done-flag', project: 'default', data: null },
    ]);
  });

  it('refuses a bad decision with 400 and an unknown flag or wrong project with 404, writing nothing', async () => {
    await createFlag(t, 'strict-flag');
    await call(t, 'POST', '/api/admin/projects', { id: 'other', name: 'Other' }, 201);
    const before = await latestEventId(t.db);
    const bad = await t.request(
      'POST',
      '/api/admin/projects/default/features/strict-flag/lifecycle/complete',
      {
        status: 'bogus',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ name: 'BadDataError', details: [{ path: '/body/status' }] });
    for (const body of [{}, { status: 'KEPT' }, { status: null }]) {
      const response = await t.request(
        'POST',
        '/api/admin/projects/default/features/strict-flag/lifecycle/complete',
        body,
      );
      expect(response.statusCode).toBe(400);
    }
    const missing = await t.request('POST', '/api/admin/projects/default/features/nope/lifecycle/complete', {
      status: 'kept',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    expect(
      (await t.request('GET', '/api/admin/projects/other/features/strict-flag/lifecycle')).statusCode,
    ).toBe(404);
    expect(
      (await t.request('POST', '/api/admin/projects/other/features/strict-flag/lifecycle/uncomplete'))
        .statusCode,
    ).toBe(404);
    expect(await eventsAfter(t.db, before)).toEqual([]);
    expect(await stagesOf('strict-flag')).toEqual(['initial']);
  });

  it('archives into archived and revives back to a fresh initial, as Unleash 8.2 does', async () => {
    await createFlag(t, 'old-flag');
    await seen('development', { 'old-flag': { yes: 1, no: 0 } });
    await call(t, 'DELETE', '/api/admin/projects/default/features/old-flag', undefined, 202);
    expect(await stagesOf('old-flag')).toEqual(['initial', 'pre-live', 'archived']);
    expect(await searchStage('IS:archived')).toContain('old-flag');
    expect(await searchStage('IS:pre-live')).not.toContain('old-flag');
    const archivedAt = Date.now();
    await call(t, 'POST', '/api/admin/archive/revive/old-flag', undefined, 200);
    const revived = await lifecycleOf('old-flag');
    expect(revived.map((stage) => stage.stage)).toEqual(['initial']);
    expect(Date.parse(revived[0]!.enteredStageAt)).toBeGreaterThanOrEqual(archivedAt - 1000);
  });

  it('filters the search by current stage and counts flags per stage', async () => {
    const initial = await searchStage('IS:initial');
    expect(initial).toEqual(expect.arrayContaining(['new-banner', 'strict-flag', 'done-flag']));
    expect(initial).not.toContain('seen-flag');
    expect(await searchStage('IS:live')).toEqual(expect.arrayContaining(['seen-flag', 'prod-first']));
    const either = await searchStage('IS_ANY_OF:live,archived');
    expect(either).toEqual(expect.arrayContaining(['seen-flag', 'gone-flag']));
    expect(either).not.toContain('new-banner');
    expect(await searchStage('IS_NOT:initial')).not.toContain('new-banner');

    const rows = await t.db.selectFrom('features').select('name').execute();
    const counted = await count();
    expect(Object.keys(counted)).toEqual(['initial', 'preLive', 'live', 'completed', 'archived']);
    expect(Object.values(counted).reduce((sum, n) => sum + n, 0)).toBe(rows.length);
    expect(counted.live).toBe(2);
    expect(counted.archived).toBe(1);
  });

  it('leaves the flags of a private project out of the counts of those who cannot see it', async () => {
    await call(t, 'POST', '/api/admin/projects', { id: 'secret', name: 'Secret' }, 201);
    await t.request('PUT', '/api/admin/projects/secret/settings', { mode: 'private' });
    const adminBefore = await count();
    await createFlag(t, 'secret-flag', 'secret');
    await call(
      t,
      'POST',
      '/api/admin/projects/secret/features/secret-flag/lifecycle/complete',
      { status: 'kept' },
      200,
    );
    expect((await count()).completed).toBe(adminBefore.completed + 1);
    await createUser(t, { username: 'outsider', rootRole: 'Editor' });
    const outsider = as(t, { cookie: await login(t, 'outsider') });
    const seenByOutsider = (await outsider('GET', '/api/admin/lifecycle/count')).json();
    expect(seenByOutsider.completed).toBe(adminBefore.completed);
    expect(
      (await outsider('GET', '/api/admin/projects/secret/features/secret-flag/lifecycle')).statusCode,
    ).toBe(404);
  });
});
