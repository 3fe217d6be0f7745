import type { ClientFeatures } from '../../../contract';
import { createFlagRepository, type FlagRepository, hash32 } from '../../evaluation';
import { EncodedBody } from '../../http/content-encoding';
import { Lru } from '../../lib/lru';
import { deltaEvents, hydrationEvents } from './client-delta';
import { buildClientFeatures, type ClientQuery, echoQuery, serializeClientFeatures } from './client-payload';
import {
  type ClientSnapshotDeps,
  type ClientSnapshots,
  createClientSnapshots,
  currentSnapshot,
  keptSnapshot,
  type RefreshStats,
  snapshotFor,
} from './client-snapshots';
import type { TaggedSnapshot } from './snapshot-changes';

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

/** Per query, the bodies, delta answers and evaluation states built, on top of the snapshots. */
interface ServingState {
  readonly snapshots: ClientSnapshots;
  readonly bodies: Lru<ServedBody>;
  readonly deltas: Lru<ServedDelta>;
  readonly repositories: Lru<EvaluationState>;
  /** Per environment, the latest polled queries by key (bounded). */
  readonly recentQueries: Map<string, Lru<ClientQuery>>;
}

function createServingState(
  deps: ClientSnapshotDeps & { maxCachedQueries?: number; maxCachedBytes?: number },
): ServingState {
  const maxQueries = deps.maxCachedQueries ?? 1000;
  const maxBytes = deps.maxCachedBytes ?? 128 * 1024 * 1024;
  return {
    snapshots: createClientSnapshots(deps),
    // Bounded together: a body weighs its bytes plus room for its compressed variants.
    bodies: new Lru<ServedBody>(maxQueries, (served) => served.encoded.weight, maxBytes),
    deltas: new Lru<ServedDelta>(
      maxQueries,
      (served) => (served.status === 200 ? served.encoded.weight : 0),
      maxBytes / 4,
    ),
    repositories: new Lru<EvaluationState>(maxQueries),
    recentQueries: new Map(),
  };
}

/**
 * The SDK APIs' in-memory state (STYLE.md convention 5): one snapshot per environment, reloaded
 * only when the revision moved, and per query the serialised body and its ETag, so a request
 * costs a map lookup and a write of precomputed bytes.
 */
export function createClientFeatureCache(
  deps: ClientSnapshotDeps & {
    maxCachedQueries?: number;
    /** Bytes of serialised bodies kept across queries; default 128 MiB. */
    maxCachedBytes?: number;
  },
) {
  const state = createServingState(deps);
  return {
    /** How snapshots were brought up to date: in place or by a full load, and the last one's time. */
    stats(): Readonly<RefreshStats> {
      return { ...state.snapshots.stats };
    },

    /**
     * A change was committed (another instance's, through LISTEN/NOTIFY): bring every snapshot in
     * memory up to date now, so the next SDK request finds it ready instead of loading it.
     */
    prefetch(): void {
      for (const environment of state.snapshots.snapshots.keys()) {
        void snapshotFor(state.snapshots, environment)
          .then(() => warmBodies(state, environment))
          .catch(() => {});
      }
    },

    /**
     * The body `clientFeatures` would answer, when that is known without waiting: the snapshot is
     * as recent as the known revision (snapshotFor's hot path) and the body is built. Else undefined.
     */
    servedNow(query: ClientQuery): ServedBody | undefined {
      const snapshot = currentSnapshot(state.snapshots, query.environment);
      if (!snapshot) return undefined;
      const cached = state.bodies.get(queryKeyOf(query));
      return cached?.revision === snapshot.revision ? cached : undefined;
    },

    /** The client API body of a query at the newest revision, built once per revision and query. */
    clientFeatures(query: ClientQuery): Promise<ServedBody> {
      return clientFeatures(state, query);
    },

    /**
     * The delta API (shared/unleash/API.md §2.7) for an SDK at revision `since` (null: none):
     * 304 when it is current or nothing it may see changed, a hydration when its revision is not
     * among the snapshots kept, else the events between the two payloads. ETag: the revision.
     */
    clientDelta(query: ClientQuery, since: number | null): Promise<ServedDelta> {
      return clientDelta(state, query, since);
    },

    /** The flags a token may evaluate in an environment, ready for the evaluation engine. */
    evaluationState(environment: string, projects: readonly string[] | null): Promise<EvaluationState> {
      return evaluationState(state, environment, projects);
    },
  };
}

