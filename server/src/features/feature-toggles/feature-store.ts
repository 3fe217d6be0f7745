import { sql } from 'kysely';
import type {
  Constraint,
  FeatureStrategy,
  StrategyParameters,
  StrategyVariant,
  Variant,
} from '../../../contract';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';
import { constraintsWithDefaultValues } from '../constraints';

export interface FeatureRow {
  name: string;
  project: string;
  type: string;
  description: string | null;
  stale: boolean;
  potentiallyStale: boolean;
  impressionData: boolean;
  archivedAt: Date | null;
  createdAt: Date;
  createdBy: string | null;
  createdByUserId: number | null;
  lastSeenAt: Date | null;
}

export interface FeatureEnvironmentRow {
  environment: string;
  enabled: boolean;
  variants: Variant[];
  lastSeenAt: Date | null;
}

export interface StrategyRow {
  id: string;
  featureName: string;
  projectName: string;
  environment: string;
  strategyName: string;
  title: string | null;
  parameters: StrategyParameters;
  constraints: Constraint[];
  variants: StrategyVariant[];
  sortOrder: number;
  disabled: boolean;
  segments: number[];
  /** Set on strategies a started release-plan milestone put here (issue 14). */
  milestoneId?: string | null;
}

export const FLAG_EXISTS = 'A flag with that name already exists';
export const ARCHIVED_FLAG_EXISTS = 'An archived flag with that name already exists';

function selectFeature(db: Queryable) {
  return db
    .selectFrom('features')
    .select([
      'name',
      'project',
      'type',
      'description',
      'stale',
      'potentially_stale as potentiallyStale',
      'impression_data as impressionData',
      'archived_at as archivedAt',
      'created_at as createdAt',
      'created_by as createdBy',
      'created_by_user_id as createdByUserId',
      'last_seen_at as lastSeenAt',
    ]);
}

/** The flag as Unleash's events and write responses show it (featureSchema without relations). */
export function featureData(row: FeatureRow) {
  return {
    name: row.name,
    description: row.description,
    type: row.type,
    project: row.project,
    stale: row.stale,
    createdAt: row.createdAt.toISOString(),
    impressionData: row.impressionData,
    archived: row.archivedAt !== null,
    ...(row.archivedAt ? { archivedAt: row.archivedAt.toISOString() } : {}),
  };
}

export async function getFeature(db: Queryable, name: string, lock = false): Promise<FeatureRow | undefined> {
  let query = selectFeature(db).where('name', '=', name);
  if (lock) query = query.forNoKeyUpdate();
  return query.executeTakeFirst();
}

export async function getFeatures(db: Queryable, names: readonly string[]): Promise<FeatureRow[]> {
  if (names.length === 0) return [];
  return selectFeature(db)
    .where('name', 'in', [...names])
    .execute();
}

