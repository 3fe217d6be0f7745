import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, JsonDefault } from './schema-core';

/** Release templates and plans share this table (discriminator 'template' | 'plan'). */
export interface ReleasePlanDefinitionsTable {
  id: string;
  discriminator: 'template' | 'plan';
  name: string;
  description: string | null;
  project: string | null;
  feature_name: string | null;
  environment: string | null;
  created_by_user_id: number;
  created_at: CreatedAt;
  release_plan_template_id: string | null;
  active_milestone_id: string | null;
  archived_at: Date | null;
}

export interface MilestonesTable {
  id: string;
  name: string;
  sort_order: number;
  release_plan_definition_id: string;
  started_at: Date | null;
}

export interface MilestoneStrategiesTable {
  id: string;
  milestone_id: string;
  sort_order: number;
  title: string | null;
  strategy_name: string;
  parameters: JsonDefault;
  constraints: JsonDefault;
  variants: JsonDefault;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
}

export interface MilestoneStrategySegmentsTable {
  milestone_strategy_id: string;
  segment_id: number;
}

export interface MilestoneProgressionsTable {
  source_milestone: string;
  target_milestone: string;
  transition_condition: Json;
  created_at: CreatedAt;
  executed_at: Date | null;
  paused_at: Date | null;
}

export interface SafeguardsTable {
  id: string;
  release_plan_id: string;
  action_type: string;
  impact_metric_id: string;
  metric_name: string;
  time_range: 'hour' | 'day' | 'week' | 'month';
  aggregation_mode: 'rps' | 'count' | 'avg' | 'sum' | 'p95' | 'p99' | 'p50';
  label_selectors: JsonDefault;
  metric_source: ColumnType<
    'internal' | 'external',
    'internal' | 'external' | undefined,
    'internal' | 'external'
  >;
  trigger_operator: '>' | '<';
  trigger_threshold: number;
  triggered_at: Date | null;
  /** When the periodic safeguard check last measured it (null: never). */
  checked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** Impact metrics reported by SDKs: one row per series (app, environment, metric, labels) and minute (issue 14). */
export interface ImpactMetricSamplesTable {
  metric_name: string;
  app_name: string;
  environment: string;
  labels_key: string;
  labels: JsonDefault;
  metric_type: 'counter' | 'gauge';
  bucket_start: Date;
  value: number;
}

export interface ReleasePlanTables {
  release_plan_definitions: ReleasePlanDefinitionsTable;
  milestones: MilestonesTable;
  milestone_strategies: MilestoneStrategiesTable;
  milestone_strategy_segments: MilestoneStrategySegmentsTable;
  milestone_progressions: MilestoneProgressionsTable;
  safeguards: SafeguardsTable;
  impact_metric_samples: ImpactMetricSamplesTable;
}
