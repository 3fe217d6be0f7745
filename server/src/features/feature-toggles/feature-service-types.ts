import type { Queryable } from '../../db/queryable';
import type { Actor } from '../events';
import type { FeatureOperation, FeatureOperationResults } from './feature-operation-types';

/** Applies one flag operation in its own transaction. */
export type ApplyFeatureOperation = <O extends FeatureOperation>(
  operation: O,
  actor: Actor,
) => Promise<FeatureOperationResults[O['kind']]>;

/** Applies one flag operation inside the caller's transaction, with the service's extensions. */
export type ApplyFeatureOperationIn = <O extends FeatureOperation>(
  trx: Queryable,
  operation: O,
  actor: Actor,
) => Promise<FeatureOperationResults[O['kind']]>;

/** How the service's capabilities apply operations: in a transaction of their own, or in the caller's. */
export interface FeatureApply {
  apply: ApplyFeatureOperation;
  applyIn: ApplyFeatureOperationIn;
}
