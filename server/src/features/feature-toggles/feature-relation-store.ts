import type { Queryable } from '../../db/queryable';

/**
 * The SQL of what ties a flag to other rows while the flag operations change it: its parent and
 * child links (dependent_features), its project's segments, its type, and the statements that
 * move it to another project. The dependencies domain owns the links' own API; these are the
 * statements the flag lifecycle (archive, clone, move) runs on them inside its transaction.
 */

/** A parent link of a flag, as stored. */
export interface ParentLinkRow {
  parent: string;
  child: string;
  enabled: boolean;
  variants: unknown;
}

/** Holds the project row in share mode: its environments cannot change while a flag of it changes. */
export async function shareProject(db: Queryable, project: string): Promise<void> {
  await db.selectFrom('projects').select('id').where('id', '=', project).forShare().execute();
}

/** How many non-archived flags the project has, for its flag limit. */
export async function countActiveFeatures(db: Queryable, project: string): Promise<number> {
  const row = await db
    .selectFrom('features')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project', '=', project)
    .where('archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether a flag type with this id exists. */
export async function featureTypeExists(db: Queryable, id: string): Promise<boolean> {
  const type = await db.selectFrom('feature_types').select('id').where('id', '=', id).executeTakeFirst();
  return type !== undefined;
}

/** The links whose parent is one of `names` and whose child is not archived. */
export async function listActiveChildLinks(
  db: Queryable,
  names: readonly string[],
): Promise<{ parent: string; child: string }[]> {
  return db
    .selectFrom('dependent_features as d')
    .innerJoin('features as f', 'f.name', 'd.child')
    .select(['d.parent', 'd.child'])
    .where('d.parent', 'in', names)
    .where('f.archived_at', 'is', null)
    .execute();
}

/** Removes the flag's links to its parents, returning the parents' names. */
export async function deleteParentLinks(db: Queryable, child: string): Promise<{ parent: string }[]> {
  return db.deleteFrom('dependent_features').where('child', '=', child).returning('parent').execute();
}

/** The flag's links to its parents. */
export async function listParentLinks(db: Queryable, child: string): Promise<ParentLinkRow[]> {
  return db.selectFrom('dependent_features').selectAll().where('child', '=', child).execute();
}

/** Links `child` to a parent with the link's state. */
export async function insertParentLink(db: Queryable, link: ParentLinkRow): Promise<void> {
  await db
    .insertInto('dependent_features')
    .values({
      parent: link.parent,
      child: link.child,
      enabled: link.enabled,
      variants: JSON.stringify(link.variants),
    })
    .execute();
}

/** Whether the flag has a parent or a child. */
export async function hasDependencyLinks(db: Queryable, name: string): Promise<boolean> {
  const linked = await db
    .selectFrom('dependent_features')
    .select('child')
    .where((eb) => eb.or([eb('child', '=', name), eb('parent', '=', name)]))
    .executeTakeFirst();
  return linked !== undefined;
}

/** The name of a project segment one of the flag's strategies uses, if any. */
export async function findProjectSegmentInUse(db: Queryable, name: string): Promise<string | undefined> {
  const scoped = await db
    .selectFrom('feature_strategy_segment as fss')
    .innerJoin('feature_strategies as fs', 'fs.id', 'fss.feature_strategy_id')
    .innerJoin('segments as s', 's.id', 'fss.segment_id')
    .select('s.name')
    .where('fs.feature_name', '=', name)
    .where('s.segment_project_id', 'is not', null)
    .executeTakeFirst();
  return scoped?.name;
}

/**
 * Moves the flag and its strategies to `project`, dropping its states and strategies in
 * environments outside `environments` (the new project's).
 */
export async function moveFeatureRows(
  db: Queryable,
  name: string,
  project: string,
  environments: readonly string[],
): Promise<void> {
  await db.updateTable('features').set({ project }).where('name', '=', name).execute();
  await db
    .updateTable('feature_strategies')
    .set({ project_name: project })
    .where('feature_name', '=', name)
    .execute();
  const kept = environments.length ? [...environments] : [''];
  await db
    .deleteFrom('feature_strategies')
    .where('feature_name', '=', name)
    .where('environment', 'not in', kept)
    .execute();
  await db
    .deleteFrom('feature_environments')
    .where('feature_name', '=', name)
    .where('environment', 'not in', kept)
    .execute();
}

/**
 * The links that touch `names` (as parent or child) whose parent is in `project` and whose child
 * is not archived: what archiving those flags would break.
 */
export async function listLinksTouching(
  db: Queryable,
  project: string,
  names: readonly string[],
): Promise<{ parent: string; child: string }[]> {
  const list = names.length ? [...names] : [''];
  return db
    .selectFrom('dependent_features as d')
    .innerJoin('features as child', 'child.name', 'd.child')
    .innerJoin('features as parent', 'parent.name', 'd.parent')
    .select(['d.parent', 'd.child'])
    .where((eb) => eb.or([eb('d.parent', 'in', list), eb('d.child', 'in', list)]))
    .where('parent.project', '=', project)
    .where('child.archived_at', 'is', null)
    .execute();
}
