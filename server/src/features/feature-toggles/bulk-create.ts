import type { CreateFeatureStrategy, Tag, Variant } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';
import { ulid } from '../../lib/ulid';
import { exceedsLimit } from '../constraints';
import type { Actor, NewEvent } from '../events';
import { getProjectEnvironments, type ProjectRow } from '../projects';
import {
  insertEventsInBulk,
  insertFeatureEnvironmentsInBulk,
  insertFeaturesInBulk,
  insertFeatureTagsInBulk,
  insertInitialStagesInBulk,
  insertStrategiesInBulk,
  insertTagIfMissing,
  listTakenNames,
} from './bulk-create-store';
import { countActiveFeatures } from './feature-relation-store';
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

type BulkInput = { project: string; environment: string; features: readonly BulkNewFeature[] };
/** Each distinct strategy content's checked variants, by `contentKey`. */
type CheckedContent = Map<string, StrategyRow['variants']>;

const contentKey = (strategy: CreateFeatureStrategy) =>
  JSON.stringify([
    strategy.name,
    strategy.constraints ?? [],
    strategy.variants ?? [],
    strategy.segments ?? [],
  ]);

/** The names are free and fit the project's pattern, and the flags fit its limit. */
async function checkNewNames(db: Queryable, project: ProjectRow, features: readonly BulkNewFeature[]) {
  for (const feature of features) checkNewFeatureNameShape(feature.name, project);
  const names = features.map((feature) => feature.name);
  const taken = await listTakenNames(db, names);
  if (taken[0]) throw nameExists(taken[0].archived_at ? ARCHIVED_FLAG_EXISTS : FLAG_EXISTS);
  if (project.featureLimit !== null) {
    if ((await countActiveFeatures(db, project.id)) + names.length > project.featureLimit) {
      throw exceedsLimit('feature flag', project.featureLimit);
    }
  }
}

/** Strategy content is checked once per distinct content (types, constraints, segments, variants). */
async function checkContent(db: Queryable, input: BulkInput): Promise<CheckedContent> {
  const checked: CheckedContent = new Map();
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
  return checked;
}

function featureRows(input: BulkInput, actor: Actor, now: Date): FeatureRow[] {
  return input.features.map((feature) => ({
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
}

/** Every project environment of every flag: the target one with its state and variants, the others off. */
async function insertEnvironments(db: Queryable, input: BulkInput): Promise<void> {
  const environments = (await getProjectEnvironments(db, input.project)).map((row) => row.environment);
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
  await insertFeatureEnvironmentsInBulk(db, environmentRows);
}

/** The strategies of the target environment, in order, with their `feature-strategy-add` events. */
function strategyRows(
  input: BulkInput,
  rows: readonly FeatureRow[],
  project: ProjectRow,
  checked: CheckedContent,
  actor: Actor,
): { strategies: StrategyRow[]; events: NewEvent[] } {
  const strategies: StrategyRow[] = [];
  const events: NewEvent[] = [];
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
  return { strategies, events };
}

/** The variants and on events of the target environment. */
function environmentEvents(input: BulkInput, rows: readonly FeatureRow[], actor: Actor): NewEvent[] {
  const events: NewEvent[] = [];
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
  return events;
}

export async function createFeaturesInBulk(db: Queryable, input: BulkInput, actor: Actor): Promise<void> {
  if (input.features.length === 0) return;
  const project = await activeProject(db, input.project);
  await checkNewNames(db, project, input.features);
  const checked = await checkContent(db, input);
  const now = new Date();
  const rows = featureRows(input, actor, now);
  await insertFeaturesInBulk(db, rows, now);
  const events: NewEvent[] = rows.map((row) =>
    event(actor, row, { type: 'feature-created', data: featureData(row) }),
  );
  await insertEnvironments(db, input);
  await insertInitialStagesInBulk(
    db,
    input.features.map((feature) => feature.name),
  );
  const tagEvents = await tagNewFeatures(db, rows, input.features, actor);
  const { strategies, events: strategyEvents } = strategyRows(input, rows, project, checked, actor);
  await insertStrategiesInBulk(db, strategies, actor.userId);
  events.push(...strategyEvents, ...environmentEvents(input, rows, actor));
  await insertEventsInBulk(db, [...events, ...tagEvents]);
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
    if (await insertTagIfMissing(db, tag))
      events.push({ type: 'tag-created', createdBy: actor.name, createdByUserId: actor.userId, data: tag });
  }
  const unique = [
    ...new Map(pairs.map((pair) => [`${pair.row.name}:${pair.tag.type}:${pair.tag.value}`, pair])).values(),
  ];
  await insertFeatureTagsInBulk(
    db,
    unique.map(({ row, tag }) => ({ featureName: row.name, tag })),
    actor.userId,
  );
  for (const { row, tag } of unique) {
    events.push(event(actor, row, { type: 'feature-tagged', tags: [tag], data: tag }));
  }
  return events;
}
