import { timedOut, withTimeout } from '../../lib/with-timeout';
import type { RevisionTracker } from './revision-tracker';
import { applySnapshotChanges, type TaggedChanges, type TaggedSnapshot } from './snapshot-changes';

export interface ClientSnapshotDeps {
  loadSnapshot(environment: string): Promise<TaggedSnapshot>;
  /** The changes since `snapshot` (null: reload everything). Without it, every change reloads all. */
  loadChanges?(environment: string, snapshot: TaggedSnapshot): Promise<TaggedChanges | null>;
  tracker: RevisionTracker;
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
}

export interface RefreshStats {
  incrementalUpdates: number;
  fullLoads: number;
  lastRefreshMs: number;
}

/** Per environment, the snapshot in memory, its loads in flight and the last ones served. */
export interface ClientSnapshots {
  readonly deps: ClientSnapshotDeps;
  readonly snapshots: Map<string, TaggedSnapshot>;
  readonly loading: Map<string, Promise<TaggedSnapshot>>;
  /** Per environment, the last snapshots served, oldest first (they share unchanged flags). */
  readonly history: Map<string, TaggedSnapshot[]>;
  readonly historyLength: number;
  readonly clock: () => number;
  readonly budgetMs: number;
  readonly retryMs: number;
  readonly loadTimeoutMs: number;
  /** Per environment: since when a refresh is awaited, and until when not to try after a failure. */
  readonly waitingSince: Map<string, number>;
  readonly retryAt: Map<string, number>;
  lastStaleLogAt: number;
  readonly stats: RefreshStats;
}

export function createClientSnapshots(deps: ClientSnapshotDeps): ClientSnapshots {
  return {
    deps,
    snapshots: new Map(),
    loading: new Map(),
    history: new Map(),
    historyLength: deps.deltaHistory ?? 20,
    clock: deps.clock ?? Date.now,
    budgetMs: deps.refreshBudgetMs ?? 1000,
    retryMs: deps.refreshRetryMs ?? 1000,
    loadTimeoutMs: deps.loadTimeoutMs ?? 30_000,
    waitingSince: new Map(),
    retryAt: new Map(),
    lastStaleLogAt: Number.NEGATIVE_INFINITY,
    stats: { incrementalUpdates: 0, fullLoads: 0, lastRefreshMs: 0 },
  };
}

/** The snapshot in memory when it is as recent as the known revision (the hot path), else undefined. */
export function currentSnapshot(state: ClientSnapshots, environment: string): TaggedSnapshot | undefined {
  const snapshot = state.snapshots.get(environment);
  if (!snapshot) return undefined;
  const known = state.deps.tracker.known?.(environment);
  return known === undefined || snapshot.revision < known ? undefined : snapshot;
}

/**
 * The snapshot to serve. With one in memory, a request waits for a newer one at most
 * `refreshBudgetMs` (counted from the first waiting request, so requests never queue behind a
 * stuck refresh) and not at all for `refreshRetryMs` after a failed one: the database being
 * stopped or frozen costs the SDKs at most that delay, never an error (issue 12).
 */
export async function snapshotFor(state: ClientSnapshots, environment: string): Promise<TaggedSnapshot> {
  const current = state.snapshots.get(environment);
  if (!current) return freshSnapshot(state, environment);
  // The hot path: the revision is known without waiting and the snapshot is that recent.
  const known = state.deps.tracker.known?.(environment);
  if (known !== undefined && current.revision >= known) return current;
  const now = state.clock();
  if ((state.retryAt.get(environment) ?? 0) > now) return current;
  const since = state.waitingSince.get(environment) ?? now;
  const remaining = since + state.budgetMs - now;
  if (remaining <= 0) return current;
  state.waitingSince.set(environment, since);
  return raceRefresh(state, environment, current, remaining);
}

/** The refreshed snapshot if it comes within `remaining` ms, else the newest in memory. */
async function raceRefresh(
  state: ClientSnapshots,
  environment: string,
  current: TaggedSnapshot,
  remaining: number,
): Promise<TaggedSnapshot> {
  const fresh = freshSnapshot(state, environment).then(
    (snapshot) => {
      state.waitingSince.delete(environment);
      state.retryAt.delete(environment);
      return snapshot;
    },
    (error: unknown) => {
      state.waitingSince.delete(environment);
      state.retryAt.set(environment, state.clock() + state.retryMs);
      onStale(state, environment, error);
      return current;
    },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<TaggedSnapshot>((resolve) => {
    timer = setTimeout(() => resolve(state.snapshots.get(environment) ?? current), remaining);
  });
  try {
    return await Promise.race([fresh, late]);
  } finally {
    clearTimeout(timer);
  }
}

function onStale(state: ClientSnapshots, environment: string, error: unknown): void {
  // One line per 10 s at most: an outage must not flood the log at the SDKs' request rate.
  if (state.clock() - state.lastStaleLogAt < 10_000) return;
  state.lastStaleLogAt = state.clock();
  state.deps.onRefreshFailed?.(environment, error);
}

async function freshSnapshot(state: ClientSnapshots, environment: string): Promise<TaggedSnapshot> {
  const revision = await state.deps.tracker.current(environment);
  const current = state.snapshots.get(environment);
  if (current && current.revision >= revision) return current;
  let pending = state.loading.get(environment);
  if (!pending) {
    // Bounded even without the pool's query timeout, so a refresh always settles.
    const load = withTimeout(refreshed(state, environment, current), state.loadTimeoutMs, () =>
      timedOut(`loading the ${environment} snapshot`, state.loadTimeoutMs),
    );
    pending = load
      .then((snapshot) => {
        const newest = state.snapshots.get(environment);
        if (!newest || newest.revision <= snapshot.revision) {
          state.snapshots.set(environment, snapshot);
          remember(state, environment, snapshot);
        }
        return snapshot;
      })
      .finally(() => state.loading.delete(environment));
    state.loading.set(environment, pending);
  }
  const loaded = await pending;
  // A load that started before the revision we must serve is not enough: load again.
  return loaded.revision >= revision ? loaded : freshSnapshot(state, environment);
}

function remember(state: ClientSnapshots, environment: string, snapshot: TaggedSnapshot): void {
  const list = state.history.get(environment) ?? [];
  if (list.at(-1)?.revision === snapshot.revision) return;
  list.push(snapshot);
  if (list.length > state.historyLength) list.splice(0, list.length - state.historyLength);
  state.history.set(environment, list);
}

/** The snapshot at the newest revision: `current` updated in place when possible, else reloaded. */
async function refreshed(
  state: ClientSnapshots,
  environment: string,
  current: TaggedSnapshot | undefined,
): Promise<TaggedSnapshot> {
  const { deps, stats } = state;
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

/** The kept snapshot of `environment` at `revision`, if still kept. */
export function keptSnapshot(
  state: ClientSnapshots,
  environment: string,
  revision: number,
): TaggedSnapshot | undefined {
  return state.history.get(environment)?.find((s) => s.revision === revision);
}
