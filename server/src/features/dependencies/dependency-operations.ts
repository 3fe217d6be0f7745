import type { CreateDependentFeature } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { invalidOperation, notFound } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';

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

async function lockFeatures(db: Queryable, names: string[]) {
  // Both rows locked in name order: two requests linking the same pair cannot deadlock.
  return db
    .selectFrom('features')
    .select(['name', 'project', 'archived_at'])
    .where('name', 'in', names)
    .orderBy('name')
    .forNoKeyUpdate()
    .execute();
}

async function requireChild(db: Queryable, project: string, child: string) {
  const [row] = await lockFeatures(db, [child]);
  if (!row || row.project !== project) {
    throw notFound(`There's no feature named "${child}" in project "${project}".`);
  }
  return row;
}

export async function applyDependencyOperation<O extends DependencyOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<DependencyOperationResults[O['kind']]> {
  type Result = DependencyOperationResults[O['kind']];
  const op = operation as DependencyOperation;
  // Change requests may govern this write (issue 13: change-requests/direct-write-check.ts).
  await actor.checkDirectWrite?.(db, op);
  const record = (type: string, fields: { data?: unknown; preData?: unknown }) =>
    appendEvent(db, {
      type,
      createdBy: actor.name,
      createdByUserId: actor.userId,
      featureName: op.child,
      project: op.project,
      ...fields,
    });
  switch (op.kind) {
    case 'add-dependency': {
      const parent = op.dependency.feature;
      if (parent === op.child) throw invalidOperation('A feature flag cannot depend on itself.');
      const rows = await lockFeatures(db, [op.child, parent]);
      const parentRow = rows.find((row) => row.name === parent);
      if (!parentRow || parentRow.archived_at) throw invalidOperation(`No active feature ${parent} exists`);
      const childRow = rows.find((row) => row.name === op.child);
      if (!childRow || childRow.project !== op.project || parentRow.project !== op.project) {
        throw notFound(
          `Cannot add the dependency. Both the parent and the child feature must belong to project "${op.project}".`,
        );
      }
      const childHasChildren = await db
        .selectFrom('dependent_features')
        .select('child')
        .where('parent', '=', op.child)
        .executeTakeFirst();
      if (childHasChildren) {
        throw invalidOperation(
          'Transitive dependency detected. Cannot add a dependency to the feature that other features depend on.',
        );
      }
      const parentHasParents = await db
        .selectFrom('dependent_features')
        .select('parent')
        .where('child', '=', parent)
        .executeTakeFirst();
      if (parentHasParents) {
        throw invalidOperation(
          'Transitive dependency detected. Cannot add a dependency to the feature that has parent dependency.',
        );
      }
      const enabled = op.dependency.enabled ?? true;
      const variants = enabled ? (op.dependency.variants ?? []) : [];
      await db
        .insertInto('dependent_features')
        .values({ parent, child: op.child, enabled, variants: JSON.stringify(variants) })
        .onConflict((oc) =>
          oc.columns(['parent', 'child']).doUpdateSet({ enabled, variants: JSON.stringify(variants) }),
        )
        .execute();
      await record('feature-dependency-added', {
        data: { feature: parent, enabled, ...(op.dependency.variants ? { variants } : {}) },
      });
      return undefined as Result;
    }
    case 'delete-dependency': {
      await requireChild(db, op.project, op.child);
      const removed = await db
        .deleteFrom('dependent_features')
        .where('child', '=', op.child)
        .where('parent', '=', op.parent)
        .returning('parent')
        .execute();
      if (removed.length > 0) await record('feature-dependency-removed', { data: { feature: op.parent } });
      return undefined as Result;
    }
    case 'delete-dependencies': {
      await requireChild(db, op.project, op.child);
      const removed = await db
        .deleteFrom('dependent_features')
        .where('child', '=', op.child)
        .returning('parent')
        .execute();
      if (removed.length > 0) {
        await record('feature-dependencies-removed', {
          preData: removed.map((row) => ({ feature: row.parent })),
        });
      }
      return undefined as Result;
    }
  }
}
