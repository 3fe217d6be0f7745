import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createFlag,
  eventsAfter,
  expectRejectedWithoutEvent,
  latestEventId,
} from '../../../../tests/helpers/flag-model';
import { as, createApiToken } from '../../../../tests/helpers/identity';
import { seedTemplate, THREE_STEP_ROLLOUT } from '../../../../tests/helpers/release-plans';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ReleasePlanMilestone, ReleasePlanProgress } from '../../../contract';

const FLAG = 'checkout.v2';
const ENV = `/api/admin/projects/default/features/${FLAG}/environments/development`;

interface ClientStrategy {
  name: string;
  parameters: Record<string, string>;
  constraints: unknown[];
}

/**
 * Release plans on a flag environment through the admin API on real PostgreSQL: applying a
 * template copies it, starting a milestone swaps the plan's strategies on the flag (the flag's
 * own stay, served after them), removing the plan takes them away, each with its event.
 */
describe('release plans API', () => {
  let t: TestApp;
  let templateId: string;
  let clientToken: string;

  const clientStrategies = async (): Promise<ClientStrategy[]> => {
    const response = await as(t, { authorization: clientToken })('GET', `/api/client/features/${FLAG}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().strategies;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await createFlag(t, FLAG);
    // The flag's own strategy, placed first by sortOrder: milestone strategies still come before it.
    await call(
      t,
      'POST',
      `${ENV}/strategies`,
      {
        name: 'default',
        sortOrder: -5,
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['own'] }],
      },
      200,
    );
    ({ templateId } = await seedTemplate(t.db, 'Three steps', THREE_STEP_ROLLOUT));
    clientToken = await createApiToken(t, { type: 'client', environment: 'development' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('applies a template as a plan, one per flag environment, and refuses unknown templates', async () => {
    const before = await latestEventId(t.db);
    const plan = await call<ReleasePlanProgress>(t, 'POST', `${ENV}/release-plans`, { templateId }, 200);
    expect(plan).toMatchObject({
      discriminator: 'plan',
      name: 'Three steps',
      featureName: FLAG,
      environment: 'development',
      releasePlanTemplateId: templateId,
      activeMilestoneId: null,
      progressionsPaused: false,
      nextProgressionAt: null,
    });
    expect(plan.milestones.map((m) => m.name)).toEqual(['Internal users', 'Half of everyone', 'Everyone']);
    expect(plan.milestones[1]!.strategies).toEqual([
      expect.objectContaining({
        strategyName: 'flexibleRollout',
        name: 'flexibleRollout',
        // The template's group becomes the flag's (issue 31 §3).
        parameters: { rollout: '50', stickiness: 'userId', groupId: FLAG },
        milestoneId: plan.milestones[1]!.id,
      }),
    ]);
    // The copy has its own ids: editing the template later leaves the plan alone.
    const templateMilestones = await t.db
      .selectFrom('milestones')
      .select('id')
      .where('release_plan_definition_id', '=', templateId)
      .execute();
    expect(plan.milestones.map((m) => m.id)).not.toContain(templateMilestones[0]!.id);

    const events = await eventsAfter(t.db, before);
    expect(events.map((e) => [e.type, e.featureName, e.environment])).toEqual([
      ['release-plan-added', FLAG, 'development'],
    ]);

    const second = await expectRejectedWithoutEvent(t, 'POST', `${ENV}/release-plans`, { templateId }, 409);
    expect(second.json().name).toBe('ConflictError');
    const unknown = await expectRejectedWithoutEvent(
      t,
      'POST',
      `/api/admin/projects/default/features/${FLAG}/environments/production/release-plans`,
      { templateId: 'nope' },
      404,
    );
    expect(unknown.json().name).toBe('NotFoundError');
    const listed = await call<ReleasePlanProgress[]>(t, 'GET', `${ENV}/release-plans`, undefined, 200);
    expect(listed.map((p) => p.id)).toEqual([plan.id]);
  });

  it('starts milestones: their strategies replace the previous milestone, served first; the flag keeps its own', async () => {
    const [plan] = await call<ReleasePlanProgress[]>(t, 'GET', `${ENV}/release-plans`, undefined, 200);
    const [first, second] = plan!.milestones;
    expect(await clientStrategies()).toEqual([
      expect.objectContaining({
        name: 'default',
        constraints: [expect.objectContaining({ values: ['own'] })],
      }),
    ]);

    const before = await latestEventId(t.db);
    const started = await call<ReleasePlanMilestone>(
      t,
      'POST',
      `${ENV}/release-plans/${plan!.id}/milestones/${first!.id}/start`,
      undefined,
      200,
    );
    expect(started.id).toBe(first!.id);
    expect(started.startedAt).toEqual(expect.any(String));
    expect((await clientStrategies()).map((s) => [s.name, s.parameters.rollout ?? null])).toEqual([
      ['flexibleRollout', '100'],
      ['default', null],
    ]);

    await call(t, 'POST', `${ENV}/release-plans/${plan!.id}/milestones/${second!.id}/start`, undefined, 200);
    const served = await clientStrategies();
    expect(served.map((s) => [s.name, s.parameters.rollout ?? null])).toEqual([
      ['flexibleRollout', '50'],
      ['default', null],
    ]);
    // Only Unleash's client keys: no id, milestoneId, title or sortOrder.
    expect(Object.keys(served[0]!).sort()).toEqual(['constraints', 'name', 'parameters', 'variants']);
    // The admin views show only the flag's own strategy: the milestone's belong to the plan.
    const adminStrategies = await call<{ name: string }[]>(t, 'GET', `${ENV}/strategies`, undefined, 200);
    expect(adminStrategies.map((s) => s.name)).toEqual(['default']);
    const flag = await call<{ environments: { name: string; strategies: { name: string }[] }[] }>(
      t,
      'GET',
      `/api/admin/projects/default/features/${FLAG}`,
      undefined,
      200,
    );
    const development = flag.environments.find((e) => e.name === 'development');
    expect(development?.strategies.map((s) => s.name)).toEqual(['default']);

    const after = await call<ReleasePlanProgress[]>(t, 'GET', `${ENV}/release-plans`, undefined, 200);
    expect(after[0]!.activeMilestoneId).toBe(second!.id);
    const events = await eventsAfter(t.db, before);
    expect(events.map((e) => e.type)).toEqual([
      'release-plan-milestone-started',
      'release-plan-milestone-started',
    ]);
    expect(events[1]!.data).toMatchObject({
      planId: plan!.id,
      milestoneId: second!.id,
      milestoneName: 'Half of everyone',
    });
    expect(events[1]!.preData).toMatchObject({ milestoneId: first!.id });

    const missing = await expectRejectedWithoutEvent(
      t,
      'POST',
      `${ENV}/release-plans/${plan!.id}/milestones/nope/start`,
      undefined,
      404,
    );
    expect(missing.json().name).toBe('NotFoundError');
  });

  it("changes a milestone's strategy: served at once when the milestone is active, later otherwise", async () => {
    const [plan] = await call<ReleasePlanProgress[]>(t, 'GET', `${ENV}/release-plans`, undefined, 200);
    const [first, second] = plan!.milestones;
    const before = await latestEventId(t.db);
    const path = (strategyId: string) => `${ENV}/milestone-strategies/${strategyId}`;
    const changed = await call<{ id: string; parameters: Record<string, string> }>(
      t,
      'PUT',
      path(second!.strategies![0]!.id),
      { parameters: { rollout: '60', stickiness: 'default', groupId: FLAG }, title: 'Sixty' },
      200,
    );
    expect(changed).toMatchObject({ id: second!.strategies![0]!.id, parameters: { rollout: '60' } });
    expect((await clientStrategies()).map((s) => [s.name, s.parameters.rollout ?? null])).toEqual([
      ['flexibleRollout', '60'],
      ['default', null],
    ]);
    // The first milestone is not active: the flag serves it only once it is started again.
    await call(t, 'PUT', path(first!.strategies![0]!.id), { parameters: { rollout: '5' } }, 200);
    expect((await clientStrategies())[0]!.parameters.rollout).toBe('60');
    const events = await eventsAfter(t.db, before);
    expect(events.map((e) => [e.type, (e.data as { id: string }).id])).toEqual([
      ['feature-strategy-update', second!.strategies![0]!.id],
      ['feature-strategy-update', first!.strategies![0]!.id],
    ]);
    expect(events[0]!.preData).toMatchObject({ parameters: { rollout: '50' } });

    // A template's strategy, an unknown one, and an invalid change: refused without an event.
    const [template] = await call<Array<{ milestones: Array<{ strategies: Array<{ id: string }> }> }>>(
      t,
      'GET',
      '/api/admin/release-plan-templates',
      undefined,
      200,
    );
    for (const [url, body, status] of [
      [path(template!.milestones[0]!.strategies[0]!.id), { parameters: { rollout: '1' } }, 404],
      [path('nope'), { parameters: { rollout: '1' } }, 404],
      [path(first!.strategies![0]!.id), { strategyName: 'no-such-strategy' }, 400],
      [path(first!.strategies![0]!.id), { segments: [2 ** 40] }, 400],
    ] as const) {
      await expectRejectedWithoutEvent(t, 'PUT', url, body, status);
    }
  });

  it('removes the plan with its strategies, leaving the flag its own', async () => {
    const [plan] = await call<ReleasePlanProgress[]>(t, 'GET', `${ENV}/release-plans`, undefined, 200);
    const before = await latestEventId(t.db);
    await call(t, 'DELETE', `${ENV}/release-plans/${plan!.id}`, undefined, 200);
    expect((await clientStrategies()).map((s) => s.name)).toEqual(['default']);
    expect(await call(t, 'GET', `${ENV}/release-plans`, undefined, 200)).toEqual([]);
    expect((await eventsAfter(t.db, before)).map((e) => e.type)).toEqual(['release-plan-removed']);
    await expectRejectedWithoutEvent(t, 'DELETE', `${ENV}/release-plans/${plan!.id}`, undefined, 404);
    // A new plan may be applied once the old one is gone.
    await call(t, 'POST', `${ENV}/release-plans`, { templateId }, 200);
  });

  it('answers hostile input with a 4xx and no event', async () => {
    const [plan] = await call<ReleasePlanProgress[]>(t, 'GET', `${ENV}/release-plans`, undefined, 200);
    const milestone = plan!.milestones[0]!.id;
    const safeguard = (impactMetric: object, triggerCondition: object = { operator: '>', threshold: 1 }) => ({
      impactMetric: {
        metricName: 'errors',
        timeRange: 'hour',
        aggregationMode: 'count',
        labelSelectors: {},
        ...impactMetric,
      },
      triggerCondition,
    });
    const cases: Array<[string, 'POST' | 'PUT' | 'DELETE', string, unknown, number]> = [
      [
        'NUL in a plan id',
        'POST',
        `${ENV}/release-plans/a%00b/milestones/${milestone}/start`,
        undefined,
        400,
      ],
      ['a huge template id', 'POST', `${ENV}/release-plans`, { templateId: 'x'.repeat(100_000) }, 404],
      [
        'a template id of the wrong type (coerced, then unknown)',
        'POST',
        `${ENV}/release-plans`,
        { templateId: 42 },
        404,
      ],
      [
        'an unknown flag',
        'POST',
        '/api/admin/projects/default/features/nope/environments/development/release-plans',
        { templateId },
        404,
      ],
      [
        'an interval beyond a year',
        'PUT',
        `${ENV}/progressions/${milestone}`,
        { targetMilestone: plan!.milestones[1]!.id, transitionCondition: { intervalMinutes: 2 ** 40 } },
        400,
      ],
      [
        'an exposure condition of no exposures',
        'PUT',
        `${ENV}/progressions/${milestone}`,
        {
          targetMilestone: plan!.milestones[1]!.id,
          transitionCondition: { type: 'exposure', minimumExposures: 0 },
        },
        400,
      ],
      [
        'an exposure condition beyond exact integers',
        'PUT',
        `${ENV}/progressions/${milestone}`,
        {
          targetMilestone: plan!.milestones[1]!.id,
          transitionCondition: { type: 'exposure', minimumExposures: 2 ** 60 },
        },
        400,
      ],
      [
        'a progression to an unknown milestone',
        'PUT',
        `${ENV}/progressions/${milestone}`,
        { targetMilestone: 'nope', transitionCondition: { intervalMinutes: 5 } },
        404,
      ],
      [
        'a progression of another flag',
        'PUT',
        `/api/admin/projects/default/features/${FLAG}/environments/production/progressions/${milestone}`,
        { targetMilestone: plan!.milestones[1]!.id, transitionCondition: { intervalMinutes: 5 } },
        404,
      ],
      ['deleting a missing progression', 'DELETE', `${ENV}/progressions/${milestone}`, undefined, 404],
      [
        'an invalid metric name',
        'PUT',
        `${ENV}/release-plans/${plan!.id}/safeguards`,
        safeguard({ metricName: 'drop table;' }),
        400,
      ],
      [
        'too many label selectors',
        'PUT',
        `${ENV}/release-plans/${plan!.id}/safeguards`,
        safeguard({
          labelSelectors: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`l${i}`, ['x']])),
        }),
        400,
      ],
      [
        'an unknown time range',
        'PUT',
        `${ENV}/release-plans/${plan!.id}/safeguards`,
        safeguard({ timeRange: 'year' }),
        400,
      ],
      [
        'an unknown operator',
        'PUT',
        `${ENV}/release-plans/${plan!.id}/safeguards`,
        safeguard({}, { operator: '>=', threshold: 1 }),
        400,
      ],
      ['a safeguard of an unknown plan', 'PUT', `${ENV}/release-plans/nope/safeguards`, safeguard({}), 404],
      [
        'deleting an unknown safeguard',
        'DELETE',
        `${ENV}/release-plans/${plan!.id}/safeguards/nope`,
        undefined,
        404,
      ],
    ];
    for (const [what, method, url, body, status] of cases) {
      const response = await expectRejectedWithoutEvent(t, method, url, body, status);
      expect(response.json(), what).toHaveProperty('name');
    }
  });
});
