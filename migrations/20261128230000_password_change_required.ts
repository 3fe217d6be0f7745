import type { Kysely } from 'kysely';

// Issue 33 §1: the admin created on first start with a generated (logged) password must choose
// their own at first sign-in; the flag clears in the transaction that changes the password.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('password_change_required', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('password_change_required').execute();
}
