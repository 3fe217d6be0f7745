import type { Queryable } from '../../db/queryable';
import { invalidRequest } from '../../lib/validation-errors';
import { withDefaultValues } from '../constraints';
import { type Actor, appendEvent } from '../events';
import { getProject } from '../projects';
import type { FlagEnvironmentExtensions } from './environment-extensions';
import { setEnvironmentEnabled, setEnvironmentVariants } from './environment-operations';
import type {
  FeatureOperationOf,
  FeatureOperationResults,
  StrategyOperation,
  StrategyOperationKind,
} from './feature-operation-types';
import {
  compareStrategies,
  deleteStrategyRow,
  getStrategies,
  getStrategyById,
  type StrategyRow,
  setStrategySegments,
  setStrategySortOrder,
  strategyEventData,
  toFeatureStrategy,
  updateStrategyRow,
} from './feature-store';
import {
  checkSegments,
  checkStrategyContent,
  event,
  lockFeature,
  requireProjectEnvironment,
  strategyNotFound,
} from './operation-checks';
import { stringifyParameters } from './strategy-rules';
import { disableWhenNoEnabledStrategies, insertNewStrategy, lockStrategy } from './strategy-writes';

/**
 * The operations on a flag's environments (on/off, strategies, variants), applied inside the
 * caller's transaction under the flag's row lock, with their events: one handler per kind in
 * `HANDLERS`; the environment's own state in environment-operations.ts.
 */

type Handler<K extends StrategyOperationKind> = (
  db: Queryable,
  op: FeatureOperationOf<K>,
  actor: Actor,
  extensions: FlagEnvironmentExtensions | null,
) => Promise<FeatureOperationResults[K]>;

async function addStrategy(db: Queryable, op: FeatureOperationOf<'add-strategy'>, actor: Actor) {
  const feature = await lockFeature(db, op.project, op.featureName);
  await requireProjectEnvironment(db, op.project, op.environment);
  const project = await getProject(db, op.project);
  const row = await insertNewStrategy(
    db,
    actor,
    feature,
    op.environment,
    op.strategy,
    project?.defaultStickiness ?? 'default',
  );
  return toFeatureStrategy(row);
}

async function updateStrategy(db: Queryable, op: FeatureOperationOf<'update-strategy'>, actor: Actor) {
  const { feature, strategy: before } = await lockStrategy(
    db,
    op.project,
    op.featureName,
    op.environment,
    op.strategyId,
  );
  const input = op.strategy;
  const name = input.name ?? before.strategyName;
  const segments = input.segments ?? before.segments;
  const variants = await checkStrategyContent(db, feature, {
    name,
    constraints: input.constraints ?? [],
    variants: input.variants ?? [],
    segments,
  });
  // A PUT replaces the strategy's content; its position and segments stay unless given.
  const after: StrategyRow = {
    ...before,
    strategyName: name,
    title: input.title === undefined ? before.title : input.title,
    parameters: stringifyParameters(input.parameters),
    constraints: (input.constraints ?? []).map(withDefaultValues),
    variants,
    sortOrder: input.sortOrder ?? before.sortOrder,
    disabled: input.disabled ?? false,
    segments: [...new Set(segments)].sort((a, b) => a - b),
  };
  await updateStrategyRow(db, after);
  if (input.segments !== undefined) await setStrategySegments(db, after.id, after.segments);
  await appendEvent(
    db,
    event(actor, feature, {
      type: 'feature-strategy-update',
      environment: op.environment,
      data: strategyEventData(after),
      preData: strategyEventData(before),
    }),
  );
  await disableWhenNoEnabledStrategies(db, actor, feature, op.environment);
  return toFeatureStrategy(after);
}

