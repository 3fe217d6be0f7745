import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/errors';

async function requireFeature(db: Queryable, project: string, name: string) {
  const row = await db
    .selectFrom('features')
    .select(['name', 'project'])
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row || row.project !== project)
    throw notFound(`There's no feature named "${name}" in project "${project}".`);
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

/**
 * The flags a child could depend on: active flags of the same project that have no parents
 * themselves; none when the child is itself a parent (no transitive chains, API.md §5.6).
 */
export async function parentOptions(db: Queryable, project: string, child: string): Promise<string[]> {
  await requireFeature(db, project, child);
  const isParent = await db
    .selectFrom('dependent_features')
    .select('child')
    .where('parent', '=', child)
    .executeTakeFirst();
  if (isParent) return [];
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

/** The variant names a dependency on this parent can require: its strategy and environment variants. */
export async function parentVariantOptions(
  db: Queryable,
  project: string,
  parent: string,
): Promise<string[]> {
  await requireFeature(db, project, parent);
  const result = await sql<{ name: string }>`
    select distinct v->>'name' as name from (
      select jsonb_array_elements(variants) v from feature_strategies where feature_name = ${parent}
      union all
      select jsonb_array_elements(variants) v from feature_environments where feature_name = ${parent}
    ) all_variants
    order by 1`.execute(db);
  return result.rows.map((row) => row.name).filter((name) => typeof name === 'string');
}
