import type { ClientFeatures } from '../../../contract';
import { createFlagRepository, type FlagRepository, hash32 } from '../../evaluation';
import { EncodedBody } from '../../http/content-encoding';
import { Lru } from '../../lib/lru';
import { timedOut, withTimeout } from '../../lib/with-timeout';
import { deltaEvents, hydrationEvents } from './client-delta';
import { buildClientFeatures, type ClientQuery, echoQuery, serializeClientFeatures } from './client-payload';
import type { RevisionTracker } from './revision-tracker';
import { applySnapshotChanges, type TaggedChanges, type TaggedSnapshot } from './snapshot-changes';

export interface ServedBody {
  etag: string;
  /** The serialised JSON, computed once per revision and query. */
  body: Buffer;
  /** The same bytes with their gzip and brotli variants, each built once on first demand. */
  encoded: EncodedBody;
  /** The body as an object, built on first use (only single-flag requests need it). */
  payload(): ClientFeatures;
  revision: number;
}

/** Per environment, how many of the latest polled queries a change notice rebuilds ahead of the polls. */
const WARMED_QUERIES = 4;

/** `GET /api/client/delta`'s answer: the events since the SDK's revision, or 304. */
export type ServedDelta =
  | { status: 200; etag: string; body: Buffer; encoded: EncodedBody }
  | { status: 304; etag: string };

export interface EvaluationState {
  repository: FlagRepository;
  revision: number;
}

const hex8 = (value: string) => hash32(value, 0).toString(16).padStart(8, '0');

/**
 * The ETag's query hash, remembered per query: computing it (echoQuery, JSON.stringify, a hash)
 * on every poll showed in the profile. Bounded: queries come from clients.
 */
const queryHashes = new Map<string, string>();
/** What identifies a query's body exactly (the cache key: a 32-bit hash could be collided on purpose). */
const queryKeys = new WeakMap<ClientQuery, string>();
function queryKeyOf(query: ClientQuery): string {
  // The SDK fast path passes the same query object for the same token and query string.
  let key = queryKeys.get(query);
  if (key === undefined) {
    key = serializeQueryKey(query);
    queryKeys.set(query, key);
  }
  return key;
}
function serializeQueryKey(query: ClientQuery): string {
  return JSON.stringify([
    query.environment,
    query.projects ?? null,
    query.namePrefix ?? null,
    query.tags ?? null,
    query.inlineSegmentConstraints === true,
  ]);
}
function queryHashOf(query: ClientQuery, key = queryKeyOf(query)): string {
  let hash = queryHashes.get(key);
  if (hash === undefined) {
    hash = hex8(JSON.stringify(echoQuery(query)));
    if (queryHashes.size >= 1000) queryHashes.clear();
    queryHashes.set(key, hash);
  }
  return hash;
}

/**
 * The SDK APIs' in-memory state (STYLE.md convention 5): one snapshot per environment, reloaded
 * only when the revision moved, and per query the serialised body and its ETag, so a request
 * costs a map lookup and a write of precomputed bytes.
 */
