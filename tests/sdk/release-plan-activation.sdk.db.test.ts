import type { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleasePlanProgress } from '../../server/contract';
import { seedTemplate } from '../helpers/release-plans';
import { startNodeSdk } from './node-sdk';
import { addFlag, type SdkTestServer, startSdkTestServer } from './sdk-server';

const FLAGS = ['search-v2', 'cart-v2'] as const;
const envPath = (flag: string) => `/api/admin/projects/default/features/${flag}/environments/development`;
const USERS = Array.from({ length: 400 }, (_, i) => `user-${i}`);

/**
 * A template applied to enabled environments, seen by the real Node SDK (issue 31 §3): the first
 * milestone serves at once, and its gradual rollout groups by each flag, so two flags made from
 * one template at 50% pick different halves of the users (grouped by the template's name, they
 * would pick the very same half).
 */
describe('a release plan on an enabled environment through the Node SDK', () => {
  let s: SdkTestServer;
  let sdk: Unleash;

  const enabledUsers = (flag: string) => USERS.filter((userId) => sdk.isEnabled(flag, { userId }));

  beforeAll(async () => {
    s = await startSdkTestServer();
    // Each flag on, with a strategy of its own that lets nobody in: only the plan lets users in.
    const nobody = {
      name: 'default',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['nobody'] }],
    };
    for (const name of FLAGS) await addFlag(s, { name, strategies: [nobody] });
    const { templateId } = await seedTemplate(s.database.db, 'Half first', [
      {
        name: 'Half of everyone',
        strategies: [
          {
            strategyName: 'flexibleRollout',
            parameters: { rollout: '50', stickiness: 'userId', groupId: 'Half first' },
          },
        ],
      },
    ]);
    const token = await s.createToken({ type: 'client', environment: 'development' });
    ({ unleash: sdk } = await startNodeSdk({ url: s.url, token, appName: 'shop', refreshInterval: 200 }));
    for (const flag of FLAGS) expect(enabledUsers(flag)).toEqual([]);
    for (const flag of FLAGS) {
      const plan = await s.adminOk<ReleasePlanProgress>(
        'POST',
        `${envPath(flag)}/release-plans`,
        { templateId },
        200,
      );
      expect(plan.activeMilestoneId).toBe(plan.milestones[0]!.id);
    }
  });
  afterAll(async () => {
    sdk?.destroy();
    await s?.stop();
  });

  it('serves the first milestone right after the plan is applied, grouped by the flag', async () => {
    const answer = await s.http<{
      features: Array<{
        name: string;
        strategies: Array<{ name: string; parameters: Record<string, string> }>;
      }>;
    }>('GET', '/api/client/features', {
      headers: { authorization: await s.createToken({ type: 'client', environment: 'development' }) },
    });
    expect(answer.status).toBe(200);
    for (const flag of FLAGS) {
      const served = answer.body.features.find((feature) => feature.name === flag)?.strategies;
      expect(served?.[0]).toEqual(
        expect.objectContaining({
          name: 'flexibleRollout',
          parameters: { rollout: '50', stickiness: 'userId', groupId: flag },
        }),
      );
    }

    for (const flag of FLAGS) {
      await expect.poll(() => enabledUsers(flag).length, { timeout: 10_000 }).toBeGreaterThan(0);
    }
    const [first, second] = FLAGS.map((flag) => new Set(enabledUsers(flag)));
    for (const half of [first!, second!]) {
      expect(half.size).toBeGreaterThan(150);
      expect(half.size).toBeLessThan(250);
    }
    // Independent halves overlap by about a quarter of the users; the same group would overlap fully.
    const both = [...first!].filter((userId) => second!.has(userId)).length;
    expect(both).toBeLessThan(Math.min(first!.size, second!.size) * 0.75);
  });
});
