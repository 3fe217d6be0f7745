export { type Actor, actorFromRequest, avatarUrl, type DirectWriteCheck, UNKNOWN_ACTOR } from './event-actor';
export { type EventTag, eventRow, type NewEvent, toAuditEvent } from './event-row';
export {
  anySnapshotEventAmong,
  appendEvent,
  getLatestEventId,
  getSnapshotRevision,
  listEventCreators,
  listEventIdGaps,
  listEvents,
  listEventTags,
  listSnapshotEventsSince,
  searchEvents,
} from './event-service';
