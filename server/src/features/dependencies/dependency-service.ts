import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../lib/errors';
import type { Actor } from '../events';
import {
  applyDependencyOperation,
  type DependencyOperation,
  type DependencyOperationResults,
} from './dependency-operations';
import {
  dependenciesExist,
  findFeature,
  hasChildren,
  listParentCandidates,
  listVariantNames,
} from './dependency-store';

async function requireFeature(db: Queryable, project: string, name: string) {
  const row = await findFeature(db, name);
  if (!row || row.project !== project)
    throw notFound(`There's no feature named "${name}" in project "${project}".`);
}

/**
 * The flags a child could depend on: active flags of the same project that have no parents
 * themselves; none when the child is itself a parent (no transitive chains, API.md §5.6).
 */
async function parentOptions(db: Queryable, project: string, child: string): Promise<string[]> {
  await requireFeature(db, project, child);
  if (await hasChildren(db, child)) return [];
  return listParentCandidates(db, project, child);
}

/** The variant names a dependency on this parent can require: its strategy and environment variants. */
async function parentVariantOptions(db: Queryable, project: string, parent: string): Promise<string[]> {
  await requireFeature(db, project, parent);
  return listVariantNames(db, parent);
}

/** The dependency use cases of the admin routes: each write in its own transaction, and the reads. */
export function createDependencyService(db: Db) {
  return {
    apply: <O extends DependencyOperation>(
      operation: O,
      actor: Actor,
    ): Promise<DependencyOperationResults[O['kind']]> =>
      inTransaction(db, (trx) => applyDependencyOperation(trx, operation, actor)),
    /** Whether any flag of the project depends on another. */
    dependenciesExist: (project: string) => dependenciesExist(db, project),
    parentOptions: (project: string, child: string) => parentOptions(db, project, child),
    parentVariantOptions: (project: string, parent: string) => parentVariantOptions(db, project, parent),
  };
}

export type DependencyService = ReturnType<typeof createDependencyService>;