async function deleteStrategy(
  db: Queryable,
  op: FeatureOperationOf<'delete-strategy'>,
  actor: Actor,
): Promise<undefined> {
  const { feature, strategy } = await lockStrategy(
    db,
    op.project,
    op.featureName,
    op.environment,
    op.strategyId,
  );
  await deleteStrategyRow(db, strategy.id);
  await disableWhenNoEnabledStrategies(db, actor, feature, op.environment);
  await appendEvent(
    db,
    event(actor, feature, {
      type: 'feature-strategy-remove',
      environment: op.environment,
      preData: strategyEventData(strategy),
    }),
  );
  return undefined;
}

async function reorderStrategies(
  db: Queryable,
  op: FeatureOperationOf<'reorder-strategies'>,
  actor: Actor,
): Promise<undefined> {
  const feature = await lockFeature(db, op.project, op.featureName);
  const before = await getStrategies(db, feature.name, op.environment);
  const ids = new Set(before.map((row) => row.id));
  if (op.order.some((item) => !ids.has(item.id))) {
    throw invalidRequest('trying to change strategies for environment via update sortOrder');
  }
  const sortOrders = new Map(op.order.map((item) => [item.id, item.sortOrder]));
  const after = before.map((row) => ({ ...row, sortOrder: sortOrders.get(row.id) ?? row.sortOrder }));
  for (const row of after) {
    if (sortOrders.has(row.id)) await setStrategySortOrder(db, row.id, row.sortOrder);
  }
  const orderBefore = [...before].sort(compareStrategies).map((row) => row.id);
  const orderAfter = [...after].sort(compareStrategies).map((row) => row.id);
  // Unleash 8.2 records nothing when the strategies keep their order, whatever their new
  // sortOrder numbers (checked on the reference, issue 31 §4).
  if (orderAfter.every((id, index) => id === orderBefore[index])) return undefined;
  await appendEvent(
    db,
    event(actor, feature, {
      type: 'strategy-order-changed',
      environment: op.environment,
      data: { strategyIds: orderAfter },
      preData: { strategyIds: orderBefore },
    }),
  );
  return undefined;
}

async function setSegmentsOfStrategy(
  db: Queryable,
  op: FeatureOperationOf<'set-strategy-segments'>,
  actor: Actor,
) {
  const found = await getStrategyById(db, op.strategyId);
  if (!found || found.environment !== op.environment || found.projectName !== op.project) {
    throw strategyNotFound(op.strategyId);
  }
  const { feature, strategy: before } = await lockStrategy(
    db,
    op.project,
    found.featureName,
    op.environment,
    op.strategyId,
  );
  await checkSegments(db, op.segmentIds, feature.project);
  const after = { ...before, segments: [...new Set(op.segmentIds)].sort((a, b) => a - b) };
  await setStrategySegments(db, after.id, after.segments);
  await appendEvent(
    db,
    event(actor, feature, {
      type: 'feature-strategy-update',
      environment: op.environment,
      data: strategyEventData(after),
      preData: strategyEventData(before),
    }),
  );
  return toFeatureStrategy(after);
}

const HANDLERS: { [K in StrategyOperationKind]: Handler<K> } = {
  'set-feature-environment-enabled': setEnvironmentEnabled,
  'add-strategy': addStrategy,
  'update-strategy': updateStrategy,
  'delete-strategy': deleteStrategy,
  'reorder-strategies': reorderStrategies,
  'set-strategy-segments': setSegmentsOfStrategy,
  'set-environment-variants': setEnvironmentVariants,
};

/**
 * Applies an environment, strategy or variant operation: the handler of its kind. `extensions`:
 * what release plans add when an environment is switched on (environment-extensions.ts).
 */
export async function applyStrategyOperation<O extends StrategyOperation>(
  db: Queryable,
  op: O,
  actor: Actor,
  extensions: FlagEnvironmentExtensions | null,
): Promise<FeatureOperationResults[O['kind']]> {
  const handler = HANDLERS[op.kind] as Handler<StrategyOperationKind>;
  return (await handler(db, op as never, actor, extensions)) as FeatureOperationResults[O['kind']];
}
