import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import {
  seedTemplate,
  startPlanWithProgression,
  THREE_STEP_ROLLOUT,
} from '../../../../tests/helpers/release-plans';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ReleasePlanProgress } from '../../../contract';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import { createLogger } from '../../lib/logger';
import { startScheduler } from '../scheduler';
import { releasePlanSafeguardJob } from './safeguard-job';

const HOUR_MS = 3_600_000;

/**
 * Continuous safeguard checks on real PostgreSQL: a breach pauses a plan whose progression is
 * hours away from due, exactly once when two instances check at the same moment; a plan in
 * good health is measured once per interval and left running.
 */
describe('release-plan safeguard checks', () => {
  let t: TestApp;
  let templateId: string;
  const handles: DatabaseHandle[] = [];

  const envPath = (flag: string) => `/api/admin/projects/default/features/${flag}/environments/development`;
  const planOf = async (flag: string) =>
    (await call<ReleasePlanProgress[]>(t, 'GET', `${envPath(flag)}/release-plans`, undefined, 200))[0]!;

  /** A running plan (first → second after a day) guarded by "more than 5 errors in the hour". */
  async function guardedPlan(flag: string, metricName: string): Promise<ReleasePlanProgress> {
    const plan = await startPlanWithProgression(t, flag, templateId, { intervalMinutes: 24 * 60 });
    await call(
      t,
      'PUT',
      `${envPath(flag)}/release-plans/${plan.id}/safeguards`,
      {
        impactMetric: { metricName, timeRange: 'hour', aggregationMode: 'count', labelSelectors: {} },
        triggerCondition: { operator: '>', threshold: 5 },
      },
      204,
    );
    return plan;
  }

  const reportErrors = (metricName: string, value: number) =>
    t.db
      .insertInto('impact_metric_samples')
      .values({
        metric_name: metricName,
        app_name: 'shop',
        environment: 'development',
        labels_key: '{}',
        labels: '{}',
        metric_type: 'counter',
        bucket_start: new Date(Date.now() - 60_000),
        value,
      })
      .execute();

  const instance = (options: Parameters<typeof releasePlanSafeguardJob>[0] = {}) => {
    const handle = createDatabase(t.database.url, { max: 4 });
    handles.push(handle);
    return startScheduler({
      db: handle.db,
      kinds: [releasePlanSafeguardJob(options)],
      intervalMs: HOUR_MS,
      logger: createLogger('silent'),
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ schedulerPollIntervalMs: HOUR_MS });
    ({ templateId } = await seedTemplate(t.db, 'Guarded steps', THREE_STEP_ROLLOUT));
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await t.close();
  });

  it('pauses a breached plan long before its progression is due, once across two instances', async () => {
    const flag = 'guard.race';
    const plan = await guardedPlan(flag, 'race_errors');
    await reportErrors('race_errors', 9);
    const before = await latestEventId(t.db);
    const schedulers = [instance(), instance()];
    const ran = await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
    // Both instances again: the plan is paused, nothing is left to check.
    const again = await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
    for (const scheduler of schedulers) await scheduler.stop();

    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(again).toEqual([0, 0]);
    const view = await planOf(flag);
    expect(view.activeMilestoneId).toBe(plan.milestones[0]!.id);
    expect(view.progressionsPaused).toBe(true);
    expect(view.safeguards![0]!.triggeredAt).toEqual(expect.any(String));
    const events = (await eventsAfter(t.db, before)).filter((e) => e.featureName === flag);
    expect(events.map((e) => [e.type, e.createdBy])).toEqual([
      ['safeguard-triggered', 'system'],
      ['release-plan-progressions-paused', 'system'],
    ]);
    expect(events[0]!.data).toMatchObject({ planId: plan.id, measuredValue: 9 });
    expect(events[1]!.data).toMatchObject({
      planId: plan.id,
      reason: 'safeguard-triggered',
      safeguardIds: [view.safeguards![0]!.id],
      ownerUserId: expect.any(Number),
    });

    // Resumed by hand, the plan is checked again: the errors are still there, so it pauses again.
    await call(t, 'POST', `${envPath(flag)}/progressions/${plan.id}/resume`, undefined, 200);
    expect((await planOf(flag)).progressionsPaused).toBe(false);
    const scheduler = instance();
    expect(await scheduler.tick()).toBe(1);
    await scheduler.stop();
    expect((await planOf(flag)).progressionsPaused).toBe(true);
  });

  it('measures a healthy plan once per interval and leaves it running', async () => {
    const flag = 'guard.healthy';
    await guardedPlan(flag, 'healthy_errors');
    await reportErrors('healthy_errors', 2);
    let now = new Date();
    const scheduler = instance({ clock: () => now, intervalMs: 60_000 });
    const before = await latestEventId(t.db);
    try {
      expect(await scheduler.tick()).toBe(1);
      // Within the interval: not measured again.
      now = new Date(now.getTime() + 30_000);
      expect(await scheduler.tick()).toBe(0);
      // After it, measured again, and still under the threshold.
      now = new Date(now.getTime() + 31_000);
      expect(await scheduler.tick()).toBe(1);
    } finally {
      await scheduler.stop();
    }
    const view = await planOf(flag);
    expect(view.progressionsPaused).toBe(false);
    expect(view.safeguards![0]!.triggeredAt).toBeNull();
    expect((await eventsAfter(t.db, before)).filter((e) => e.featureName === flag)).toEqual([]);
    const [row] = await t.db
      .selectFrom('safeguards')
      .select('checked_at')
      .where('metric_name', '=', 'healthy_errors')
      .execute();
    expect(row!.checked_at!.getTime()).toBe(now.getTime());
  });
});
