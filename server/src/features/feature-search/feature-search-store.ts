import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { FeatureSearchQuery, FeatureSearchResult } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import type { Database } from '../../db/schema';
import { creatorName } from '../../lib/caller';
import { isPositive, parseCount, parseFilter, type QueryFilter, requiresAll } from '../../lib/query-filters';
import { readLastHourUsage, usageIn } from '../client-metrics';
import { avatarUrl } from '../events';
import { favoriteFeatureNames, isFavoriteFeature } from '../favorites';
import { currentStages, inCurrentStage } from '../feature-lifecycle';
import { listTagsOfFeatures } from '../tags';

type Eb = ExpressionBuilder<Database & { f: Database['features'] }, 'f'>;

export const SEARCH_LIMITS = { defaultLimit: 50, maxLimit: 1000 };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `IS` / `IS_ANY_OF` keep matching rows; `IS_NOT` / `IS_NONE_OF` drop them. */
function inFilter(eb: Eb, column: 'f.project' | 'f.type', filter: QueryFilter): Expression<SqlBool> {
  const matches = eb(column, 'in', filter.values);
  return isPositive(filter.operator) ? matches : eb.not(matches);
}

/** One `type:value` tag filter value as a condition on the flag. */
function hasTag(eb: Eb, value: string): Expression<SqlBool> {
  const colon = value.indexOf(':');
  const type = colon < 0 ? value : value.slice(0, colon);
  const tagValue = colon < 0 ? undefined : value.slice(colon + 1);
  return eb.exists(
    eb
      .selectFrom('feature_tag as ft')
      .select('ft.feature_name')
      .whereRef('ft.feature_name', '=', 'f.name')
      .where('ft.tag_type', '=', type)
      .$if(tagValue !== undefined, (q) => q.where('ft.tag_value', '=', tagValue!)),
  );
}

function hasSegment(eb: Eb, name: string): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('feature_strategies as fs')
      .innerJoin('feature_strategy_segment as fss', 'fss.feature_strategy_id', 'fs.id')
      .innerJoin('segments as s', 's.id', 'fss.segment_id')
      .select('fs.id')
      .whereRef('fs.feature_name', '=', 'f.name')
      .where('s.name', '=', name),
  );
}

/** INCLUDE-style filters over a set a flag may hold (tags, segments). */
function setFilter(
  eb: Eb,
  filter: QueryFilter,
  holds: (value: string) => Expression<SqlBool>,
): Expression<SqlBool> {
  const conditions = filter.values.map(holds);
  const combined = requiresAll(filter.operator) ? eb.and(conditions) : eb.or(conditions);
  return isPositive(filter.operator) ? combined : eb.not(combined);
}

function stateCondition(eb: Eb, state: string): Expression<SqlBool> {
  switch (state) {
    case 'stale':
      return eb('f.stale', '=', true);
    case 'potentially-stale':
      return eb.and([eb('f.potentially_stale', '=', true), eb('f.stale', '=', false)]);
    case 'active':
      return eb.and([eb('f.stale', '=', false), eb('f.potentially_stale', '=', false)]);
    default:
      return sql<SqlBool>`false`;
  }
}

function enabledIn(eb: Eb, environment: string): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('feature_environments as fe')
      .select('fe.feature_name')
      .whereRef('fe.feature_name', '=', 'f.name')
      .where('fe.environment', '=', environment)
      .where('fe.enabled', '=', true),
  );
}

function dateFilter(
  eb: Eb,
  column: 'f.created_at' | 'f.last_seen_at',
  filter: QueryFilter,
): Expression<SqlBool> {
  const date = new Date(filter.values[0]!);
  if (Number.isNaN(date.getTime())) return sql<SqlBool>`true`;
  if (filter.operator === 'IS_BEFORE') return eb(column, '<', date);
  if (filter.operator === 'IS_ON_OR_AFTER') return eb(column, '>=', date);
  const next = new Date(date.getTime() + 24 * 60 * 60 * 1000);
  return eb.and([eb(column, '>=', date), eb(column, '<', next)]);
}

function listFilter(eb: Eb, filter: QueryFilter, condition: (value: string) => Expression<SqlBool>) {
  const combined = eb.or(filter.values.map(condition));
  return isPositive(filter.operator) ? combined : eb.not(combined);
}

