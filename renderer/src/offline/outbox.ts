/**
 * The outbox: edits made while the server is unreachable, kept in order and replayed on reconnect.
 * Pure logic (no I/O of its own): the console store supplies how to read an object's current state
 * from the server, how to send an edit and how to persist the queue after every step.
 *
 * Each edit carries two snapshots of the object it changes, reduced to the fields the console edits:
 * `base`, the object as the operator saw it when making the edit, and `mine`, the object as the edit
 * makes it. Before sending, replay reads the object from the server:
 *   - it equals `mine`: the change is already there (sent before a crash, or made by someone else);
 *     the entry is done without sending it again;
 *   - it equals `base`: nobody changed it meanwhile; the edit is sent;
 *   - anything else: someone changed it meanwhile. Replay stops at this entry and marks a conflict
 *     holding the server's version; the operator keeps theirs (sent on top of the server's version)
 *     or keeps the server's (the edit is discarded by that choice).
 * Entries after a conflict or a refused edit wait, so edits are applied in the order they were made.
 * Nothing leaves the queue except by being applied or by an explicit choice of the operator.
 */

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OutboxRequest {
  method: OutboxMethod;
  path: string;
  body?: unknown;
}

/** JSON data: a comparable snapshot of one object, or null when the object does not exist. */
export type Snapshot = unknown;

export interface Edit {
  profileId: string;
  /** Resource kind, e.g. `feature-type`; tells the store how to read the object back. */
  kind: string;
  /** The object's key within its kind, e.g. the feature type id. */
  target: string;
  /** For people: "Set the lifetime of Release to 30 days". */
  summary: string;
  request: OutboxRequest;
  base: Snapshot | null;
  mine: Snapshot | null;
}

export interface RejectedError {
  name: string;
  message: string;
  details: Array<{ message: string; path?: string }>;
}

export type EntryState =
  | { status: 'pending' }
  | { status: 'conflict'; server: Snapshot | null; detectedAt: string }
  | { status: 'failed'; error: RejectedError; failedAt: string };

export interface OutboxEntry extends Edit {
  id: string;
  seq: number;
  createdAt: string;
  attempts: number;
  state: EntryState;
}

/** JSON with object keys sorted, so two snapshots compare by content. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function sameSnapshot(a: Snapshot | null | undefined, b: Snapshot | null | undefined): boolean {
  return canonicalJson(a ?? null) === canonicalJson(b ?? null);
}

export function sortedEntries(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return [...entries].sort((a, b) => a.seq - b.seq);
}

export function enqueue(
  entries: readonly OutboxEntry[],
  edit: Edit,
  meta: { id: string; now: string },
): { entries: OutboxEntry[]; entry: OutboxEntry } {
  const seq = entries.reduce((max, entry) => Math.max(max, entry.seq), 0) + 1;
  const entry: OutboxEntry = {
    ...edit,
    id: meta.id,
    seq,
    createdAt: meta.now,
    attempts: 0,
    state: { status: 'pending' },
  };
  return { entries: [...entries, entry], entry };
}

/** The newest queued edit of one object, to show its pending value in place of the server's. */
export function latestFor(
  entries: readonly OutboxEntry[],
  profileId: string,
  kind: string,
  target: string,
): OutboxEntry | undefined {
  return sortedEntries(entries)
    .reverse()
    .find((entry) => entry.profileId === profileId && entry.kind === kind && entry.target === target);
}

/** What went wrong with a call, as replay needs to know it. */
export type Failure =
  | { type: 'network' }
  | { type: 'unauthorized' }
  | { type: 'rejected'; error: RejectedError };

export interface ReplayDeps {
  readCurrent(entry: OutboxEntry): Promise<Snapshot | null>;
  send(entry: OutboxEntry): Promise<void>;
  classify(error: unknown): Failure;
  /** Persists the queue after each step, so a closed window loses nothing. */
  commit(entries: OutboxEntry[]): Promise<void> | void;
  now(): string;
  /** Progress for the UI: the entry being replayed, its position and the number in this run. */
  onProgress?(entry: OutboxEntry, position: number, count: number): void;
}

export type ReplayOutcome =
  /** Every entry of the profile was applied. */
  | 'done'
  /** The server is unreachable again; the rest stays pending. */
  | 'offline'
  /** The server refused our credentials; replay resumes after sign-in. */
  | 'unauthorized'
  /** Stopped at a conflict the operator must resolve. */
  | 'conflict'
  /** Stopped at an edit the server refused (shown with its error). */
  | 'failed'
  /** An entry already waits for the operator (conflict or refused) before this run started. */
  | 'blocked';

