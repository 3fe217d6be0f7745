import { type Kysely, sql } from 'kysely';

// Change requests (issue 13; shared/unleash/API.md §10.1 and the data-model rows). Every table
// hangs off `change_requests` and goes with it (ON DELETE CASCADE); a request goes with its
// project or environment. Authors are kept by user id when there is one (SET NULL when the user
// is deleted) and always by display name, so the history stays readable.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('change_request_settings')
    .addColumn('project', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull().references('environments.name').onDelete('cascade'))
    // A row means "change requests are on for this project environment" (as Unleash).
    .addColumn('required_approvals', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('change_request_settings_pk', ['project', 'environment'])
    .addCheckConstraint('change_request_settings_approvals', sql`required_approvals BETWEEN 1 AND 10`)
    .execute();

  await db.schema
    .createTable('change_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull().references('environments.name').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('Draft'))
    .addColumn('title', 'text')
    .addColumn('min_approvals', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    // The identity that owns the draft: `user:<id>`, or `name:<actor>` for a caller without a user.
    .addColumn('author_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // {state: ISO time} of every state the request entered (changeRequestSchema.stateTimestamps).
    .addColumn('state_timestamps', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addCheckConstraint(
      'change_requests_state',
      sql`state IN ('Draft','In review','Approved','Scheduled','Applied','Cancelled','Rejected')`,
    )
    .execute();
  // One open draft per author, project and environment (Unleash adds to it instead of opening another).
  await sql`CREATE UNIQUE INDEX change_requests_one_draft ON change_requests (project, environment, author_key) WHERE state = 'Draft'`.execute(
    db,
  );
  await db.schema
    .createIndex('change_requests_project_state')
    .on('change_requests')
    .columns(['project', 'state'])
    .execute();

  // The changes ("events" in Unleash's naming): one row per drafted action.
  await db.schema
    .createTable('change_request_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('change_request_id', 'integer', (c) =>
      c.notNull().references('change_requests.id').onDelete('cascade'),
    )
    .addColumn('feature', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // What the change was drafted against (the strategy, flag environment or segment as it was),
    // compared with the current state to report conflicts.
    .addColumn('based_on', 'jsonb')
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('change_request_events_request')
    .on('change_request_events')
    .column('change_request_id')
    .execute();
  await db.schema
    .createIndex('change_request_events_feature')
    .on('change_request_events')
    .column('feature')
    .execute();

  // Approvals and rejections are per distinct user.
  for (const table of ['change_request_approvals', 'change_request_rejections']) {
    await db.schema
      .createTable(table)
      .addColumn('change_request_id', 'integer', (c) =>
        c.notNull().references('change_requests.id').onDelete('cascade'),
      )
      .addColumn('created_by_user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint(`${table}_pk`, ['change_request_id', 'created_by_user_id'])
      .execute();
  }

  await db.schema
    .createTable('change_request_comments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('change_request_id', 'integer', (c) =>
      c.notNull().references('change_requests.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('change_request_comments_request')
    .on('change_request_comments')
    .column('change_request_id')
    .execute();

  // At most one schedule per request. Instances claim due rows with
  // `WHERE status = 'pending' AND scheduled_at <= now() FOR UPDATE SKIP LOCKED`.
  await db.schema
    .createTable('change_request_schedule')
    .addColumn('change_request_id', 'integer', (c) =>
      c.primaryKey().references('change_requests.id').onDelete('cascade'),
    )
    .addColumn('scheduled_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('failure_reason', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('change_request_schedule_status', sql`status IN ('pending','failed','suspended')`)
    .execute();
  await db.schema
    .createIndex('change_request_schedule_due')
    .on('change_request_schedule')
    .columns(['status', 'scheduled_at'])
    .execute();

  await db.schema
    .createTable('change_request_requested_approvers')
    .addColumn('change_request_id', 'integer', (c) =>
      c.notNull().references('change_requests.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('change_request_requested_approvers_pk', ['change_request_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'change_request_requested_approvers',
    'change_request_schedule',
    'change_request_comments',
    'change_request_rejections',
    'change_request_approvals',
    'change_request_events',
    'change_requests',
    'change_request_settings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
