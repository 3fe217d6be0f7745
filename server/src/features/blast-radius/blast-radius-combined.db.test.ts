import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { createApiToken } from '../../../../tests/helpers/identity';
import { seedTemplate, THREE_STEP_ROLLOUT } from '../../../../tests/helpers/release-plans';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type {
  BlastRadiusPreview,
  ChangeRequest,
  ClientStrategy,
  Context,
  ReleasePlanProgress,
} from '../../../contract';
import { createFlagRepository, evaluateFlag } from '../../evaluation';

// Issue 15: the preview of starting a release-plan milestone and of a whole change request,
// counted over the contexts the frontend API sampled, equal to an evaluation by hand.

const FLAG = 'br-plan';
const ENV = `/api/admin/projects/default/features/${FLAG}/environments/development`;
const PREVIEW = `${ENV}/blast-radius`;
const USERS = 120;

const strategyOf = (
  name: string,
  parameters: Record<string, string>,
  constraints: ClientStrategy['constraints'] = [],
) => ({
  name,
  parameters,
  constraints,
  variants: [],
});
const milestoneOne = strategyOf(
  'flexibleRollout',
  // The plan's copy groups by the flag, not by the template's 'release' (issue 31 §3).
  { rollout: '100', stickiness: 'default', groupId: FLAG },
  [{ contextName: 'userId', operator: 'IN', values: ['internal-1', 'internal-2'] }],
);
const milestoneTwo = strategyOf('flexibleRollout', {
  rollout: '50',
  stickiness: 'userId',
  groupId: FLAG,
});
const own = strategyOf('default', {}, [{ contextName: 'userId', operator: 'IN', values: ['nobody'] }]);
const added = strategyOf('flexibleRollout', { rollout: '30', stickiness: 'userId', groupId: FLAG });

