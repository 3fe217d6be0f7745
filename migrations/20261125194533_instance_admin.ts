import { type Kysely, sql } from 'kysely';

// Running the instance (issue 19; shared/unleash/API.md §7 tables `banners`, `user_splash`):
// banners shown to every signed-in user, which first-run dialogs each user has seen, and the
// console's reported errors (Switchyard's own table, kept to the newest 1,000 by the server).
// Maintenance mode and the license token live in the existing `settings` table.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('banners')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull().defaultTo('info'))
    .addColumn('sticky', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('icon', 'text')
    .addColumn('link', 'text')
    .addColumn('link_text', 'text')
    .addColumn('dialog_title', 'text')
    .addColumn('dialog', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('user_splash')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('splash_id', 'text', (c) => c.notNull())
    .addColumn('seen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('user_splash_pkey', ['user_id', 'splash_id'])
    .execute();

  await db.schema
    .createTable('ui_errors')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('error_message', 'text', (c) => c.notNull())
    .addColumn('error_stack', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ui_errors').execute();
  await db.schema.dropTable('user_splash').execute();
  await db.schema.dropTable('banners').execute();
}
