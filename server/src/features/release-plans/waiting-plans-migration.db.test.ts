import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../../../migrations/20261128163149_start_first_milestone_of_waiting_plans';
import { call, createFlag, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { seedTemplate, THREE_STEP_ROLLOUT } from '../../../../tests/helpers/release-plans';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ReleasePlanProgress } from '../../../contract';

const envPath = (flag: string) => `/api/admin/projects/default/features/${flag}/environments/development`;

/**
 * Plans added to an enabled environment before milestone 1 started on its own (issue 31 §3) kept a
 * null active milestone: the migration starts milestone 1 for them, as adding a plan now does.
 */
describe('migration: start the first milestone of plans waiting on an enabled environment', () => {
  let t: TestApp;
  let templateId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ templateId } = await seedTemplate(t.db, 'Three steps', THREE_STEP_ROLLOUT));
  });
  afterAll(async () => {
    await t.close();
  });

  /** A plan as the product left it before the fix: added, nothing started, nothing served. */
  async function planAddedBeforeTheFix(flag: string, enabled: boolean): Promise<ReleasePlanProgress> {
    await createFlag(t, flag);
    if (enabled) await call(t, 'POST', `${envPath(flag)}/on`, undefined, 200);
    const plan = await call<ReleasePlanProgress>(
      t,
      'POST',
      `${envPath(flag)}/release-plans`,
      { templateId },
      200,
    );
    const milestoneIds = plan.milestones.map((m) => m.id);
    await t.db.deleteFrom('feature_strategies').where('milestone_id', 'in', milestoneIds).execute();
    await t.db.updateTable('milestones').set({ started_at: null }).where('id', 'in', milestoneIds).execute();
    await t.db
      .updateTable('release_plan_definitions')
      .set({ active_milestone_id: null })
      .where('id', '=', plan.id)
      .execute();
    return plan;
  }

  const servedMilestones = async (flag: string) =>
    (
      await t.db
        .selectFrom('feature_strategies')
        .select(['milestone_id', 'parameters'])
        .where('feature_name', '=', flag)
        .where('milestone_id', 'is not', null)
        .orderBy('sort_order')
        .execute()
    ).map((row) => {
      const parameters = row.parameters as Record<string, string>;
      return [row.milestone_id, parameters.rollout, parameters.groupId];
    });

  it('starts milestone 1 on enabled environments only, with its strategies, segments and event', async () => {
    const waiting = await planAddedBeforeTheFix('migrated-on', true);
    const off = await planAddedBeforeTheFix('migrated-off', false);
    const first = waiting.milestones[0]!;
    expect(await servedMilestones('migrated-on')).toEqual([]);
    const before = await latestEventId(t.db);

    await up(t.db);

    const [after] = await call<ReleasePlanProgress[]>(
      t,
      'GET',
      `${envPath('migrated-on')}/release-plans`,
      undefined,
      200,
    );
    expect(after!.activeMilestoneId).toBe(first.id);
    expect(after!.milestones[0]!.startedAt).toEqual(expect.any(String));
    expect(await servedMilestones('migrated-on')).toEqual([[first.id, '100', 'migrated-on']]);
    const [offAfter] = await call<ReleasePlanProgress[]>(
      t,
      'GET',
      `${envPath('migrated-off')}/release-plans`,
      undefined,
      200,
    );
    expect(offAfter!.id).toBe(off.id);
    expect(offAfter!.activeMilestoneId).toBeNull();
    expect(await servedMilestones('migrated-off')).toEqual([]);

    const events = await eventsAfter(t.db, before);
    expect(events.map((e) => [e.type, e.featureName, e.environment, e.createdBy])).toEqual([
      ['release-plan-milestone-started', 'migrated-on', 'development', 'system'],
    ]);
    expect(events[0]!.data).toEqual({
      planId: waiting.id,
      milestoneId: first.id,
      milestoneName: first.name,
    });

    // A second run finds nothing waiting.
    await up(t.db);
    expect(await eventsAfter(t.db, before)).toHaveLength(1);
  });
});
