import { sql } from 'kysely';
import type { Constraint, LegalValue, StrategyVariant, Variant } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { asArray, STRATEGY_COLUMNS } from './export-store';
import type { ExistingFlag, ImportState } from './import-plan';

/**
 * The target's current state, as far as one import file touches it: the file's flags (with their
 * strategies, state and variants in the target environment, tags, dependencies and links), the
 * context fields, segments and tag types it names, and the strategy types. Set-based reads only.
 */

/** One import at a time per project: the project row, locked for the rest of the transaction. */
export async function lockProjectForImport(trx: Queryable, project: string): Promise<void> {
  await trx.selectFrom('projects').select('id').where('id', '=', project).forUpdate().executeTakeFirst();
}

type Flags = Map<string, ExistingFlag>;

/** Each live flag's state and variants in the target environment. */
async function readEnvironmentStates(db: Queryable, flags: Flags, live: string[], environment: string) {
  const environments = await db
    .selectFrom('feature_environments')
    .select(['feature_name', 'enabled', 'variants'])
    .where('feature_name', 'in', live)
    .where('environment', '=', environment)
    .execute();
  for (const row of environments) {
    const flag = flags.get(row.feature_name);
    if (flag) flag.environment = { enabled: row.enabled, variants: asArray<Variant>(row.variants) };
  }
}

/** Each live flag's strategies in the target environment (not release-plan ones), in order. */
async function readStrategies(db: Queryable, flags: Flags, live: string[], environment: string) {
  const strategies = await db
    .selectFrom('feature_strategies as fs')
    .select([
      ...STRATEGY_COLUMNS,
      sql<
        string[]
      >`coalesce((select array_agg(s.name order by s.name) from feature_strategy_segment fss join segments s on s.id = fss.segment_id where fss.feature_strategy_id = fs.id), '{}'::text[])`.as(
        'segmentNames',
      ),
    ])
    .where('fs.feature_name', 'in', live)
    .where('fs.environment', '=', environment)
    .where('fs.milestone_id', 'is', null)
    .orderBy('fs.sort_order')
    .orderBy('fs.id')
    .execute();
  for (const row of strategies) {
    flags.get(row.feature_name)?.strategies.push({
      id: row.id,
      name: row.strategy_name,
      title: row.title,
      parameters: (row.parameters ?? {}) as Record<string, string>,
      constraints: asArray<Constraint>(row.constraints),
      variants: asArray<StrategyVariant>(row.variants),
      disabled: row.disabled,
      segmentNames: row.segmentNames,
    });
  }
}

/** Each live flag's tags, parents and links. */
async function readFlagRelations(db: Queryable, flags: Flags, live: string[]) {
  const tags = await db
    .selectFrom('feature_tag')
    .select(['feature_name', 'tag_type', 'tag_value'])
    .where('feature_name', 'in', live)
    .execute();
  for (const row of tags)
    flags.get(row.feature_name)?.tags.push({ type: row.tag_type, value: row.tag_value });
  const dependencies = await db
    .selectFrom('dependent_features')
    .select(['child', 'parent', 'enabled', 'variants'])
    .where('child', 'in', live)
    .orderBy('parent')
    .execute();
  for (const row of dependencies) {
    flags.get(row.child)?.dependencies.push({
      feature: row.parent,
      enabled: row.enabled,
      variants: asArray<string>(row.variants),
    });
  }
  const links = await db
    .selectFrom('feature_link')
    .select(['id', 'feature_name', 'url', 'title'])
    .where('feature_name', 'in', live)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of links) {
    flags.get(row.feature_name)?.links.push({ id: row.id, url: row.url, title: row.title });
  }
}

async function readFlags(
  db: Queryable,
  names: string[],
  environment: string,
): Promise<Map<string, ExistingFlag>> {
  const flags = new Map<string, ExistingFlag>();
  if (names.length === 0) return flags;
  const rows = await db
    .selectFrom('features')
    .select(['name', 'project', 'type', 'description', 'stale', 'impression_data', 'archived_at'])
    .where('name', 'in', names)
    .execute();
  for (const row of rows) {
    flags.set(row.name, {
      name: row.name,
      project: row.project,
      type: row.type,
      description: row.description,
      stale: row.stale,
      impressionData: row.impression_data,
      archived: row.archived_at !== null,
      environment: null,
      strategies: [],
      tags: [],
      dependencies: [],
      links: [],
    });
  }
  const live = rows.filter((row) => row.archived_at === null).map((row) => row.name);
  if (live.length === 0) return flags;
  await readEnvironmentStates(db, flags, live, environment);
  await readStrategies(db, flags, live, environment);
  await readFlagRelations(db, flags, live);
  return flags;
}

/** Reads what `planImport` and `validateImportFile` need about the target. */
export async function readImportState(
  db: Queryable,
  input: { project: string; environment: string; names: string[]; parents: string[]; contextNames: string[] },
): Promise<ImportState> {
  const flags = await readFlags(db, input.names, input.environment);
  const otherParents = input.parents.filter((name) => !flags.has(name));
  const parentRows = otherParents.length
    ? await db
        .selectFrom('features')
        .select(['name', 'project'])
        .where('name', 'in', otherParents)
        .where('archived_at', 'is', null)
        .execute()
    : [];
  const contextFields = input.contextNames.length
    ? await db
        .selectFrom('context_fields')
        .select(['name', 'legal_values'])
        .where('name', 'in', input.contextNames)
        .execute()
    : [];
  const segments = await db.selectFrom('segments').select(['id', 'name']).execute();
  const tagTypes = await db.selectFrom('tag_types').select('name').execute();
  const strategyTypes = await db.selectFrom('strategies').select(['name', 'built_in']).execute();
  const project = await db
    .selectFrom('projects')
    .select(['id', 'archived_at'])
    .where('id', '=', input.project)
    .executeTakeFirst();
  const projectEnvironment = await db
    .selectFrom('project_environments')
    .select('environment_name')
    .where('project_id', '=', input.project)
    .where('environment_name', '=', input.environment)
    .executeTakeFirst();
  return {
    flags,
    parentsInProject: new Set(
      parentRows.filter((row) => row.project === input.project).map((row) => row.name),
    ),
    contextFields: new Map(contextFields.map((row) => [row.name, asArray<LegalValue>(row.legal_values)])),
    segments: new Map(segments.map((row) => [row.name, row.id])),
    tagTypes: new Set(tagTypes.map((row) => row.name)),
    strategyTypes: new Map(strategyTypes.map((row) => [row.name, row.built_in])),
    projectExists: project !== undefined && project.archived_at === null,
    environmentInProject: projectEnvironment !== undefined,
  };
}
