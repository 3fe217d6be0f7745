import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import {
  seedTemplate,
  startPlanWithProgression,
  THREE_STEP_ROLLOUT,
} from '../../../../tests/helpers/release-plans';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ReleasePlanProgress } from '../../../contract';
import { buildApp } from '../../app/build-app';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import type { App } from '../../http/app-type';
import { createLogger } from '../../lib/logger';
import { startScheduler } from '../scheduler';
import { releasePlanProgressionJob } from './progression-job';

const HOUR_MS = 3_600_000;

/**
 * Automatic milestone progressions on the durable scheduler, on real PostgreSQL: a due
 * progression runs exactly once when two instances race for it, one that came due while no
 * server ran runs when a server starts, and a breached safeguard pauses instead of advancing
 * until someone resumes by hand.
 */
describe('release-plan progressions', () => {
  let t: TestApp;
  let templateId: string;
  const handles: DatabaseHandle[] = [];
  const apps: App[] = [];

  const envPath = (flag: string) => `/api/admin/projects/default/features/${flag}/environments/development`;

  /** A flag with a plan whose first milestone runs, progressing to the second after 60 minutes. */
  const runningPlan = (flag: string) =>
    startPlanWithProgression(t, flag, templateId, { intervalMinutes: 60 });

  /** As if the active milestone had started `hours` ago. */
  const startedHoursAgo = (planId: string, hours: number) =>
    sql`update milestones set started_at = now() - make_interval(hours => ${hours})
        where release_plan_definition_id = ${planId} and started_at is not null`.execute(t.db);

  const planOf = async (flag: string) =>
    (await call<ReleasePlanProgress[]>(t, 'GET', `${envPath(flag)}/release-plans`, undefined, 200))[0]!;

  beforeAll(async () => {
    // The test app's own scheduler polls rarely: the tests tick the instances they start.
    t = await createTestApp({ schedulerPollIntervalMs: HOUR_MS });
    ({ templateId } = await seedTemplate(t.db, 'Three steps', THREE_STEP_ROLLOUT));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await t.close();
  });

  it('shows the next progression time, and refuses a progression backwards or to another plan', async () => {
    const plan = await runningPlan('progress.shown');
    const view = await planOf('progress.shown');
    const started = Date.parse(view.milestones[0]!.startedAt!);
    expect(Date.parse(view.nextProgressionAt!)).toBe(started + 60 * 60_000);
    expect(view.milestones[0]).toMatchObject({
      transitionCondition: { intervalMinutes: 60 },
      targetMilestone: plan.milestones[1]!.id,
    });
    const backwards = await t.request(
      'PUT',
      `${envPath('progress.shown')}/progressions/${plan.milestones[1]!.id}`,
      {
        targetMilestone: plan.milestones[0]!.id,
        transitionCondition: { intervalMinutes: 5 },
      },
    );
    expect(backwards.statusCode).toBe(403);
    expect(backwards.json().name).toBe('InvalidOperationError');
    const zero = await t.request(
      'PUT',
      `${envPath('progress.shown')}/progressions/${plan.milestones[0]!.id}`,
      {
        targetMilestone: plan.milestones[1]!.id,
        transitionCondition: { intervalMinutes: 0 },
      },
    );
    expect(zero.statusCode).toBe(400);
  });

  it('advances exactly once when two instances race for a due progression', async () => {
    const plan = await runningPlan('progress.race');
    await startedHoursAgo(plan.id, 2);
    const before = await latestEventId(t.db);
    const schedulers = [0, 1].map(() => {
      const handle = createDatabase(t.database.url, { max: 4 });
      handles.push(handle);
      return startScheduler({
        db: handle.db,
        kinds: [releasePlanProgressionJob()],
        intervalMs: HOUR_MS,
        logger: createLogger('silent'),
      });
    });
    const ran = await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
    for (const scheduler of schedulers) await scheduler.stop();

    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(1);
    const view = await planOf('progress.race');
    expect(view.activeMilestoneId).toBe(plan.milestones[1]!.id);
    expect(view.milestones[0]!.progressionExecutedAt).toEqual(expect.any(String));
    const started = (await eventsAfter(t.db, before)).filter(
      (e) => e.type === 'release-plan-milestone-started',
    );
    expect(
      started.map((e) => [e.featureName, e.createdBy, (e.data as { milestoneId: string }).milestoneId]),
    ).toEqual([['progress.race', 'system', plan.milestones[1]!.id]]);
  });

  it('runs at start what came due while no server ran (a restart in the middle of a plan)', async () => {
    const plan = await runningPlan('progress.restart');
    // Second → third after 30 minutes too, so the plan is mid-way when the servers stop.
    await call(
      t,
      'PUT',
      `${envPath('progress.restart')}/progressions/${plan.milestones[1]!.id}`,
      {
        targetMilestone: plan.milestones[2]!.id,
        transitionCondition: { intervalMinutes: 30 },
      },
      200,
    );
    await startedHoursAgo(plan.id, 2);

    const handle = createDatabase(t.database.url, { max: 4 });
    handles.push(handle);
    const app = await buildApp({
      config: { ...t.config, schedulerPollIntervalMs: HOUR_MS },
      db: handle.db,
      logger: createLogger('silent'),
    });
    apps.push(app);
    await app.ready();
    // The start-up tick runs the due progression; the next one (30 minutes) is not due yet.
    await expect
      .poll(async () => (await planOf('progress.restart')).activeMilestoneId, { timeout: 10_000 })
      .toBe(plan.milestones[1]!.id);
    const view = await planOf('progress.restart');
    expect(Date.parse(view.nextProgressionAt!)).toBe(
      Date.parse(view.milestones[1]!.startedAt!) + 30 * 60_000,
    );
  });

  it('pauses progression when a safeguard is breached, and advances after a resume by hand', async () => {
    const flag = 'progress.guarded';
    const plan = await runningPlan(flag);
    await call(
      t,
      'PUT',
      `${envPath(flag)}/release-plans/${plan.id}/safeguards`,
      {
        impactMetric: {
          metricName: 'checkout_errors',
          timeRange: 'hour',
          aggregationMode: 'count',
          labelSelectors: { appName: ['shop'] },
        },
        triggerCondition: { operator: '>', threshold: 5 },
      },
      204,
    );
    // Errors reported by an SDK in the plan's environment, through the impact-metric store.
    await t.db
      .insertInto('impact_metric_samples')
      .values({
        metric_name: 'checkout_errors',
        app_name: 'shop',
        environment: 'development',
        labels_key: '{"appName":"shop"}',
        labels: JSON.stringify({ appName: 'shop' }),
        metric_type: 'counter',
        bucket_start: new Date(Date.now() - 60_000),
        value: 9,
      })
      .execute();
    await startedHoursAgo(plan.id, 2);
    const scheduler = startScheduler({
      db: t.db,
      kinds: [releasePlanProgressionJob()],
      intervalMs: HOUR_MS,
      logger: createLogger('silent'),
    });
    const before = await latestEventId(t.db);
    try {
      await scheduler.tick();
      let view = await planOf(flag);
      expect(view.activeMilestoneId).toBe(plan.milestones[0]!.id);
      expect(view.progressionsPaused).toBe(true);
      expect(view.nextProgressionAt).toBeNull();
      expect(view.safeguards![0]!.triggeredAt).toEqual(expect.any(String));
      expect((await eventsAfter(t.db, before)).map((e) => e.type)).toEqual([
        'safeguard-triggered',
        'release-plan-progressions-paused',
      ]);
      // Paused: later ticks do not advance it.
      expect(await scheduler.tick()).toBe(0);

      // The errors stop (a day later, outside the hour window); the owner resumes by hand.
      await t.db.deleteFrom('impact_metric_samples').where('metric_name', '=', 'checkout_errors').execute();
      await call(t, 'POST', `${envPath(flag)}/progressions/${plan.id}/resume`, undefined, 200);
      view = await planOf(flag);
      expect(view.progressionsPaused).toBe(false);
      expect(view.safeguards![0]!.triggeredAt).toBeNull();
      expect(await scheduler.tick()).toBe(1);
      expect((await planOf(flag)).activeMilestoneId).toBe(plan.milestones[1]!.id);
    } finally {
      await scheduler.stop();
    }
  });

  it('advances on an exposure condition once SDKs have evaluated the flag often enough', async () => {
    const flag = 'progress.exposure';
    const plan = await runningPlan(flag);
    const [first, second] = plan.milestones;
    await call(
      t,
      'PUT',
      `${envPath(flag)}/progressions/${first!.id}`,
      { targetMilestone: second!.id, transitionCondition: { type: 'exposure', minimumExposures: 100 } },
      200,
    );
    let view = await planOf(flag);
    expect(view.milestones[0]!.transitionCondition).toEqual({ type: 'exposure', minimumExposures: 100 });
    expect(view.nextProgressionAt).toBeNull();
    // SDK metrics as stored (per hour): another environment's and an earlier hour's do not count.
    const hour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    const metrics = (environment: string, timestamp: Date, yes: number, no: number) =>
      t.db
        .insertInto('client_metrics_env')
        .values({ feature_name: flag, app_name: 'shop', environment, timestamp, yes, no })
        .execute();
    await metrics('production', hour, 500, 0);
    await metrics('development', new Date(hour.getTime() - 2 * HOUR_MS), 500, 0);
    await metrics('development', hour, 40, 30);
    const scheduler = startScheduler({
      db: t.db,
      kinds: [releasePlanProgressionJob()],
      intervalMs: HOUR_MS,
      logger: createLogger('silent'),
    });
    try {
      expect(await scheduler.tick()).toBe(0);
      await t.db
        .updateTable('client_metrics_env')
        .set({ yes: 70 })
        .where('feature_name', '=', flag)
        .where('environment', '=', 'development')
        .where('timestamp', '=', hour)
        .execute();
      expect(await scheduler.tick()).toBe(1);
    } finally {
      await scheduler.stop();
    }
    view = await planOf(flag);
    expect(view.activeMilestoneId).toBe(second!.id);
    expect(view.milestones[0]!.progressionExecutedAt).toEqual(expect.any(String));
  });
});
