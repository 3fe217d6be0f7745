import { type Kysely, sql } from 'kysely';

// Blast-radius preview (issue 15): contexts the frontend API evaluated, sampled, with sensitive
// fields already hashed or dropped. One row per distinct context and environment; the sampler
// keeps each environment under its bound and prunes by last_seen_at.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blast_radius_contexts')
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('context_hash', 'text', (c) => c.notNull())
    .addColumn('context', 'jsonb', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('blast_radius_contexts_pkey', ['environment', 'context_hash'])
    .execute();
  await db.schema
    .createIndex('blast_radius_contexts_recent_idx')
    .on('blast_radius_contexts')
    .columns(['environment', 'last_seen_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blast_radius_contexts').execute();
}
