import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  discardEntry,
  type Edit,
  enqueue,
  type Failure,
  latestFor,
  type OutboxEntry,
  type ReplayDeps,
  replay,
  resolveConflict,
  retryEntry,
  sameSnapshot,
} from './outbox';

class Offline extends Error {}
class Refused extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message);
  }
}

function edit(target: string, base: unknown, mine: unknown, profileId = 'local'): Edit {
  return {
    profileId,
    kind: 'feature-type',
    target,
    summary: `edit ${target}`,
    request: { method: 'PUT', path: `/api/admin/feature-types/${target}/lifetime`, body: mine },
    base,
    mine,
  };
}

function queue(...edits: Edit[]): OutboxEntry[] {
  let entries: OutboxEntry[] = [];
  edits.forEach((e, index) => {
    entries = enqueue(entries, e, { id: `e${index + 1}`, now: `2026-11-22T10:0${index}:00.000Z` }).entries;
  });
  return entries;
}

/** A server holding objects by target; `send` applies the request body as the new state. */
function fakeServer(initial: Record<string, unknown>) {
  const objects = new Map(Object.entries(initial));
  const sent: string[] = [];
  const commits: OutboxEntry[][] = [];
  let offlineAfterSends = Number.POSITIVE_INFINITY;
  let offline = false;
  let refuse: ((entry: OutboxEntry) => Refused | null) | null = null;
  const deps: ReplayDeps = {
    readCurrent: async (entry) => {
      if (offline) throw new Offline();
      return objects.has(entry.target) ? objects.get(entry.target)! : null;
    },
    send: async (entry) => {
      if (offline || sent.length >= offlineAfterSends) throw new Offline();
      const refusal = refuse?.(entry);
      if (refusal) throw refusal;
      sent.push(entry.id);
      objects.set(entry.target, entry.request.body);
    },
    classify: (error): Failure => {
      if (error instanceof Offline) return { type: 'network' };
      if (error instanceof Refused && error.errorName === 'AuthenticationRequired')
        return { type: 'unauthorized' };
      if (error instanceof Refused)
        return { type: 'rejected', error: { name: error.errorName, message: error.message, details: [] } };
      throw error;
    },
    commit: (entries) => {
      commits.push(entries);
    },
    now: () => '2026-11-22T11:00:00.000Z',
  };
  return {
    objects,
    sent,
    commits,
    deps,
    goOffline: () => {
      offline = true;
    },
    offlineAfter: (count: number) => {
      offlineAfterSends = count;
    },
    refuseWith: (fn: (entry: OutboxEntry) => Refused | null) => {
      refuse = fn;
    },
  };
}

