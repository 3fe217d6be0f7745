import type { CreateFeatureStrategy } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/errors';
import { ulid } from '../../lib/ulid';
import { exceedsLimit, withDefaultValues } from '../constraints';
import { type Actor, appendEvent } from '../events';
import {
  type FeatureRow,
  getFeatureEnvironment,
  getStrategies,
  getStrategyById,
  insertStrategy,
  type StrategyRow,
  setFeatureEnvironmentEnabled,
  strategyEventData,
} from './feature-store';
import {
  checkStrategyContent,
  event,
  lockFeature,
  STRATEGY_LIMITS,
  strategyNotFound,
} from './operation-checks';
import { stringifyParameters, withFlexibleRolloutDefaults } from './strategy-rules';

/** The strategy writes and locks shared by the environment and strategy operations. */

export async function insertNewStrategy(
  db: Queryable,
  actor: Actor,
  feature: FeatureRow,
  environment: string,
  input: CreateFeatureStrategy,
  stickiness: string,
): Promise<StrategyRow> {
  const existing = await getStrategies(db, feature.name, environment);
  if (existing.length >= STRATEGY_LIMITS.strategiesPerEnvironment) {
    throw exceedsLimit('strategy', STRATEGY_LIMITS.strategiesPerEnvironment);
  }
  const segments = input.segments ?? [];
  const variants = await checkStrategyContent(db, feature, {
    name: input.name,
    constraints: input.constraints ?? [],
    variants: input.variants ?? [],
    segments,
  });
  const row: StrategyRow = {
    id: ulid(),
    featureName: feature.name,
    projectName: feature.project,
    environment,
    strategyName: input.name,
    title: input.title ?? null,
    parameters: withFlexibleRolloutDefaults(input.name, stringifyParameters(input.parameters), {
      featureName: feature.name,
      stickiness,
    }),
    constraints: (input.constraints ?? []).map(withDefaultValues),
    variants,
    sortOrder: input.sortOrder ?? (existing.length ? Math.max(...existing.map((s) => s.sortOrder)) + 1 : 0),
    disabled: input.disabled ?? false,
    segments: [...new Set(segments)].sort((a, b) => a - b),
  };
  await insertStrategy(db, row, actor.userId);
  await appendEvent(
    db,
    event(actor, feature, { type: 'feature-strategy-add', environment, data: strategyEventData(row) }),
  );
  return row;
}

/** Unleash turns an environment off when its last enabled strategy goes (API.md §6.2, measured). */
export async function disableWhenNoEnabledStrategies(
  db: Queryable,
  actor: Actor,
  feature: FeatureRow,
  environment: string,
) {
  const state = await getFeatureEnvironment(db, feature.name, environment);
  if (!state?.enabled) return;
  const strategies = await getStrategies(db, feature.name, environment);
  if (strategies.some((strategy) => !strategy.disabled)) return;
  await setFeatureEnvironmentEnabled(db, feature.name, environment, false);
  await appendEvent(db, event(actor, feature, { type: 'feature-environment-disabled', environment }));
}

export async function lockStrategy(
  db: Queryable,
  project: string,
  featureName: string,
  environment: string,
  strategyId: string,
): Promise<{ feature: FeatureRow; strategy: StrategyRow }> {
  const feature = await lockFeature(db, project, featureName);
  const strategy = await getStrategyById(db, strategyId);
  if (!strategy || strategy.featureName !== featureName || strategy.environment !== environment) {
    throw strategyNotFound(strategyId);
  }
  return { feature, strategy };
}

export async function requireFeatureEnvironment(db: Queryable, feature: FeatureRow, environment: string) {
  const state = await getFeatureEnvironment(db, feature.name, environment);
  if (!state) throw notFound(`Could not find environment ${environment} for feature: ${feature.name}`);
  return state;
}
