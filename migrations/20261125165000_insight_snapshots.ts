import { type Kysely, sql } from 'kysely';

// Insights (issue 15): what the current tables cannot tell about the past. Once a day one
// instance records, per project, its flag counts by state, members, time to production and the
// previous day's SDK metrics, and the instance's user counts. The day row's primary key is what makes the daily job run once across
// instances; rows older than the retention are pruned by the same job.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('insight_snapshot_days')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('users_total', 'integer', (c) => c.notNull())
    .addColumn('users_active', 'integer', (c) => c.notNull())
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('insight_project_snapshots')
    .addColumn('day', 'date', (c) => c.notNull().references('insight_snapshot_days.day').onDelete('cascade'))
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('stale', 'integer', (c) => c.notNull())
    .addColumn('potentially_stale', 'integer', (c) => c.notNull())
    .addColumn('users', 'integer', (c) => c.notNull())
    .addColumn('time_to_production', 'double precision')
    // SDK metrics of the day before \`day\` (the raw metrics are kept only a week).
    .addColumn('metrics_yes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('metrics_no', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('metrics_apps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('metrics_flags', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('metrics_environments', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('insight_project_snapshots_pkey', ['day', 'project'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('insight_project_snapshots').execute();
  await db.schema.dropTable('insight_snapshot_days').execute();
}
