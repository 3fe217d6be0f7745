/**
 * A small time-bounded cache for token lookups: authentication on the SDK APIs must not cost a
 * query per request. Concurrent lookups of one key share one load; unknown tokens are cached
 * briefly too, so a flood of bad secrets cannot turn into a flood of queries. Deleting or
 * updating a token invalidates its entry in this process; other instances see the change when
 * their entry expires (the TTL bounds that delay).
 */
export interface TokenCacheOptions {
  ttlMs: number;
  negativeTtlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry<V> {
  value: Promise<V | null>;
  expiresAt: number;
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
    if (cached) this.entries.delete(key);

    const entry: Entry<V> = { value: load(), expiresAt: now + this.options.ttlMs };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (value === null && this.entries.get(key) === entry) {
          entry.expiresAt = this.now() + this.options.negativeTtlMs;
        }
      },
      () => {
        // A failed load (database down) is not an answer: the next request retries.
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return entry.value;
  }

  invalidate(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
