import type { FeatureType } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import * as store from './feature-type-store';

/** Every flag type with its expected lifetime. */
export function listFeatureTypes(db: Queryable): Promise<FeatureType[]> {
  return store.listFeatureTypes(db);
}

/** One flag type by id; `lock` holds its row for the rest of the transaction. */
export function getFeatureType(db: Queryable, id: string, lock = false): Promise<FeatureType | undefined> {
  return store.getFeatureType(db, id, lock);
}
