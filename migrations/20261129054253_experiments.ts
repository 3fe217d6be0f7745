import { type Kysely, sql } from 'kysely';

// Issue 35: experiments on a flag's variants, and the data they are read from.
// - `experiments`: one per (flag, environment) at a time while running; its metrics and expected
//   variant split are copied in when it starts, so the readout does not move when the flag changes.
// - `experiment_exposures`: the first variant each user was served while the experiment ran
//   (frontend API, OFREP, or the exposure endpoint of server-side SDKs). Kept only for experiments
//   that are running or stopped less than the retention ago.
// - `experiment_user_metrics`: per exposed user and tracked event, the events and value sum after
//   exposure (inside the metric's window) and before it (the CUPED covariate).
// - `tracked_events_hourly`: every tracked event, whether or not an experiment reads it, as hourly
//   counts: the bounded history the Experiments screen offers metrics from.
// - `experiment_snapshots`: the analysis taken once an hour while running, for lift over time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('experiments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('feature_name', 'text', (c) => c.notNull().references('features.name').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull().references('environments.name').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('hypothesis', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('control_variant', 'text', (c) => c.notNull())
    // [{name, weight}]: the split the experiment expects (the sample-ratio check's reference).
    .addColumn('variants', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // [{eventName, role: 'primary'|'secondary'|'guardrail', type: 'binomial'|'mean', higherIsBetter, windowHours}]
    .addColumn('metrics', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('method', 'text', (c) => c.notNull().defaultTo('sequential'))
    .addColumn('alpha', 'double precision', (c) => c.notNull().defaultTo(0.05))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('started_at', 'timestamptz')
    .addColumn('stopped_at', 'timestamptz')
    .addColumn('decision', 'text')
    .addColumn('decision_variant', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('created_by_user_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('experiments_status', sql`status IN ('draft', 'running', 'stopped')`)
    .addCheckConstraint('experiments_method', sql`method IN ('frequentist', 'bayesian', 'sequential')`)
    .addCheckConstraint(
      'experiments_decision',
      sql`decision IS NULL OR decision IN ('ship', 'rollback', 'inconclusive')`,
    )
    .addCheckConstraint('experiments_alpha', sql`alpha > 0 AND alpha < 0.5`)
    .execute();
  await db.schema
    .createIndex('experiments_feature_idx')
    .on('experiments')
    .columns(['feature_name'])
    .execute();
  // One running experiment per flag environment: exposures name no experiment, the pair does.
  await sql`CREATE UNIQUE INDEX experiments_one_running_idx ON experiments (feature_name, environment)
            WHERE status = 'running'`.execute(db);

  await db.schema
    .createTable('experiment_exposures')
    .addColumn('experiment_id', 'integer', (c) =>
      c.notNull().references('experiments.id').onDelete('cascade'),
    )
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('exposed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('experiment_exposures_pkey', ['experiment_id', 'user_key'])
    .execute();

  await db.schema
    .createTable('experiment_user_metrics')
    .addColumn('experiment_id', 'integer', (c) =>
      c.notNull().references('experiments.id').onDelete('cascade'),
    )
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('value_sum', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('pre_events', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pre_value_sum', 'double precision', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('experiment_user_metrics_pkey', ['experiment_id', 'user_key', 'event_name'])
    .execute();

  await db.schema
    .createTable('tracked_events_hourly')
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('events', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('value_sum', 'double precision', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tracked_events_hourly_pkey', ['event_name', 'environment', 'hour'])
    .execute();
  await db.schema
    .createIndex('tracked_events_hourly_hour_idx')
    .on('tracked_events_hourly')
    .column('hour')
    .execute();

  await db.schema
    .createTable('experiment_snapshots')
    .addColumn('experiment_id', 'integer', (c) =>
      c.notNull().references('experiments.id').onDelete('cascade'),
    )
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull())
    .addColumn('result', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('experiment_snapshots_pkey', ['experiment_id', 'taken_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'experiment_snapshots',
    'tracked_events_hourly',
    'experiment_user_metrics',
    'experiment_exposures',
    'experiments',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