describe('blast radius of a milestone and of a change request', () => {
  let t: TestApp;
  let plan: ReleasePlanProgress;
  let ownId: string;
  let contexts: Context[];

  /** Counts by hand: each stored context evaluated with the engine before and after. */
  const byHand = (before: ClientStrategy[], after: ClientStrategy[]) => {
    const repository = createFlagRepository({ features: [] });
    const counts = { offToOn: 0, onToOff: 0, unchanged: 0 };
    for (const context of contexts) {
      const was = evaluateFlag({ name: FLAG, enabled: true, strategies: before }, context, {
        repository,
      }).enabled;
      const is = evaluateFlag({ name: FLAG, enabled: true, strategies: after }, context, {
        repository,
      }).enabled;
      if (was === is) counts.unchanged += 1;
      else if (is) counts.offToOn += 1;
      else counts.onToOff += 1;
    }
    return counts;
  };

  beforeAll(async () => {
    t = await createTestApp({ metricsFlushIntervalSeconds: 0.2 });
    await createFlag(t, FLAG);
    ownId = (await call<{ id: string }>(t, 'POST', `${ENV}/strategies`, own, 200)).id;
    const { templateId } = await seedTemplate(t.db, 'Three steps', THREE_STEP_ROLLOUT);
    plan = await call<ReleasePlanProgress>(t, 'POST', `${ENV}/release-plans`, { templateId }, 200);
    await call(
      t,
      'POST',
      `${ENV}/release-plans/${plan.id}/milestones/${plan.milestones[0]!.id}/start`,
      undefined,
      200,
    );
    await call(t, 'POST', `${ENV}/on`, undefined, 200);
    const token = await createApiToken(t, { type: 'frontend', environment: 'development' });
    for (let i = 0; i < USERS; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/frontend?userId=user-${i}`,
        headers: { authorization: token },
      });
      expect(response.statusCode).toBe(200);
    }
    const deadline = Date.now() + 10_000;
    for (;;) {
      const rows = await t.db.selectFrom('blast_radius_contexts').select('context').execute();
      contexts = rows.map((row) => row.context as Context);
      if (contexts.length >= USERS || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(contexts).toHaveLength(USERS);
  });
  afterAll(() => t.close());

  it('previews starting the next milestone with the counts an evaluation by hand gives', async () => {
    const preview = await call<BlastRadiusPreview>(
      t,
      'POST',
      PREVIEW,
      { kind: 'start-milestone', planId: plan.id, milestoneId: plan.milestones[1]!.id },
      200,
    );
    const expected = byHand([milestoneOne, own], [milestoneTwo, own]);
    expect(expected.offToOn).toBeGreaterThan(20);
    expect(preview).toMatchObject({ evaluated: USERS, ...expected, enabledBefore: 0 });
    expect(preview.enabledAfter).toBe(expected.offToOn);
  });

  it('refuses unknown or foreign plans and milestones with 404, malformed ids with 400', async () => {
    const post = (body: unknown) => t.request('POST', PREVIEW, body);
    const milestoneId = plan.milestones[1]!.id;
    const unknownPlan = await post({ kind: 'start-milestone', planId: 'nope', milestoneId });
    expect(unknownPlan.json().name).toBe('NotFoundError');
    const unknownMilestone = await post({ kind: 'start-milestone', planId: plan.id, milestoneId: 'nope' });
    expect(unknownMilestone.statusCode).toBe(404);
    expect((await post({ kind: 'start-milestone', planId: '', milestoneId })).statusCode).toBe(400);
    expect((await post({ kind: 'start-milestone', planId: plan.id })).statusCode).toBe(400);
    // The plan exists, but on another environment than the one previewed.
    const production = `/api/admin/projects/default/features/${FLAG}/environments/production/blast-radius`;
    const elsewhere = await t.request('POST', production, {
      kind: 'start-milestone',
      planId: plan.id,
      milestoneId,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('previews switching an environment on with the first milestone of a plan waiting for it', async () => {
    // Issue 31 §3: switching on starts the plan's first milestone, so its strategies are what serve.
    const waiting = 'br-waiting';
    const path = `/api/admin/projects/default/features/${waiting}/environments/development`;
    await createFlag(t, waiting);
    const half = strategyOf('flexibleRollout', { rollout: '50', stickiness: 'userId', groupId: waiting });
    const { templateId } = await seedTemplate(t.db, 'Half first', [
      { name: 'Half', strategies: [{ strategyName: 'flexibleRollout', parameters: half.parameters }] },
    ]);
    await call(t, 'POST', `${path}/release-plans`, { templateId }, 200);
    const preview = await call<BlastRadiusPreview>(
      t,
      'POST',
      `${path}/blast-radius`,
      { kind: 'toggle', enabled: true },
      200,
    );
    const expected = byHand([own], [half]);
    expect(expected.offToOn).toBeGreaterThan(20);
    expect(expected.offToOn).toBeLessThan(100);
    expect(preview).toMatchObject({ evaluated: USERS, enabledBefore: 0, enabledAfter: expected.offToOn });
  });

  it("previews all of a change request's changes to the flag together", async () => {
    await call(
      t,
      'PUT',
      '/api/admin/projects/default/environments/development/change-requests/config',
      { changeRequestsEnabled: true, requiredApprovals: 1 },
      200,
    );
    const url = '/api/admin/projects/default/environments/development/change-requests';
    const request = await call<ChangeRequest>(
      t,
      'POST',
      url,
      [
        { feature: FLAG, action: 'deleteStrategy', payload: { id: ownId } },
        { feature: FLAG, action: 'addStrategy', payload: added },
        { feature: FLAG, action: 'updateEnabled', payload: { enabled: true } },
      ],
      200,
    );
    const preview = await call<BlastRadiusPreview>(
      t,
      'POST',
      PREVIEW,
      { kind: 'change-request', changeRequestId: request.id },
      200,
    );
    const expected = byHand([milestoneOne, own], [milestoneOne, added]);
    expect(expected.offToOn).toBeGreaterThan(10);
    expect(preview).toMatchObject({ evaluated: USERS, ...expected });
    // Nothing was written: the flag still has its own strategy.
    const strategies = await call<Array<{ id: string }>>(t, 'GET', `${ENV}/strategies`, undefined, 200);
    expect(strategies.map((s) => s.id)).toContain(ownId);
    // Previewed from an environment the request is not for, it changes nothing.
    const production = `/api/admin/projects/default/features/${FLAG}/environments/production/blast-radius`;
    const other = await call<BlastRadiusPreview>(
      t,
      'POST',
      production,
      { kind: 'change-request', changeRequestId: request.id },
      200,
    );
    expect(other.offToOn + other.onToOff).toBe(0);
  });

  it('refuses unknown change requests with 404 and ids beyond int4 or malformed with 400', async () => {
    const post = (changeRequestId: unknown) =>
      t.request('POST', PREVIEW, { kind: 'change-request', changeRequestId });
    expect((await post(999_999)).json().name).toBe('NotFoundError');
    expect((await post(2 ** 31)).json().name).toBe('BadDataError');
    expect((await post(0)).statusCode).toBe(400);
    expect((await post('abc')).statusCode).toBe(400);
    expect((await post(1.5)).statusCode).toBe(400);
  });
});
