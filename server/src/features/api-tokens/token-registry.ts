import { timedOut, withTimeout } from '../../lib/with-timeout';

/**
 * Every live API token in memory, keyed by its secret's hash (issue 31): the SDK APIs answer
 * every valid token while PostgreSQL is stopped or frozen, not only the tokens this instance
 * happened to use before. Loaded whole at start and again whenever tokens change: this
 * instance's own changes apply at once, another instance's arrive with the change notice
 * (LISTEN) and, should that be missed, with the re-read every `pollMs` (one range query on the
 * events' primary key); a full reload every `fullReloadMs` is the last safety net. A failed
 * load keeps the tokens known: during an outage they are all the server has.
 *
 * `get` answers only what the registry knows; a miss (a token created elsewhere a moment ago,
 * or one beyond the snapshot's limit) is for the caller to look up. Expiry is the caller's:
 * it is checked against the clock on every use, notice or not.
 */
export interface TokenSnapshotOf<V> {
  tokens: Map<string, V>;
  eventId: number;
  truncated: boolean;
}

export interface TokenRegistryOptions<V> {
  loadSnapshot(): Promise<TokenSnapshotOf<V>>;
  /** The newest event id after `eventId`, and whether any of those events changed tokens. */
  changesAfter(eventId: number): Promise<{ eventId: number; tokens: boolean }>;
  pollMs: number;
  fullReloadMs: number;
  /** Bounds each read, so a frozen database cannot stall the re-reads. */
  timeoutMs: number;
  /** Whether a reloaded token is unchanged: the old object is kept (callers key memos on it). */
  same(previous: V, next: V): boolean;
  /** After every snapshot installed (the lookup cache behind the registry is dropped then). */
  onReplaced?(snapshot: { truncated: boolean }): void;
  onError?(error: unknown): void;
  now?: () => number;
}

/** The registry; see the file's comment. Construct with `createTokenRegistry`. */
export class TokenRegistry<V> {
  private readonly now: () => number;
  private tokens: Map<string, V> | undefined;
  private eventId = 0;
  private loadedAt = 0;
  private snapshotTruncated = false;
  private inFlight: Promise<void> | undefined;
  private again = false;
  /** This instance's own changes made while a load was running, replayed on its result. */
  private localChanges: Array<[string, V | null]> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(private readonly options: TokenRegistryOptions<V>) {
    this.now = options.now ?? Date.now;
  }

  private bounded<T>(promise: Promise<T>, what: string): Promise<T> {
    const { timeoutMs } = this.options;
    return withTimeout(promise, timeoutMs, () => timedOut(what, timeoutMs));
  }

  private async loadUntilCurrent(): Promise<void> {
    do {
      this.again = false;
      this.localChanges = [];
      const snapshot = await this.bounded(this.options.loadSnapshot(), 'the API token load');
      const next = snapshot.tokens;
      const previous = this.tokens;
      if (previous) {
        for (const [hash, token] of next) {
          const before = previous.get(hash);
          if (before !== undefined && this.options.same(before, token)) next.set(hash, before);
        }
      }
      for (const [hash, token] of this.localChanges) {
        if (token === null) next.delete(hash);
        else next.set(hash, token);
      }
      this.tokens = next;
      this.eventId = Math.max(this.eventId, snapshot.eventId);
      this.loadedAt = this.now();
      this.snapshotTruncated = snapshot.truncated;
      this.options.onReplaced?.({ truncated: snapshot.truncated });
    } while (this.again);
  }

  /**
   * Tokens changed somewhere (a notice, or `null`: maybe missed some): reload them all. A request
   * during a load runs one more load after it.
   */
  refresh(): Promise<void> {
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    this.inFlight = this.loadUntilCurrent().finally(() => {
      this.inFlight = undefined;
      this.localChanges = undefined;
    });
    return this.inFlight;
  }

  private async tick(): Promise<void> {
    if (this.tokens === undefined || this.now() - this.loadedAt >= this.options.fullReloadMs) {
      return this.refresh();
    }
    const seen = await this.bounded(this.options.changesAfter(this.eventId), 'the API token re-read');
    if (seen.tokens) return this.refresh();
    this.eventId = Math.max(this.eventId, seen.eventId);
  }

  private schedule(): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.tick()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => this.schedule());
    }, this.options.pollMs);
    this.timer.unref?.();
  }

  private change(hash: string, token: V | null): void {
    this.localChanges?.push([hash, token]);
    if (!this.tokens) return;
    if (token === null) this.tokens.delete(hash);
    else this.tokens.set(hash, token);
  }

  /** Loads the tokens now (not waited for by the start) and re-reads them every `pollMs`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.refresh()
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => this.schedule());
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  /** The token of a hash when the registry holds it; undefined otherwise (look it up). */
  get(hash: string): V | undefined {
    return this.tokens?.get(hash);
  }

  /** This instance created or changed a token: known at once, before the notice comes back. */
  put(hash: string, token: V): void {
    this.change(hash, token);
  }

  /** This instance deleted a token: refused at once. */
  remove(hash: string): void {
    this.change(hash, null);
  }

  get loaded(): boolean {
    return this.tokens !== undefined;
  }

  get truncated(): boolean {
    return this.snapshotTruncated;
  }

  get size(): number {
    return this.tokens?.size ?? 0;
  }
}

export function createTokenRegistry<V>(options: TokenRegistryOptions<V>): TokenRegistry<V> {
  return new TokenRegistry(options);
}
