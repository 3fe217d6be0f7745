import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { as, createApiToken } from '../../../../tests/helpers/identity';
import { seedTemplate, THREE_STEP_ROLLOUT } from '../../../../tests/helpers/release-plans';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Feature, ReleasePlan, ReleasePlanProgress } from '../../../contract';

const envPath = (flag: string, environment = 'development') =>
  `/api/admin/projects/default/features/${flag}/environments/${environment}`;

interface ClientStrategy {
  name: string;
  parameters: Record<string, string>;
  constraints: Array<{ values?: string[] }>;
}

/**
 * When a plan's first milestone starts (issue 31 §3): at once when the plan is added to an enabled
 * environment, else when the environment is switched on, each in the transaction of the add or the
 * enable with its event. The flag's admin view carries the plans (featureEnvironmentSchema
 * `releasePlans`), and a template's gradual rollout groups by the flag it is applied to.
 */
describe('release plans start with their environment', () => {
  let t: TestApp;
  let templateId: string;
  let clientToken: string;

  const clientStrategies = async (flag: string): Promise<ClientStrategy[]> => {
    const response = await as(t, { authorization: clientToken })('GET', `/api/client/features/${flag}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().strategies;
  };
  const featureView = (flag: string) =>
    call<Feature>(t, 'GET', `/api/admin/projects/default/features/${flag}`, undefined, 200);

  beforeAll(async () => {
    t = await createTestApp();
    ({ templateId } = await seedTemplate(t.db, 'Three steps', THREE_STEP_ROLLOUT));
    clientToken = await createApiToken(t, { type: 'client', environment: 'development' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts the first milestone at once on an enabled environment, served with the flag as group', async () => {
    const flag = 'enabled-first';
    await createFlag(t, flag);
    await call(t, 'POST', `${envPath(flag)}/on`, undefined, 200);
    const before = await latestEventId(t.db);

    const plan = await call<ReleasePlanProgress>(
      t,
      'POST',
      `${envPath(flag)}/release-plans`,
      { templateId },
      200,
    );
    const first = plan.milestones[0]!;
    expect(plan.activeMilestoneId).toBe(first.id);
    expect(first.startedAt).toEqual(expect.any(String));
    // The template groups by its own name; each flag built from it groups by the flag's.
    expect(plan.milestones.flatMap((m) => m.strategies!.map((s) => s.parameters?.groupId))).toEqual([
      flag,
      flag,
      flag,
    ]);

    const events = await eventsAfter(t.db, before);
    expect(events.map((e) => [e.type, e.featureName, e.environment])).toEqual([
      ['release-plan-added', flag, 'development'],
      ['release-plan-milestone-started', flag, 'development'],
    ]);
    expect(events[1]!.data).toMatchObject({
      planId: plan.id,
      milestoneId: first.id,
      milestoneName: 'Internal users',
    });

    // Served first, before the default strategy switching the environment on gave the flag.
    const served = await clientStrategies(flag);
    expect(served.map((s) => [s.name, s.parameters.rollout, s.parameters.groupId])).toEqual([
      ['flexibleRollout', '100', flag],
      ['flexibleRollout', '100', flag],
    ]);
    expect(served[0]!.constraints[0]!.values).toEqual(['internal-1', 'internal-2']);
  });

  it('waits on a disabled environment and starts the first milestone when it is switched on', async () => {
    const flag = 'disabled-first';
    await createFlag(t, flag);
    const plan = await call<ReleasePlanProgress>(
      t,
      'POST',
      `${envPath(flag)}/release-plans`,
      { templateId },
      200,
    );
    expect(plan.activeMilestoneId).toBeNull();
    expect(await clientStrategies(flag)).toEqual([]);

    const before = await latestEventId(t.db);
    await call(t, 'POST', `${envPath(flag)}/on`, undefined, 200);
    const [after] = await call<ReleasePlanProgress[]>(
      t,
      'GET',
      `${envPath(flag)}/release-plans`,
      undefined,
      200,
    );
    expect(after!.activeMilestoneId).toBe(plan.milestones[0]!.id);
    const events = await eventsAfter(t.db, before);
    expect(events.map((e) => e.type)).toEqual([
      'release-plan-milestone-started',
      'feature-environment-enabled',
    ]);
    // The plan decides who gets the flag: no default 100% strategy is added beside it.
    expect((await clientStrategies(flag)).map((s) => [s.name, s.parameters.groupId])).toEqual([
      ['flexibleRollout', flag],
    ]);

    // Off and on again: the running milestone stays, nothing restarts.
    await call(t, 'POST', `${envPath(flag)}/off`, undefined, 200);
    const again = await latestEventId(t.db);
    await call(t, 'POST', `${envPath(flag)}/on`, undefined, 200);
    expect((await eventsAfter(t.db, again)).map((e) => e.type)).toEqual(['feature-environment-enabled']);
  });

  it("carries each environment's release plans in the flag's admin view", async () => {
    const flag = 'disabled-first';
    const view = await featureView(flag);
    const development = view.environments?.find((e) => e.name === 'development');
    const production = view.environments?.find((e) => e.name === 'production');
    const plans = development?.releasePlans as ReleasePlan[];
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({
      discriminator: 'plan',
      name: 'Three steps',
      featureName: flag,
      environment: 'development',
      releasePlanTemplateId: templateId,
      createdByUserId: expect.any(Number),
      createdAt: expect.any(String),
    });
    expect(plans[0]!.activeMilestoneId).toBe(plans[0]!.milestones[0]!.id);
    expect(plans[0]!.milestones.map((m) => m.name)).toEqual([
      'Internal users',
      'Half of everyone',
      'Everyone',
    ]);
    expect(plans[0]!.milestones[1]!.strategies![0]).toMatchObject({
      strategyName: 'flexibleRollout',
      parameters: { rollout: '50', stickiness: 'userId', groupId: flag },
    });
    expect(production?.releasePlans).toEqual([]);
    // The milestone's strategies are the plan's: the environment's own list stays without them.
    expect(development?.strategies).toEqual([]);
  });
});
