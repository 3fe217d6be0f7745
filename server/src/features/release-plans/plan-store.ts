import type { Queryable } from '../../db/queryable';
import { ulid } from '../../lib/ulid';
import { readMilestoneStrategies, readMilestones } from './release-plan-store';
import { insertDefinition, insertMilestone, insertMilestoneStrategy } from './release-plan-write-store';

/**
 * Release plans (issue 14): rows of `release_plan_definitions` with discriminator 'plan', their
 * milestones (copied from a template), and the milestone strategies written into
 * `feature_strategies` (with `milestone_id`) while a milestone is active.
 */

export interface PlanRow {
  id: string;
  name: string;
  description: string | null;
  featureName: string;
  environment: string;
  project: string;
  createdByUserId: number | null;
  createdAt: Date;
  activeMilestoneId: string | null;
  releasePlanTemplateId: string | null;
}

function toPlanRow(raw: {
  id: string;
  name: string;
  description: string | null;
  feature_name: string | null;
  environment: string | null;
  project: string | null;
  created_by_user_id: number | null;
  created_at: Date;
  active_milestone_id: string | null;
  release_plan_template_id: string | null;
}): PlanRow {
  return {
    id: raw.id,
    name: raw.name,
    description: raw.description,
    featureName: raw.feature_name ?? '',
    environment: raw.environment ?? '',
    project: raw.project ?? '',
    createdByUserId: raw.created_by_user_id,
    createdAt: raw.created_at,
    activeMilestoneId: raw.active_milestone_id,
    releasePlanTemplateId: raw.release_plan_template_id,
  };
}

const PLAN_COLUMNS = [
  'id',
  'name',
  'description',
  'feature_name',
  'environment',
  'project',
  'created_by_user_id',
  'created_at',
  'active_milestone_id',
  'release_plan_template_id',
] as const;

/** The plans on one flag environment (at most one: the add operation refuses a second). */
export async function listPlans(db: Queryable, featureName: string, environment: string): Promise<PlanRow[]> {
  const rows = await db
    .selectFrom('release_plan_definitions')
    .select(PLAN_COLUMNS)
    .where('discriminator', '=', 'plan')
    .where('feature_name', '=', featureName)
    .where('environment', '=', environment)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toPlanRow);
}

/** A plan, locked for the rest of the transaction when `lock` (progression and start serialise on it). */
export async function getPlan(db: Queryable, id: string, lock = false): Promise<PlanRow | undefined> {
  const row = await db
    .selectFrom('release_plan_definitions')
    .select(PLAN_COLUMNS)
    .where('discriminator', '=', 'plan')
    .where('id', '=', id)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
  return row ? toPlanRow(row) : undefined;
}

/** The template a plan is made from: its definition row, unarchived. */
export async function getTemplateForPlan(db: Queryable, templateId: string) {
  return db
    .selectFrom('release_plan_definitions')
    .select(['id', 'name', 'description', 'archived_at'])
    .where('discriminator', '=', 'template')
    .where('id', '=', templateId)
    .executeTakeFirst();
}

/**
 * A template belongs to no flag, so its gradual rollouts group by the flag it is applied to
 * (issue 31 §3): two flags made from one template then pick different users at the same percentage,
 * as two flags made by hand do (their `groupId` defaults to the flag's name).
 */
export function groupedByFlag(
  strategyName: string,
  parameters: Record<string, string>,
  featureName: string,
): Record<string, string> {
  return strategyName === 'flexibleRollout' ? { ...parameters, groupId: featureName } : parameters;
}

/**
 * Copies a template as a plan on a flag environment: the definition, its milestones and their
 * strategies (with segments, gradual rollouts grouped by the flag), all with new ids. Returns the
 * plan's id.
 */
