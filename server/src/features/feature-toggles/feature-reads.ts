import type { Queryable } from '../../db/queryable';
import * as store from './feature-store';

/**
 * The flag rows other domains read (change requests record what a drafted change is based on and
 * find conflicts, issue 13; release plans and blast radius read a flag's state): the domain's
 * public reads, so that no other domain reaches its store.
 */

export type { FeatureEnvironmentRow, FeatureRow, StrategyRow } from './feature-store';

/** The flag (archived or not); `lock` holds its row for the rest of the transaction. */
export function getFeature(db: Queryable, name: string, lock = false): Promise<store.FeatureRow | undefined> {
  return store.getFeature(db, name, lock);
}

/** The flag's state in one environment. */
export function getFeatureEnvironment(
  db: Queryable,
  name: string,
  environment: string,
): Promise<store.FeatureEnvironmentRow | undefined> {
  return store.getFeatureEnvironment(db, name, environment);
}

/** The flag's strategies (of one environment when given), in Unleash's order. */
export function getStrategies(
  db: Queryable,
  featureName: string,
  environment?: string,
): Promise<store.StrategyRow[]> {
  return store.getStrategies(db, featureName, environment);
}

/** One strategy by id. */
export function getStrategyById(db: Queryable, id: string): Promise<store.StrategyRow | undefined> {
  return store.getStrategyById(db, id);
}
