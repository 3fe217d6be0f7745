/**
 * A small time-bounded cache for token lookups: authentication on the SDK APIs must not cost a
 * query per request. Concurrent lookups of one key share one load; unknown tokens are cached
 * briefly too, so a flood of bad secrets cannot turn into a flood of queries. Deleting or
 * updating a token invalidates its entry in this process; other instances see the change when
 * their entry expires (the TTL bounds that delay).
 *
 * A known token outlives an outage (issue 12): once its entry expires it is still answered at
 * once while a reload runs behind it, and a failed reload keeps it (retried after
 * `retryAfterFailureMs`), so SDKs keep being served while the database is stopped or frozen.
 * An unknown token is never answered from a stale entry: its lookup waits for the database
 * (a token created on another instance is found as soon as the short negative TTL ends), and
 * fails, which the error handler answers with a retryable 503, when the database cannot say.
 */
export interface TokenCacheOptions {
  ttlMs: number;
  negativeTtlMs: number;
  maxEntries: number;
  /** How long a known entry is served as is after a failed reload (default 1 s). */
  retryAfterFailureMs?: number;
  /** How long an unknown key's failed load is answered with that failure (default 1 s). */
  failureTtlMs?: number;
  now?: () => number;
}

interface Entry<V> {
  value: Promise<V | null>;
  expiresAt: number;
  /** Set once the load succeeded with a token: only such entries are served stale. */
  known?: V;
  reloading?: boolean;
}

export class TokenCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly now: () => number;

  constructor(private readonly options: TokenCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    if (cached?.known !== undefined) {
      if (!cached.reloading) this.reload(key, cached, load);
      return cached.value;
    }
    if (cached) this.entries.delete(key);

    const entry: Entry<V> = { value: load(), expiresAt: now + this.options.ttlMs };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        if (value === null) entry.expiresAt = this.now() + this.options.negativeTtlMs;
        else entry.known = value;
      },
      () => {
        // A failed load (database down) is not an answer, but lookups of this key fail at once
        // for a moment: the fast path's retry through Fastify must not wait a second time, and
        // a flood of unknown tokens must not hold every connection of an unresponsive database.
        if (this.entries.get(key) === entry) {
          entry.expiresAt = this.now() + (this.options.failureTtlMs ?? 1000);
        }
      },
    );
    this.evictOverflow();
    return entry.value;
  }

  /**
   * The cached value when it is known and fresh, without waiting: the SDK fast path's synchronous
   * answer. Anything else (unknown, expired, loading, a cached miss) is undefined, and `get`
   * decides it as always.
   */
  peek(key: string): V | undefined {
    const cached = this.entries.get(key);
    return cached !== undefined && cached.known !== undefined && cached.expiresAt > this.now()
      ? cached.known
      : undefined;
  }

  /** Replaces a known entry with a fresh answer, or keeps it a little longer when the load fails. */
  private reload(key: string, entry: Entry<V>, load: () => Promise<V | null>): void {
    entry.reloading = true;
    load().then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        const now = this.now();
        this.entries.set(key, {
          value: Promise.resolve(value),
          expiresAt: now + (value === null ? this.options.negativeTtlMs : this.options.ttlMs),
          ...(value === null ? {} : { known: value }),
        });
      },
      () => {
        entry.reloading = false;
        entry.expiresAt = this.now() + (this.options.retryAfterFailureMs ?? 1000);
      },
    );
  }

  private evictOverflow(): void {
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  invalidate(key: string): void {
    this.entries.delete(key);
  }

  /**
   * Another instance changed tokens: every entry is reloaded at its next use. A known token is
   * still answered while its reload runs (as after its TTL); an unknown one is looked up again.
   */
  expireAll(): void {
    for (const [key, entry] of this.entries) {
      if (entry.known === undefined) this.entries.delete(key);
      // A new entry object: a reload already in flight read the database before this change,
      // and its identity check must throw that stale answer away.
      else this.entries.set(key, { value: entry.value, known: entry.known, expiresAt: 0 });
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
