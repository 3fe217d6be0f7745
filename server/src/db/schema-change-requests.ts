import type { ColumnType, Generated } from 'kysely';
import type { DefaultNow, JsonDefault } from './schema-core';

/** Change requests (migration 20261125062000_change_requests). */
export interface ChangeRequestSettingsTable {
  project: string;
  environment: string;
  required_approvals: Generated<number>;
}

export interface ChangeRequestsTable {
  id: Generated<number>;
  project: string;
  environment: string;
  state: Generated<string>;
  title: string | null;
  min_approvals: Generated<number>;
  created_by_user_id: number | null;
  created_by: string;
  author_key: string;
  created_at: DefaultNow;
  state_timestamps: JsonDefault<Record<string, string>>;
}

export interface ChangeRequestEventsTable {
  id: Generated<number>;
  change_request_id: number;
  feature: string | null;
  action: string;
  payload: JsonDefault;
  based_on: ColumnType<unknown, string | null | undefined, string | null>;
  created_by_user_id: number | null;
  created_by: string;
  created_at: DefaultNow;
}

export interface ChangeRequestReviewTable {
  change_request_id: number;
  created_by_user_id: number;
  created_by: string;
  created_at: DefaultNow;
}

export interface ChangeRequestCommentsTable {
  id: Generated<number>;
  change_request_id: number;
  text: string;
  created_by_user_id: number | null;
  created_by: string;
  created_at: DefaultNow;
}

export interface ChangeRequestScheduleTable {
  change_request_id: number;
  scheduled_at: Date;
  created_by_user_id: number | null;
  created_by: string;
  status: Generated<'pending' | 'failed' | 'suspended'>;
  failure_reason: string | null;
  reason: string | null;
  created_at: DefaultNow;
  updated_at: DefaultNow;
}

export interface ChangeRequestRequestedApproversTable {
  change_request_id: number;
  user_id: number;
  created_at: DefaultNow;
}

export interface ChangeRequestTables {
  change_request_settings: ChangeRequestSettingsTable;
  change_requests: ChangeRequestsTable;
  change_request_events: ChangeRequestEventsTable;
  change_request_approvals: ChangeRequestReviewTable;
  change_request_rejections: ChangeRequestReviewTable;
  change_request_comments: ChangeRequestCommentsTable;
  change_request_schedule: ChangeRequestScheduleTable;
  change_request_requested_approvers: ChangeRequestRequestedApproversTable;
}
