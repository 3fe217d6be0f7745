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

export type TokenRegistry<V> = ReturnType<typeof createTokenRegistry<V>>;

export function createTokenRegistry<V>(options: TokenRegistryOptions<V>) {
  const now = options.now ?? Date.now;
  let tokens: Map<string, V> | undefined;
  let eventId = 0;
  let loadedAt = 0;
  let truncated = false;
  let inFlight: Promise<void> | undefined;
  let again = false;
  /** This instance's own changes made while a load was running, replayed on its result. */
  let localChanges: Array<[string, V | null]> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const bounded = <T>(promise: Promise<T>, what: string) =>
    withTimeout(promise, options.timeoutMs, () => timedOut(what, options.timeoutMs));

  async function loadUntilCurrent(): Promise<void> {
    do {
      again = false;
      localChanges = [];
      const snapshot = await bounded(options.loadSnapshot(), 'the API token load');
      const next = snapshot.tokens;
      if (tokens) {
        for (const [hash, token] of next) {
          const previous = tokens.get(hash);
          if (previous !== undefined && options.same(previous, token)) next.set(hash, previous);
        }
      }
      for (const [hash, token] of localChanges) {
        if (token === null) next.delete(hash);
        else next.set(hash, token);
      }
      tokens = next;
      eventId = Math.max(eventId, snapshot.eventId);
      loadedAt = now();
      truncated = snapshot.truncated;
      options.onReplaced?.({ truncated });
    } while (again);
  }

  /** Reloads every token; a request during a load runs one more load after it. */
  function refresh(): Promise<void> {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = loadUntilCurrent().finally(() => {
      inFlight = undefined;
      localChanges = undefined;
    });
    return inFlight;
  }

  async function tick(): Promise<void> {
    if (tokens === undefined || now() - loadedAt >= options.fullReloadMs) return refresh();
    const seen = await bounded(options.changesAfter(eventId), 'the API token re-read');
    if (seen.tokens) return refresh();
    eventId = Math.max(eventId, seen.eventId);
  }

  function schedule(): void {
    if (!running) return;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => options.onError?.(error))
        .finally(schedule);
    }, options.pollMs);
    timer.unref?.();
  }

  function change(hash: string, token: V | null): void {
    localChanges?.push([hash, token]);
    if (!tokens) return;
    if (token === null) tokens.delete(hash);
    else tokens.set(hash, token);
  }

  return {
    /** Loads the tokens now (not waited for by the start) and re-reads them every `pollMs`. */
    start(): void {
      if (running) return;
      running = true;
      refresh()
        .catch((error: unknown) => options.onError?.(error))
        .finally(schedule);
    },
    stop(): void {
      running = false;
      clearTimeout(timer);
    },
    /** The token of a hash when the registry holds it; undefined otherwise (look it up). */
    get(hash: string): V | undefined {
      return tokens?.get(hash);
    },
    /** Tokens changed somewhere (a notice, or `null`: maybe missed some): reload them. */
    refresh,
    /** This instance created or changed a token: known at once, before the notice comes back. */
    put: (hash: string, token: V) => change(hash, token),
    /** This instance deleted a token: refused at once. */
    remove: (hash: string) => change(hash, null),
    get loaded(): boolean {
      return tokens !== undefined;
    },
    get truncated(): boolean {
      return truncated;
    },
    get size(): number {
      return tokens?.size ?? 0;
    },
  };
}