/** Builds the WHERE clause of a search from its query parameters. */
function conditions(eb: Eb, query: FeatureSearchQuery, userId: number | null): Expression<SqlBool> {
  const where: Expression<SqlBool>[] = [];
  const lifecycle = parseFilter(query.lifecycle);
  const archived = parseFilter(query.archived);
  const wantsArchived =
    archived?.values.includes('true') === isPositive(archived?.operator ?? 'IS') && archived !== undefined;
  // Stages come from the flag lifecycle (issue 14): the stage a flag is in now.
  if (lifecycle) {
    const current = inCurrentStage(lifecycle.values);
    where.push(isPositive(lifecycle.operator) ? current : eb.not(current));
  } else if (wantsArchived) where.push(eb('f.archived_at', 'is not', null));
  else where.push(eb('f.archived_at', 'is', null));

  const text = query.query?.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    where.push(
      eb.or([
        eb('f.name', 'ilike', pattern),
        eb('f.description', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('feature_tag as ft')
            .select('ft.feature_name')
            .whereRef('ft.feature_name', '=', 'f.name')
            .where(sql`ft.tag_type || ':' || ft.tag_value`, 'ilike', pattern),
        ),
      ]),
    );
  }
  const project = parseFilter(query.project);
  if (project) where.push(inFilter(eb, 'f.project', project));
  const type = parseFilter(query.type);
  if (type) where.push(inFilter(eb, 'f.type', type));
  const tag = parseFilter(query.tag);
  if (tag) where.push(setFilter(eb, tag, (value) => hasTag(eb, value)));
  const segment = parseFilter(query.segment);
  if (segment) where.push(setFilter(eb, segment, (value) => hasSegment(eb, value)));
  const state = parseFilter(query.state);
  if (state) where.push(listFilter(eb, state, (value) => stateCondition(eb, value)));
  const createdBy = parseFilter(query.createdBy);
  if (createdBy) {
    const ids = createdBy.values.filter((value) => /^-?\d+$/.test(value)).map(Number);
    where.push(
      listFilter(eb, createdBy, (value) =>
        ids.includes(Number(value)) && /^-?\d+$/.test(value)
          ? eb('f.created_by_user_id', '=', Number(value))
          : eb('f.created_by', '=', value),
      ),
    );
  }
  const createdAt = parseFilter(query.createdAt);
  if (createdAt) where.push(dateFilter(eb, 'f.created_at', createdAt));
  const lastSeenAt = parseFilter(query.lastSeenAt);
  if (lastSeenAt) where.push(dateFilter(eb, 'f.last_seen_at', lastSeenAt));
  const status = parseFilter(query.status);
  if (status) {
    where.push(
      listFilter(eb, status, (value) => {
        const [environment, wanted] = value.split(':');
        if (!environment) return sql<SqlBool>`false`;
        return wanted === 'disabled' ? eb.not(enabledIn(eb, environment)) : enabledIn(eb, environment);
      }),
    );
  }
  const favorite = parseFilter(query.favorite);
  // Favourites belong to the signed-in user; an API token has none.
  if (favorite && favorite.values.length > 0) {
    const wantsFavorite = favorite.values.includes('true') === isPositive(favorite.operator);
    where.push(wantsFavorite ? isFavoriteFeature(userId) : eb.not(isFavoriteFeature(userId)));
  }
  return eb.and(where);
}

type SortDirection = 'asc' | 'desc';

