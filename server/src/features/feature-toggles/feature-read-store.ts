import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';

/** The SQL behind the flag domain's admin views (feature-read-model.ts assembles them). */

/** The project's environments in display order. */
export async function listEnvironmentsInOrder(db: Queryable, project: string) {
  return db
    .selectFrom('project_environments as pe')
    .innerJoin('environments as e', 'e.name', 'pe.environment_name')
    .select(['e.name', 'e.type', 'e.sort_order as sortOrder'])
    .where('pe.project_id', '=', project)
    .orderBy('e.sort_order')
    .orderBy('e.name')
    .execute();
}

/** The flag's parent links, by parent name. */
export async function listParentLinksInOrder(db: Queryable, child: string) {
  return db
    .selectFrom('dependent_features')
    .selectAll()
    .where('child', '=', child)
    .orderBy('parent')
    .execute();
}

/** The names of the flag's non-archived children, in name order. */
export async function listActiveChildNames(db: Queryable, parent: string): Promise<string[]> {
  const rows = await db
    .selectFrom('dependent_features as d')
    .innerJoin('features as f', 'f.name', 'd.child')
    .select('d.child')
    .where('d.parent', '=', parent)
    .where('f.archived_at', 'is', null)
    .orderBy('d.child')
    .execute();
  return rows.map((row) => row.child);
}

/** The project's non-archived flags, newest first. */
export async function listActiveProjectFeatureRows(db: Queryable, project: string) {
  return db
    .selectFrom('features')
    .select(['name', 'type', 'description', 'stale', 'impression_data', 'created_at'])
    .where('project', '=', project)
    .where('archived_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('name')
    .execute();
}

/** Each environment state of the project's non-archived flags, with its variant and strategy counts. */
export async function listProjectFeatureStates(db: Queryable, project: string) {
  const result = await sql<{
    feature_name: string;
    environment: string;
    enabled: boolean;
    variant_count: number;
    last_seen_at: Date | null;
    strategies: number;
    enabled_strategies: number;
  }>`
      select fe.feature_name, fe.environment, fe.enabled, jsonb_array_length(fe.variants) as variant_count,
             fe.last_seen_at,
             (select count(*) from feature_strategies fs
               where fs.feature_name = fe.feature_name and fs.environment = fe.environment)::int as strategies,
             (select count(*) from feature_strategies fs
               where fs.feature_name = fe.feature_name and fs.environment = fe.environment
                 and not fs.disabled)::int as enabled_strategies
      from feature_environments fe
      join features f on f.name = fe.feature_name
      where f.project = ${project} and f.archived_at is null`.execute(db);
  return result.rows;
}
