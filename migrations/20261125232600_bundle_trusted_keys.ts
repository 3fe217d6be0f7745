import { type Kysely, sql } from 'kysely';

// Signed air-gap bundles (issue 18): the Ed25519 public keys whose bundles this instance applies
// without an override. The instance's own signing key lives in `settings` (sealed private key).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bundle_trusted_keys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('added_by_user_id', 'integer')
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bundle_trusted_keys').execute();
}
