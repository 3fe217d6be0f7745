import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { AuditEvent } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import type { Database } from '../../db/schema';
import { isPositive, parseCount, parseFilter, type QueryFilter } from '../../lib/query-filters';
import { toAuditEvent } from './event-row';

/** Events of private projects the caller may not see are left out (issue 24). */
type EventQuery = SelectQueryBuilder<Database, 'events', object>;
function withoutHiddenProjects(query: EventQuery, hidden: ReadonlySet<string>): EventQuery {
  if (hidden.size === 0) return query;
  return query.where((eb) => eb.or([eb('project', 'is', null), eb('project', 'not in', [...hidden])]));
}

/** The newest events first, optionally of one project or one flag (the legacy events API). */
export async function listEvents(
  db: Queryable,
  filter: { project?: string; featureName?: string; limit: number },
  hiddenProjects: ReadonlySet<string> = new Set(),
): Promise<{ events: AuditEvent[]; total: number }> {
  let query = withoutHiddenProjects(db.selectFrom('events'), hiddenProjects);
  if (filter.project !== undefined) query = query.where('project', '=', filter.project);
  if (filter.featureName !== undefined) query = query.where('feature_name', '=', filter.featureName);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(filter.limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { events: rows.map(toAuditEvent), total: Number(count.total) };
}

export interface EventSearchParams {
  query?: string;
  id?: string;
  groupId?: string;
  feature?: string;
  project?: string;
  type?: string;
  createdBy?: string;
  environment?: string;
  from?: string;
  to?: string;
  offset?: string;
  limit?: string;
}

type EventColumn = 'feature_name' | 'project' | 'type' | 'environment' | 'created_by' | 'group_id';

function columnFilter(eb: ExpressionBuilder<Database, 'events'>, column: EventColumn, filter: QueryFilter) {
  const matches = eb(column, 'in', filter.values);
  return isPositive(filter.operator) ? matches : eb.or([eb.not(matches), eb(column, 'is', null)]);
}

/** A date filter value `IS:2024-01-31` (or a bare date); undefined when it is not a date. */
function filterDate(raw: string | undefined): Date | undefined {
  const value = parseFilter(raw)?.values[0];
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The event search (`GET /api/admin/search/events`, API.md §8.2): filters, free text, paging. */
export async function searchEvents(
  db: Queryable,
  params: EventSearchParams,
  hiddenProjects: ReadonlySet<string> = new Set(),
): Promise<{ events: AuditEvent[]; total: number }> {
  let query = withoutHiddenProjects(db.selectFrom('events'), hiddenProjects);
  const columns: Array<[keyof EventSearchParams, EventColumn]> = [
    ['feature', 'feature_name'],
    ['project', 'project'],
    ['type', 'type'],
    ['environment', 'environment'],
    ['groupId', 'group_id'],
  ];
  for (const [param, column] of columns) {
    const filter = parseFilter(params[param]);
    if (filter) query = query.where((eb) => columnFilter(eb, column, filter));
  }
  const idFilter = parseFilter(params.id);
  if (idFilter) {
    const ids = idFilter.values.filter((value) => /^\d+$/.test(value)).map(Number);
    query = isPositive(idFilter.operator)
      ? query.where('id', 'in', ids.length ? ids : [-1])
      : query.where('id', 'not in', ids.length ? ids : [-1]);
  }
  const createdBy = parseFilter(params.createdBy);
  if (createdBy) {
    // Unleash filters by user id; names are accepted too since API tokens have no user id.
    const ids = createdBy.values.filter((value) => /^-?\d+$/.test(value)).map(Number);
    query = query.where((eb) => {
      const matches = eb.or([
        eb('created_by', 'in', createdBy.values),
        ...(ids.length ? [eb('created_by_user_id', 'in', ids)] : []),
      ]);
      return isPositive(createdBy.operator) ? matches : eb.not(matches);
    });
  }
  const from = filterDate(params.from);
  if (from) query = query.where('created_at', '>=', from);
  const to = filterDate(params.to);
  if (to) query = query.where('created_at', '<', new Date(to.getTime() + 24 * 60 * 60 * 1000));
  const text = params.query?.trim();
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('type', 'ilike', pattern),
        eb('created_by', 'ilike', pattern),
        eb('feature_name', 'ilike', pattern),
        eb('project', 'ilike', pattern),
        eb(sql<string>`data::text`, 'ilike', pattern),
        eb(sql<string>`pre_data::text`, 'ilike', pattern),
      ]),
    );
  }
  const limit = parseCount(params.limit, 50, 1000);
  const offset = parseCount(params.offset, 0, Number.MAX_SAFE_INTEGER);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { events: rows.map(toAuditEvent), total: Number(count.total) };
}

/** Everyone who has written an event, with a user id when they have one. */
/** Who wrote the events the caller may see: a private project's authors are not told to outsiders. */
export async function listEventCreators(
  db: Queryable,
  hiddenProjects: ReadonlySet<string> = new Set(),
): Promise<Array<{ id: number; name: string }>> {
  const rows = await withoutHiddenProjects(db.selectFrom('events'), hiddenProjects)
    .select(['created_by', 'created_by_user_id'])
    .distinct()
    .orderBy('created_by')
    .execute();
  const seen = new Set<string>();
  const creators: Array<{ id: number; name: string }> = [];
  for (const row of rows) {
    if (seen.has(row.created_by)) continue;
    seen.add(row.created_by);
    creators.push({ id: row.created_by_user_id ?? 0, name: row.created_by });
  }
  return creators;
}

