import type { FeatureType } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';
import { getFeatureType, setLifetime } from './feature-type-store';

/** Changes to feature types as serialisable operations (only the lifetime can change). */
export type FeatureTypeOperation = {
  kind: 'update-feature-type-lifetime';
  id: string;
  lifetimeDays: number | null;
};

export interface FeatureTypeOperationResults {
  'update-feature-type-lifetime': FeatureType;
}

export const FEATURE_TYPE_OPERATION_KINDS: ReadonlySet<string> = new Set(['update-feature-type-lifetime']);

export async function applyFeatureTypeOperation<O extends FeatureTypeOperation>(
  db: Queryable,
  op: O,
  actor: Actor,
): Promise<FeatureTypeOperationResults[O['kind']]> {
  const before = await getFeatureType(db, op.id, true);
  if (!before) throw notFound(`The feature type you tried to update ("${op.id}") does not exist.`);
  // 0 and null both mean "never potentially stale" (shared/unleash/API.md §7.2).
  const lifetimeDays = op.lifetimeDays === 0 ? null : op.lifetimeDays;
  await setLifetime(db, op.id, lifetimeDays);
  const after = { ...before, lifetimeDays };
  await appendEvent(db, {
    type: 'feature-type-updated',
    createdBy: actor.name,
    createdByUserId: actor.userId,
    data: after,
    preData: before,
  });
  return after;
}