export interface ReplayResult {
  entries: OutboxEntry[];
  outcome: ReplayOutcome;
  applied: OutboxEntry[];
  /** Entries found already applied on the server and removed without sending. */
  alreadyApplied: OutboxEntry[];
  stoppedAt: OutboxEntry | null;
  error: RejectedError | null;
}

/** Replays the profile's entries in order until done or stopped; other profiles' entries are untouched. */
export async function replay(
  all: readonly OutboxEntry[],
  profileId: string,
  deps: ReplayDeps,
): Promise<ReplayResult> {
  let entries = sortedEntries(all);
  const queue = entries.filter((entry) => entry.profileId === profileId);
  const result = (
    outcome: ReplayOutcome,
    stoppedAt: OutboxEntry | null = null,
    error: RejectedError | null = null,
  ) => ({
    entries,
    outcome,
    applied,
    alreadyApplied,
    stoppedAt,
    error,
  });
  const applied: OutboxEntry[] = [];
  const alreadyApplied: OutboxEntry[] = [];
  const replace = async (next: OutboxEntry[]) => {
    entries = next;
    await deps.commit(entries);
  };

  for (const [index, entry] of queue.entries()) {
    if (entry.state.status !== 'pending') return result('blocked', entry);
    deps.onProgress?.(entry, index + 1, queue.length);

    let current: Snapshot | null;
    try {
      current = await deps.readCurrent(entry);
    } catch (error) {
      const failure = deps.classify(error);
      if (failure.type === 'network') return result('offline', entry);
      if (failure.type === 'unauthorized') return result('unauthorized', entry);
      // The object cannot be read back, so there is no way to tell whether it changed: stop and show why.
      await replace(entries.map((e) => (e.id === entry.id ? failedEntry(e, failure.error, deps.now()) : e)));
      return result('failed', entry, failure.error);
    }

    if (sameSnapshot(current, entry.mine)) {
      await replace(entries.filter((e) => e.id !== entry.id));
      alreadyApplied.push(entry);
      continue;
    }
    if (!sameSnapshot(current, entry.base)) {
      const conflicted: OutboxEntry = {
        ...entry,
        state: { status: 'conflict', server: current, detectedAt: deps.now() },
      };
      await replace(entries.map((e) => (e.id === entry.id ? conflicted : e)));
      return result('conflict', conflicted);
    }

    const attempted: OutboxEntry = { ...entry, attempts: entry.attempts + 1 };
    try {
      await deps.send(attempted);
    } catch (error) {
      const failure = deps.classify(error);
      if (failure.type === 'network') {
        await replace(entries.map((e) => (e.id === entry.id ? attempted : e)));
        return result('offline', attempted);
      }
      if (failure.type === 'unauthorized') return result('unauthorized', entry);
      const failed = failedEntry(attempted, failure.error, deps.now());
      await replace(entries.map((e) => (e.id === entry.id ? failed : e)));
      return result('failed', failed, failure.error);
    }
    await replace(entries.filter((e) => e.id !== entry.id));
    applied.push(attempted);
  }
  return result('done');
}

function failedEntry(entry: OutboxEntry, error: RejectedError, now: string): OutboxEntry {
  return { ...entry, state: { status: 'failed', error, failedAt: now } };
}

export type ConflictChoice = 'mine' | 'server';

/**
 * The operator's decision on a conflict. "Keep mine" rebases the edit on the server's version, so
 * the next replay sends it (unless the object changes yet again); "keep server" removes the edit.
 */
export function resolveConflict(
  entries: readonly OutboxEntry[],
  id: string,
  choice: ConflictChoice,
): { entries: OutboxEntry[]; resolved: OutboxEntry | null } {
  const entry = entries.find((e) => e.id === id);
  if (entry?.state.status !== 'conflict') return { entries: [...entries], resolved: null };
  if (choice === 'server') return { entries: entries.filter((e) => e.id !== id), resolved: entry };
  const rebased: OutboxEntry = { ...entry, base: entry.state.server, state: { status: 'pending' } };
  return { entries: entries.map((e) => (e.id === id ? rebased : e)), resolved: rebased };
}

/** A refused edit goes back to pending, for another try after the cause was fixed. */
export function retryEntry(entries: readonly OutboxEntry[], id: string): OutboxEntry[] {
  return entries.map((e) =>
    e.id === id && e.state.status === 'failed' ? { ...e, state: { status: 'pending' } } : e,
  );
}

/** The operator drops an edit on purpose. */
export function discardEntry(entries: readonly OutboxEntry[], id: string): OutboxEntry[] {
  return entries.filter((e) => e.id !== id);
}
