import { ApiError, NetworkError } from '../api/api-error';
import {
  type ConflictChoice,
  discardEntry,
  type Edit,
  enqueue,
  type Failure,
  type OutboxEntry,
  type ReplayOutcome,
  replay,
  resolveConflict,
  retryEntry,
  sortedEntries,
} from '../offline/outbox';
import type { ConsoleCore } from './console-core';
import { CORE_RESOURCE_READERS, type EditDraft, type ResourceReaders } from './editable-resources';

export type SubmitResult = 'applied' | 'queued';

export interface OutboxSync {
  /** Loads the queue kept in the key-value store (at start). */
  load(): Promise<void>;
  /**
   * Sends an edit now, or queues it when the server is unreachable or earlier edits still wait.
   * Screens call it through `useEditMutation`, which invalidates what an applied edit changed.
   */
  sendOrQueue(draft: EditDraft): Promise<SubmitResult>;
  /** Replays the active profile's queue once signed in and online; concurrent calls share one run. */
  replayOutbox(): Promise<ReplayOutcome | null>;
  resolveConflict(id: string, choice: ConflictChoice): Promise<void>;
  retryEntry(id: string): Promise<void>;
  discardEntry(id: string): Promise<void>;
  pendingFor(profileId: string): OutboxEntry[];
  /** Drops a profile's queued edits (signing out with discard). */
  dropProfile(profileId: string): Promise<void>;
}

function classify(error: unknown): Failure {
  if (error instanceof NetworkError) return { type: 'network' };
  if (error instanceof ApiError) {
    if (error.status === 401) return { type: 'unauthorized' };
    return {
      type: 'rejected',
      error: { name: error.errorName, message: error.message, details: error.details },
    };
  }
  return {
    type: 'rejected',
    error: {
      name: 'InternalError',
      message: error instanceof Error ? error.message : String(error),
      details: [],
    },
  };
}

/** The outbox in the console state and the key-value store, and its replay against the server. */
export function createOutboxSync(core: ConsoleCore): OutboxSync {
  const { get, set, services } = core;
  const { kv } = services;
  const readers = { ...CORE_RESOURCE_READERS, ...services.resourceReaders };
  let replaying: Promise<ReplayOutcome | null> | null = null;
  const commitOutbox = (next: OutboxEntry[]) => commitEntries(core, next);

  async function sendOrQueue(draft: EditDraft): Promise<SubmitResult> {
    const profileId = get().activeProfileId;
    const edit: Edit = { ...draft, profileId };
    if (get().connectivity !== 'offline' && !hasQueued(core, profileId)) {
      try {
        await sendEdit(core, edit);
        return 'applied';
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
      }
    }
    const { entries } = enqueue(get().outbox, edit, { id: services.newId(), now: nowIso(core) });
    await commitOutbox(entries);
    if (get().connectivity === 'online') void replayOutbox();
    return 'queued';
  }

  function replayOutbox(): Promise<ReplayOutcome | null> {
    if (replaying) return replaying;
    const profileId = get().activeProfileId;
    if (get().session.status !== 'signed-in' || !hasQueued(core, profileId)) return Promise.resolve(null);
    const run = runReplay(core, readers, profileId).finally(() => {
      replaying = null;
    });
    replaying = run;
    return run;
  }

  return {
    async load() {
      set({ outbox: sortedEntries((await kv.entries<OutboxEntry>('outbox')).map(([, entry]) => entry)) });
    },
    sendOrQueue,
    replayOutbox,
    async resolveConflict(id, choice) {
      await commitOutbox(resolveConflict(get().outbox, id, choice).entries);
      if (choice === 'server') core.refresh();
      await replayOutbox();
    },
    async retryEntry(id) {
      await commitOutbox(retryEntry(get().outbox, id));
      await replayOutbox();
    },
    async discardEntry(id) {
      await commitOutbox(discardEntry(get().outbox, id));
      core.refresh();
      await replayOutbox();
    },
    pendingFor: (profileId) => get().outbox.filter((entry) => entry.profileId === profileId),
    dropProfile: (profileId) => commitOutbox(get().outbox.filter((entry) => entry.profileId !== profileId)),
  };
}

const nowIso = (core: ConsoleCore) => new Date(core.services.now()).toISOString();

const hasQueued = (core: ConsoleCore, profileId: string) =>
  core.get().outbox.some((entry) => entry.profileId === profileId);

/** Sets the queue in the state, then mirrors it in the key-value store (deletes first, then puts). */
async function commitEntries(core: ConsoleCore, next: OutboxEntry[]): Promise<void> {
  const { kv } = core.services;
  const previous = core.get().outbox;
  core.set({ outbox: sortedEntries(next) });
  const keep = new Set(next.map((entry) => entry.id));
  for (const entry of previous) if (!keep.has(entry.id)) await kv.delete('outbox', entry.id);
  for (const entry of next) await kv.put('outbox', entry.id, entry);
}

async function sendEdit(core: ConsoleCore, entry: Pick<Edit, 'request'>): Promise<void> {
  const { method, path, body } = entry.request;
  await core.api().client.request(method, path, body === undefined ? {} : { body });
}

async function runReplay(
  core: ConsoleCore,
  readers: ResourceReaders,
  profileId: string,
): Promise<ReplayOutcome | null> {
  const { get, set } = core;
  set((state) => ({ replay: { ...state.replay, running: true, position: 0, count: 0 } }));
  let outcome: ReplayOutcome | null = null;
  try {
    // Edits queued while a run is under way are picked up by the next round.
    do {
      const result = await replay(get().outbox, profileId, {
        readCurrent: (entry) => {
          const reader = readers[entry.kind];
          if (!reader) throw new Error(`This console version cannot replay edits of kind "${entry.kind}"`);
          return reader(core.api(), entry.target);
        },
        send: (entry) => sendEdit(core, entry),
        classify,
        commit: (next) => commitEntries(core, next),
        now: () => nowIso(core),
        onProgress: (_entry, position, count) =>
          set((state) => ({ replay: { ...state.replay, position, count } })),
      });
      outcome = result.outcome;
      void core.invalidateAfter([...result.applied, ...result.alreadyApplied]);
    } while (outcome === 'done' && hasQueued(core, profileId) && get().activeProfileId === profileId);
  } finally {
    set((state) => ({ replay: { ...state.replay, running: false, lastOutcome: outcome } }));
  }
  return outcome;
}
