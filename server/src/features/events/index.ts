export { type Actor, actorFromRequest, avatarUrl, type DirectWriteCheck, UNKNOWN_ACTOR } from './event-actor';
export {
  anySnapshotEventAmong,
  getLatestEventId,
  getSnapshotRevision,
  listEventCreators,
  listEventIdGaps,
  listEvents,
  listSnapshotEventsSince,
  searchEvents,
  toAuditEvent,
} from './event-read-store';
export {
  appendEvent,
  type EventTag,
  eventRow,
  listEventTags,
  type NewEvent,
} from './event-store';
