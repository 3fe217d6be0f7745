import type { CreateImpactMetricsConfig } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { ulid } from '../../lib/ulid';
import type { AggregationMode, TimeRange } from './impact-metrics-rules';

/**
 * Impact-metric charts (Unleash's `impact_metrics` table): the instance's (no flag) and each
 * flag's, as createImpactMetricsConfigSchema describes them.
 */
export interface ImpactConfigRecord {
  id: string;
  featureName: string | null;
  metricName: string;
  timeRange: TimeRange;
  aggregationMode: AggregationMode;
  yAxisMin: 'auto' | 'zero';
  labelSelectors: Record<string, string[]>;
  title: string | null;
}

const COLUMNS = [
  'id',
  'feature_name',
  'metric_name',
  'time_range',
  'aggregation_mode',
  'y_axis_min',
  'label_selectors',
  'title',
] as const;

type ConfigDbRow = {
  id: string;
  feature_name: string | null;
  metric_name: string;
  time_range: TimeRange;
  aggregation_mode: AggregationMode;
  y_axis_min: 'auto' | 'zero';
  label_selectors: unknown;
  title: string | null;
};

const toRecord = (row: ConfigDbRow): ImpactConfigRecord => ({
  id: row.id,
  featureName: row.feature_name,
  metricName: row.metric_name,
  timeRange: row.time_range,
  aggregationMode: row.aggregation_mode,
  yAxisMin: row.y_axis_min,
  labelSelectors: (row.label_selectors as Record<string, string[]>) ?? {},
  title: row.title,
});

/** The charts of a flag, or of the instance (`featureName` null), oldest first. */
export async function listImpactConfigs(
  db: Queryable,
  featureName: string | null,
): Promise<ImpactConfigRecord[]> {
  let query = db.selectFrom('impact_metric_configs').select(COLUMNS);
  query =
    featureName === null
      ? query.where('feature_name', 'is', null)
      : query.where('feature_name', '=', featureName);
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return rows.map(toRecord);
}

/** One chart of that flag (or of the instance), locked for a change; undefined when there is none. */
export async function getImpactConfig(
  db: Queryable,
  featureName: string | null,
  id: string,
): Promise<ImpactConfigRecord | undefined> {
  let query = db.selectFrom('impact_metric_configs').select(COLUMNS).where('id', '=', id);
  query =
    featureName === null
      ? query.where('feature_name', 'is', null)
      : query.where('feature_name', '=', featureName);
  const row = await query.forUpdate().executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function countImpactConfigs(db: Queryable, featureName: string | null): Promise<number> {
  let query = db.selectFrom('impact_metric_configs').select((eb) => eb.fn.countAll<string>().as('count'));
  query =
    featureName === null
      ? query.where('feature_name', 'is', null)
      : query.where('feature_name', '=', featureName);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

const valuesOf = (input: CreateImpactMetricsConfig) => ({
  metric_name: input.metricName,
  time_range: input.timeRange,
  aggregation_mode: input.aggregationMode,
  y_axis_min: input.yAxisMin,
  label_selectors: JSON.stringify(input.labelSelectors),
  title: input.title ?? null,
});

export async function insertImpactConfig(
  db: Queryable,
  featureName: string | null,
  input: CreateImpactMetricsConfig,
): Promise<ImpactConfigRecord> {
  const row = await db
    .insertInto('impact_metric_configs')
    .values({ id: ulid(), feature_name: featureName, ...valuesOf(input) })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function updateImpactConfig(
  db: Queryable,
  id: string,
  input: CreateImpactMetricsConfig,
): Promise<ImpactConfigRecord> {
  const row = await db
    .updateTable('impact_metric_configs')
    .set(valuesOf(input))
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Deletes a chart of that flag (or of the instance); returns what it was. */
export async function deleteImpactConfig(
  db: Queryable,
  featureName: string | null,
  id: string,
): Promise<ImpactConfigRecord | undefined> {
  let query = db.deleteFrom('impact_metric_configs').where('id', '=', id);
  query =
    featureName === null
      ? query.where('feature_name', 'is', null)
      : query.where('feature_name', '=', featureName);
  const row = await query.returning(COLUMNS).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}
