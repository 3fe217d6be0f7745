import { type Kysely, sql } from 'kysely';

// Impact metrics as a domain of their own (issue 35 §1):
// - `impact_metric_samples` also keeps histograms: `value` is then the number of observations of
//   the minute, `histogram_sum` their sum and `histogram_buckets` the count per upper bound
//   (`{"0.1": 3, "+Inf": 9}`, Prometheus' cumulative `le` buckets), all added up per minute.
//   `resolution` tells minute rows from the hourly rollups older rows are folded into
//   (impact-metrics/README.md: 7 days of minutes, then hours up to 32 days, then nothing).
// - `impact_metric_configs`: Unleash's `impact_metrics` table: the charts of the instance
//   (feature_name null) and of each flag (impactMetricsConfigSchema).
// - `feature_environment_safeguards`: a safeguard on one flag environment (Unleash's table of that
//   name): when its impact metric breaks the condition, the flag is disabled there.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('impact_metric_samples')
    .addColumn('resolution', 'text', (c) => c.notNull().defaultTo('minute'))
    .addColumn('histogram_sum', 'double precision')
    .addColumn('histogram_buckets', 'jsonb')
    .execute();
  await sql`ALTER TABLE impact_metric_samples DROP CONSTRAINT impact_metric_samples_type`.execute(db);
  await sql`ALTER TABLE impact_metric_samples ADD CONSTRAINT impact_metric_samples_type
            CHECK (metric_type IN ('counter', 'gauge', 'histogram'))`.execute(db);
  await sql`ALTER TABLE impact_metric_samples ADD CONSTRAINT impact_metric_samples_resolution
            CHECK (resolution IN ('minute', 'hour'))`.execute(db);
  await sql`ALTER TABLE impact_metric_samples DROP CONSTRAINT impact_metric_samples_pkey`.execute(db);
  await sql`ALTER TABLE impact_metric_samples ADD CONSTRAINT impact_metric_samples_pkey
            PRIMARY KEY (metric_name, app_name, environment, labels_key, resolution, bucket_start)`.execute(
    db,
  );

  await db.schema
    .createTable('impact_metric_configs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('feature_name', 'text', (c) => c.references('features.name').onDelete('cascade'))
    .addColumn('metric_name', 'text', (c) => c.notNull())
    .addColumn('time_range', 'text', (c) => c.notNull())
    .addColumn('aggregation_mode', 'text', (c) => c.notNull())
    .addColumn('y_axis_min', 'text', (c) => c.notNull().defaultTo('auto'))
    .addColumn('label_selectors', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('title', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'impact_metric_configs_time_range',
      sql`time_range IN ('hour', 'day', 'week', 'month')`,
    )
    .addCheckConstraint(
      'impact_metric_configs_aggregation_mode',
      sql`aggregation_mode IN ('rps', 'count', 'avg', 'sum', 'p95', 'p99', 'p50')`,
    )
    .addCheckConstraint('impact_metric_configs_y_axis_min', sql`y_axis_min IN ('auto', 'zero')`)
    .execute();
  await db.schema
    .createIndex('impact_metric_configs_feature_idx')
    .on('impact_metric_configs')
    .column('feature_name')
    .execute();

  await db.schema
    .createTable('feature_environment_safeguards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('feature_name', 'text', (c) => c.notNull().references('features.name').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull().references('environments.name').onDelete('cascade'))
    .addColumn('impact_metric_id', 'text', (c) => c.notNull())
    .addColumn('metric_name', 'text', (c) => c.notNull())
    .addColumn('time_range', 'text', (c) => c.notNull())
    .addColumn('aggregation_mode', 'text', (c) => c.notNull())
    .addColumn('label_selectors', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('trigger_operator', 'text', (c) => c.notNull())
    .addColumn('trigger_threshold', 'double precision', (c) => c.notNull())
    .addColumn('triggered_at', 'timestamptz')
    .addColumn('checked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('feature_environment_safeguards_one', ['feature_name', 'environment'])
    .addCheckConstraint(
      'feature_environment_safeguards_time_range',
      sql`time_range IN ('hour', 'day', 'week', 'month')`,
    )
    .addCheckConstraint(
      'feature_environment_safeguards_aggregation_mode',
      sql`aggregation_mode IN ('rps', 'count', 'avg', 'sum', 'p95', 'p99', 'p50')`,
    )
    .addCheckConstraint('feature_environment_safeguards_operator', sql`trigger_operator IN ('>', '<')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feature_environment_safeguards').execute();
  await db.schema.dropTable('impact_metric_configs').execute();
  await sql`DELETE FROM impact_metric_samples WHERE metric_type = 'histogram' OR resolution = 'hour'`.execute(
    db,
  );
  await sql`ALTER TABLE impact_metric_samples DROP CONSTRAINT impact_metric_samples_pkey`.execute(db);
  await sql`ALTER TABLE impact_metric_samples ADD CONSTRAINT impact_metric_samples_pkey
            PRIMARY KEY (metric_name, app_name, environment, labels_key, bucket_start)`.execute(db);
  await sql`ALTER TABLE impact_metric_samples DROP CONSTRAINT impact_metric_samples_resolution`.execute(db);
  await sql`ALTER TABLE impact_metric_samples DROP CONSTRAINT impact_metric_samples_type`.execute(db);
  await sql`ALTER TABLE impact_metric_samples ADD CONSTRAINT impact_metric_samples_type
            CHECK (metric_type IN ('counter', 'gauge'))`.execute(db);
  await db.schema
    .alterTable('impact_metric_samples')
    .dropColumn('resolution')
    .dropColumn('histogram_sum')
    .dropColumn('histogram_buckets')
    .execute();
}
