import type { AuditEvent } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import * as eventReads from './event-read-store';
import type { EventTag, NewEvent } from './event-row';
import * as eventWrites from './event-store';

/**
 * The audit log as other domains and the routes use it: each function hands over to the stores,
 * which hold every statement on `events` (the index exports these, never the stores).
 */

/**
 * Appends to the audit log. Call it with the transaction of the change it records, so the
 * change and its event commit or roll back together (STYLE.md convention 4). A flag event
 * carries the flag's current tags unless given others, as Unleash's do.
 */
export function appendEvent(db: Queryable, event: NewEvent): Promise<number> {
  return eventWrites.appendEvent(db, event);
}

/** A flag's tags as events carry them: `{type, value}`, in a stable order. */
export function listEventTags(db: Queryable, featureName: string): Promise<EventTag[]> {
  return eventWrites.listEventTags(db, featureName);
}

/** The newest events first, optionally of one project or one flag (the legacy events API). */
export function listEvents(
  db: Queryable,
  filter: { project?: string; featureName?: string; limit: number },
  hiddenProjects?: ReadonlySet<string>,
): Promise<{ events: AuditEvent[]; total: number }> {
  return eventReads.listEvents(db, filter, hiddenProjects);
}

/** `GET /api/admin/search/events`. */
export function searchEvents(
  db: Queryable,
  params: eventReads.EventSearchParams,
  hiddenProjects?: ReadonlySet<string>,
): Promise<{ events: AuditEvent[]; total: number }> {
  return eventReads.searchEvents(db, params, hiddenProjects);
}

/** Who wrote events the caller may see. */
export function listEventCreators(
  db: Queryable,
  hiddenProjects?: ReadonlySet<string>,
): Promise<Array<{ id: number; name: string }>> {
  return eventReads.listEventCreators(db, hiddenProjects);
}

/** The SDK snapshot's revision: the newest event that changes it (of one environment, or any). */
export function getSnapshotRevision(db: Queryable, environment?: string): Promise<number> {
  return eventReads.getSnapshotRevision(db, environment);
}

/**
 * What the snapshot events in (`after`, `upTo`] touch, for an incremental snapshot update; null
 * when one has no such bound or more than `limit` flags are named.
 */
export function listSnapshotEventsSince(
  db: Queryable,
  environment: string,
  after: number,
  upTo: number,
  limit: number,
): Promise<eventReads.SnapshotEventsSince | null> {
  return eventReads.listSnapshotEventsSince(db, environment, after, upTo, limit);
}

/** Event ids at or below `upTo` that no committed event holds (rolled back or still running). */
export function listEventIdGaps(db: Queryable, upTo: number): Promise<number[]> {
  return eventReads.listEventIdGaps(db, upTo);
}

/** Whether one of `ids` is now an event that can change what SDKs receive in `environment`. */
export function anySnapshotEventAmong(
  db: Queryable,
  environment: string,
  ids: readonly number[],
): Promise<boolean> {
  return eventReads.anySnapshotEventAmong(db, environment, ids);
}

/** The newest event id, 0 when there is none. */
export function getLatestEventId(db: Queryable): Promise<number> {
  return eventReads.getLatestEventId(db);
}
