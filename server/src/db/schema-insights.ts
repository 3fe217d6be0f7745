import type { ColumnType } from 'kysely';

/** A DATE column, always selected as `day::text` ('YYYY-MM-DD') by the store: no time zone shifts. */
type DateText = ColumnType<string, string, never>;

/** Insights' daily snapshots (migration 20261125165000_insight_snapshots). */
export interface InsightSnapshotDaysTable {
  day: DateText;
  users_total: number;
  users_active: number;
  taken_at: ColumnType<Date, Date | undefined, never>;
}

export interface InsightProjectSnapshotsTable {
  day: DateText;
  project: string;
  total: number;
  stale: number;
  potentially_stale: number;
  users: number;
  time_to_production: number | null;
  metrics_yes: ColumnType<number, number | undefined, never>;
  metrics_no: ColumnType<number, number | undefined, never>;
  metrics_apps: ColumnType<number, number | undefined, never>;
  metrics_flags: ColumnType<number, number | undefined, never>;
  metrics_environments: ColumnType<number, number | undefined, never>;
}

export interface InsightTables {
  insight_snapshot_days: InsightSnapshotDaysTable;
  insight_project_snapshots: InsightProjectSnapshotsTable;
}
