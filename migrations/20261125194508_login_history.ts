import { type Kysely, sql } from 'kysely';

// Login history (issue 19): every password or SSO login attempt, successful or not, kept for a
// bounded time (LOGIN_HISTORY_RETENTION_HOURS) and deleted by a scheduled job. `username` is what
// was typed, so attempts at unknown accounts are visible too.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('auth_type', 'text', (c) => c.notNull())
    .addColumn('successful', 'boolean', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_history_created_at_idx')
    .on('login_history')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_history').execute();
}
