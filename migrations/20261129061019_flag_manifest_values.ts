import { type Kysely, sql } from 'kysely';

// Issue 36 §3: OpenFeature's Manifest Management API describes a flag by its value type and the
// default value code falls back to. A flag created or edited through that API keeps both here; a
// flag without a row is described from its variants' payloads (manifest-rules.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flag_manifest_values')
    .addColumn('feature_name', 'text', (c) => c.primaryKey().references('features.name').onDelete('cascade'))
    .addColumn('value_type', 'text', (c) => c.notNull())
    .addColumn('default_value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'flag_manifest_values_type',
      sql`value_type IN ('boolean', 'string', 'integer', 'object')`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('flag_manifest_values').execute();
}
