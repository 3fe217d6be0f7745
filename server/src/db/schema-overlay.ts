import type { ColumnType } from 'kysely';
import type { DB } from './schema.generated';

/** A jsonb column with a database default whose shape the stores guarantee. */
type JsonDefault<T> = ColumnType<T, string | undefined, string>;
/** A TEXT column whose values the application limits to `T`. */
type Text<T extends string> = ColumnType<T, T, T>;
/** A TEXT column with a database default, limited to `T`. */
type TextDefault<T extends string> = ColumnType<T, T | undefined, T>;
/** A DATE column, always selected as `day::text` ('YYYY-MM-DD') by its store: no time zone shifts. */
type DateText = ColumnType<string, string, never>;

/**
 * Where the application knows more than PostgreSQL: string unions kept by the services (there
 * is no CHECK constraint or enum type behind them) and the shapes of jsonb columns the stores
 * write. schema.ts lays these columns over the generated table types; every other column is
 * exactly what `npm run db:types` read from the migrated database.
 */
export interface SchemaOverlay {
  addons: {
    parameters: JsonDefault<Record<string, unknown>>;
    events: JsonDefault<string[]>;
    projects: JsonDefault<string[]>;
    environments: JsonDefault<string[]>;
  };
  client_applications: { strategies: JsonDefault<string[]> };
  change_requests: { state_timestamps: JsonDefault<Record<string, string>> };
  change_request_schedule: { status: TextDefault<'pending' | 'failed' | 'suspended'> };
  permissions: { type: Text<'root' | 'project' | 'environment'> };
  roles: { type: Text<'root' | 'project' | 'root-custom' | 'custom'> };
  api_tokens: { type: Text<'client' | 'frontend' | 'admin'> };
  release_plan_definitions: { discriminator: Text<'template' | 'plan'> };
  safeguards: {
    time_range: Text<'hour' | 'day' | 'week' | 'month'>;
    aggregation_mode: Text<'rps' | 'count' | 'avg' | 'sum' | 'p95' | 'p99' | 'p50'>;
    trigger_operator: Text<'>' | '<'>;
    metric_source: TextDefault<'internal' | 'external'>;
  };
  impact_metric_samples: {
    metric_type: Text<'counter' | 'gauge' | 'histogram'>;
    resolution: TextDefault<'minute' | 'hour'>;
  };
  impact_metric_configs: {
    time_range: Text<'hour' | 'day' | 'week' | 'month'>;
    aggregation_mode: Text<'rps' | 'count' | 'avg' | 'sum' | 'p95' | 'p99' | 'p50'>;
    y_axis_min: TextDefault<'auto' | 'zero'>;
  };
  feature_environment_safeguards: {
    time_range: Text<'hour' | 'day' | 'week' | 'month'>;
    aggregation_mode: Text<'rps' | 'count' | 'avg' | 'sum' | 'p95' | 'p99' | 'p50'>;
    trigger_operator: Text<'>' | '<'>;
  };
  action_set_events: { state: Text<'started' | 'success' | 'failed'> };
  insight_snapshot_days: { day: DateText };
  insight_project_snapshots: { day: DateText };
}

/** Fails to compile when the overlay names a table or column the migrations no longer have. */
export type OverlayMatchesSchema = {
  [T in keyof SchemaOverlay]: T extends keyof DB
    ? Exclude<keyof SchemaOverlay[T], keyof DB[T]> extends never
      ? true
      : ['unknown column', Exclude<keyof SchemaOverlay[T], keyof DB[T]>]
    : ['unknown table', T];
};
