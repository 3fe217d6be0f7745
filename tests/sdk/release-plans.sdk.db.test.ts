import { sql } from 'kysely';
import type { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleasePlanProgress } from '../../server/contract';
import { seedTemplate, THREE_STEP_ROLLOUT } from '../helpers/release-plans';
import { startNodeSdk } from './node-sdk';
import { addFlag, type SdkTestServer, startSdkTestServer } from './sdk-server';

const FLAG = 'new-checkout';
const ENV = `/api/admin/projects/default/features/${FLAG}/environments/development`;
const USERS = Array.from({ length: 200 }, (_, i) => `user-${i}`);

/**
 * A release plan seen by the real Node SDK (npm unleash-client) polling a real server: each
 * started milestone changes what the SDK evaluates, and counters the SDK reports as impact
 * metrics breach a safeguard that pauses the plan's automatic progression.
 */
describe('release plans through the Node SDK', () => {
  let s: SdkTestServer;
  let sdk: Unleash;
  let plan: ReleasePlanProgress;

  const enabledFor = (userId: string) => sdk.isEnabled(FLAG, { userId });
  const enabledCount = () => USERS.filter(enabledFor).length;
  const start = (index: number) =>
    s.adminOk(
      'POST',
      `${ENV}/release-plans/${plan.id}/milestones/${plan.milestones[index]!.id}/start`,
      undefined,
      200,
    );

  beforeAll(async () => {
    s = await startSdkTestServer({ SCHEDULER_POLL_INTERVAL_MS: '300' });
    await addFlag(s, { name: FLAG, strategies: [] });
    // Turning the environment on gave the flag a default 100% strategy: removed, so only the plan decides
    // (which also turns the environment off until the first milestone is in place).
    const own = await s.adminOk<Array<{ id: string }>>('GET', `${ENV}/strategies`, undefined, 200);
    for (const strategy of own) await s.adminOk('DELETE', `${ENV}/strategies/${strategy.id}`, undefined, 200);
    const { templateId } = await seedTemplate(s.database.db, 'Careful rollout', THREE_STEP_ROLLOUT);
    plan = await s.adminOk<ReleasePlanProgress>('POST', `${ENV}/release-plans`, { templateId }, 200);
    const token = await s.createToken({ type: 'client', environment: 'development' });
    ({ unleash: sdk } = await startNodeSdk({
      url: s.url,
      token,
      appName: 'shop',
      refreshInterval: 200,
      disableMetrics: false,
      metricsInterval: 200,
    }));
  });
  afterAll(async () => {
    sdk?.destroy();
    await s?.stop();
  });

  it('evaluates each milestone the plan starts', async () => {
    // Nothing started, no strategy of its own: off for everyone, internal users included.
    expect(enabledFor('internal-1')).toBe(false);
    await start(0);
    // Removing the last strategy turned the environment off: on again, now that the plan decides.
    await s.adminOk('POST', `${ENV}/on`, undefined, 200);
    await expect.poll(() => enabledFor('internal-1'), { timeout: 10_000 }).toBe(true);
    expect(enabledFor('internal-2')).toBe(true);
    expect(enabledCount()).toBe(0);

    await start(1);
    await expect.poll(() => enabledCount(), { timeout: 10_000 }).toBeGreaterThan(0);
    // Half of everyone by userId: the hash splits 200 users near the middle; internal users are no longer special.
    expect(enabledCount()).toBeGreaterThan(70);
    expect(enabledCount()).toBeLessThan(130);

    await start(2);
    await expect.poll(() => enabledCount(), { timeout: 10_000 }).toBe(USERS.length);
  });

  it("pauses the automatic progression when the SDK's impact metric breaches the safeguard", async () => {
    await start(0);
    await s.adminOk(
      'PUT',
      `${ENV}/progressions/${plan.milestones[0]!.id}`,
      {
        targetMilestone: plan.milestones[1]!.id,
        transitionCondition: { intervalMinutes: 5 },
      },
      200,
    );
    await s.adminOk(
      'PUT',
      `${ENV}/release-plans/${plan.id}/safeguards`,
      {
        impactMetric: {
          metricName: 'checkout_errors',
          timeRange: 'hour',
          aggregationMode: 'count',
          labelSelectors: {},
        },
        triggerCondition: { operator: '>', threshold: 3 },
      },
      204,
    );

    sdk.impactMetrics.defineCounter('checkout_errors', 'Failed checkouts');
    sdk.impactMetrics.incrementCounter('checkout_errors', 7);
    // Reported with the SDK's next metrics post, stored at the next flush (every 5 s).
    const stored = () =>
      s.database.db
        .selectFrom('impact_metric_samples')
        .select((eb) => eb.fn.sum<number>('value').as('total'))
        .where('metric_name', '=', 'checkout_errors')
        .executeTakeFirst();
    await expect.poll(async () => Number((await stored())?.total ?? 0), { timeout: 15_000 }).toBe(7);

    // Five minutes later (as far as the database knows), the progression comes due: paused instead.
    await sql`update milestones set started_at = now() - interval '10 minutes'
              where id = ${plan.milestones[0]!.id}`.execute(s.database.db);
    const current = async () =>
      (await s.adminOk<ReleasePlanProgress[]>('GET', `${ENV}/release-plans`, undefined, 200))[0]!;
    await expect.poll(async () => (await current()).progressionsPaused, { timeout: 10_000 }).toBe(true);
    const paused = await current();
    expect(paused.activeMilestoneId).toBe(plan.milestones[0]!.id);
    expect(paused.safeguards![0]!.triggeredAt).toEqual(expect.any(String));
    expect(enabledCount()).toBe(0);
  });
});
