import type { AuditEvent } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { ulid } from '../../lib/ulid';

/** The shapes of an event on its way into and out of the `events` table; no SQL here. */

export interface EventTag {
  type: string;
  value: string;
  /** The tag type's colour: Unleash's untagging events carry it, its other events do not. */
  color?: string | null;
}

export interface NewEvent {
  /** Unleash's event type name, e.g. `feature-created`, `api-token-created`. */
  type: string;
  createdBy: string;
  createdByUserId?: number | null;
  /** The state after the change; never a secret. */
  data?: unknown;
  /** The state before the change; never a secret. */
  preData?: unknown;
  /** The flag's tags; when absent, a flag event carries the flag's tags as they are now. */
  tags?: EventTag[];
  featureName?: string | null;
  project?: string | null;
  environment?: string | null;
}

/**
 * Event types Unleash 8.2 records outside a transaction group (no `groupType`/`groupId`), as
 * observed on the reference (issue 31 §4); every other event carries its transaction's group.
 */
const UNGROUPED_EVENT_TYPES = new Set([
  'api-token-created',
  'api-token-updated',
  'api-token-deleted',
  'application-created',
  'feature-environment-variants-updated',
  'feature-stale-on',
  'feature-stale-off',
  'feature-tagged',
  'feature-untagged',
  'features-exported',
  'segment-created',
  'segment-updated',
  'segment-deleted',
  'strategy-created',
  'strategy-updated',
  'strategy-deleted',
  'strategy-deprecated',
  'strategy-reactivated',
  'tag-created',
  'tag-deleted',
]);

/** One group id per open transaction: the events it writes share it (Unleash's `groupId`). */
const transactionGroups = new WeakMap<object, string>();

function groupOf(db: Queryable, type: string): { group_type: string | null; group_id: string | null } {
  if (UNGROUPED_EVENT_TYPES.has(type)) return { group_type: null, group_id: null };
  // Outside a transaction the insert is a transaction of its own.
  if (!db.isTransaction) return { group_type: 'transaction', group_id: ulid() };
  let id = transactionGroups.get(db);
  if (id === undefined) {
    id = ulid();
    transactionGroups.set(db, id);
  }
  return { group_type: 'transaction', group_id: id };
}

/** The row of an event, its transaction group included (see appendEvent). */
export function eventRow(db: Queryable, event: NewEvent & { tags: EventTag[] }) {
  return {
    type: event.type,
    created_by: event.createdBy,
    created_by_user_id: event.createdByUserId ?? null,
    data: event.data === undefined ? null : JSON.stringify(event.data),
    pre_data: event.preData === undefined ? null : JSON.stringify(event.preData),
    tags: JSON.stringify(event.tags),
    feature_name: event.featureName ?? null,
    project: event.project ?? null,
    environment: event.environment ?? null,
    ...groupOf(db, event.type),
  };
}

export type EventRow = {
  id: string | number;
  type: string;
  created_by: string;
  created_by_user_id: number | null;
  created_at: Date;
  data: unknown;
  pre_data: unknown;
  tags: unknown;
  feature_name: string | null;
  project: string | null;
  environment: string | null;
  group_type: string | null;
  group_id: string | null;
};

export function toAuditEvent(row: EventRow): AuditEvent {
  return {
    id: Number(row.id),
    type: row.type,
    createdBy: row.created_by,
    createdByUserId: row.created_by_user_id,
    createdAt: row.created_at.toISOString(),
    data: row.data ?? null,
    preData: row.pre_data ?? null,
    tags: Array.isArray(row.tags) ? (row.tags as AuditEvent['tags']) : [],
    featureName: row.feature_name,
    project: row.project,
    environment: row.environment,
    // Unleash leaves both out of events written outside a transaction group.
    ...(row.group_type === null ? {} : { groupType: row.group_type }),
    ...(row.group_id === null ? {} : { groupId: row.group_id }),
  };
}
