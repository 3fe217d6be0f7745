import { sql } from 'kysely';
import type { Constraint } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { constraintsWithDefaultValues } from '../constraints';

/** The SQL of the SDK APIs' snapshot (client-snapshot.ts assembles it). */

/** The children of any of `parents`. */
export async function listChildrenOf(trx: Queryable, parents: readonly string[]): Promise<string[]> {
  const rows = await trx
    .selectFrom('dependent_features')
    .select('child')
    .where('parent', 'in', parents.length ? [...parents] : [''])
    .execute();
  return rows.map((row) => row.child);
}

/** For each of `names` that is not archived, the non-archived flag before it in name order. */
export async function readPredecessors(
  trx: Queryable,
  names: readonly string[],
): Promise<Map<string, string | null>> {
  if (names.length === 0) return new Map();
  // One index probe per name, in the database's collation (the order readSnapshotFeatures uses).
  const rows = await sql<{ name: string; before: string | null }>`
    select f.name, (
      select p.name from features p
      where p.archived_at is null and p.name < f.name
      order by p.name desc limit 1
    ) as before
    from features f
    where f.archived_at is null and f.name in (${sql.join(names)})`.execute(trx);
  return new Map(rows.rows.map((row) => [row.name, row.before]));
}

export async function readSnapshotSegments(
  trx: Queryable,
): Promise<{ id: number; name: string; constraints: Constraint[] }[]> {
  const rows = await trx
    .selectFrom('segments')
    .select(['id', 'name', 'constraints'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    constraints: constraintsWithDefaultValues(row.constraints),
  }));
}

/**
 * The rows of an environment's snapshot: non-archived flags by name, their states, strategies,
 * strategy segments and parents; all of them or those of the `names` given.
 */
export async function readSnapshotRows(trx: Queryable, environment: string, names: readonly string[] | null) {
  const [features, states, strategies, segmentLinks, dependencies] = await Promise.all([
    trx
      .selectFrom('features')
      .select(['name', 'type', 'project', 'description', 'stale', 'impression_data'])
      .where('archived_at', 'is', null)
      .orderBy('name')
      .$if(names !== null, (query) => query.where('name', 'in', names ?? []))
      .execute(),
    trx
      .selectFrom('feature_environments')
      .select(['feature_name', 'enabled', 'variants'])
      .where('environment', '=', environment)
      .$if(names !== null, (query) => query.where('feature_name', 'in', names ?? []))
      .execute(),
    trx
      .selectFrom('feature_strategies as fs')
      .innerJoin('features as f', 'f.name', 'fs.feature_name')
      .select([
        'fs.id',
        'fs.feature_name',
        'fs.strategy_name',
        'fs.title',
        'fs.parameters',
        'fs.constraints',
        'fs.variants',
        'fs.sort_order',
        'fs.disabled',
        'fs.milestone_id',
      ])
      .where('fs.environment', '=', environment)
      .where('f.archived_at', 'is', null)
      .$if(names !== null, (query) => query.where('fs.feature_name', 'in', names ?? []))
      .execute(),
    trx
      .selectFrom('feature_strategy_segment as fss')
      .innerJoin('feature_strategies as fs', 'fs.id', 'fss.feature_strategy_id')
      .select(['fss.feature_strategy_id', 'fss.segment_id'])
      .where('fs.environment', '=', environment)
      .orderBy('fss.segment_id')
      .$if(names !== null, (query) => query.where('fs.feature_name', 'in', names ?? []))
      .execute(),
    trx
      .selectFrom('dependent_features as d')
      .innerJoin('features as f', 'f.name', 'd.child')
      .select(['d.parent', 'd.child', 'd.enabled', 'd.variants'])
      .where('f.archived_at', 'is', null)
      .orderBy('d.parent')
      .$if(names !== null, (query) => query.where('d.child', 'in', names ?? []))
      .execute(),
  ]);
  return { features, states, strategies, segmentLinks, dependencies };
}

/** Names of every flag, archived ones included. */
export async function listAllFeatureNames(db: Queryable): Promise<string[]> {
  const rows = await db.selectFrom('features').select('name').execute();
  return rows.map((row) => row.name);
}
