import type { Queryable } from '../../db/queryable';

/** Reads the bundle diff needs beyond the import plan. */
export async function liveFlagNames(db: Queryable, project: string): Promise<string[]> {
  const rows = await db
    .selectFrom('features')
    .select('name')
    .where('project', '=', project)
    .where('archived_at', 'is', null)
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}
