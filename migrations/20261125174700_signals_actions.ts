import { type Kysely, sql } from 'kysely';

// Signals and actions (issue 15; shared/unleash/API.md §7 tables `signal_endpoints`,
// `signal_endpoint_tokens`, `signals`, `action_sets`, `actions`, `action_set_events`). Token
// secrets are kept as SHA-256 only. Signals and execution logs are bounded by the server
// (pruned on insert), so these tables stay small however often outside systems call in.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('signal_endpoints')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by_user_id', 'integer')
    .execute();

  await db.schema
    .createTable('signal_endpoint_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('signal_endpoint_id', 'integer', (c) =>
      c.notNull().references('signal_endpoints.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by_user_id', 'integer')
    .execute();
  await db.schema
    .createIndex('signal_endpoint_tokens_endpoint_idx')
    .on('signal_endpoint_tokens')
    .column('signal_endpoint_id')
    .execute();

  await db.schema
    .createTable('signals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('created_by_source_token_id', 'integer')
    .addColumn('token_name', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    // Set by the instance that claims the signal for its action sets: each is processed once.
    .addColumn('processed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('signals_source_idx')
    .on('signals')
    .columns(['source', 'source_id', 'id'])
    .execute();
  await sql`CREATE INDEX signals_unprocessed_idx ON signals (id) WHERE processed_at IS NULL`.execute(db);

  await db.schema
    .createTable('action_sets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    // The service account the actions run as; kept without a foreign key so the log survives it.
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by_user_id', 'integer')
    .execute();
  await db.schema
    .createIndex('action_sets_source_idx')
    .on('action_sets')
    .columns(['source', 'source_id'])
    .execute();
  await db.schema.createIndex('action_sets_project_idx').on('action_sets').column('project').execute();

  await db.schema
    .createTable('actions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('action_set_id', 'integer', (c) =>
      c.notNull().references('action_sets.id').onDelete('cascade'),
    )
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('execution_params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by_user_id', 'integer')
    .execute();
  await db.schema
    .createIndex('actions_action_set_idx')
    .on('actions')
    .columns(['action_set_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('action_set_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('action_set_id', 'integer', (c) =>
      c.notNull().references('action_sets.id').onDelete('cascade'),
    )
    .addColumn('signal_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    // Snapshots as they were when the set ran: the signal may be pruned, the set edited later.
    .addColumn('signal', 'jsonb', (c) => c.notNull())
    .addColumn('action_set', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('action_set_events_state', sql`state IN ('started', 'success', 'failed')`)
    .execute();
  await db.schema
    .createIndex('action_set_events_set_idx')
    .on('action_set_events')
    .columns(['action_set_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'action_set_events',
    'actions',
    'action_sets',
    'signals',
    'signal_endpoint_tokens',
    'signal_endpoints',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
