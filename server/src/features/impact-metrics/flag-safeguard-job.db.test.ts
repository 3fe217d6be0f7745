import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import { createLogger } from '../../lib/logger';
import { startScheduler } from '../scheduler';
import { flagSafeguardJob } from './flag-safeguard-job';

const HOUR_MS = 3_600_000;

/**
 * Flag-environment safeguards on real PostgreSQL: a breach disables the flag in that environment
 * as the system, once across two instances; a healthy flag is measured and left on.
 */
describe('flag-environment safeguard checks', () => {
  let t: TestApp;
  const handles: DatabaseHandle[] = [];
  const envPath = (flag: string) => `/api/admin/projects/default/features/${flag}/environments/development`;

  async function guardedFlag(flag: string, metricName: string): Promise<void> {
    await createFlag(t, flag);
    await call(t, 'POST', `${envPath(flag)}/on`, undefined, 200);
    await call(
      t,
      'PUT',
      `${envPath(flag)}/safeguards`,
      {
        impactMetric: { metricName, timeRange: 'hour', aggregationMode: 'count', labelSelectors: {} },
        triggerCondition: { operator: '>', threshold: 5 },
      },
      204,
    );
  }

  const report = (metricName: string, value: number, environment = 'development') =>
    t.db
      .insertInto('impact_metric_samples')
      .values({
        metric_name: metricName,
        app_name: 'shop',
        environment,
        labels_key: '{}',
        labels: '{}',
        metric_type: 'counter',
        bucket_start: new Date(Date.now() - 60_000),
        value,
      })
      .execute();

  const enabled = async (flag: string) =>
    (await call<{ enabled: boolean }>(t, 'GET', envPath(flag), undefined, 200)).enabled;

  const instance = (options: Parameters<typeof flagSafeguardJob>[0] = {}) => {
    const handle = createDatabase(t.database.url, { max: 4 });
    handles.push(handle);
    return startScheduler({
      db: handle.db,
      kinds: [flagSafeguardJob(options)],
      intervalMs: HOUR_MS,
      logger: createLogger('silent'),
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ schedulerPollIntervalMs: HOUR_MS });
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await t.close();
  });

  it('disables a breached flag in its environment, once across two instances', async () => {
    const flag = 'flag.guard.race';
    await guardedFlag(flag, 'flag_race_errors');
    await report('flag_race_errors', 9);
    // Errors elsewhere do not count.
    await report('flag_race_errors', 100, 'production');
    const before = await latestEventId(t.db);
    const schedulers = [instance(), instance()];
    const ran = await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
    const again = await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
    for (const scheduler of schedulers) await scheduler.stop();

    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(again).toEqual([0, 0]);
    expect(await enabled(flag)).toBe(false);
    const events = (await eventsAfter(t.db, before)).filter((e) => e.featureName === flag);
    expect(events.map((e) => [e.type, e.createdBy, e.environment])).toEqual([
      ['safeguard-triggered', 'system', 'development'],
      ['feature-environment-disabled', 'system', 'development'],
    ]);
    expect(events[0]!.data).toMatchObject({
      action: { type: 'disableFeatureEnvironment', featureName: flag, environment: 'development' },
      measuredValue: 9,
      triggeredAt: expect.any(String),
    });
  });

  it('measures a healthy flag once per interval and leaves it on', async () => {
    const flag = 'flag.guard.healthy';
    await guardedFlag(flag, 'flag_healthy_errors');
    await report('flag_healthy_errors', 2);
    let now = new Date();
    const scheduler = instance({ clock: () => now, intervalMs: 60_000 });
    const before = await latestEventId(t.db);
    try {
      expect(await scheduler.tick()).toBe(1);
      now = new Date(now.getTime() + 30_000);
      expect(await scheduler.tick()).toBe(0);
      now = new Date(now.getTime() + 31_000);
      expect(await scheduler.tick()).toBe(1);
    } finally {
      await scheduler.stop();
    }
    expect(await enabled(flag)).toBe(true);
    expect((await eventsAfter(t.db, before)).filter((e) => e.featureName === flag)).toEqual([]);
  });
});
