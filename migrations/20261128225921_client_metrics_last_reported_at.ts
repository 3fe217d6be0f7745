import type { Kysely } from 'kysely';

// The hourly buckets say which hour a flag was reported in, not when: an application's page
// said "last reported 22 minutes ago" of metrics sent seconds before (issue 33). Each bucket now
// keeps when its latest report arrived; older rows have none and fall back to their hour.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('client_metrics_env').addColumn('last_reported_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('client_metrics_env').dropColumn('last_reported_at').execute();
}