export function createClientFeatureCache(deps: {
  loadSnapshot(environment: string): Promise<TaggedSnapshot>;
  /** The changes since `snapshot` (null: reload everything). Without it, every change reloads all. */
  loadChanges?(environment: string, snapshot: TaggedSnapshot): Promise<TaggedChanges | null>;
  tracker: RevisionTracker;
  maxCachedQueries?: number;
  /** Bytes of serialised bodies kept across queries; default 128 MiB. */
  maxCachedBytes?: number;
  /**
   * Snapshots kept per environment for the delta API (default 20, as Unleash keeps 20 events): an
   * SDK holding one of their revisions gets the changes since, older ones a hydration.
   */
  deltaHistory?: number;
  /** How long a request waits for a newer snapshot when one is in memory (default 1 s). */
  refreshBudgetMs?: number;
  /** After a failed refresh, the last snapshot is served without trying for this long (default 1 s). */
  refreshRetryMs?: number;
  /** Told (at most every 10 s) that a refresh failed and the last snapshot is served. */
  onRefreshFailed?(environment: string, error: unknown): void;
  /** A snapshot load slower than this fails (default 30 s; 10,000 flags load in half a second). */
  loadTimeoutMs?: number;
  clock?: () => number;
}) {
  const snapshots = new Map<string, TaggedSnapshot>();
  const loading = new Map<string, Promise<TaggedSnapshot>>();
  const bodies = new Lru<ServedBody>(
    deps.maxCachedQueries ?? 1000,
    // Bounded together: a body weighs its bytes plus room for its compressed variants.
    (served) => served.encoded.weight,
    deps.maxCachedBytes ?? 128 * 1024 * 1024,
  );
  const repositories = new Lru<EvaluationState>(deps.maxCachedQueries ?? 1000);
  const deltas = new Lru<ServedDelta>(
    deps.maxCachedQueries ?? 1000,
    (served) => (served.status === 200 ? served.encoded.weight : 0),
    (deps.maxCachedBytes ?? 128 * 1024 * 1024) / 4,
  );
  const historyLength = deps.deltaHistory ?? 20;
  /** Per environment, the last snapshots served, oldest first (they share unchanged flags). */
  const history = new Map<string, TaggedSnapshot[]>();

  function remember(environment: string, snapshot: TaggedSnapshot): void {
    const list = history.get(environment) ?? [];
    if (list.at(-1)?.revision === snapshot.revision) return;
    list.push(snapshot);
    if (list.length > historyLength) list.splice(0, list.length - historyLength);
    history.set(environment, list);
  }

  const clock = deps.clock ?? Date.now;
  const budgetMs = deps.refreshBudgetMs ?? 1000;
  const retryMs = deps.refreshRetryMs ?? 1000;
  const loadTimeoutMs = deps.loadTimeoutMs ?? 30_000;
  /** Per environment: since when a refresh is awaited, and until when not to try after a failure. */
  const waitingSince = new Map<string, number>();
  const retryAt = new Map<string, number>();

  /**
   * The snapshot to serve. With one in memory, a request waits for a newer one at most
   * `refreshBudgetMs` (counted from the first waiting request, so requests never queue behind a
   * stuck refresh) and not at all for `refreshRetryMs` after a failed one: the database being
   * stopped or frozen costs the SDKs at most that delay, never an error (issue 12).
   */
  async function snapshotFor(environment: string): Promise<TaggedSnapshot> {
    const current = snapshots.get(environment);
    if (!current) return freshSnapshot(environment);
    // The hot path: the revision is known without waiting and the snapshot is that recent.
    const known = deps.tracker.known?.(environment);
    if (known !== undefined && current.revision >= known) return current;
    const now = clock();
    if ((retryAt.get(environment) ?? 0) > now) return current;
    const since = waitingSince.get(environment) ?? now;
    const remaining = since + budgetMs - now;
    if (remaining <= 0) return current;
    waitingSince.set(environment, since);
    const fresh = freshSnapshot(environment).then(
      (snapshot) => {
        waitingSince.delete(environment);
        retryAt.delete(environment);
        return snapshot;
      },
      (error: unknown) => {
        waitingSince.delete(environment);
        retryAt.set(environment, clock() + retryMs);
        onStale(environment, error);
        return current;
      },
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<TaggedSnapshot>((resolve) => {
      timer = setTimeout(() => resolve(snapshots.get(environment) ?? current), remaining);
    });
    try {
      return await Promise.race([fresh, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  let lastStaleLogAt = Number.NEGATIVE_INFINITY;
  function onStale(environment: string, error: unknown): void {
    // One line per 10 s at most: an outage must not flood the log at the SDKs' request rate.
    if (clock() - lastStaleLogAt < 10_000) return;
    lastStaleLogAt = clock();
    deps.onRefreshFailed?.(environment, error);
  }

  async function freshSnapshot(environment: string): Promise<TaggedSnapshot> {
    const revision = await deps.tracker.current(environment);
    const current = snapshots.get(environment);
    if (current && current.revision >= revision) return current;
    let pending = loading.get(environment);
    if (!pending) {
      // Bounded even without the pool's query timeout, so a refresh always settles.
      const load = withTimeout(refreshed(environment, current), loadTimeoutMs, () =>
        timedOut(`loading the ${environment} snapshot`, loadTimeoutMs),
      );
      pending = load
        .then((snapshot) => {
          const newest = snapshots.get(environment);
          if (!newest || newest.revision <= snapshot.revision) {
            snapshots.set(environment, snapshot);
            remember(environment, snapshot);
          }
          return snapshot;
        })
        .finally(() => loading.delete(environment));
      loading.set(environment, pending);
    }
    const loaded = await pending;
    // A load that started before the revision we must serve is not enough: load again.
    return loaded.revision >= revision ? loaded : freshSnapshot(environment);
  }

  /** The client API body of a query at the newest revision, built once per revision and query. */
  async function clientFeatures(query: ClientQuery): Promise<ServedBody> {
    const snapshot = await snapshotFor(query.environment);
    const queryKey = queryKeyOf(query);
    const queryHash = queryHashOf(query, queryKey);
    const cached = bodies.get(queryKey);
    if (cached && cached.revision === snapshot.revision) return cached;
    const etag = `"${queryHash}:${snapshot.revision}:v1"`;
    const source = {
      features: snapshot.features,
      segments: snapshot.segments,
      tagsOf: (name: string) => snapshot.tags.get(name) ?? [],
    };
    const meta = { revisionId: snapshot.revision, etag, queryHash };
    let payload: ClientFeatures | undefined;
    const body = serializeClientFeatures(source, query, meta);
    const served: ServedBody = {
      etag,
      body,
      encoded: new EncodedBody(body, etag),
      payload: () => {
        payload ??= buildClientFeatures(source, query, meta);
        return payload;
      },
      revision: snapshot.revision,
    };
    bodies.set(queryKey, served);
    rememberQuery(queryKey, query);
    return served;
  }

  /** Per environment, the latest polled queries by key (bounded). */
  const recentQueries = new Map<string, Lru<ClientQuery>>();
  function rememberQuery(queryKey: string, query: ClientQuery): void {
    let recent = recentQueries.get(query.environment);
    if (!recent) {
      recent = new Lru<ClientQuery>(WARMED_QUERIES);
      recentQueries.set(query.environment, recent);
    }
    recent.set(queryKey, query);
  }

  /**
   * After a change notice: the latest polled queries' bodies built for the new revision, and the
   * encodings their previous bodies were asked in started (within the compression bound), so the
   * first polls after a change find the body, and its gzip, ready.
   */
  async function warmBodies(environment: string): Promise<void> {
    for (const [queryKey, query] of recentQueries.get(environment)?.list() ?? []) {
      const previous = bodies.get(queryKey);
      const served = await clientFeatures(query);
      if (previous === served) continue;
      const codings = previous?.encoded.builtCodings() ?? [];
      if (codings.length > 0) served.encoded.choose({ compressed: codings, identity: true });
    }
  }

  const stats = { incrementalUpdates: 0, fullLoads: 0, lastRefreshMs: 0 };
  /** The snapshot at the newest revision: `current` updated in place when possible, else reloaded. */
  async function refreshed(
    environment: string,
    current: TaggedSnapshot | undefined,
  ): Promise<TaggedSnapshot> {
    const started = performance.now();
    if (current && deps.loadChanges) {
      const changes = await deps.loadChanges(environment, current);
      const updated = changes && applySnapshotChanges(current, changes);
      if (updated) {
        stats.incrementalUpdates += 1;
        stats.lastRefreshMs = performance.now() - started;
        return updated;
      }
    }
    const loaded = await deps.loadSnapshot(environment);
    stats.fullLoads += 1;
    stats.lastRefreshMs = performance.now() - started;
    return loaded;
  }

  return {
    /** How snapshots were brought up to date: in place or by a full load, and the last one's time. */
    stats(): Readonly<typeof stats> {
      return { ...stats };
    },

    /**
     * A change was committed (another instance's, through LISTEN/NOTIFY): bring every snapshot in
     * memory up to date now, so the next SDK request finds it ready instead of loading it.
     */
    prefetch(): void {
      for (const environment of snapshots.keys()) {
        void snapshotFor(environment)
          .then(() => warmBodies(environment))
          .catch(() => {});
      }
    },

    /**
     * The body `clientFeatures` would answer, when that is known without waiting: the snapshot is
     * as recent as the known revision (snapshotFor's hot path) and the body is built. Else undefined.
     */
    servedNow(query: ClientQuery): ServedBody | undefined {
      const snapshot = snapshots.get(query.environment);
      if (!snapshot) return undefined;
      const known = deps.tracker.known?.(query.environment);
      if (known === undefined || snapshot.revision < known) return undefined;
      const cached = bodies.get(queryKeyOf(query));
      return cached?.revision === snapshot.revision ? cached : undefined;
    },

    clientFeatures,

    /**
     * The delta API (shared/unleash/API.md §2.7) for an SDK at revision `since` (null: none):
     * 304 when it is current or nothing it may see changed, a hydration when its revision is not
     * among the snapshots kept, else the events between the two payloads. ETag: the revision.
     */
    async clientDelta(query: ClientQuery, since: number | null): Promise<ServedDelta> {
      const snapshot = await snapshotFor(query.environment);
      const deltaQuery = { ...query, inlineSegmentConstraints: false };
      if (since !== null && since >= snapshot.revision) return { status: 304, etag: `"${since}"` };
      const base =
        since === null ? undefined : history.get(query.environment)?.find((s) => s.revision === since);
      // Every revision not kept gets the same hydration: keyed alike, a client sending made-up
      // revisions costs a cache hit, not a payload build and a cache entry each.
      const key = `${queryKeyOf(deltaQuery)}\u0000${base ? since : '-'}:${snapshot.revision}`;
      const cached = deltas.get(key);
      if (cached) return cached;
      const after = payloadOf(snapshot, deltaQuery);
      const events = base
        ? deltaEvents(payloadOf(base, deltaQuery), after, snapshot.revision)
        : hydrationEvents(after, snapshot.revision);
      const etag = `"${snapshot.revision}"`;
      const body = events.length === 0 ? null : Buffer.from(JSON.stringify({ events }));
      const served: ServedDelta = body
        ? { status: 200, etag, body, encoded: new EncodedBody(body, etag) }
        : { status: 304, etag: `"${since}"` };
      deltas.set(key, served);
      return served;
    },

    /** The flags a token may evaluate in an environment, ready for the evaluation engine. */
    async evaluationState(environment: string, projects: readonly string[] | null): Promise<EvaluationState> {
      const snapshot = await snapshotFor(environment);
      const key = `${environment}\u0000${projects ? [...projects].sort().join(',') : '*'}`;
      const cached = repositories.get(key);
      if (cached && cached.revision === snapshot.revision) return cached;
      const payload = buildClientFeatures(
        { features: snapshot.features, segments: snapshot.segments, tagsOf: () => [] },
        { environment, projects, inlineSegmentConstraints: false },
        { revisionId: snapshot.revision, etag: '', queryHash: '' },
      );
      const state: EvaluationState = {
        repository: createFlagRepository({ features: payload.features, segments: payload.segments ?? [] }),
        revision: snapshot.revision,
      };
      repositories.set(key, state);
      return state;
    },
  };
}

function payloadOf(snapshot: TaggedSnapshot, query: ClientQuery): ClientFeatures {
  return buildClientFeatures(
    {
      features: snapshot.features,
      segments: snapshot.segments,
      tagsOf: (name: string) => snapshot.tags.get(name) ?? [],
    },
    query,
    { revisionId: snapshot.revision, etag: '', queryHash: '' },
  );
}

export type ClientFeatureCache = ReturnType<typeof createClientFeatureCache>;
