import { sql } from 'kysely';
import type { Constraint, StrategyVariant } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { getProgressionsOfMilestones, type ProgressionRow } from './progression-store';

/**
 * The release-plan tables (migrations/20261125070000_release_plans.ts): templates and plans are
 * rows of `release_plan_definitions`, told apart by `discriminator`. Reads return whole records
 * (definition, ordered milestones, their ordered strategies with segments, progressions and
 * safeguards); release-plan-view.ts turns them into the wire schemas, release-plan-write-store.ts
 * writes the rows.
 */

export type Discriminator = 'template' | 'plan';

export interface MilestoneStrategyRecord {
  id: string;
  milestoneId: string;
  sortOrder: number;
  title: string | null;
  strategyName: string;
  parameters: Record<string, string>;
  constraints: Constraint[];
  variants: StrategyVariant[];
  segments: number[];
  disabled: boolean;
}

export type ProgressionRecord = ProgressionRow;

export interface MilestoneRecord {
  id: string;
  name: string;
  sortOrder: number;
  definitionId: string;
  startedAt: Date | null;
  strategies: MilestoneStrategyRecord[];
  /** The progression out of this milestone, if one is set. */
  progression: ProgressionRecord | null;
}

export interface SafeguardRecord {
  id: string;
  releasePlanId: string;
  actionType: string;
  impactMetricId: string;
  metricName: string;
  timeRange: 'hour' | 'day' | 'week' | 'month';
  aggregationMode: 'rps' | 'count' | 'avg' | 'sum' | 'p95' | 'p99' | 'p50';
  labelSelectors: Record<string, string[]>;
  metricSource: 'internal' | 'external';
  triggerOperator: '>' | '<';
  triggerThreshold: number;
  triggeredAt: Date | null;
}

export interface DefinitionRecord {
  id: string;
  discriminator: Discriminator;
  name: string;
  description: string | null;
  project: string | null;
  featureName: string | null;
  environment: string | null;
  createdByUserId: number;
  createdAt: Date;
  releasePlanTemplateId: string | null;
  activeMilestoneId: string | null;
  archivedAt: Date | null;
  milestones: MilestoneRecord[];
  safeguards: SafeguardRecord[];
}

export const TEMPLATE_NAME_EXISTS = 'A template with that name already exists';

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const asObject = <T extends object>(value: unknown): T =>
  (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}) as T;

function selectDefinitions(db: Queryable) {
  return db
    .selectFrom('release_plan_definitions')
    .select([
      'id',
      'discriminator',
      'name',
      'description',
      'project',
      'feature_name as featureName',
      'environment',
      'created_by_user_id as createdByUserId',
      'created_at as createdAt',
      'release_plan_template_id as releasePlanTemplateId',
      'active_milestone_id as activeMilestoneId',
      'archived_at as archivedAt',
    ]);
}
type DefinitionRow = Omit<DefinitionRecord, 'milestones' | 'safeguards'>;

/** A milestone's own row, without what hangs below it. */
export type MilestoneRow = Omit<MilestoneRecord, 'strategies' | 'progression'>;

/** The milestones of the given definitions (templates or plans), in display order. */
export async function readMilestones(
  db: Queryable,
  definitionIds: readonly string[],
): Promise<MilestoneRow[]> {
  if (definitionIds.length === 0) return [];
  const rows = await db
    .selectFrom('milestones')
    .select(['id', 'name', 'sort_order', 'release_plan_definition_id', 'started_at'])
    .where('release_plan_definition_id', 'in', definitionIds)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    sortOrder: row.sort_order,
    definitionId: row.release_plan_definition_id,
    startedAt: row.started_at,
  }));
}

/** The strategies of the given milestones with their segments, in display order. */
export async function readMilestoneStrategies(
  db: Queryable,
  milestoneIds: readonly string[],
): Promise<MilestoneStrategyRecord[]> {
  if (milestoneIds.length === 0) return [];
  const rows = await db
    .selectFrom('milestone_strategies as ms')
    .select([
      'ms.id',
      'ms.milestone_id',
      'ms.sort_order',
      'ms.title',
      'ms.strategy_name',
      'ms.parameters',
      'ms.constraints',
      'ms.variants',
      'ms.disabled',
      sql<number[]>`coalesce((select array_agg(mss.segment_id order by mss.segment_id)
        from milestone_strategy_segments mss where mss.milestone_strategy_id = ms.id), '{}'::int[])`.as(
        'segments',
      ),
    ])
    .where('ms.milestone_id', 'in', milestoneIds)
    .orderBy('ms.sort_order')
    .orderBy('ms.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    milestoneId: row.milestone_id,
    sortOrder: row.sort_order,
    title: row.title,
    strategyName: row.strategy_name,
    parameters: asObject(row.parameters),
    constraints: asArray(row.constraints),
    variants: asArray(row.variants),
    segments: (row.segments ?? []).map(Number),
    disabled: row.disabled ?? false,
  }));
}

