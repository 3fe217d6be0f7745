import type {
  ChangeRequest,
  ChangeRequestApproval,
  ChangeRequestFeature,
  ChangeRequestListItem,
  ChangeRequestSchedule,
  ChangeRequestSegmentChange,
  ChangeRequestUser,
} from '../../../contract';
import { avatarUrl } from '../events';
import type { ChangeRequestRecord, ChangeRow, ReviewRow, ScheduleRow } from './change-request-read-store';

/** Conflicts found for a request: by change id, and by flag name for flag-level ones. */
export interface ChangeRequestConflicts {
  changes: Map<number, string>;
  features: Map<string, string>;
}

export const NO_CONFLICTS: ChangeRequestConflicts = { changes: new Map(), features: new Map() };

function user(id: number | null, name: string): ChangeRequestUser {
  return { ...(id !== null ? { id } : {}), username: name, imageUrl: avatarUrl(name) };
}

function review(row: ReviewRow): ChangeRequestApproval {
  return { createdBy: user(row.userId, row.createdBy), createdAt: row.createdAt.toISOString() };
}

function schedule(row: ScheduleRow): ChangeRequestSchedule {
  return {
    scheduledAt: row.scheduledAt.toISOString(),
    status: row.status,
    ...(row.reason !== null ? { reason: row.reason } : {}),
    ...(row.status === 'failed' ? { failureReason: row.failureReason } : {}),
  };
}

function change(row: ChangeRow, conflicts: ChangeRequestConflicts) {
  const conflict = conflicts.changes.get(row.id);
  return {
    id: row.id,
    action: row.action,
    ...(conflict ? { conflict } : {}),
    payload: row.payload,
    createdBy: user(row.createdByUserId, row.createdBy),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The segment a segment change is about: its new name, or the name it had when drafted. */
function segmentName(row: ChangeRow): string {
  const fromPayload = (row.payload as { name?: unknown } | null)?.name;
  if (typeof fromPayload === 'string') return fromPayload;
  const fromBase = (row.basedOn as { name?: unknown } | null)?.name;
  return typeof fromBase === 'string' ? fromBase : '';
}

function features(changes: ChangeRow[], conflicts: ChangeRequestConflicts): ChangeRequestFeature[] {
  const grouped = new Map<string, ChangeRequestFeature>();
  for (const row of changes) {
    if (row.feature === null) continue;
    let entry = grouped.get(row.feature);
    if (!entry) {
      const conflict = conflicts.features.get(row.feature);
      entry = { name: row.feature, ...(conflict ? { conflict } : {}), changes: [] };
      grouped.set(row.feature, entry);
    }
    entry.changes.push(change(row, conflicts));
  }
  return [...grouped.values()];
}

function segments(changes: ChangeRow[], conflicts: ChangeRequestConflicts): ChangeRequestSegmentChange[] {
  return changes
    .filter((row) => row.feature === null)
    .map((row) => ({ ...change(row, conflicts), name: segmentName(row) }));
}

/** The shared part of changeRequestSchema and the list item. */
function common(record: ChangeRequestRecord, conflicts: ChangeRequestConflicts) {
  const { request } = record;
  return {
    id: request.id,
    ...(request.title !== null ? { title: request.title } : {}),
    environment: request.environment,
    minApprovals: request.minApprovals,
    project: request.project,
    features: features(record.changes, conflicts),
    segments: segments(record.changes, conflicts),
    approvals: record.approvals.map(review),
    rejections: record.rejections.map(review),
    comments: record.comments.map((row) => ({
      id: row.id,
      text: row.text,
      createdBy: user(row.createdByUserId, row.createdBy),
      createdAt: row.createdAt.toISOString(),
    })),
    createdBy: user(request.createdByUserId, request.createdBy),
    createdAt: request.createdAt.toISOString(),
    state: request.state,
    ...(record.schedule ? { schedule: schedule(record.schedule) } : {}),
  };
}

/** changeRequestSchema, as GET …/change-requests/{id} and every mutation answer it. */
export function toChangeRequestView(
  record: ChangeRequestRecord,
  conflicts: ChangeRequestConflicts = NO_CONFLICTS,
): ChangeRequest {
  return { ...common(record, conflicts), stateTimestamps: record.request.stateTimestamps };
}

/** An item of changeRequestsSchema (the project list, pending lists). */
export function toChangeRequestListItem(
  record: ChangeRequestRecord,
  conflicts: ChangeRequestConflicts = NO_CONFLICTS,
): ChangeRequestListItem {
  return common(record, conflicts);
}
