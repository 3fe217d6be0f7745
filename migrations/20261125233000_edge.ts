import type { Kysely } from 'kysely';

// Unleash Edge's upstream surface (issue 17):
// - edge_instances: the latest instance data each Edge posts to /api/client/metrics/edge.
// - edge_hmac_nonces: nonces of signed /edge/issue-token requests already used (replay
//   protection shared by every instance); expired rows are pruned on insert.
// - edge_issued_tokens: the token issued per Edge client and scope, so asking again returns the
//   same token. Only hashes of secrets are kept elsewhere, so the secret is kept here encrypted
//   with a key derived from the Edge client secret.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('edge_instances')
    .addColumn('identifier', 'text', (c) => c.primaryKey())
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('edge_version', 'text', (c) => c.notNull())
    .addColumn('region', 'text')
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('reported_at', 'timestamptz', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('edge_instances_reported_idx')
    .on('edge_instances')
    .column('reported_at')
    .execute();
  await db.schema
    .createTable('edge_hmac_nonces')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('edge_hmac_nonces_pk', ['client_id', 'nonce'])
    .execute();
  await db.schema
    .createIndex('edge_hmac_nonces_expires_idx')
    .on('edge_hmac_nonces')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('edge_issued_tokens')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('scope_hash', 'text', (c) => c.notNull())
    .addColumn('token_id', 'integer', (c) => c.notNull().references('api_tokens.id').onDelete('cascade'))
    .addColumn('secret_enc', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(db.fn('now')))
    .addPrimaryKeyConstraint('edge_issued_tokens_pk', ['client_id', 'scope_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('edge_issued_tokens').execute();
  await db.schema.dropTable('edge_hmac_nonces').execute();
  await db.schema.dropTable('edge_instances').execute();
}
