import { type Kysely, sql } from 'kysely';

// Invite-link secrets stored as their SHA-256 (hex), as every other secret (issue 12 §6): the
// plain secret is shown once, when the link is created. Existing links keep working, since the
// link's secret hashes to the stored value. The membership table follows its link by hash.
const hashed = (column: string) => sql`encode(sha256(convert_to(${sql.ref(column)}, 'UTF8')), 'hex')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table public_signup_token_users drop constraint public_signup_token_users_secret_fkey`.execute(
    db,
  );
  await db
    .updateTable('public_signup_tokens')
    .set({ secret: hashed('secret') })
    .execute();
  await db
    .updateTable('public_signup_token_users')
    .set({ secret: hashed('secret') })
    .execute();
  await db.schema.alterTable('public_signup_tokens').renameColumn('secret', 'secret_hash').execute();
  await db.schema.alterTable('public_signup_token_users').renameColumn('secret', 'secret_hash').execute();
  await db.schema
    .alterTable('public_signup_token_users')
    .addForeignKeyConstraint(
      'public_signup_token_users_secret_hash_fkey',
      ['secret_hash'],
      'public_signup_tokens',
      ['secret_hash'],
    )
    .onDelete('cascade')
    .execute();
}

// The plain secrets are gone for good: going back leaves the links unusable, so it removes them.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table public_signup_token_users drop constraint public_signup_token_users_secret_hash_fkey`.execute(
    db,
  );
  await db.deleteFrom('public_signup_token_users').execute();
  await db.deleteFrom('public_signup_tokens').execute();
  await db.schema.alterTable('public_signup_tokens').renameColumn('secret_hash', 'secret').execute();
  await db.schema.alterTable('public_signup_token_users').renameColumn('secret_hash', 'secret').execute();
  await db.schema
    .alterTable('public_signup_token_users')
    .addForeignKeyConstraint('public_signup_token_users_secret_fkey', ['secret'], 'public_signup_tokens', [
      'secret',
    ])
    .onDelete('cascade')
    .execute();
}
