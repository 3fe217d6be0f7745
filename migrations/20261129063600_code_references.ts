import { type Kysely, sql } from 'kysely';

// Issue 37 §1: where each flag is used in code, as pushed by `switchyard code-refs scan --push`
// (or the desktop app). One row per repository; a push replaces that repository's references.
// Flag names are plain text, not keys: an archived or deleted flag still referenced in code is
// exactly what the hygiene views must show.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('code_repositories')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text')
    .addColumn('branch', 'text')
    .addColumn('commit', 'text')
    .addColumn('scanned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('pushed_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('code_references')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('repository', 'text', (c) =>
      c.notNull().references('code_repositories.name').onDelete('cascade'),
    )
    .addColumn('feature_name', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('context', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('last_changed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('code_references_feature_idx')
    .on('code_references')
    .column('feature_name')
    .execute();
  await db.schema
    .createIndex('code_references_repository_idx')
    .on('code_references')
    .column('repository')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('code_references').execute();
  await db.schema.dropTable('code_repositories').execute();
}
