import type { CreateFeatureStrategy, Tag, Variant } from '../../../contract';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';
import { ulid } from '../../lib/ulid';
import { exceedsLimit } from '../constraints';
import { type Actor, eventRow, type NewEvent } from '../events';
import { getProjectEnvironments } from '../projects';
import {
  ARCHIVED_FLAG_EXISTS,
  type FeatureRow,
  FLAG_EXISTS,
  featureData,
  type StrategyRow,
  strategyEventData,
} from './feature-store';
import {
  activeProject,
  checkNewFeatureNameShape,
  checkStrategyContent,
  event,
  STRATEGY_LIMITS,
} from './operation-checks';
import { stringifyParameters, withFlexibleRolloutDefaults } from './strategy-rules';
import { normaliseVariants, validateVariantShapes } from './variant-rules';

/**
 * Many new flags at once (imports, issue 18): the rows and events `create-feature`, `add-strategy`,
 * `set-environment-variants`, `set-feature-environment-enabled` and `update-feature-tags` would
 * write one flag at a time, written in multi-row statements inside the caller's transaction. The
 * same checks run (names, the project's pattern and limit, strategy content once per distinct
 * content); what one-by-one creation would do differently (an environment switched on without an
 * active strategy gets the project's default strategy) is left to the one-by-one operations:
 * `canCreateInBulk` says which flags qualify.
 */

export interface BulkNewFeature {
  name: string;
  type: string;
  description: string | null;
  impressionData: boolean;
  /** The target environment: on/off, variants, strategies in order. */
  enabled: boolean;
  variants: Variant[];
  strategies: CreateFeatureStrategy[];
  tags: Tag[];
}

/** Whether a new flag's creation in bulk writes exactly what the one-by-one operations would. */
export function canCreateInBulk(feature: Pick<BulkNewFeature, 'enabled' | 'strategies'>): boolean {
  return !feature.enabled || feature.strategies.some((strategy) => !strategy.disabled);
}

const CHUNK = 500;

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

async function insertEvents(db: Queryable, events: readonly NewEvent[]): Promise<void> {
  await insertChunked(events, (chunk) =>
    db
      .insertInto('events')
      .values(chunk.map((item) => eventRow(db, { ...item, tags: item.tags ?? [] })))
      .execute(),
  );
}

const contentKey = (strategy: CreateFeatureStrategy) =>
  JSON.stringify([
    strategy.name,
    strategy.constraints ?? [],
    strategy.variants ?? [],
    strategy.segments ?? [],
  ]);

