import type { Kysely } from 'kysely';

// Short-lived single sign-on state shared by every instance behind a load balancer (issue 20):
// pending OIDC logins (state, nonce, PKCE verifier) and SAML requests keyed by a cookie's hash,
// SAML assertion ids already used (replay protection), and the desktop app's one-time codes.
// Rows are single use (deleted when read) and expire; expired rows are pruned on insert.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_transient')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_transient_pk', ['kind', 'key'])
    .execute();
  await db.schema.createIndex('sso_transient_expires_idx').on('sso_transient').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_transient').execute();
}
