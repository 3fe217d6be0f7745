import { type Kysely, sql } from 'kysely';

// Impact metrics (issue 14): the minimal store that release-plan safeguards read. SDKs send
// counters and gauges in the `impactMetrics` field of their metrics report; each series (app,
// metric, label set) keeps one row per minute: counters add up their deltas, gauges keep the
// last value. Histograms are accepted by the API but not stored (no safeguard reads them yet).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('impact_metric_samples')
    .addColumn('metric_name', 'text', (c) => c.notNull())
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    // The label set as canonical JSON (keys sorted): part of the key, so a series has one row a minute.
    .addColumn('labels_key', 'text', (c) => c.notNull())
    .addColumn('labels', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('metric_type', 'text', (c) => c.notNull())
    .addColumn('bucket_start', 'timestamptz', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('impact_metric_samples_pkey', [
      'metric_name',
      'app_name',
      'environment',
      'labels_key',
      'bucket_start',
    ])
    .addCheckConstraint('impact_metric_samples_type', sql`metric_type IN ('counter', 'gauge')`)
    .execute();
  await db.schema
    .createIndex('impact_metric_samples_metric_time_idx')
    .on('impact_metric_samples')
    .columns(['metric_name', 'bucket_start'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('impact_metric_samples').execute();
}
