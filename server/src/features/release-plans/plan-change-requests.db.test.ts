import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpReviewers } from '../../../../tests/helpers/change-requests';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { as, createApiToken, type Send } from '../../../../tests/helpers/identity';
import { seedTemplate, THREE_STEP_ROLLOUT } from '../../../../tests/helpers/release-plans';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ChangeRequest, ReleasePlanProgress } from '../../../contract';

const P = '/api/admin/projects/default';
const FLAG = 'governed.checkout';
const ENV = `${P}/features/${FLAG}/environments/production`;

/**
 * Release plans in an environment that requires change requests (issue 13 + 14): the direct
 * routes are refused like other governed writes, and the same operations drafted as
 * `addReleasePlan` / `startMilestone` changes take effect when the request is applied.
 */
describe('release plans through change requests', () => {
  let t: TestApp;
  let alice: Send;
  let bob: Send;
  let templateId: string;
  let clientToken: string;

  async function applyThroughRequest(change: object): Promise<void> {
    const draft = await alice('POST', `${P}/environments/production/change-requests`, change);
    expect(draft.statusCode, draft.body).toBe(200);
    const { id } = draft.json() as ChangeRequest;
    for (const [who, state] of [
      [alice, 'In review'],
      [bob, 'Approved'],
      [bob, 'Applied'],
    ] as const) {
      const response = await who('PUT', `${P}/change-requests/${id}/state`, { state });
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
    const { send } = await setUpReviewers(t, [{ username: 'alice' }, { username: 'bob' }]);
    alice = send.alice!;
    bob = send.bob!;
    await createFlag(t, FLAG);
    ({ templateId } = await seedTemplate(t.db, 'Governed rollout', THREE_STEP_ROLLOUT));
    clientToken = await createApiToken(t, { type: 'client', environment: 'production' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the direct routes and applies addReleasePlan and startMilestone drafted as changes', async () => {
    const direct = await alice('POST', `${ENV}/release-plans`, { templateId });
    expect(direct.statusCode).toBe(403);
    expect(direct.json()).toMatchObject({ name: 'PermissionError', permissions: ['SKIP_CHANGE_REQUEST'] });
    expect(await call(t, 'GET', `${ENV}/release-plans`, undefined, 200)).toEqual([]);

    await applyThroughRequest({ feature: FLAG, action: 'addReleasePlan', payload: { templateId } });
    const [plan] = await call<ReleasePlanProgress[]>(t, 'GET', `${ENV}/release-plans`, undefined, 200);
    expect(plan).toMatchObject({ name: 'Governed rollout', activeMilestoneId: null });

    const start = await alice(
      'POST',
      `${ENV}/release-plans/${plan!.id}/milestones/${plan!.milestones[1]!.id}/start`,
    );
    expect(start.statusCode).toBe(403);
    await applyThroughRequest({
      feature: FLAG,
      action: 'startMilestone',
      payload: { planId: plan!.id, milestoneId: plan!.milestones[1]!.id },
    });
    const [started] = await call<ReleasePlanProgress[]>(t, 'GET', `${ENV}/release-plans`, undefined, 200);
    expect(started!.activeMilestoneId).toBe(plan!.milestones[1]!.id);
    const served = await as(t, { authorization: clientToken })('GET', `/api/client/features/${FLAG}`);
    expect(served.json().strategies[0]).toMatchObject({
      name: 'flexibleRollout',
      parameters: { rollout: '50' },
    });
  });

  it('applies updateMilestoneStrategy drafted as a change, refusing a bad one when drafted', async () => {
    const [plan] = await call<ReleasePlanProgress[]>(t, 'GET', `${ENV}/release-plans`, undefined, 200);
    const active = plan!.milestones.find((m) => m.id === plan!.activeMilestoneId)!;
    const strategy = active.strategies![0]!;

    // Checked when drafted, as the other actions: unknown strategy, unknown definition, bad shape.
    for (const [payload, status] of [
      [{ id: 'no-such-strategy', parameters: { rollout: '60' } }, 404],
      [{ id: strategy.id, strategyName: 'no-such-definition' }, 400],
      [{ id: strategy.id, milestoneId: plan!.milestones[0]!.id, parameters: { rollout: '60' } }, 404],
      [{ parameters: { rollout: '60' } }, 400],
    ] as const) {
      const draft = await alice('POST', `${P}/environments/production/change-requests`, {
        feature: FLAG,
        action: 'updateMilestoneStrategy',
        payload,
      });
      expect(draft.statusCode, JSON.stringify(payload)).toBe(status);
    }
    const direct = await alice('PUT', `${ENV}/milestone-strategies/${strategy.id}`, {
      parameters: { rollout: '60', stickiness: 'default', groupId: FLAG },
    });
    expect(direct.statusCode).toBe(403);

    await applyThroughRequest({
      feature: FLAG,
      action: 'updateMilestoneStrategy',
      payload: {
        id: strategy.id,
        milestoneId: active.id,
        parameters: { rollout: '75', stickiness: 'default', groupId: FLAG },
      },
    });
    const [after] = await call<ReleasePlanProgress[]>(t, 'GET', `${ENV}/release-plans`, undefined, 200);
    const changed = after!.milestones.find((m) => m.id === active.id)!.strategies![0]!;
    expect(changed).toMatchObject({ id: strategy.id, parameters: { rollout: '75' } });
    // The milestone is the active one: SDKs are served the change.
    const served = await as(t, { authorization: clientToken })('GET', `/api/client/features/${FLAG}`);
    expect(served.json().strategies[0]).toMatchObject({
      name: 'flexibleRollout',
      parameters: { rollout: '75' },
    });
  });
});
