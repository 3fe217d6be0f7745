import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Queryable } from '../../db/queryable';

/**
 * The favourite_* tables. Adding checks the flag or project exists in the same statement, so a
 * favourite never points at nothing; rows go with their flag, project or user (cascade).
 */

/** Whether the flag exists in the project (archived flags count: Unleash lists them too). */
export async function featureInProject(
  db: Queryable,
  project: string,
  featureName: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('features')
    .select('name')
    .where('name', '=', featureName)
    .where('project', '=', project)
    .executeTakeFirst();
  return row !== undefined;
}

export async function projectExists(db: Queryable, project: string): Promise<boolean> {
  const row = await db.selectFrom('projects').select('id').where('id', '=', project).executeTakeFirst();
  return row !== undefined;
}

/** True when the favourite is new. */
export async function addFavoriteFeature(
  db: Queryable,
  userId: number,
  featureName: string,
): Promise<boolean> {
  const rows = await db
    .insertInto('favorite_features')
    .values({ user_id: userId, feature_name: featureName })
    .onConflict((oc) => oc.columns(['user_id', 'feature_name']).doNothing())
    .returning('feature_name')
    .execute();
  return rows.length > 0;
}

/** True when there was one to remove. */
export async function removeFavoriteFeature(db: Queryable, userId: number, featureName: string) {
  const result = await db
    .deleteFrom('favorite_features')
    .where('user_id', '=', userId)
    .where('feature_name', '=', featureName)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function addFavoriteProject(db: Queryable, userId: number, project: string): Promise<boolean> {
  const rows = await db
    .insertInto('favorite_projects')
    .values({ user_id: userId, project })
    .onConflict((oc) => oc.columns(['user_id', 'project']).doNothing())
    .returning('project')
    .execute();
  return rows.length > 0;
}

export async function removeFavoriteProject(db: Queryable, userId: number, project: string) {
  const result = await db
    .deleteFrom('favorite_projects')
    .where('user_id', '=', userId)
    .where('project', '=', project)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The user's favourite projects (none for callers without a user: `userId` null). */
export async function favoriteProjectIds(db: Queryable, userId: number | null): Promise<Set<string>> {
  if (userId === null) return new Set();
  const rows = await db
    .selectFrom('favorite_projects')
    .select('project')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.project));
}

/** Which of `names` the user has as favourites. */
export async function favoriteFeatureNames(
  db: Queryable,
  userId: number | null,
  names: readonly string[],
): Promise<Set<string>> {
  if (userId === null || names.length === 0) return new Set();
  const rows = await db
    .selectFrom('favorite_features')
    .select('feature_name')
    .where('user_id', '=', userId)
    .where('feature_name', 'in', [...names])
    .execute();
  return new Set(rows.map((row) => row.feature_name));
}

/**
 * A condition on a query over `features` aliased `f`: the user has the flag as a favourite.
 * For search filters and `favoritesFirst`; always false without a user.
 */
export function isFavoriteFeature(userId: number | null): RawBuilder<SqlBool> {
  if (userId === null) return sql<SqlBool>`false`;
  return sql<SqlBool>`exists (select 1 from favorite_features ff
    where ff.feature_name = f.name and ff.user_id = ${userId})`;
}