describe('snapshots', () => {
  it('compare by content whatever the key order, treating undefined keys as absent', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    expect(sameSnapshot({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameSnapshot({ lifetimeDays: 40 }, { lifetimeDays: 30 })).toBe(false);
    expect(sameSnapshot(null, undefined)).toBe(true);
    expect(sameSnapshot(['a', 'b'], ['b', 'a'])).toBe(false);
  });
});

describe('enqueue', () => {
  it('numbers entries in the order they were made and starts them pending', () => {
    const entries = queue(edit('release', { d: 40 }, { d: 30 }), edit('experiment', { d: 40 }, { d: 7 }));
    expect(entries.map((e) => [e.id, e.seq, e.state.status, e.attempts])).toEqual([
      ['e1', 1, 'pending', 0],
      ['e2', 2, 'pending', 0],
    ]);
  });

  it('finds the newest edit of an object for the pending overlay', () => {
    const entries = queue(
      edit('release', { d: 40 }, { d: 30 }),
      edit('release', { d: 30 }, { d: 20 }),
      edit('release', {}, {}, 'other'),
    );
    expect(latestFor(entries, 'local', 'feature-type', 'release')?.id).toBe('e2');
    expect(latestFor(entries, 'local', 'feature-type', 'operational')).toBeUndefined();
  });
});

describe('replay', () => {
  it('sends every edit in order when nobody changed the objects meanwhile, persisting after each', async () => {
    const server = fakeServer({ release: { d: 40 }, experiment: { d: 40 } });
    const entries = queue(
      edit('release', { d: 40 }, { d: 30 }),
      edit('experiment', { d: 40 }, { d: 7 }),
      edit('release', { d: 30 }, { d: 20 }),
    );
    const result = await replay(entries, 'local', server.deps);
    expect(result.outcome).toBe('done');
    expect(server.sent).toEqual(['e1', 'e2', 'e3']);
    expect(result.entries).toEqual([]);
    expect(result.applied.map((e) => e.attempts)).toEqual([1, 1, 1]);
    expect(server.objects.get('release')).toEqual({ d: 20 });
    expect(server.commits.map((commit) => commit.map((e) => e.id))).toEqual([['e2', 'e3'], ['e3'], []]);
  });

  it('does not send an edit whose result is already on the server', async () => {
    const server = fakeServer({ release: { d: 30 } });
    const result = await replay(queue(edit('release', { d: 40 }, { d: 30 })), 'local', server.deps);
    expect(result.outcome).toBe('done');
    expect(server.sent).toEqual([]);
    expect(result.alreadyApplied.map((e) => e.id)).toEqual(['e1']);
    expect(result.entries).toEqual([]);
  });

  it('stops at a changed object with both versions, and the edits after it wait', async () => {
    const server = fakeServer({ release: { d: 5 }, experiment: { d: 40 } });
    const entries = queue(
      edit('experiment', { d: 40 }, { d: 7 }),
      edit('release', { d: 40 }, { d: 30 }),
      edit('experiment', { d: 7 }, { d: 8 }),
    );
    const result = await replay(entries, 'local', server.deps);
    expect(result.outcome).toBe('conflict');
    expect(server.sent).toEqual(['e1']);
    expect(result.stoppedAt?.id).toBe('e2');
    expect(result.entries.map((e) => [e.id, e.state.status])).toEqual([
      ['e2', 'conflict'],
      ['e3', 'pending'],
    ]);
    const conflict = result.entries[0]!;
    expect(conflict.state).toEqual({
      status: 'conflict',
      server: { d: 5 },
      detectedAt: '2026-11-22T11:00:00.000Z',
    });
    expect(conflict.base).toEqual({ d: 40 });
    expect(conflict.mine).toEqual({ d: 30 });
    expect(server.objects.get('release')).toEqual({ d: 5 });
  });

  it('treats an object deleted meanwhile as a conflict, not as a success', async () => {
    const server = fakeServer({});
    const result = await replay(queue(edit('release', { d: 40 }, { d: 30 })), 'local', server.deps);
    expect(result.outcome).toBe('conflict');
    expect(result.entries[0]!.state).toMatchObject({ status: 'conflict', server: null });
  });

  it('a create conflicts when the object appeared meanwhile', async () => {
    const server = fakeServer({ web: { id: 'web', name: 'Someone else' } });
    const result = await replay(queue(edit('web', null, { id: 'web', name: 'Web' })), 'local', server.deps);
    expect(result.outcome).toBe('conflict');
    expect(result.entries[0]!.state).toMatchObject({ server: { id: 'web', name: 'Someone else' } });
  });

  it('blocks behind an entry that already waits for a decision', async () => {
    const server = fakeServer({ release: { d: 5 } });
    const first = await replay(queue(edit('release', { d: 40 }, { d: 30 })), 'local', server.deps);
    const second = await replay(first.entries, 'local', server.deps);
    expect(second.outcome).toBe('blocked');
    expect(server.sent).toEqual([]);
  });

  it('keeps everything pending when the server is unreachable, counting the attempt', async () => {
    const server = fakeServer({ release: { d: 40 }, experiment: { d: 40 } });
    server.offlineAfter(1);
    const entries = queue(edit('release', { d: 40 }, { d: 30 }), edit('experiment', { d: 40 }, { d: 7 }));
    const result = await replay(entries, 'local', server.deps);
    expect(result.outcome).toBe('offline');
    expect(result.entries.map((e) => [e.id, e.state.status, e.attempts])).toEqual([['e2', 'pending', 1]]);

    server.goOffline();
    const again = await replay(result.entries, 'local', server.deps);
    expect(again.outcome).toBe('offline');
    expect(again.entries).toHaveLength(1);
  });

  it('marks an edit the server refuses, with its error, and stops there', async () => {
    const server = fakeServer({ release: { d: 40 }, experiment: { d: 40 } });
    server.refuseWith((entry) =>
      entry.target === 'release' ? new Refused('BadDataError', 'lifetimeDays must be >= 0') : null,
    );
    const entries = queue(edit('release', { d: 40 }, { d: -1 }), edit('experiment', { d: 40 }, { d: 7 }));
    const result = await replay(entries, 'local', server.deps);
    expect(result.outcome).toBe('failed');
    expect(result.error).toEqual({ name: 'BadDataError', message: 'lifetimeDays must be >= 0', details: [] });
    expect(result.entries.map((e) => [e.id, e.state.status])).toEqual([
      ['e1', 'failed'],
      ['e2', 'pending'],
    ]);
    expect(server.sent).toEqual([]);
  });

  it('stops without touching the entry when the credentials are refused', async () => {
    const server = fakeServer({ release: { d: 40 } });
    server.refuseWith(() => new Refused('AuthenticationRequired', 'sign in'));
    const result = await replay(queue(edit('release', { d: 40 }, { d: 30 })), 'local', server.deps);
    expect(result.outcome).toBe('unauthorized');
    expect(result.entries[0]!.state.status).toBe('pending');
  });

  it("replays only the given profile's edits and keeps the others", async () => {
    const server = fakeServer({ release: { d: 40 } });
    const entries = queue(
      edit('release', { d: 40 }, { d: 30 }, 'remote-a'),
      edit('release', { d: 40 }, { d: 30 }),
    );
    const result = await replay(entries, 'local', server.deps);
    expect(result.outcome).toBe('done');
    expect(server.sent).toEqual(['e2']);
    expect(result.entries.map((e) => e.id)).toEqual(['e1']);
  });

  it('reports progress per entry', async () => {
    const server = fakeServer({ a: 1, b: 1 });
    const progress: string[] = [];
    const entries = queue(edit('a', 1, 2), edit('b', 1, 2));
    await replay(entries, 'local', {
      ...server.deps,
      onProgress: (entry, position, count) => progress.push(`${entry.id} ${position}/${count}`),
    });
    expect(progress).toEqual(['e1 1/2', 'e2 2/2']);
  });
});

describe('decisions', () => {
  async function conflicted() {
    const server = fakeServer({ release: { d: 5 }, experiment: { d: 40 } });
    const entries = queue(edit('release', { d: 40 }, { d: 30 }), edit('experiment', { d: 40 }, { d: 7 }));
    const result = await replay(entries, 'local', server.deps);
    return { server, entries: result.entries };
  }

  it('"keep mine" rebases the edit on the server version, so the next replay sends it and continues', async () => {
    const { server, entries } = await conflicted();
    const { entries: resolved, resolved: entry } = resolveConflict(entries, 'e1', 'mine');
    expect(entry?.base).toEqual({ d: 5 });
    expect(entry?.state.status).toBe('pending');
    const result = await replay(resolved, 'local', server.deps);
    expect(result.outcome).toBe('done');
    expect(server.sent).toEqual(['e1', 'e2']);
    expect(server.objects.get('release')).toEqual({ d: 30 });
  });

  it('"keep mine" conflicts again if the server changed once more before it was sent', async () => {
    const { server, entries } = await conflicted();
    const { entries: resolved } = resolveConflict(entries, 'e1', 'mine');
    server.objects.set('release', { d: 6 });
    const result = await replay(resolved, 'local', server.deps);
    expect(result.outcome).toBe('conflict');
    expect(result.entries[0]!.state).toMatchObject({ server: { d: 6 } });
  });

  it('"keep server" removes the edit and the queue moves on', async () => {
    const { server, entries } = await conflicted();
    const { entries: resolved, resolved: entry } = resolveConflict(entries, 'e1', 'server');
    expect(entry?.id).toBe('e1');
    expect(resolved.map((e) => e.id)).toEqual(['e2']);
    const result = await replay(resolved, 'local', server.deps);
    expect(result.outcome).toBe('done');
    expect(server.objects.get('release')).toEqual({ d: 5 });
    expect(server.objects.get('experiment')).toEqual({ d: 7 });
  });

  it('ignores a decision on an entry that is not in conflict', () => {
    const entries = queue(edit('release', { d: 40 }, { d: 30 }));
    expect(resolveConflict(entries, 'e1', 'server')).toEqual({ entries, resolved: null });
    expect(resolveConflict(entries, 'nope', 'mine').resolved).toBeNull();
  });

  it('retries a refused edit and discards only on request', async () => {
    const server = fakeServer({ release: { d: 40 } });
    server.refuseWith(() => new Refused('BadDataError', 'no'));
    const { entries } = await replay(queue(edit('release', { d: 40 }, { d: 30 })), 'local', server.deps);
    expect(entries[0]!.state.status).toBe('failed');
    const retried = retryEntry(entries, 'e1');
    expect(retried[0]!.state.status).toBe('pending');
    server.refuseWith(() => null);
    expect((await replay(retried, 'local', server.deps)).outcome).toBe('done');
    expect(discardEntry(entries, 'e1')).toEqual([]);
    expect(discardEntry(entries, 'other')).toHaveLength(1);
  });
});
