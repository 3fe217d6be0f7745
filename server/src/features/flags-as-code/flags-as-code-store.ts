import { sql } from 'kysely';
import type { Constraint, StrategyVariant, Variant } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import {
  type CurrentFlag,
  canonicalConstraint,
  canonicalVariant,
  type StateEnvironment,
} from './flags-as-code-rules';

/** The reads of flags as code: a project's flags in the canonical shape, in a few set-based queries. */

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The project's default stickiness, or null when there is no such (live) project. */
export async function projectStickiness(db: Queryable, project: string): Promise<string | null> {
  const row = await db
    .selectFrom('projects')
    .select('default_stickiness')
    .where('id', '=', project)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return row ? row.default_stickiness : null;
}

/** Segment ids by name, for the names asked. */
export async function segmentIdsByName(
  db: Queryable,
  names: readonly string[],
): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('segments')
    .select(['id', 'name'])
    .where('name', 'in', [...names])
    .execute();
  return new Map(rows.map((row) => [row.name, Number(row.id)]));
}

async function readEnvironments(db: Queryable, names: string[]) {
  const environments = await db
    .selectFrom('feature_environments')
    .select(['feature_name', 'environment', 'enabled', 'variants'])
    .where('feature_name', 'in', names)
    .orderBy('feature_name')
    .orderBy('environment')
    .execute();
  const strategies = await db
    .selectFrom('feature_strategies as fs')
    .select([
      'fs.id',
      'fs.feature_name',
      'fs.environment',
      'fs.strategy_name',
      'fs.title',
      'fs.parameters',
      'fs.constraints',
      'fs.variants',
      'fs.disabled',
      sql<
        string[]
      >`coalesce((select array_agg(s.name order by s.name) from feature_strategy_segment fss join segments s on s.id = fss.segment_id where fss.feature_strategy_id = fs.id), '{}'::text[])`.as(
        'segments',
      ),
    ])
    .where('fs.feature_name', 'in', names)
    // Release-plan milestone strategies belong to the plan, not to the flag's own strategies.
    .where('fs.milestone_id', 'is', null)
    .orderBy('fs.feature_name')
    .orderBy('fs.sort_order')
    .orderBy('fs.id')
    .execute();
  return { environments, strategies };
}

async function readRelations(db: Queryable, names: string[]) {
  const tags = await db
    .selectFrom('feature_tag')
    .select(['feature_name', 'tag_type', 'tag_value'])
    .where('feature_name', 'in', names)
    .execute();
  const dependencies = await db
    .selectFrom('dependent_features')
    .select(['child', 'parent', 'enabled', 'variants'])
    .where('child', 'in', names)
    .orderBy('child')
    .orderBy('parent')
    .execute();
  return { tags, dependencies };
}

type Rows = Awaited<ReturnType<typeof readEnvironments>> & Awaited<ReturnType<typeof readRelations>>;
type Grouped = { [K in keyof Rows]: Map<string, Rows[K]> };

/** Rows grouped by key in one pass, so a project of thousands of flags stays linear. */
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const name = key(row);
    const group = groups.get(name);
    if (group) group.push(row);
    else groups.set(name, [row]);
  }
  return groups;
}

const strategyKey = (flag: string, environment: string) => `${flag}\u0000${environment}`;

function environmentsOf(rows: Grouped, flag: string) {
  const environments: Record<string, StateEnvironment> = {};
  const strategyIds: Record<string, string[]> = {};
  for (const row of rows.environments.get(flag) ?? []) {
    const strategies = rows.strategies.get(strategyKey(flag, row.environment)) ?? [];
    strategyIds[row.environment] = strategies.map((s) => s.id);
    environments[row.environment] = {
      enabled: row.enabled,
      strategies: strategies.map((s) => ({
        name: s.strategy_name,
        title: s.title,
        parameters: (s.parameters ?? {}) as Record<string, string>,
        constraints: asArray<Constraint>(s.constraints).map(canonicalConstraint),
        segments: s.segments,
        variants: asArray<StrategyVariant>(s.variants).map(canonicalVariant),
        disabled: s.disabled,
      })),
      variants: asArray<Variant>(row.variants).map(canonicalVariant),
    };
  }
  return { environments, strategyIds };
}

/** The flags of a project (archived ones too), or the flags of these names in any project. */
export async function readFlags(
  db: Queryable,
  selection: { project: string } | { names: readonly string[] },
): Promise<CurrentFlag[]> {
  let query = db
    .selectFrom('features')
    .select(['name', 'type', 'description', 'impression_data', 'project', 'archived_at'])
    .orderBy('name');
  if ('project' in selection) query = query.where('project', '=', selection.project);
  else if (selection.names.length === 0) return [];
  else query = query.where('name', 'in', [...selection.names]);
  const features = await query.execute();
  if (features.length === 0) return [];
  const names = features.map((row) => row.name);
  const read: Rows = { ...(await readEnvironments(db, names)), ...(await readRelations(db, names)) };
  const rows: Grouped = {
    environments: groupBy(read.environments, (item) => item.feature_name),
    strategies: groupBy(read.strategies, (item) => strategyKey(item.feature_name, item.environment)),
    tags: groupBy(read.tags, (item) => item.feature_name),
    dependencies: groupBy(read.dependencies, (item) => item.child),
  };
  return features.map((row) => ({
    name: row.name,
    type: row.type,
    description: row.description,
    impressionData: row.impression_data,
    project: row.project,
    archived: row.archived_at !== null,
    tags: (rows.tags.get(row.name) ?? []).map((tag) => `${tag.tag_type}:${tag.tag_value}`).sort(),
    ...environmentsOf(rows, row.name),
    dependencies: (rows.dependencies.get(row.name) ?? []).map((dependency) => ({
      feature: dependency.parent,
      enabled: dependency.enabled,
      variants: [...asArray<string>(dependency.variants)].sort(),
    })),
  }));
}
