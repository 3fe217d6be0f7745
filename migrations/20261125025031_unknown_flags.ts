import type { Kysely } from 'kysely';

// Flag names SDKs report that no flag has (issue 12 §5, Unleash's unknown-flags list): one row per
// name, application and environment, kept apart from the metrics and bounded by the server.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('unknown_flags')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('unknown_flags_pkey', ['name', 'app_name', 'environment'])
    .execute();
  await db.schema.createIndex('unknown_flags_seen_at_idx').on('unknown_flags').column('seen_at').execute();
}