export async function insertFeature(
  db: Queryable,
  row: Omit<FeatureRow, 'createdAt' | 'archivedAt' | 'lastSeenAt' | 'potentiallyStale'>,
): Promise<void> {
  try {
    await db
      .insertInto('features')
      .values({
        name: row.name,
        project: row.project,
        type: row.type,
        description: row.description,
        stale: row.stale,
        impression_data: row.impressionData,
        created_by: row.createdBy,
        created_by_user_id: row.createdByUserId,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(FLAG_EXISTS);
    throw error;
  }
}

export async function updateFeatureRow(
  db: Queryable,
  name: string,
  changes: Partial<
    Pick<FeatureRow, 'description' | 'type' | 'stale' | 'impressionData' | 'archivedAt' | 'potentiallyStale'>
  >,
): Promise<void> {
  const set: Record<string, unknown> = {};
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.type !== undefined) set.type = changes.type;
  if (changes.stale !== undefined) set.stale = changes.stale;
  if (changes.impressionData !== undefined) set.impression_data = changes.impressionData;
  if (changes.archivedAt !== undefined) set.archived_at = changes.archivedAt;
  if (changes.potentiallyStale !== undefined) set.potentially_stale = changes.potentiallyStale;
  if (Object.keys(set).length === 0) return;
  await db.updateTable('features').set(set).where('name', '=', name).execute();
}

export async function deleteFeatureRow(db: Queryable, name: string): Promise<void> {
  await db.deleteFrom('features').where('name', '=', name).execute();
}

export async function getFeatureEnvironments(db: Queryable, name: string): Promise<FeatureEnvironmentRow[]> {
  const rows = await db
    .selectFrom('feature_environments')
    .select(['environment', 'enabled', 'variants', 'last_seen_at as lastSeenAt'])
    .where('feature_name', '=', name)
    .execute();
  return rows.map((row) => ({ ...row, variants: (row.variants as Variant[]) ?? [] }));
}

export async function getFeatureEnvironment(
  db: Queryable,
  name: string,
  environment: string,
): Promise<FeatureEnvironmentRow | undefined> {
  const row = await db
    .selectFrom('feature_environments')
    .select(['environment', 'enabled', 'variants', 'last_seen_at as lastSeenAt'])
    .where('feature_name', '=', name)
    .where('environment', '=', environment)
    .executeTakeFirst();
  return row ? { ...row, variants: (row.variants as Variant[]) ?? [] } : undefined;
}

export async function insertFeatureEnvironments(
  db: Queryable,
  name: string,
  environments: ReadonlyArray<{ environment: string; enabled?: boolean; variants?: Variant[] }>,
): Promise<void> {
  if (environments.length === 0) return;
  await db
    .insertInto('feature_environments')
    .values(
      environments.map((row) => ({
        feature_name: name,
        environment: row.environment,
        enabled: row.enabled ?? false,
        variants: JSON.stringify(row.variants ?? []),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function setFeatureEnvironmentEnabled(
  db: Queryable,
  name: string,
  environment: string,
  enabled: boolean,
): Promise<void> {
  await db
    .updateTable('feature_environments')
    .set({ enabled })
    .where('feature_name', '=', name)
    .where('environment', '=', environment)
    .execute();
}

export async function setFeatureEnvironmentVariants(
  db: Queryable,
  name: string,
  environment: string,
  variants: Variant[],
): Promise<void> {
  await db
    .updateTable('feature_environments')
    .set({ variants: JSON.stringify(variants) })
    .where('feature_name', '=', name)
    .where('environment', '=', environment)
    .execute();
}

function selectStrategies(db: Queryable) {
  return db
    .selectFrom('feature_strategies as fs')
    .select((eb) => [
      'fs.id',
      'fs.feature_name as featureName',
      'fs.project_name as projectName',
      'fs.environment',
      'fs.strategy_name as strategyName',
      'fs.title',
      'fs.parameters',
      'fs.constraints',
      'fs.variants',
      'fs.sort_order as sortOrder',
      'fs.disabled',
      'fs.milestone_id as milestoneId',
      eb
        .fn<number[]>('coalesce', [
          sql`(select array_agg(segment_id order by segment_id) from feature_strategy_segment fss where fss.feature_strategy_id = fs.id)`,
          sql`'{}'::int[]`,
        ])
        .as('segments'),
    ]);
}

type RawStrategy = Omit<StrategyRow, 'parameters' | 'constraints' | 'variants'> & {
  parameters: unknown;
  constraints: unknown;
  variants: unknown;
};

function toStrategyRow(raw: RawStrategy): StrategyRow {
  return {
    ...raw,
    parameters: (raw.parameters as StrategyParameters) ?? {},
    constraints: constraintsWithDefaultValues(raw.constraints),
    variants: (raw.variants as StrategyVariant[]) ?? [],
    segments: (raw.segments ?? []).map(Number),
  };
}

/** Sort order as Unleash sends it: release-plan milestone strategies first, then `sortOrder`, then id. */
export function compareStrategies(a: StrategyRow, b: StrategyRow): number {
  const milestoneFirst = Number(!a.milestoneId) - Number(!b.milestoneId);
  return milestoneFirst || a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export async function getStrategies(
  db: Queryable,
  featureName: string,
  environment?: string,
): Promise<StrategyRow[]> {
  let query = selectStrategies(db).where('fs.feature_name', '=', featureName);
  if (environment !== undefined) query = query.where('fs.environment', '=', environment);
  const rows = await query.execute();
  return rows.map(toStrategyRow).sort(compareStrategies);
}

export async function getStrategyById(db: Queryable, id: string): Promise<StrategyRow | undefined> {
  const row = await selectStrategies(db).where('fs.id', '=', id).executeTakeFirst();
  return row ? toStrategyRow(row) : undefined;
}

export async function insertStrategy(
  db: Queryable,
  row: StrategyRow,
  createdByUserId: number | null,
): Promise<void> {
  await db
    .insertInto('feature_strategies')
    .values({
      id: row.id,
      feature_name: row.featureName,
      project_name: row.projectName,
      environment: row.environment,
      strategy_name: row.strategyName,
      title: row.title,
      parameters: JSON.stringify(row.parameters),
      constraints: JSON.stringify(row.constraints),
      variants: JSON.stringify(row.variants),
      sort_order: row.sortOrder,
      disabled: row.disabled,
      created_by_user_id: createdByUserId,
    })
    .execute();
  await setStrategySegments(db, row.id, row.segments);
}

export async function updateStrategyRow(db: Queryable, row: StrategyRow): Promise<void> {
  await db
    .updateTable('feature_strategies')
    .set({
      strategy_name: row.strategyName,
      title: row.title,
      parameters: JSON.stringify(row.parameters),
      constraints: JSON.stringify(row.constraints),
      variants: JSON.stringify(row.variants),
      sort_order: row.sortOrder,
      disabled: row.disabled,
    })
    .where('id', '=', row.id)
    .execute();
}

export async function setStrategySortOrder(db: Queryable, id: string, sortOrder: number): Promise<void> {
  await db.updateTable('feature_strategies').set({ sort_order: sortOrder }).where('id', '=', id).execute();
}

export async function deleteStrategyRow(db: Queryable, id: string): Promise<void> {
  await db.deleteFrom('feature_strategies').where('id', '=', id).execute();
}

export async function setStrategySegments(
  db: Queryable,
  id: string,
  segmentIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('feature_strategy_segment').where('feature_strategy_id', '=', id).execute();
  if (segmentIds.length === 0) return;
  await db
    .insertInto('feature_strategy_segment')
    .values([...new Set(segmentIds)].map((segmentId) => ({ feature_strategy_id: id, segment_id: segmentId })))
    .execute();
}

/** A strategy as the admin API shows it. */
export function toFeatureStrategy(row: StrategyRow, withFeatureName = false): FeatureStrategy {
  return {
    id: row.id,
    name: row.strategyName,
    ...(withFeatureName ? { featureName: row.featureName } : {}),
    title: row.title,
    disabled: row.disabled,
    sortOrder: row.sortOrder,
    segments: row.segments,
    constraints: row.constraints,
    variants: row.variants,
    parameters: row.parameters,
  };
}

/** A strategy as the `feature-strategy-*` events record it. */
export function strategyEventData(row: StrategyRow) {
  return {
    id: row.id,
    name: row.strategyName,
    title: row.title,
    disabled: row.disabled,
    constraints: row.constraints,
    parameters: row.parameters,
    variants: row.variants,
    sortOrder: row.sortOrder,
    segments: row.segments,
  };
}
