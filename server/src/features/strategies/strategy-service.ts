import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../lib/errors';
import type { Actor } from '../events';
import {
  applyStrategyOperation,
  type StrategyOperation,
  type StrategyOperationResults,
} from './strategy-operations';
import * as store from './strategy-store';

export type { StrategyRow } from './strategy-store';

/** One strategy definition by name; `lock` holds its row for the rest of the transaction. */
export function getStrategy(
  db: Queryable,
  name: string,
  lock = false,
): Promise<store.StrategyRow | undefined> {
  return store.getStrategy(db, name, lock);
}

/** The strategy-definition use cases of the admin routes: reads in the API shape, writes in a transaction. */
export function createStrategyService(db: Db) {
  return {
    apply: <O extends StrategyOperation>(
      operation: O,
      actor: Actor,
    ): Promise<StrategyOperationResults[O['kind']]> =>
      inTransaction(db, (trx) => applyStrategyOperation(trx, operation, actor)),
    list: async () => (await store.listStrategies(db)).map(store.toStrategyDefinition),
    async get(name: string) {
      const row = await store.getStrategy(db, name);
      if (!row) throw notFound('No strategy found');
      return store.toStrategyDefinition(row);
    },
  };
}

export type StrategyService = ReturnType<typeof createStrategyService>;
