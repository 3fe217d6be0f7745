import { type Kysely, sql } from 'kysely';

// The audit log every mutation writes to in its own transaction, and a small key/value
// table for instance-wide settings (shared/unleash/API.md §7.1: events, settings).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('data', 'jsonb')
    .addColumn('pre_data', 'jsonb')
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('feature_name', 'text')
    .addColumn('project', 'text')
    .addColumn('environment', 'text')
    .addColumn('announced', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('events_feature_name_idx').on('events').column('feature_name').execute();
  await db.schema.createIndex('events_project_idx').on('events').column('project').execute();
  await db.schema.createIndex('events_type_idx').on('events').column('type').execute();
  await db.schema.createIndex('events_created_at_idx').on('events').column('created_at').execute();

  await db.schema
    .createTable('settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('events').execute();
}