/**
 * Event types that change what SDKs receive although they name no flag: segments and
 * environments (shared/unleash/API.md §2.2, "How revisionId is computed").
 */
const SNAPSHOT_GLOBAL_EVENTS = [
  'segment-created',
  'segment-updated',
  'segment-deleted',
  'feature-import',
  'features-imported',
  'environment-updated',
  'environment-deleted',
  'project-environment-added',
  'project-environment-removed',
];
/** Flag events that never change the SDK payload. */
const SNAPSHOT_IGNORED_EVENTS = ['feature-favorited', 'feature-unfavorited'];

/**
 * The revision of the SDK snapshot: the id of the latest event that can change what the
 * client API serves (for one environment when given). Cheap: a backward scan of the primary
 * key that stops at the first matching event.
 */
export async function getSnapshotRevision(db: Queryable, environment?: string): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where((eb) => eb.or([flagEventFor(eb, environment), eb('type', 'in', SNAPSHOT_GLOBAL_EVENTS)]))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : 0;
}

/** A flag event that can change what SDKs receive in `environment` (any environment when absent). */
function flagEventFor(eb: ExpressionBuilder<Database, 'events'>, environment: string | undefined) {
  return eb.and([
    eb('feature_name', 'is not', null),
    eb('type', 'not in', SNAPSHOT_IGNORED_EVENTS),
    eb('type', 'not like', 'feature-link-%'),
    eb('type', 'not like', 'change-%'),
    ...(environment === undefined
      ? []
      : [eb.or([eb('environment', '=', environment), eb('environment', 'is', null)])]),
  ]);
}

/** What the snapshot events since a revision touch; see listSnapshotEventsSince. */
export interface SnapshotEventsSince {
  /** The flags named by flag events. */
  flags: string[];
  /** A segment was created, updated or deleted: the segment list must be read again. */
  segments: boolean;
  /** Projects that gained or lost the environment: their flags' states there changed. */
  projects: string[];
}

/** Changes with no bound on what they touch: only a full reload is right after them. */
const FULL_RELOAD_EVENTS = ['feature-import', 'features-imported', 'environment-deleted'];

/**
 * What the snapshot events in (`after`, `upTo`] touch, for an incremental snapshot update; null
 * when one of them has no such bound (imports, a deleted environment) or more than `limit` flags
 * are named. An edited environment (type, sort order, approvals, enabled) touches nothing: the
 * snapshot reads no column of the environments table.
 */
export async function listSnapshotEventsSince(
  db: Queryable,
  environment: string,
  after: number,
  upTo: number,
  limit: number,
): Promise<SnapshotEventsSince | null> {
  const touched: SnapshotEventsSince = { flags: [], segments: false, projects: [] };
  if (upTo <= after) return touched;
  const rows = await db
    .selectFrom('events')
    .select(['feature_name', 'type', 'project', 'environment'])
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .where((eb) => eb.or([flagEventFor(eb, environment), eb('type', 'in', SNAPSHOT_GLOBAL_EVENTS)]))
    .execute();
  const flags = new Set<string>();
  const projects = new Set<string>();
  for (const row of rows) {
    if (FULL_RELOAD_EVENTS.includes(row.type)) return null;
    if (row.type.startsWith('segment-')) touched.segments = true;
    else if (row.type.startsWith('project-environment-')) {
      if (row.environment !== environment) continue;
      if (row.project === null) return null;
      projects.add(row.project);
    } else if (row.type === 'environment-updated') continue;
    else if (row.feature_name === null) return null;
    else {
      flags.add(row.feature_name);
      if (flags.size > limit) return null;
    }
  }
  touched.flags = [...flags];
  touched.projects = [...projects];
  return touched;
}

/** How far back below a snapshot's revision missing event ids are remembered (see listEventIdGaps). */
const GAP_WINDOW = 2000;

/**
 * Event ids at or below `upTo` (within the last GAP_WINDOW) that no committed event holds: a
 * rolled-back transaction's, or one still running. Ids come from a sequence and are not committed
 * in order, so a transaction that took id 100 may commit after 101 was read: a snapshot keeps its
 * gaps, and an incremental update that finds one of them filled reloads everything instead.
 */
export async function listEventIdGaps(db: Queryable, upTo: number): Promise<number[]> {
  if (upTo <= 0) return [];
  const from = Math.max(0, upTo - GAP_WINDOW);
  const rows = await db
    .selectFrom('events')
    .select('id')
    .where('id', '>', from)
    .where('id', '<=', upTo)
    .execute();
  const present = new Set(rows.map((row) => Number(row.id)));
  const gaps: number[] = [];
  for (let id = from + 1; id <= upTo; id++) if (!present.has(id)) gaps.push(id);
  return gaps;
}

/** Whether one of `ids` is now an event that can change what SDKs receive in `environment`. */
export async function anySnapshotEventAmong(
  db: Queryable,
  environment: string,
  ids: readonly number[],
): Promise<boolean> {
  if (ids.length === 0) return false;
  const row = await db
    .selectFrom('events')
    .select('id')
    .where('id', 'in', ids)
    .where((eb) => eb.or([flagEventFor(eb, environment), eb('type', 'in', SNAPSHOT_GLOBAL_EVENTS)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The id of the newest event of any kind: the cheapest "did anything change" check. */
export async function getLatestEventId(db: Queryable): Promise<number> {
  const row = await db.selectFrom('events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.id) : 0;
}
