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
import { CORE_RESOURCE_READERS, type EditDraft } from './editable-resources';

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
  const nowIso = () => new Date(services.now()).toISOString();
  const pendingFor = (profileId: string) => get().outbox.filter((entry) => entry.profileId === profileId);
  const hasQueued = (profileId: string) => get().outbox.some((entry) => entry.profileId === profileId);

  async function commitOutbox(next: OutboxEntry[]): Promise<void> {
    const previous = get().outbox;
    set({ outbox: sortedEntries(next) });
    const keep = new Set(next.map((entry) => entry.id));
    for (const entry of previous) if (!keep.has(entry.id)) await kv.delete('outbox', entry.id);
    for (const entry of next) await kv.put('outbox', entry.id, entry);
  }

  async function send(entry: Pick<Edit, 'request'>): Promise<void> {
    const { method, path, body } = entry.request;
    await core.api().client.request(method, path, body === undefined ? {} : { body });
  }

  async function sendOrQueue(draft: EditDraft): Promise<SubmitResult> {
    const profileId = get().activeProfileId;
    const edit: Edit = { ...draft, profileId };
    if (get().connectivity !== 'offline' && !hasQueued(profileId)) {
      try {
        await send(edit);
        return 'applied';
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
      }
    }
    const { entries } = enqueue(get().outbox, edit, { id: services.newId(), now: nowIso() });
    await commitOutbox(entries);
    if (get().connectivity === 'online') void replayOutbox();
    return 'queued';
  }

  async function runReplay(profileId: string): Promise<ReplayOutcome | null> {
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
          send,
          classify,
          commit: commitOutbox,
          now: nowIso,
          onProgress: (_entry, position, count) =>
            set((state) => ({ replay: { ...state.replay, position, count } })),
        });
        outcome = result.outcome;
        void core.invalidateAfter([...result.applied, ...result.alreadyApplied]);
      } while (outcome === 'done' && hasQueued(profileId) && get().activeProfileId === profileId);
    } finally {
      set((state) => ({ replay: { ...state.replay, running: false, lastOutcome: outcome } }));
    }
    return outcome;
  }

  function replayOutbox(): Promise<ReplayOutcome | null> {
    if (replaying) return replaying;
    const profileId = get().activeProfileId;
    if (get().session.status !== 'signed-in' || !hasQueued(profileId)) return Promise.resolve(null);
    const run = runReplay(profileId).finally(() => {
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
    pendingFor,
    dropProfile: (profileId) => commitOutbox(get().outbox.filter((entry) => entry.profileId !== profileId)),
  };
}
