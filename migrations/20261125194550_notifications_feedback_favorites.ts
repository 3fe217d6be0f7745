import { type Kysely, sql } from 'kysely';

// Issue 19, the user's own corner of the console: notifications (one row per recipient, bounded
// by the server to the newest per user), feedback (what a user answered or declined per survey,
// and the free-text feedback of the public form) and favourite projects and flags.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_type', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'integer')
    .addColumn('created_by_name', 'text')
    // The audit-log row the notification was derived from, when there is one.
    .addColumn('event_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
  await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`.execute(
    db,
  );

  // E-mail subscriptions are on by default: a row records that the user opted out of one.
  await db.schema
    .createTable('user_unsubscription')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subscription', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('user_unsubscription_pk', ['user_id', 'subscription'])
    .execute();

  await db.schema
    .createTable('user_feedback')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('feedback_id', 'text', (c) => c.notNull())
    .addColumn('given', 'timestamptz')
    .addColumn('never_show', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('user_feedback_pk', ['user_id', 'feedback_id'])
    .execute();

  await db.schema
    .createTable('provided_feedback')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text')
    .addColumn('difficulty_score', 'double precision')
    .addColumn('positive', 'text')
    .addColumn('areas_for_improvement', 'text')
    .execute();

  await db.schema
    .createTable('favorite_features')
    .addColumn('feature_name', 'text', (c) => c.notNull().references('features.name').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('favorite_features_pk', ['user_id', 'feature_name'])
    .execute();

  await db.schema
    .createTable('favorite_projects')
    .addColumn('project', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('favorite_projects_pk', ['user_id', 'project'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'favorite_projects',
    'favorite_features',
    'provided_feedback',
    'user_feedback',
    'user_unsubscription',
    'notifications',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