/** Searches flags and returns one page of results with the total count. */
export async function searchFeatures(
  db: Queryable,
  query: FeatureSearchQuery,
  hiddenProjects: ReadonlySet<string> = new Set(),
  userId: number | null = null,
): Promise<{ features: FeatureSearchResult[]; total: number }> {
  const limit = parseCount(query.limit, SEARCH_LIMITS.defaultLimit, SEARCH_LIMITS.maxLimit);
  const offset = parseCount(query.offset, 0, Number.MAX_SAFE_INTEGER);
  const direction: SortDirection = query.sortOrder?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const sortBy = query.sortBy ?? 'createdAt';

  const base = db
    .selectFrom('features as f')
    .where((eb) => conditions(eb, query, userId))
    .$if(hiddenProjects.size > 0, (q) => q.where('f.project', 'not in', [...hiddenProjects]));
  let page = base.select(['f.name']);
  // Unleash's `favoritesFirst=true`: the user's favourites lead, each part in the asked order.
  if (query.favoritesFirst === 'true' && userId !== null) {
    page = page.orderBy((eb) => eb.case().when(isFavoriteFeature(userId)).then(0).else(1).end(), 'asc');
  }
  if (sortBy.startsWith('environment:')) {
    const environment = sortBy.slice('environment:'.length);
    page = page.orderBy((eb) => eb.case().when(enabledIn(eb, environment)).then(1).else(0).end(), direction);
  } else if (sortBy === 'name') {
    page = page.orderBy('f.name', direction);
  } else if (sortBy === 'type') {
    page = page.orderBy('f.type', direction);
  } else if (sortBy === 'lastSeenAt') {
    page = page.orderBy(
      sql`f.last_seen_at ${sql.raw(direction)} nulls ${sql.raw(direction === 'asc' ? 'first' : 'last')}`,
    );
  } else if (sortBy === 'stale') {
    page = page.orderBy('f.stale', direction);
  } else {
    page = page.orderBy('f.created_at', direction);
  }
  page = page.orderBy('f.name', direction);

  const [pageRows, count] = await Promise.all([
    page.limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const names = pageRows.map((row) => row.name);
  return { features: await loadResults(db, names, userId), total: Number(count.total) };
}

/** Each result flag's project environments with its state there, by environment order. */
async function readEnvironmentRows(db: Queryable, names: string[]) {
  const result = await sql<{
    feature_name: string;
    name: string;
    type: string;
    sort_order: number;
    enabled: boolean;
    variant_count: number;
    last_seen_at: Date | null;
    strategies: number;
    enabled_strategies: number;
  }>`
      select f.name as feature_name, e.name, e.type, e.sort_order,
             coalesce(fe.enabled, false) as enabled,
             coalesce(jsonb_array_length(fe.variants), 0) as variant_count,
             fe.last_seen_at,
             (select count(*) from feature_strategies fs
               where fs.feature_name = f.name and fs.environment = e.name)::int as strategies,
             (select count(*) from feature_strategies fs
               where fs.feature_name = f.name and fs.environment = e.name and not fs.disabled)::int as enabled_strategies
      from features f
      join project_environments pe on pe.project_id = f.project
      join environments e on e.name = pe.environment_name
      left join feature_environments fe on fe.feature_name = f.name and fe.environment = e.name
      where f.name = any(${names})
      order by e.sort_order, e.name`.execute(db);
  return result.rows;
}

/** The names of the segments each result flag's strategies use. */
async function readSegmentNames(db: Queryable, names: string[]) {
  const result = await sql<{ feature_name: string; name: string }>`
      select distinct fs.feature_name, s.name
      from feature_strategies fs
      join feature_strategy_segment fss on fss.feature_strategy_id = fs.id
      join segments s on s.id = fss.segment_id
      where fs.feature_name = any(${names})
      order by s.name`.execute(db);
  return result.rows;
}

/** Whether each result flag is a child, a parent, or neither. */
async function readDependencyKinds(db: Queryable, names: string[]) {
  const result = await sql<{ name: string; is_child: boolean; is_parent: boolean }>`
      select f.name,
             exists (select 1 from dependent_features d where d.child = f.name) as is_child,
             exists (select 1 from dependent_features d where d.parent = f.name) as is_parent
      from features f where f.name = any(${names})`.execute(db);
  return result.rows;
}

/** The full result rows of one page, in page order. */
async function loadResults(
  db: Queryable,
  names: string[],
  userId: number | null,
): Promise<FeatureSearchResult[]> {
  if (names.length === 0) return [];
  const [features, environments, tags, segments, dependencies, lifecycles, favorites, usage] =
    await Promise.all([
      db.selectFrom('features').selectAll().where('name', 'in', names).execute(),
      readEnvironmentRows(db, names),
      listTagsOfFeatures(db, names),
      readSegmentNames(db, names),
      readDependencyKinds(db, names),
      currentStages(db, names),
      favoriteFeatureNames(db, userId, names),
      readLastHourUsage(db, names),
    ]);
  const byName = new Map(features.map((row) => [row.name, row]));
  return names.map((name) => {
    const feature = byName.get(name)!;
    const dependency = dependencies.find((row) => row.name === name);
    const creator = creatorName(feature.created_by, feature.created_by_user_id);
    return {
      name,
      type: feature.type,
      description: feature.description,
      dependencyType: dependency?.is_child ? 'child' : dependency?.is_parent ? 'parent' : null,
      project: feature.project,
      stale: feature.stale,
      potentiallyStale: feature.potentially_stale,
      favorite: favorites.has(name),
      impressionData: feature.impression_data,
      createdAt: feature.created_at.toISOString(),
      archivedAt: feature.archived_at?.toISOString() ?? null,
      lastSeenAt: feature.last_seen_at?.toISOString() ?? null,
      environments: environments
        .filter((row) => row.feature_name === name)
        .map((row) => ({
          name: row.name,
          environment: row.name,
          type: row.type,
          enabled: row.enabled,
          sortOrder: row.sort_order,
          variantCount: Number(row.variant_count),
          lastSeenAt: row.last_seen_at?.toISOString() ?? null,
          hasStrategies: row.strategies > 0,
          hasEnabledStrategies: row.enabled_strategies > 0,
          ...usageIn(usage, name, row.name),
          changeRequestIds: [],
        })),
      segments: segments.filter((row) => row.feature_name === name).map((row) => row.name),
      tags: tags.get(name) ?? [],
      ...(lifecycles.has(name) ? { lifecycle: lifecycles.get(name) } : {}),
      createdBy: { id: feature.created_by_user_id ?? 0, name: creator, imageUrl: avatarUrl(creator) },
    };
  });
}