/** Milestones, strategies, progressions and safeguards of the given definitions, in display order. */
async function attachChildren(db: Queryable, rows: DefinitionRow[]): Promise<DefinitionRecord[]> {
  if (rows.length === 0) return [];
  const definitionIds = rows.map((row) => row.id);
  const milestones = await readMilestones(db, definitionIds);
  const milestoneIds = milestones.map((milestone) => milestone.id);
  const [strategies, progressions, safeguards] = await Promise.all([
    readMilestoneStrategies(db, milestoneIds),
    getProgressionsOfMilestones(db, milestoneIds),
    db
      .selectFrom('safeguards')
      .selectAll()
      .where('release_plan_id', 'in', definitionIds)
      .orderBy('id')
      .execute(),
  ]);

  const strategiesByMilestone = new Map<string, MilestoneStrategyRecord[]>();
  for (const strategy of strategies) {
    const list = strategiesByMilestone.get(strategy.milestoneId) ?? [];
    list.push(strategy);
    strategiesByMilestone.set(strategy.milestoneId, list);
  }
  const progressionBySource = new Map<string, ProgressionRecord>(
    progressions.map((progression) => [progression.sourceMilestone, progression]),
  );
  const milestonesByDefinition = new Map<string, MilestoneRecord[]>();
  for (const milestone of milestones) {
    const list = milestonesByDefinition.get(milestone.definitionId) ?? [];
    list.push({
      ...milestone,
      strategies: strategiesByMilestone.get(milestone.id) ?? [],
      progression: progressionBySource.get(milestone.id) ?? null,
    });
    milestonesByDefinition.set(milestone.definitionId, list);
  }
  const safeguardsByPlan = new Map<string, SafeguardRecord[]>();
  for (const row of safeguards) {
    const list = safeguardsByPlan.get(row.release_plan_id) ?? [];
    list.push({
      id: row.id,
      releasePlanId: row.release_plan_id,
      actionType: row.action_type,
      impactMetricId: row.impact_metric_id,
      metricName: row.metric_name,
      timeRange: row.time_range,
      aggregationMode: row.aggregation_mode,
      labelSelectors: asObject(row.label_selectors),
      metricSource: row.metric_source,
      triggerOperator: row.trigger_operator,
      triggerThreshold: row.trigger_threshold,
      triggeredAt: row.triggered_at,
    });
    safeguardsByPlan.set(row.release_plan_id, list);
  }
  return rows.map((row) => ({
    ...row,
    milestones: milestonesByDefinition.get(row.id) ?? [],
    safeguards: safeguardsByPlan.get(row.id) ?? [],
  }));
}

/**
 * One template or plan with everything below it; undefined when no definition of that kind has
 * the id. `lock` takes FOR UPDATE on the definition row, serialising writers of one definition.
 */
export async function getDefinition(
  db: Queryable,
  id: string,
  discriminator: Discriminator,
  options: { lock?: boolean } = {},
): Promise<DefinitionRecord | undefined> {
  let query = selectDefinitions(db).where('id', '=', id).where('discriminator', '=', discriminator);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const [record] = await attachChildren(db, [row]);
  return record;
}

/** Templates not archived, oldest first (Unleash's list order is by creation). */
export async function listTemplates(db: Queryable): Promise<DefinitionRecord[]> {
  const rows = await selectDefinitions(db)
    .where('discriminator', '=', 'template')
    .where('archived_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return attachChildren(db, rows);
}

/** The plans of one flag environment. */
export async function listPlansForFeatureEnvironment(
  db: Queryable,
  featureName: string,
  environment: string,
): Promise<DefinitionRecord[]> {
  const rows = await selectDefinitions(db)
    .where('discriminator', '=', 'plan')
    .where('feature_name', '=', featureName)
    .where('environment', '=', environment)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return attachChildren(db, rows);
}

/** The plans of one flag, in every environment (the admin flag view lists them per environment). */
export async function listPlansOfFeature(db: Queryable, featureName: string): Promise<DefinitionRecord[]> {
  const rows = await selectDefinitions(db)
    .where('discriminator', '=', 'plan')
    .where('feature_name', '=', featureName)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return attachChildren(db, rows);
}

/** The id of a template not archived with this name, if any (names are unique among those). */
export async function findActiveTemplateIdByName(db: Queryable, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('release_plan_definitions')
    .select('id')
    .where('discriminator', '=', 'template')
    .where('archived_at', 'is', null)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.id;
}
