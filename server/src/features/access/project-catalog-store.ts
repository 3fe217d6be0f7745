import type { Queryable } from '../../db/queryable';

/** Plain reads of the flag model's projects, environments and flags (see project-catalog.ts). */

export async function existingProjectIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('projects')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function projectExists(db: Queryable, id: string): Promise<boolean> {
  const row = await db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function environmentExists(db: Queryable, name: string): Promise<boolean> {
  const row = await db.selectFrom('environments').select('name').where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}

export async function environmentNames(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectFrom('environments')
    .select('name')
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

export async function projectOfFeature(db: Queryable, featureName: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('features')
    .select('project')
    .where('name', '=', featureName)
    .executeTakeFirst();
  return row?.project;
}
