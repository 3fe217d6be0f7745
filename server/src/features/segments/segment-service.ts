import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { nameExists } from '../../lib/errors';
import type { Actor } from '../events';
import {
  applySegmentOperation,
  type SegmentOperation,
  type SegmentOperationResults,
  segmentNotFound,
} from './segment-operations';
import * as store from './segment-store';

export type { SegmentRow } from './segment-store';

/** One segment by id; `lock` holds its row for the rest of the transaction. */
export function getSegment(db: Queryable, id: number, lock = false): Promise<store.SegmentRow | undefined> {
  return store.getSegment(db, id, lock);
}

/** The segments with these ids (missing ones are left out). */
export function getSegmentsByIds(db: Queryable, ids: readonly number[]): Promise<store.SegmentRow[]> {
  return store.getSegmentsByIds(db, ids);
}

/** The flag strategies that use the segment. */
export function strategiesUsingSegment(db: Queryable, id: number) {
  return store.strategiesUsingSegment(db, id);
}

/** The segment use cases of the admin routes: reads in the admin shape, checks, writes in a transaction. */
export function createSegmentService(db: Db) {
  return {
    apply: <O extends SegmentOperation>(
      operation: O,
      actor: Actor,
    ): Promise<SegmentOperationResults[O['kind']]> =>
      inTransaction(db, (trx) => applySegmentOperation(trx, operation, actor)),
    /** Every segment with its usage, by name. */
    list: () => store.listSegments(db),
    /** A new segment's name must be free. */
    async validateName(name: string): Promise<void> {
      if (await store.getSegmentByName(db, name)) throw nameExists(store.SEGMENT_EXISTS);
    },
    async listOfStrategy(strategyId: string) {
      return (await store.segmentsOfStrategy(db, strategyId)).map((row) => store.toAdminSegment(row));
    },
    async get(id: number) {
      const segment = await store.getSegment(db, id);
      if (!segment) throw segmentNotFound(id);
      return store.toAdminSegment(segment);
    },
    strategiesUsing: (id: number) => store.strategiesUsingSegment(db, id),
  };
}

export type SegmentService = ReturnType<typeof createSegmentService>;