async function clientFeatures(state: ServingState, query: ClientQuery): Promise<ServedBody> {
  const snapshot = await snapshotFor(state.snapshots, query.environment);
  const queryKey = queryKeyOf(query);
  const queryHash = queryHashOf(query, queryKey);
  const cached = state.bodies.get(queryKey);
  if (cached && cached.revision === snapshot.revision) return cached;
  const served = buildServedBody(snapshot, query, queryHash);
  state.bodies.set(queryKey, served);
  rememberQuery(state, queryKey, query);
  return served;
}

/** A query's body at a snapshot: serialised now, its object form and encodings on first demand. */
function buildServedBody(snapshot: TaggedSnapshot, query: ClientQuery, queryHash: string): ServedBody {
  const etag = `"${queryHash}:${snapshot.revision}:v1"`;
  const source = {
    features: snapshot.features,
    segments: snapshot.segments,
    tagsOf: (name: string) => snapshot.tags.get(name) ?? [],
  };
  const meta = { revisionId: snapshot.revision, etag, queryHash };
  let payload: ClientFeatures | undefined;
  const body = serializeClientFeatures(source, query, meta);
  return {
    etag,
    body,
    encoded: new EncodedBody(body, etag),
    payload: () => {
      payload ??= buildClientFeatures(source, query, meta);
      return payload;
    },
    revision: snapshot.revision,
  };
}

function rememberQuery(state: ServingState, queryKey: string, query: ClientQuery): void {
  let recent = state.recentQueries.get(query.environment);
  if (!recent) {
    recent = new Lru<ClientQuery>(WARMED_QUERIES);
    state.recentQueries.set(query.environment, recent);
  }
  recent.set(queryKey, query);
}

/**
 * After a change notice: the latest polled queries' bodies built for the new revision, and the
 * encodings their previous bodies were asked in started (within the compression bound), so the
 * first polls after a change find the body, and its gzip, ready.
 */
async function warmBodies(state: ServingState, environment: string): Promise<void> {
  for (const [queryKey, query] of state.recentQueries.get(environment)?.list() ?? []) {
    const previous = state.bodies.get(queryKey);
    const served = await clientFeatures(state, query);
    if (previous === served) continue;
    const codings = previous?.encoded.builtCodings() ?? [];
    if (codings.length > 0) served.encoded.choose({ compressed: codings, identity: true });
  }
}

async function clientDelta(
  state: ServingState,
  query: ClientQuery,
  since: number | null,
): Promise<ServedDelta> {
  const snapshot = await snapshotFor(state.snapshots, query.environment);
  const deltaQuery = { ...query, inlineSegmentConstraints: false };
  if (since !== null && since >= snapshot.revision) return { status: 304, etag: `"${since}"` };
  const base = since === null ? undefined : keptSnapshot(state.snapshots, query.environment, since);
  // Every revision not kept gets the same hydration: keyed alike, a client sending made-up
  // revisions costs a cache hit, not a payload build and a cache entry each.
  const key = `${queryKeyOf(deltaQuery)}\u0000${base ? since : '-'}:${snapshot.revision}`;
  const cached = state.deltas.get(key);
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
  state.deltas.set(key, served);
  return served;
}

async function evaluationState(
  state: ServingState,
  environment: string,
  projects: readonly string[] | null,
): Promise<EvaluationState> {
  const snapshot = await snapshotFor(state.snapshots, environment);
  const key = `${environment}\u0000${projects ? [...projects].sort().join(',') : '*'}`;
  const cached = state.repositories.get(key);
  if (cached && cached.revision === snapshot.revision) return cached;
  const payload = buildClientFeatures(
    { features: snapshot.features, segments: snapshot.segments, tagsOf: () => [] },
    { environment, projects, inlineSegmentConstraints: false },
    { revisionId: snapshot.revision, etag: '', queryHash: '' },
  );
  const evaluation: EvaluationState = {
    repository: createFlagRepository({ features: payload.features, segments: payload.segments ?? [] }),
    revision: snapshot.revision,
  };
  state.repositories.set(key, evaluation);
  return evaluation;
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
