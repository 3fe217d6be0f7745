import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';

/** Every SQL statement of the dependencies between flags (dependent_features). */

/** The named flags, locked in name order: two requests linking the same pair cannot deadlock. */
export async function lockFeatures(db: Queryable, names: readonly string[]) {
  return db
    .selectFrom('features')
    .select(['name', 'project', 'archived_at'])
    .where('name', 'in', [...names])
    .orderBy('name')
    .forNoKeyUpdate()
    .execute();
}

/** The flag's name and project, unlocked. */
export async function findFeature(db: Queryable, name: string) {
  return db.selectFrom('features').select(['name', 'project']).where('name', '=', name).executeTakeFirst();
}

/** Whether the flag is some flag's parent. */
export async function hasChildren(db: Queryable, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('dependent_features')
    .select('child')
    .where('parent', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the flag has a parent. */
export async function hasParents(db: Queryable, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('dependent_features')
    .select('parent')
    .where('child', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

/** Links the child to the parent, or replaces the link's state. */
export async function upsertDependency(
  db: Queryable,
  link: { parent: string; child: string; enabled: boolean; variants: readonly string[] },
): Promise<void> {
  const variants = JSON.stringify(link.variants);
  await db
    .insertInto('dependent_features')
    .values({ parent: link.parent, child: link.child, enabled: link.enabled, variants })
    .onConflict((oc) => oc.columns(['parent', 'child']).doUpdateSet({ enabled: link.enabled, variants }))
    .execute();
}

/** Removes the child's link to `parent` (every parent when none is named), returning the parents removed. */
export async function deleteDependencies(db: Queryable, child: string, parent?: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('dependent_features')
    .where('child', '=', child)
    .$if(parent !== undefined, (query) => query.where('parent', '=', parent ?? ''))
    .returning('parent')
    .execute();
  return rows.map((row) => row.parent);
}

/** Whether any flag of the project depends on another. */
export async function dependenciesExist(db: Queryable, project: string): Promise<boolean> {
  const row = await db
    .selectFrom('dependent_features as d')
    .innerJoin('features as f', 'f.name', 'd.child')
    .select('d.child')
    .where('f.project', '=', project)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Active flags of the project other than `child` that have no parents, by name. */
export async function listParentCandidates(db: Queryable, project: string, child: string): Promise<string[]> {
  const rows = await db
    .selectFrom('features as f')
    .select('f.name')
    .where('f.project', '=', project)
    .where('f.archived_at', 'is', null)
    .where('f.name', '!=', child)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('dependent_features as d').select('d.child').whereRef('d.child', '=', 'f.name'))),
    )
    .orderBy('f.name')
    .execute();
  return rows.map((row) => row.name);
}

/** The distinct variant names of the flag's strategies and environments. */
export async function listVariantNames(db: Queryable, name: string): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select distinct v->>'name' as name from (
      select jsonb_array_elements(variants) v from feature_strategies where feature_name = ${name}
      union all
      select jsonb_array_elements(variants) v from feature_environments where feature_name = ${name}
    ) all_variants
    order by 1`.execute(db);
  return result.rows.map((row) => row.name).filter((variant) => typeof variant === 'string');
}
