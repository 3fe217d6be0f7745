import type { Kysely } from 'kysely';

// Issue 31 §5: the server's own request counts per UTC day, API group and outcome, behind
// /api/admin/metrics/traffic and /api/admin/metrics/request. A few rows a day.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('traffic_usage')
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('api_path', 'text', (col) => col.notNull())
    .addColumn('traffic_group', 'text', (col) => col.notNull())
    .addColumn('count', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('traffic_usage_pkey', ['day', 'api_path', 'traffic_group'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('traffic_usage').execute();
}
