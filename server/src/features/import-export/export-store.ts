import { sql } from 'kysely';
import type { Constraint, LegalValue, StrategyVariant, Variant } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import type { ExportRows } from './export-builder';

/**
 * The reads of an export: every row the file holds, for a chosen set of flags in one environment,
 * in a few set-based queries (no query per flag: 10,000 flags export in one pass).
 */

export type FlagSelection = { features: string[] } | { tag: string } | { project: string };

/** The names of the live (not archived) flags a selection picks, sorted as Unleash sorts them. */
export async function selectFlagNames(db: Queryable, selection: FlagSelection): Promise<string[]> {
  let query = db.selectFrom('features as f').select('f.name').where('f.archived_at', 'is', null);
  if ('features' in selection) {
    if (selection.features.length === 0) return [];
    query = query.where('f.name', 'in', selection.features);
  } else if ('tag' in selection) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('feature_tag as ft')
          .select('ft.feature_name')
          .whereRef('ft.feature_name', '=', 'f.name')
          .where('ft.tag_value', '=', selection.tag),
      ),
    );
  } else {
    query = query.where('f.project', '=', selection.project);
  }
  const rows = await query.orderBy('f.name').execute();
  return rows.map((row) => row.name);
}

export const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The strategy columns both an export and an import read (the import's segments come by name). */
export const STRATEGY_COLUMNS = [
  'fs.id',
  'fs.feature_name',
  'fs.strategy_name',
  'fs.title',
  'fs.parameters',
  'fs.constraints',
  'fs.variants',
  'fs.disabled',
] as const;

async function readFlagRows(db: Queryable, list: string[], environment: string) {
  const features = await db
    .selectFrom('features')
    .select(['name', 'description', 'type', 'project', 'stale', 'impression_data', 'archived_at'])
    .where('name', 'in', list)
    .orderBy('name')
    .execute();
  const environments = await db
    .selectFrom('feature_environments')
    .select(['feature_name as featureName', 'enabled', 'variants'])
    .where('feature_name', 'in', list)
    .where('environment', '=', environment)
    .orderBy('feature_name')
    .execute();
  const strategies = await db
    .selectFrom('feature_strategies as fs')
    .select([
      ...STRATEGY_COLUMNS,
      'fs.sort_order',
      sql<
        number[]
      >`coalesce((select array_agg(segment_id order by segment_id) from feature_strategy_segment fss where fss.feature_strategy_id = fs.id), '{}'::int[])`.as(
        'segments',
      ),
    ])
    .where('fs.feature_name', 'in', list)
    .where('fs.environment', '=', environment)
    // Release-plan milestone strategies belong to the plan, not the flag: Unleash leaves them out.
    .where('fs.milestone_id', 'is', null)
    .orderBy('fs.feature_name')
    .orderBy('fs.sort_order')
    .orderBy('fs.id')
    .execute();
  return { features, environments, strategies };
}

async function readTagRows(db: Queryable, list: string[]) {
  const tags = await db
    .selectFrom('feature_tag')
    .select(['feature_name as featureName', 'tag_type as tagType', 'tag_value as tagValue'])
    .where('feature_name', 'in', list)
    .orderBy('feature_name')
    .orderBy('created_at')
    .orderBy('tag_type')
    .orderBy('tag_value')
    .execute();
  const tagTypeNames = [...new Set(tags.map((tag) => tag.tagType))];
  const tagTypes = tagTypeNames.length
    ? await db
        .selectFrom('tag_types')
        .select(['name', 'description', 'icon', 'color'])
        .where('name', 'in', tagTypeNames)
        .orderBy('name')
        .execute()
    : [];
  return { tags, tagTypes };
}

/** The segments the strategies use, and the context fields their constraints and the segments' name. */
async function readSegmentAndContextRows(
  db: Queryable,
  strategies: ReadonlyArray<{ segments: number[]; constraints: unknown }>,
) {
  const segmentIds = [...new Set(strategies.flatMap((row) => row.segments.map(Number)))];
  const segments = segmentIds.length
    ? await db
        .selectFrom('segments')
        .select(['id', 'name', 'description', 'constraints'])
        .where('id', 'in', segmentIds)
        .orderBy('id')
        .execute()
    : [];
  const contextNames = new Set<string>();
  for (const row of [...strategies, ...segments]) {
    for (const constraint of asArray<Constraint>(row.constraints)) contextNames.add(constraint.contextName);
  }
  const contextFields = contextNames.size
    ? await db
        .selectFrom('context_fields')
        .select([
          'name',
          'description',
          'stickiness',
          'sort_order as sortOrder',
          'legal_values as legalValues',
        ])
        .where('name', 'in', [...contextNames])
        .orderBy('name')
        .execute()
    : [];
  return { segments, contextFields };
}

async function readLinkRows(db: Queryable, list: string[]) {
  const dependencies = await db
    .selectFrom('dependent_features')
    .select(['child', 'parent', 'enabled', 'variants'])
    .where('child', 'in', list)
    .orderBy('child')
    .orderBy('parent')
    .execute();
  const links = await db
    .selectFrom('feature_link')
    .select(['id', 'feature_name as featureName', 'url', 'title'])
    .where('feature_name', 'in', list)
    .orderBy('feature_name')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { dependencies, links };
}

type RawRows = Awaited<ReturnType<typeof readFlagRows>> &
  Awaited<ReturnType<typeof readTagRows>> &
  Awaited<ReturnType<typeof readSegmentAndContextRows>> &
  Awaited<ReturnType<typeof readLinkRows>>;

function toExportRows({
  features,
  environments,
  strategies,
  tags,
  tagTypes,
  segments,
  contextFields,
  dependencies,
  links,
}: RawRows): ExportRows {
  return {
    features: features.map((row) => ({
      name: row.name,
      description: row.description,
      type: row.type,
      project: row.project,
      stale: row.stale,
      impressionData: row.impression_data,
      archived: row.archived_at !== null,
    })),
    // Rows whose columns are selected under their export names keep their key order here.
    environments: environments.map((row) => ({ ...row, variants: asArray<Variant>(row.variants) })),
    strategies: strategies.map((row) => ({
      id: row.id,
      featureName: row.feature_name,
      name: row.strategy_name,
      title: row.title,
      parameters: (row.parameters ?? {}) as Record<string, string>,
      constraints: asArray<Constraint>(row.constraints),
      variants: asArray<StrategyVariant>(row.variants),
      disabled: row.disabled,
      segments: row.segments.map(Number),
      sortOrder: row.sort_order,
    })),
    tags,
    tagTypes,
    segments: segments.map((row) => ({ ...row, constraints: asArray<Constraint>(row.constraints) })),
    contextFields: contextFields.map((row) => ({
      ...row,
      legalValues: asArray<LegalValue>(row.legalValues),
    })),
    dependencies: dependencies.map((row) => ({ ...row, variants: asArray<string>(row.variants) })),
    links,
  };
}

export async function readExportRows(
  db: Queryable,
  names: readonly string[],
  environment: string,
): Promise<ExportRows> {
  if (names.length === 0) {
    return {
      features: [],
      environments: [],
      strategies: [],
      tags: [],
      tagTypes: [],
      segments: [],
      contextFields: [],
      dependencies: [],
      links: [],
    };
  }
  const list = [...names];
  const flagRows = await readFlagRows(db, list, environment);
  const tagRows = await readTagRows(db, list);
  const segmentRows = await readSegmentAndContextRows(db, flagRows.strategies);
  const linkRows = await readLinkRows(db, list);
  return toExportRows({ ...flagRows, ...tagRows, ...segmentRows, ...linkRows });
}
