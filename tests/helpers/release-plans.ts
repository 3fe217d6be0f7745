import type { ReleasePlanProgress, TransitionCondition } from '../../server/contract';
import type { Db } from '../../server/src/db/database';
import { ulid } from '../../server/src/lib/ulid';
import { call, createFlag } from './flag-model';
import type { TestApp } from './test-app';

export interface TemplateMilestoneSeed {
  name: string;
  strategies: Array<{
    strategyName: string;
    parameters?: Record<string, string>;
    constraints?: unknown[];
    title?: string;
  }>;
}

/**
 * A release-plan template written straight into the tables (the template API is another
 * branch's: issue 14 rp-templates), so plan tests need nothing but the shared migration.
 * Returns the template id and its milestone ids in order.
 */
export async function seedTemplate(
  db: Db,
  name: string,
  milestones: TemplateMilestoneSeed[],
): Promise<{ templateId: string; milestoneIds: string[] }> {
  const templateId = ulid();
  await db
    .insertInto('release_plan_definitions')
    .values({
      id: templateId,
      discriminator: 'template',
      name,
      description: `${name} template`,
      created_by_user_id: 1,
    })
    .execute();
  const milestoneIds: string[] = [];
  for (const [index, milestone] of milestones.entries()) {
    const milestoneId = ulid();
    milestoneIds.push(milestoneId);
    await db
      .insertInto('milestones')
      .values({
        id: milestoneId,
        name: milestone.name,
        sort_order: index,
        release_plan_definition_id: templateId,
      })
      .execute();
    for (const [order, strategy] of milestone.strategies.entries()) {
      await db
        .insertInto('milestone_strategies')
        .values({
          id: ulid(),
          milestone_id: milestoneId,
          sort_order: order,
          title: strategy.title ?? null,
          strategy_name: strategy.strategyName,
          parameters: JSON.stringify(strategy.parameters ?? {}),
          constraints: JSON.stringify(strategy.constraints ?? []),
          variants: JSON.stringify([]),
        })
        .execute();
    }
  }
  return { templateId, milestoneIds };
}

/** The classic three steps: internal users, then half of everyone, then everyone. */
export const THREE_STEP_ROLLOUT: TemplateMilestoneSeed[] = [
  {
    name: 'Internal users',
    strategies: [
      {
        strategyName: 'flexibleRollout',
        parameters: { rollout: '100', stickiness: 'default', groupId: 'release' },
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['internal-1', 'internal-2'] }],
      },
    ],
  },
  {
    name: 'Half of everyone',
    strategies: [
      {
        strategyName: 'flexibleRollout',
        parameters: { rollout: '50', stickiness: 'userId', groupId: 'release' },
      },
    ],
  },
  {
    name: 'Everyone',
    strategies: [
      {
        strategyName: 'flexibleRollout',
        parameters: { rollout: '100', stickiness: 'default', groupId: 'release' },
      },
    ],
  },
];

/**
 * A new flag with a plan of `templateId` in development whose first milestone is running and
 * progresses to the second under `transitionCondition`.
 */
export async function startPlanWithProgression(
  t: TestApp,
  flag: string,
  templateId: string,
  transitionCondition: TransitionCondition,
): Promise<ReleasePlanProgress> {
  const envPath = `/api/admin/projects/default/features/${flag}/environments/development`;
  await createFlag(t, flag);
  const plan = await call<ReleasePlanProgress>(t, 'POST', `${envPath}/release-plans`, { templateId }, 200);
  const [first, second] = plan.milestones;
  await call(
    t,
    'PUT',
    `${envPath}/progressions/${first!.id}`,
    { targetMilestone: second!.id, transitionCondition },
    200,
  );
  await call(t, 'POST', `${envPath}/release-plans/${plan.id}/milestones/${first!.id}/start`, undefined, 200);
  return plan;
}
