import type { Kysely } from 'kysely';

// Per-account login backoff (issue 12 §6): failed password logins counted per account in the
// database, so every instance behind a load balancer sees the same count. The key is the
// account (`user:<id>`) or, for an unknown login, the normalised name that was typed, so an
// answer never tells whether an account exists.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('login_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
}
