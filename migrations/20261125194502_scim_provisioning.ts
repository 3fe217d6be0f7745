import { type Kysely, sql } from 'kysely';

// SCIM provisioning (issue 20; shared/unleash/API.md §10.6, SCHEMAS.md `users`/`groups`):
// users and groups carry the identity provider's ids, unique where set. A SCIM client may
// deactivate a user (`active: false`) without deleting it: `deactivated_at` keeps the row, its
// memberships and roles, and every login path refuses it until it is reactivated.
// The SCIM and password-login settings live in the existing `settings` table.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['users', 'groups']) {
    await db.schema
      .alterTable(table)
      .addColumn('scim_id', 'text')
      .addColumn('scim_external_id', 'text')
      .execute();
    await sql`CREATE UNIQUE INDEX ${sql.raw(`${table}_scim_id_unique`)} ON ${sql.table(table)} (scim_id) WHERE scim_id IS NOT NULL`.execute(
      db,
    );
    await sql`CREATE UNIQUE INDEX ${sql.raw(`${table}_scim_external_id_unique`)} ON ${sql.table(table)} (scim_external_id) WHERE scim_external_id IS NOT NULL`.execute(
      db,
    );
  }
  await db.schema.alterTable('users').addColumn('deactivated_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
  for (const table of ['users', 'groups']) {
    await db.schema.alterTable(table).dropColumn('scim_id').dropColumn('scim_external_id').execute();
  }
}
