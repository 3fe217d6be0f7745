import type { Db } from '../../db/database';
import type { Queryable } from '../events';

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

export async function saveIssuedToken(
  db: Queryable,
  row: { clientId: string; scopeHash: string; tokenId: number; secretEnc: Buffer },
): Promise<void> {
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
