import type { CreateStrategy, StrategyDefinition, UpdateStrategy } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { invalidOperation, nameExists, notFound } from '../../lib/errors';
import { isUrlFriendly } from '../../lib/url-friendly';
import { notUrlFriendly } from '../../lib/validation-errors';
import { type Actor, appendEvent } from '../events';
import {
  deleteStrategy,
  getStrategy,
  insertStrategy,
  type StrategyRow,
  strategyExists,
  toStrategyDefinition,
  updateStrategy,
} from './strategy-store';

/** Changes to strategy definitions as serialisable operations. */
export type StrategyOperation =
  | { kind: 'create-strategy'; strategy: CreateStrategy }
  | { kind: 'update-strategy-definition'; name: string; strategy: UpdateStrategy }
  | { kind: 'delete-strategy-definition'; name: string }
  | { kind: 'deprecate-strategy'; name: string }
  | { kind: 'reactivate-strategy'; name: string };

export interface StrategyOperationResults {
  'create-strategy': StrategyDefinition;
  'update-strategy-definition': StrategyDefinition;
  'delete-strategy-definition': undefined;
  'deprecate-strategy': StrategyDefinition;
  'reactivate-strategy': StrategyDefinition;
}

export const STRATEGY_OPERATION_KINDS: ReadonlySet<string> = new Set<StrategyOperation['kind']>([
  'create-strategy',
  'update-strategy-definition',
  'delete-strategy-definition',
  'deprecate-strategy',
  'reactivate-strategy',
]);

async function editable(db: Queryable, name: string): Promise<StrategyRow> {
  const row = await getStrategy(db, name, true);
  if (!row) throw notFound('No strategy found');
  if (row.builtIn) throw invalidOperation(`Cannot edit strategy ${name}`);
  return row;
}

/** A strategy type as Unleash 8.2's events carry it: no `title` key while it has none (issue 31 §4). */
function eventData(row: StrategyRow) {
  return {
    name: row.name,
    ...(row.title != null ? { title: row.title } : {}),
    description: row.description,
    parameters: row.parameters,
    editable: !row.builtIn,
    deprecated: row.deprecated,
  };
}

export async function applyStrategyOperation<O extends StrategyOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<StrategyOperationResults[O['kind']]> {
  type Result = StrategyOperationResults[O['kind']];
  const op = operation as StrategyOperation;
  const record = (type: string, data: unknown, preData?: unknown) =>
    appendEvent(db, { type, createdBy: actor.name, createdByUserId: actor.userId, data, preData });
  switch (op.kind) {
    case 'create-strategy': {
      const { strategy } = op;
      if (!isUrlFriendly(strategy.name)) throw notUrlFriendly('name', strategy.name);
      if (await getStrategy(db, strategy.name)) throw nameExists(strategyExists(strategy.name));
      const row: StrategyRow = {
        name: strategy.name,
        title: strategy.title ?? null,
        displayName: null,
        description: strategy.description ?? null,
        parameters: strategy.parameters,
        builtIn: false,
        deprecated: strategy.deprecated ?? false,
        sortOrder: 9999,
      };
      await insertStrategy(db, row);
      await record('strategy-created', eventData(row));
      return toStrategyDefinition(row) as Result;
    }
    case 'update-strategy-definition': {
      const before = await editable(db, op.name);
      const after: StrategyRow = {
        ...before,
        title: op.strategy.title ?? before.title,
        description: op.strategy.description ?? before.description,
        parameters: op.strategy.parameters,
      };
      await updateStrategy(db, after);
      await record('strategy-updated', eventData(after), eventData(before));
      return toStrategyDefinition(after) as Result;
    }
    case 'delete-strategy-definition': {
      const before = await editable(db, op.name);
      await deleteStrategy(db, op.name);
      await record('strategy-deleted', { name: op.name }, eventData(before));
      return undefined as Result;
    }
    case 'deprecate-strategy':
    case 'reactivate-strategy': {
      const before = await getStrategy(db, op.name, true);
      if (!before) throw notFound(`Could not find strategy with name ${op.name}`);
      const deprecated = op.kind === 'deprecate-strategy';
      const after = { ...before, deprecated };
      if (before.deprecated !== deprecated) {
        await updateStrategy(db, after);
        await record(deprecated ? 'strategy-deprecated' : 'strategy-reactivated', { name: op.name });
      }
      return toStrategyDefinition(after) as Result;
    }
  }
}