export async function createFeaturesInBulk(
  db: Queryable,
  input: { project: string; environment: string; features: readonly BulkNewFeature[] },
  actor: Actor,
): Promise<void> {
  if (input.features.length === 0) return;
  const project = await activeProject(db, input.project);
  for (const feature of input.features) checkNewFeatureNameShape(feature.name, project);
  const names = input.features.map((feature) => feature.name);
  const taken = await db
    .selectFrom('features')
    .select(['name', 'archived_at'])
    .where('name', 'in', names)
    .execute();
  if (taken[0]) throw nameExists(taken[0].archived_at ? ARCHIVED_FLAG_EXISTS : FLAG_EXISTS);
  if (project.featureLimit !== null) {
    const row = await db
      .selectFrom('features')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('project', '=', project.id)
      .where('archived_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(row.count) + names.length > project.featureLimit) {
      throw exceedsLimit('feature flag', project.featureLimit);
    }
  }
  const environments = (await getProjectEnvironments(db, input.project)).map((row) => row.environment);
  // Strategy content is checked once per distinct content (types, constraints, segments, variants).
  const checked = new Map<string, StrategyRow['variants']>();
  for (const feature of input.features) {
    if (feature.strategies.length > STRATEGY_LIMITS.strategiesPerEnvironment) {
      throw exceedsLimit('strategy', STRATEGY_LIMITS.strategiesPerEnvironment);
    }
    for (const strategy of feature.strategies) {
      const key = contentKey(strategy);
      if (checked.has(key)) continue;
      const variants = await checkStrategyContent(
        db,
        { project: input.project },
        {
          name: strategy.name,
          constraints: strategy.constraints ?? [],
          variants: strategy.variants ?? [],
          segments: strategy.segments ?? [],
        },
      );
      checked.set(key, variants);
    }
    validateVariantShapes(feature.variants);
  }
  const now = new Date();
  const rows: FeatureRow[] = input.features.map((feature) => ({
    name: feature.name,
    project: input.project,
    type: feature.type,
    description: feature.description,
    stale: false,
    potentiallyStale: false,
    impressionData: feature.impressionData,
    archivedAt: null,
    createdAt: now,
    createdBy: actor.name,
    createdByUserId: actor.userId,
    lastSeenAt: null,
  }));
  try {
    await insertChunked(rows, (chunk) =>
      db
        .insertInto('features')
        .values(
          chunk.map((row) => ({
            name: row.name,
            project: row.project,
            type: row.type,
            description: row.description,
            stale: false,
            impression_data: row.impressionData,
            created_by: row.createdBy,
            created_by_user_id: row.createdByUserId,
            created_at: now,
          })),
        )
        .execute(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(FLAG_EXISTS);
    throw error;
  }
  const events: NewEvent[] = rows.map((row) =>
    event(actor, row, { type: 'feature-created', data: featureData(row) }),
  );
  const environmentRows = input.features.flatMap((feature) =>
    environments.map((environment) => {
      const target = environment === input.environment;
      return {
        feature_name: feature.name,
        environment,
        enabled: target && feature.enabled,
        variants: JSON.stringify(target ? normaliseVariants(feature.variants) : []),
      };
    }),
  );
  await insertChunked(environmentRows, (chunk) =>
    db.insertInto('feature_environments').values(chunk).execute(),
  );
  await insertChunked(names, (chunk) =>
    db
      .insertInto('feature_lifecycles')
      .values(chunk.map((feature) => ({ feature, stage: 'initial' })))
      .onConflict((oc) => oc.columns(['feature', 'stage']).doNothing())
      .execute(),
  );
  const tagEvents = await tagNewFeatures(db, rows, input.features, actor);
  const strategies: StrategyRow[] = [];
  for (const [index, feature] of input.features.entries()) {
    const row = rows[index]!;
    for (const [position, strategy] of feature.strategies.entries()) {
      const stored: StrategyRow = {
        id: ulid(),
        featureName: feature.name,
        projectName: input.project,
        environment: input.environment,
        strategyName: strategy.name,
        title: strategy.title ?? null,
        parameters: withFlexibleRolloutDefaults(strategy.name, stringifyParameters(strategy.parameters), {
          featureName: feature.name,
          stickiness: project.defaultStickiness,
        }),
        constraints: strategy.constraints ?? [],
        variants: checked.get(contentKey(strategy)) ?? [],
        sortOrder: strategy.sortOrder ?? position,
        disabled: strategy.disabled ?? false,
        segments: [...new Set(strategy.segments ?? [])].sort((a, b) => a - b),
      };
      strategies.push(stored);
      events.push(
        event(actor, row, {
          type: 'feature-strategy-add',
          environment: input.environment,
          data: strategyEventData(stored),
        }),
      );
    }
  }
  await insertChunked(strategies, (chunk) =>
    db
      .insertInto('feature_strategies')
      .values(
        chunk.map((row) => ({
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
          created_by_user_id: actor.userId,
        })),
      )
      .execute(),
  );
  const links = strategies.flatMap((row) =>
    row.segments.map((segment_id) => ({ feature_strategy_id: row.id, segment_id })),
  );
  await insertChunked(links, (chunk) => db.insertInto('feature_strategy_segment').values(chunk).execute());
  for (const [index, feature] of input.features.entries()) {
    const row = rows[index]!;
    if (feature.variants.length) {
      events.push(
        event(actor, row, {
          type: 'feature-environment-variants-updated',
          environment: input.environment,
          data: { variants: normaliseVariants(feature.variants) },
          preData: { variants: [] },
        }),
      );
    }
    if (feature.enabled)
      events.push(event(actor, row, { type: 'feature-environment-enabled', environment: input.environment }));
  }
  await insertEvents(db, [...events, ...tagEvents]);
}

/** Tags the new flags (creating missing tags, as tagging one flag does); answers their events. */
async function tagNewFeatures(
  db: Queryable,
  rows: readonly FeatureRow[],
  features: readonly BulkNewFeature[],
  actor: Actor,
): Promise<NewEvent[]> {
  const pairs = features.flatMap((feature, index) =>
    feature.tags.map((tag) => ({ row: rows[index]!, tag: { type: tag.type, value: tag.value } })),
  );
  if (pairs.length === 0) return [];
  const distinct = [...new Map(pairs.map(({ tag }) => [`${tag.type}:${tag.value}`, tag])).values()];
  const events: NewEvent[] = [];
  for (const tag of distinct) {
    const inserted = await db
      .insertInto('tags')
      .values({ type: tag.type, value: tag.value })
      .onConflict((oc) => oc.doNothing())
      .returning('value')
      .executeTakeFirst();
    if (inserted)
      events.push({ type: 'tag-created', createdBy: actor.name, createdByUserId: actor.userId, data: tag });
  }
  const unique = [
    ...new Map(pairs.map((pair) => [`${pair.row.name}:${pair.tag.type}:${pair.tag.value}`, pair])).values(),
  ];
  await insertChunked(unique, (chunk) =>
    db
      .insertInto('feature_tag')
      .values(
        chunk.map(({ row, tag }) => ({
          feature_name: row.name,
          tag_type: tag.type,
          tag_value: tag.value,
          created_by_user_id: actor.userId,
        })),
      )
      .execute(),
  );
  for (const { row, tag } of unique) {
    events.push(event(actor, row, { type: 'feature-tagged', tags: [tag], data: tag }));
  }
  return events;
}
