import type { CreateDependentFeature } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { invalidOperation, notFound } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';
import {
  deleteDependencies,
  hasChildren,
  hasParents,
  lockFeatures,
  upsertDependency,
} from './dependency-store';

/**
 * Dependencies between flags as serialisable operations (change requests carry
 * addDependency/deleteDependency), with Unleash's write rules (shared/unleash/API.md §5.6).
 */
export type DependencyOperation =
  | { kind: 'add-dependency'; project: string; child: string; dependency: CreateDependentFeature }
  | { kind: 'delete-dependency'; project: string; child: string; parent: string }
  | { kind: 'delete-dependencies'; project: string; child: string };

export interface DependencyOperationResults {
  'add-dependency': undefined;
  'delete-dependency': undefined;
  'delete-dependencies': undefined;
}

export const DEPENDENCY_OPERATION_KINDS: ReadonlySet<string> = new Set<DependencyOperation['kind']>([
  'add-dependency',
  'delete-dependency',
  'delete-dependencies',
]);

type OperationOf<K extends DependencyOperation['kind']> = Extract<DependencyOperation, { kind: K }>;
type Handler<K extends DependencyOperation['kind']> = (
  db: Queryable,
  op: OperationOf<K>,
  actor: Actor,
) => Promise<DependencyOperationResults[K]>;

async function requireChild(db: Queryable, project: string, child: string) {
  const [row] = await lockFeatures(db, [child]);
  if (!row || row.project !== project) {
    throw notFound(`There's no feature named "${child}" in project "${project}".`);
  }
  return row;
}

/** Records the operation's event on the child flag. */
function record(
  db: Queryable,
  actor: Actor,
  op: DependencyOperation,
  type: string,
  fields: { data?: unknown; preData?: unknown },
) {
  return appendEvent(db, {
    type,
    createdBy: actor.name,
    createdByUserId: actor.userId,
    featureName: op.child,
    project: op.project,
    ...fields,
  });
}

async function addDependency(
  db: Queryable,
  op: OperationOf<'add-dependency'>,
  actor: Actor,
): Promise<undefined> {
  const parent = op.dependency.feature;
  if (parent === op.child) throw invalidOperation('A feature flag cannot depend on itself.');
  // Both rows locked in name order: two requests linking the same pair cannot deadlock.
  const rows = await lockFeatures(db, [op.child, parent]);
  const parentRow = rows.find((row) => row.name === parent);
  if (!parentRow || parentRow.archived_at) throw invalidOperation(`No active feature ${parent} exists`);
  const childRow = rows.find((row) => row.name === op.child);
  if (!childRow || childRow.project !== op.project || parentRow.project !== op.project) {
    throw notFound(
      `Cannot add the dependency. Both the parent and the child feature must belong to project "${op.project}".`,
    );
  }
  if (await hasChildren(db, op.child)) {
    throw invalidOperation(
      'Transitive dependency detected. Cannot add a dependency to the feature that other features depend on.',
    );
  }
  if (await hasParents(db, parent)) {
    throw invalidOperation(
      'Transitive dependency detected. Cannot add a dependency to the feature that has parent dependency.',
    );
  }
  const enabled = op.dependency.enabled ?? true;
  const variants = enabled ? (op.dependency.variants ?? []) : [];
  await upsertDependency(db, { parent, child: op.child, enabled, variants });
  await record(db, actor, op, 'feature-dependency-added', {
    data: { feature: parent, enabled, ...(op.dependency.variants ? { variants } : {}) },
  });
  return undefined;
}

async function deleteDependency(
  db: Queryable,
  op: OperationOf<'delete-dependency'>,
  actor: Actor,
): Promise<undefined> {
  await requireChild(db, op.project, op.child);
  const removed = await deleteDependencies(db, op.child, op.parent);
  if (removed.length > 0)
    await record(db, actor, op, 'feature-dependency-removed', { data: { feature: op.parent } });
  return undefined;
}

async function deleteAllDependencies(
  db: Queryable,
  op: OperationOf<'delete-dependencies'>,
  actor: Actor,
): Promise<undefined> {
  await requireChild(db, op.project, op.child);
  const removed = await deleteDependencies(db, op.child);
  if (removed.length > 0) {
    await record(db, actor, op, 'feature-dependencies-removed', {
      preData: removed.map((parent) => ({ feature: parent })),
    });
  }
  return undefined;
}

const HANDLERS: { [K in DependencyOperation['kind']]: Handler<K> } = {
  'add-dependency': addDependency,
  'delete-dependency': deleteDependency,
  'delete-dependencies': deleteAllDependencies,
};

/** Applies a dependency operation inside the caller's transaction: the handler of its kind, with its event. */
export async function applyDependencyOperation<O extends DependencyOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<DependencyOperationResults[O['kind']]> {
  const op = operation as DependencyOperation;
  // Change requests may govern this write (issue 13: change-requests/direct-write-check.ts).
  await actor.checkDirectWrite?.(db, op);
  const handler = HANDLERS[op.kind] as Handler<DependencyOperation['kind']> | undefined;
  if (!handler) throw new Error(`Unknown dependency operation "${(op as { kind: string }).kind}"`);
  return (await handler(db, op as never, actor)) as DependencyOperationResults[O['kind']];
}
