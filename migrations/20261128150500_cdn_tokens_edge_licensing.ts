import { type Kysely, sql } from 'kysely';

// Issue 31 §5: CDN tokens (frontend tokens the CDN route lists) and what Unleash Edge reports to
// /api/client/edge-licensing/heartbeat.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cdn_tokens')
    .addColumn('token_id', 'integer', (col) =>
      col.primaryKey().references('api_tokens.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('edge_license_heartbeats')
    .addColumn('connection_id', 'text', (col) => col.primaryKey())
    .addColumn('token_environment', 'text', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull())
    .addColumn('first_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('edge_license_heartbeats').execute();
  await db.schema.dropTable('cdn_tokens').execute();
}
