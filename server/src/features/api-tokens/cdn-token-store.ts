import type { Queryable } from '../../db/queryable';
import type { ApiTokenRecord } from './api-token-rules';
import { listTokens } from './api-token-store';

/** Marks a frontend token as a CDN token, in the transaction that created it. */
export async function markCdnToken(trx: Queryable, tokenId: number): Promise<void> {
  await trx.insertInto('cdn_tokens').values({ token_id: tokenId }).execute();
}

/** The CDN tokens not deleted, newest first. */
export function listCdnTokens(db: Queryable): Promise<ApiTokenRecord[]> {
  return listTokens(db, { types: ['frontend'], cdnOnly: true });
}
