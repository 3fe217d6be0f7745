import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';

/** Edge's issued tokens and used nonces (tables edge_issued_tokens, edge_hmac_nonces). */

/** The live token issued for this client and scope, if any (its secret still encrypted). */
export async function findIssuedToken(db: Queryable, clientId: string, scopeHash: string) {
  return db
    .selectFrom('edge_issued_tokens as e')
    .innerJoin('api_tokens as t', 't.id', 'e.token_id')
    .select(['e.token_id', 'e.secret_enc', 't.expires_at'])
    .where('e.client_id', '=', clientId)
    .where('e.scope_hash', '=', scopeHash)
    .where('t.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Another request (on any instance) issued a token for this scope first: use that one. */
export class IssuedConcurrently extends Error {
  constructor() {
    super('a token for this Edge scope was issued concurrently');
  }
}

/**
 * Records the token issued for this client and scope, inside the transaction that created it.
 * Concurrent issues for one scope are serialised by an advisory lock; the later one finds the
 * earlier's live token and throws IssuedConcurrently, so its transaction (and token) rolls back.
 */
export async function saveIssuedToken(
  db: Queryable,
  row: { clientId: string; scopeHash: string; tokenId: number; secretEnc: Buffer },
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`edge-issue:${row.clientId}:${row.scopeHash}`}))`.execute(
    db,
  );
  const existing = await findIssuedToken(db, row.clientId, row.scopeHash);
  if (
    existing &&
    existing.token_id !== row.tokenId &&
    (existing.expires_at === null || existing.expires_at.getTime() > Date.now())
  )
    throw new IssuedConcurrently();
  const values = {
    client_id: row.clientId,
    scope_hash: row.scopeHash,
    token_id: row.tokenId,
    secret_enc: row.secretEnc,
  };
  await db
    .insertInto('edge_issued_tokens')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['client_id', 'scope_hash'])
        .doUpdateSet({ token_id: row.tokenId, secret_enc: row.secretEnc }),
    )
    .execute();
}

/** False when this client used the nonce before (a replay). Expired nonces are pruned first. */
export async function registerNonce(
  db: Db,
  clientId: string,
  nonce: string,
  expiresAt: Date,
): Promise<boolean> {
  await db.deleteFrom('edge_hmac_nonces').where('expires_at', '<', new Date()).execute();
  const inserted = await db
    .insertInto('edge_hmac_nonces')
    .values({ client_id: clientId, nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['client_id', 'nonce']).doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return inserted !== undefined;
}
