import type { Db } from '../../db/database';
import type { Logger } from '../../lib/logger';
import { timedOut, withTimeout } from '../../lib/with-timeout';
import type { ApiTokenRecord } from './api-token-rules';
import { findByHash, loadTokenSnapshot, tokenEventsAfter } from './api-token-store';
import { TokenCache } from './token-cache';
import { hashSecret } from './token-format';
import { createTokenRegistry } from './token-registry';

/** How long a lookup is trusted; another instance's deletion takes effect within this delay. */
const CACHE_TTL_MS = 10_000;
const NEGATIVE_CACHE_TTL_MS = 2_000;
/** Far above a healthy lookup; bounds how long an unknown token waits on an unresponsive database. */
const LOOKUP_TIMEOUT_MS = 2_000;
/**
 * Tokens held in memory (issue 31). Tokens are created by admins, so a full load is the normal
 * case: a token costs about 0.6 KB of heap with its key (measured: 100,000 records, 57 MB), so
 * this bounds the registry near 30 MB. Beyond it, the least recently used tokens are looked up
 * on use (and cached), as before issue 31.
 */
export const MAX_TOKENS_IN_MEMORY = 50_000;
/** Another instance's token change shows here within this re-read when its notice is missed. */
const TOKEN_REREAD_MS = 1_000;
const TOKEN_FULL_RELOAD_MS = 60_000;

/** A reloaded token that authenticates as before (seenAt aside): its old object is kept. */
function sameToken(a: ApiTokenRecord, b: ApiTokenRecord): boolean {
  return (
    a.id === b.id &&
    a.tokenName === b.tokenName &&
    a.type === b.type &&
    a.environment === b.environment &&
    a.projects.join('\u0000') === b.projects.join('\u0000') &&
    (a.expiresAt?.getTime() ?? null) === (b.expiresAt?.getTime() ?? null)
  );
}

const expired = (record: ApiTokenRecord) =>
  record.expiresAt !== null && record.expiresAt.getTime() <= Date.now();

/** The registry of every live token, over the store; it drops the lookup cache it supersedes. */
function tokenRegistryOf(db: Db, logger: Logger, cache: TokenCache<ApiTokenRecord>) {
  let registryFailing = false;
  let warnedTruncated = false;
  return createTokenRegistry<ApiTokenRecord>({
    loadSnapshot: async () => {
      const snapshot = await loadTokenSnapshot(db, MAX_TOKENS_IN_MEMORY);
      if (snapshot.truncated && !warnedTruncated) {
        warnedTruncated = true;
        logger.warn(
          { limit: MAX_TOKENS_IN_MEMORY },
          'more API tokens than are kept in memory: the least recently used are looked up on use',
        );
      }
      return snapshot;
    },
    changesAfter: (eventId) => tokenEventsAfter(db, eventId),
    pollMs: TOKEN_REREAD_MS,
    fullReloadMs: TOKEN_FULL_RELOAD_MS,
    timeoutMs: LOOKUP_TIMEOUT_MS,
    same: sameToken,
    onReplaced: ({ truncated }) => {
      if (registryFailing) logger.info('API tokens read again');
      registryFailing = false;
      // The registry now answers every token it holds; the lookup cache only ever saw misses. When
      // some tokens are left out, theirs are kept (answered through an outage) but re-checked.
      if (truncated) cache.expireAll();
      else cache.clear();
    },
    onError: (error) => {
      if (!registryFailing)
        logger.warn({ err: error }, 'could not read API tokens; the known ones are served');
      registryFailing = true;
    },
  });
}

/**
 * How the SDK APIs (and every other API token use) authenticate: every live token held in memory
 * (the registry, issue 31), so a valid token is answered while PostgreSQL is stopped or frozen
 * even if this instance never saw it before; a token the registry does not hold is looked up,
 * through a short-lived cache, with a bounded wait (issue 12).
 */
export function createTokenAuthentication({
  db,
  logger,
  markSeen,
}: {
  db: Db;
  logger: Logger;
  /** A token was used: its "last seen" moves (buffered by the caller). */
  markSeen: (id: number) => void;
}) {
  const cache = new TokenCache<ApiTokenRecord>({
    ttlMs: CACHE_TTL_MS,
    negativeTtlMs: NEGATIVE_CACHE_TTL_MS,
    maxEntries: 10_000,
  });
  const registry = tokenRegistryOf(db, logger, cache);

  // SDKs send the same few secrets on every poll: a SHA-256 per request showed in the SDK
  // path's profile (issue 21). Bounded, and cleared whole when full (secrets come from clients).
  const secretHashes = new Map<string, string>();
  function hashedSecret(secret: string): string {
    if (secret.length > 256) return hashSecret(secret);
    let hash = secretHashes.get(secret);
    if (hash === undefined) {
      hash = hashSecret(secret);
      if (secretHashes.size >= 1000) secretHashes.clear();
      secretHashes.set(secret, hash);
    }
    return hash;
  }

  return {
    /** The token behind a secret, if it exists and has not expired; cached (the SDK hot path). */
    async authenticate(secret: string): Promise<ApiTokenRecord | null> {
      const hash = hashedSecret(secret);
      // A token the registry does not hold (created elsewhere a moment ago, or unknown), asked
      // while the database is frozen: a 503 soon (SDKs retry it) rather than a wait as long as
      // the pool's timeouts.
      const record =
        registry.get(hash) ??
        (await cache.get(hash, async () =>
          withTimeout(findByHash(db, hash), LOOKUP_TIMEOUT_MS, () =>
            timedOut('the API token lookup', LOOKUP_TIMEOUT_MS),
          ).then((found) => found ?? null),
        ));
      if (!record || expired(record)) return null;
      markSeen(record.id);
      return record;
    },

    /** `authenticate` answered without waiting, for a token known and fresh in the cache; else undefined. */
    peek(secret: string): ApiTokenRecord | undefined {
      const hash = hashedSecret(secret);
      const record = registry.get(hash) ?? cache.peek(hash);
      if (!record || expired(record)) return undefined;
      markSeen(record.id);
      return record;
    },

    /** The live token of a hash the registry holds (expired ones too): Edge's validation. */
    fromMemory: (hash: string): ApiTokenRecord | undefined => registry.get(hash),
    /** This instance created, changed (`record`) or deleted (`null`) the token of a hash. */
    changed(hash: string, record: ApiTokenRecord | null): void {
      cache.invalidate(hash);
      if (record === null) registry.remove(hash);
      else registry.put(hash, record);
    },
    start: () => registry.start(),
    stop: () => registry.stop(),
    /**
     * Tokens changed on another instance (issue 17): every token is read again. Until that
     * succeeds, cached lookups are refreshed at their next use.
     */
    tokensChanged(): void {
      cache.expireAll();
      // A failure is the re-read's to retry (and to log) within a second.
      registry.refresh().catch(() => {});
    },
  };
}
