import type { Constraint, StrategyVariant } from '../../../contract';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';
import { type Discriminator, TEMPLATE_NAME_EXISTS } from './release-plan-store';

/**
 * The writes of the release-plan tables (definitions, milestones, milestone strategies and their
 * segments); release-plan-store.ts reads them back as whole records.
 */

export interface NewDefinition {
  id: string;
  discriminator: Discriminator;
  name: string;
  description: string | null;
  project?: string | null;
  featureName?: string | null;
  environment?: string | null;
  createdByUserId: number;
  releasePlanTemplateId?: string | null;
}

/** Inserts a definition row; a duplicate active template name becomes a 409 NameExistsError. */
export async function insertDefinition(db: Queryable, definition: NewDefinition): Promise<void> {
  try {
    await db
      .insertInto('release_plan_definitions')
      .values({
        id: definition.id,
        discriminator: definition.discriminator,
        name: definition.name,
        description: definition.description,
        project: definition.project ?? null,
        feature_name: definition.featureName ?? null,
        environment: definition.environment ?? null,
        created_by_user_id: definition.createdByUserId,
        release_plan_template_id: definition.releasePlanTemplateId ?? null,
        active_milestone_id: null,
        archived_at: null,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error) && definition.discriminator === 'template')
      throw nameExists(TEMPLATE_NAME_EXISTS);
    throw error;
  }
}

/** Renames or re-describes a template; a duplicate active name becomes a 409 NameExistsError. */
export async function updateDefinitionText(
  db: Queryable,
  id: string,
  fields: { name: string; description: string | null },
): Promise<void> {
  try {
    await db
      .updateTable('release_plan_definitions')
      .set({ name: fields.name, description: fields.description })
      .where('id', '=', id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(TEMPLATE_NAME_EXISTS);
    throw error;
  }
}

export async function archiveDefinition(db: Queryable, id: string, at: Date): Promise<void> {
  await db.updateTable('release_plan_definitions').set({ archived_at: at }).where('id', '=', id).execute();
}

/** Deletes a definition; its milestones, strategies, progressions and safeguards go with it. */
export async function deleteDefinition(db: Queryable, id: string): Promise<void> {
  await db.deleteFrom('release_plan_definitions').where('id', '=', id).execute();
}

export async function insertMilestone(
  db: Queryable,
  milestone: { id: string; name: string; sortOrder: number; definitionId: string },
): Promise<void> {
  await db
    .insertInto('milestones')
    .values({
      id: milestone.id,
      name: milestone.name,
      sort_order: milestone.sortOrder,
      release_plan_definition_id: milestone.definitionId,
      started_at: null,
    })
    .execute();
}

export async function updateMilestone(
  db: Queryable,
  id: string,
  fields: { name: string; sortOrder: number },
): Promise<void> {
  await db
    .updateTable('milestones')
    .set({ name: fields.name, sort_order: fields.sortOrder })
    .where('id', '=', id)
    .execute();
}

export async function deleteMilestones(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('milestones')
    .where('id', 'in', [...ids])
    .execute();
}

export interface MilestoneStrategyValues {
  id: string;
  milestoneId: string;
  sortOrder: number;
  title: string | null;
  strategyName: string;
  parameters: Record<string, string>;
  constraints: Constraint[];
  variants: StrategyVariant[];
  segments: readonly number[];
  disabled: boolean;
}

/** A milestone strategy's columns but its id (JSON fields serialised for jsonb). */
function strategyColumns(strategy: MilestoneStrategyValues) {
  return {
    milestone_id: strategy.milestoneId,
    sort_order: strategy.sortOrder,
    title: strategy.title,
    strategy_name: strategy.strategyName,
    parameters: JSON.stringify(strategy.parameters),
    constraints: JSON.stringify(strategy.constraints),
    variants: JSON.stringify(strategy.variants),
    disabled: strategy.disabled,
  };
}

async function replaceStrategySegments(db: Queryable, strategyId: string, segments: readonly number[]) {
  await db
    .deleteFrom('milestone_strategy_segments')
    .where('milestone_strategy_id', '=', strategyId)
    .execute();
  const unique = [...new Set(segments)];
  if (unique.length === 0) return;
  await db
    .insertInto('milestone_strategy_segments')
    .values(unique.map((segmentId) => ({ milestone_strategy_id: strategyId, segment_id: segmentId })))
    .execute();
}

export async function insertMilestoneStrategy(
  db: Queryable,
  strategy: MilestoneStrategyValues,
): Promise<void> {
  await db
    .insertInto('milestone_strategies')
    .values({ id: strategy.id, ...strategyColumns(strategy) })
    .execute();
  await replaceStrategySegments(db, strategy.id, strategy.segments);
}

/** Rewrites a strategy's fields and segments (the caller merged the update into the stored values). */
export async function updateMilestoneStrategy(
  db: Queryable,
  strategy: MilestoneStrategyValues,
): Promise<void> {
  await db
    .updateTable('milestone_strategies')
    .set(strategyColumns(strategy))
    .where('id', '=', strategy.id)
    .execute();
  await replaceStrategySegments(db, strategy.id, strategy.segments);
}

export async function deleteMilestoneStrategies(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('milestone_strategies')
    .where('id', 'in', [...ids])
    .execute();
}
