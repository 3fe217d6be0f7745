import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { ApiError } from '../../lib/errors';
import {
  applyContextFieldOperation,
  CONTEXT_FIELD_OPERATION_KINDS,
  type ContextFieldOperation,
  type ContextFieldOperationResults,
} from '../context-fields';
import {
  applyDependencyOperation,
  DEPENDENCY_OPERATION_KINDS,
  type DependencyOperation,
  type DependencyOperationResults,
} from '../dependencies';
import {
  applyEnvironmentOperation,
  ENVIRONMENT_OPERATION_KINDS,
  type EnvironmentOperation,
  type EnvironmentOperationResults,
} from '../environments';
import type { Actor } from '../events';
import {
  applyExperimentOperation,
  EXPERIMENT_OPERATION_KINDS,
  type ExperimentOperation,
  type ExperimentOperationResults,
} from '../experiments';
import {
  applyFeatureOperation,
  FEATURE_OPERATION_KINDS,
  type FeatureOperation,
  type FeatureOperationResults,
} from '../feature-toggles';
import {
  applyFeatureTypeOperation,
  FEATURE_TYPE_OPERATION_KINDS,
  type FeatureTypeOperation,
  type FeatureTypeOperationResults,
} from '../feature-types';
import {
  applyProjectOperation,
  PROJECT_OPERATION_KINDS,
  type ProjectOperation,
  type ProjectOperationResults,
} from '../projects';
import {
  applyReleasePlanOperation,
  RELEASE_PLAN_OPERATION_KINDS,
  type ReleasePlanOperation,
  type ReleasePlanOperationResults,
  releasePlanEnvironmentExtensions,
} from '../release-plans';
import {
  applySegmentOperation,
  SEGMENT_OPERATION_KINDS,
  type SegmentOperation,
  type SegmentOperationResults,
} from '../segments';
import {
  applyStrategyOperation,
  STRATEGY_OPERATION_KINDS,
  type StrategyOperation,
  type StrategyOperationResults,
} from '../strategies';
import { applyTagOperation, TAG_OPERATION_KINDS, type TagOperation, type TagOperationResults } from '../tags';

/**
 * Every change the admin API can make to the flag model, as one serialisable union. Change
 * requests and scheduled releases store these and later apply them, in order and in one
 * transaction, with `applyAdminOperations`; the REST routes apply the very same operations.
 */
export type AdminOperation =
  | FeatureOperation
  | DependencyOperation
  | TagOperation
  | SegmentOperation
  | ProjectOperation
  | EnvironmentOperation
  | ContextFieldOperation
  | StrategyOperation
  | FeatureTypeOperation
  | ReleasePlanOperation
  | ExperimentOperation;

export type AdminOperationResults = FeatureOperationResults &
  DependencyOperationResults &
  TagOperationResults &
  SegmentOperationResults &
  ProjectOperationResults &
  EnvironmentOperationResults &
  ContextFieldOperationResults &
  StrategyOperationResults &
  FeatureTypeOperationResults &
  ReleasePlanOperationResults &
  ExperimentOperationResults;

type Applier = (db: Queryable, operation: never, actor: Actor) => Promise<unknown>;

const APPLIERS: ReadonlyArray<[ReadonlySet<string>, Applier]> = [
  // Release plans extend a flag's environments (issue 31 §3): the flag domain takes them as a parameter.
  [
    FEATURE_OPERATION_KINDS,
    ((db: Queryable, operation: FeatureOperation, actor: Actor) =>
      applyFeatureOperation(db, operation, actor, releasePlanEnvironmentExtensions)) as Applier,
  ],
  [DEPENDENCY_OPERATION_KINDS, applyDependencyOperation as Applier],
  [TAG_OPERATION_KINDS, applyTagOperation as Applier],
  [SEGMENT_OPERATION_KINDS, applySegmentOperation as Applier],
  [PROJECT_OPERATION_KINDS, applyProjectOperation as Applier],
  [ENVIRONMENT_OPERATION_KINDS, applyEnvironmentOperation as Applier],
  [CONTEXT_FIELD_OPERATION_KINDS, applyContextFieldOperation as Applier],
  [STRATEGY_OPERATION_KINDS, applyStrategyOperation as Applier],
  [FEATURE_TYPE_OPERATION_KINDS, applyFeatureTypeOperation as Applier],
  [RELEASE_PLAN_OPERATION_KINDS, applyReleasePlanOperation as Applier],
  // Experiments on a flag (issue 35 §3): change requests start and stop them.
  [
    EXPERIMENT_OPERATION_KINDS,
    ((db: Queryable, operation: ExperimentOperation, actor: Actor) =>
      applyExperimentOperation(db, operation, actor)) as Applier,
  ],
];

/** The kinds of every admin operation, for validating stored operations before applying them. */
export const ADMIN_OPERATION_KINDS: ReadonlySet<string> = new Set(APPLIERS.flatMap(([kinds]) => [...kinds]));

/** Applies one operation inside the caller's transaction (validation, write and event). */
export async function applyAdminOperation<O extends AdminOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<AdminOperationResults[O['kind']]> {
  const entry = APPLIERS.find(([kinds]) => kinds.has(operation.kind));
  if (!entry) throw new ApiError('BadDataError', `Unknown operation kind "${operation.kind}"`);
  return (await entry[1](db, operation as never, actor)) as AdminOperationResults[O['kind']];
}

/** Applies operations in order as one unit: either all of them take effect, or none. */
export async function applyAdminOperations(
  db: Db,
  operations: readonly AdminOperation[],
  actor: Actor,
): Promise<unknown[]> {
  return inTransaction(db, async (trx) => {
    const results: unknown[] = [];
    for (const operation of operations) results.push(await applyAdminOperation(trx, operation, actor));
    return results;
  });
}