export async function insertPlanFromTemplate(
  db: Queryable,
  template: { id: string; name: string; description: string | null },
  target: { featureName: string; environment: string; project: string; createdByUserId: number },
): Promise<string> {
  const planId = ulid();
  await insertDefinition(db, {
    id: planId,
    discriminator: 'plan',
    name: template.name,
    description: template.description,
    featureName: target.featureName,
    environment: target.environment,
    project: target.project,
    createdByUserId: target.createdByUserId,
    releasePlanTemplateId: template.id,
  });
  const milestones = await readMilestones(db, [template.id]);
  const strategies = await readMilestoneStrategies(
    db,
    milestones.map((m) => m.id),
  );
  for (const milestone of milestones) {
    const milestoneId = ulid();
    await insertMilestone(db, {
      id: milestoneId,
      name: milestone.name,
      sortOrder: milestone.sortOrder,
      definitionId: planId,
    });
    for (const strategy of strategies.filter((s) => s.milestoneId === milestone.id)) {
      await insertMilestoneStrategy(db, {
        ...strategy,
        id: ulid(),
        milestoneId,
        parameters: groupedByFlag(strategy.strategyName, strategy.parameters, target.featureName),
      });
    }
  }
  return planId;
}

/** Removes the plan's strategies from `feature_strategies` (whichever milestone put them there). */
export async function removeMilestoneStrategiesFromFlag(db: Queryable, planId: string): Promise<number> {
  const result = await db
    .deleteFrom('feature_strategies')
    .where('milestone_id', 'in', (eb) =>
      eb.selectFrom('milestones').select('id').where('release_plan_definition_id', '=', planId),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Writes a milestone's strategies into the flag environment, marked with the milestone's id. */
export async function writeMilestoneStrategiesToFlag(
  db: Queryable,
  plan: PlanRow,
  milestoneId: string,
  createdByUserId: number | null,
): Promise<number> {
  const strategies = await readMilestoneStrategies(db, [milestoneId]);
  for (const strategy of strategies) {
    const id = ulid();
    await db
      .insertInto('feature_strategies')
      .values({
        id,
        feature_name: plan.featureName,
        project_name: plan.project,
        environment: plan.environment,
        strategy_name: strategy.strategyName,
        title: strategy.title,
        parameters: JSON.stringify(strategy.parameters),
        constraints: JSON.stringify(strategy.constraints),
        variants: JSON.stringify(strategy.variants),
        sort_order: strategy.sortOrder,
        disabled: strategy.disabled,
        created_by_user_id: createdByUserId,
        milestone_id: milestoneId,
      })
      .execute();
    if (strategy.segments.length > 0) {
      await db
        .insertInto('feature_strategy_segment')
        .values(strategy.segments.map((segmentId) => ({ feature_strategy_id: id, segment_id: segmentId })))
        .execute();
    }
  }
  return strategies.length;
}

export async function markMilestoneStarted(db: Queryable, planId: string, milestoneId: string, now: Date) {
  await db
    .updateTable('release_plan_definitions')
    .set({ active_milestone_id: milestoneId })
    .where('id', '=', planId)
    .execute();
  await db.updateTable('milestones').set({ started_at: now }).where('id', '=', milestoneId).execute();
}

/** The plan (or template) a milestone belongs to. */
export async function findPlanIdOfMilestone(db: Queryable, milestoneId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('milestones')
    .select('release_plan_definition_id')
    .where('id', '=', milestoneId)
    .executeTakeFirst();
  return row?.release_plan_definition_id;
}

/** The milestone a milestone strategy belongs to. */
export async function findMilestoneIdOfStrategy(
  db: Queryable,
  strategyId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('milestone_strategies')
    .select('milestone_id')
    .where('id', '=', strategyId)
    .executeTakeFirst();
  return row?.milestone_id;
}

export async function deletePlanRow(db: Queryable, planId: string): Promise<void> {
  // Milestones, their strategies, progressions and safeguards go with it (ON DELETE CASCADE).
  await db.deleteFrom('release_plan_definitions').where('id', '=', planId).execute();
}
