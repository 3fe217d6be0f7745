import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenRegistry, type TokenSnapshotOf } from './token-registry';

interface Token {
  id: number;
  scope: string;
}

/** A database of tokens the test edits, and counts of what the registry asked of it. */
function fakeSource() {
  const source = {
    tokens: new Map<string, Token>(),
    eventId: 0,
    tokenEventIds: [] as number[],
    loads: 0,
    rereads: 0,
    failing: false,
    /** When set, the next load waits for this promise before reading. */
    gate: undefined as Promise<void> | undefined,
    change(hash: string, token: Token | null) {
      if (token) source.tokens.set(hash, token);
      else source.tokens.delete(hash);
      source.eventId += 1;
      source.tokenEventIds.push(source.eventId);
    },
    async loadSnapshot(): Promise<TokenSnapshotOf<Token>> {
      source.loads += 1;
      const gate = source.gate;
      source.gate = undefined;
      if (gate) await gate;
      if (source.failing) throw new Error('database down');
      return {
        tokens: new Map([...source.tokens].map(([hash, token]) => [hash, { ...token }])),
        eventId: source.eventId,
        truncated: false,
      };
    },
    async changesAfter(eventId: number) {
      source.rereads += 1;
      if (source.failing) throw new Error('database down');
      return { eventId: source.eventId, tokens: source.tokenEventIds.some((id) => id > eventId) };
    },
  };
  return source;
}

function registryOn(source: ReturnType<typeof fakeSource>, replaced: Array<{ truncated: boolean }> = []) {
  return createTokenRegistry<Token>({
    loadSnapshot: source.loadSnapshot,
    changesAfter: source.changesAfter,
    pollMs: 1000,
    fullReloadMs: 60_000,
    timeoutMs: 2000,
    same: (a, b) => a.id === b.id && a.scope === b.scope,
    onReplaced: (snapshot) => replaced.push(snapshot),
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the in-memory API token registry', () => {
  it('holds every token after the first load, and keeps unchanged tokens as the same objects', async () => {
    const source = fakeSource();
    source.change('a', { id: 1, scope: 'x' });
    source.change('b', { id: 2, scope: 'y' });
    const replaced: Array<{ truncated: boolean }> = [];
    const registry = registryOn(source, replaced);
    expect(registry.loaded).toBe(false);
    expect(registry.get('a')).toBeUndefined();
    await registry.refresh();
    expect(registry.size).toBe(2);
    const first = registry.get('a');
    expect(first).toEqual({ id: 1, scope: 'x' });
    source.change('b', { id: 2, scope: 'z' });
    await registry.refresh();
    expect(registry.get('a')).toBe(first);
    expect(registry.get('b')).toEqual({ id: 2, scope: 'z' });
    expect(replaced).toEqual([{ truncated: false }, { truncated: false }]);
  });

  it('re-reads every second and reloads only when a token event came', async () => {
    vi.useFakeTimers();
    const source = fakeSource();
    source.change('a', { id: 1, scope: 'x' });
    const registry = registryOn(source);
    registry.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(source.loads).toBe(1);
    // An unrelated event (a flag change): read, not reloaded.
    source.eventId += 1;
    await vi.advanceTimersByTimeAsync(1000);
    expect(source.rereads).toBe(1);
    expect(source.loads).toBe(1);
    source.change('a', null);
    source.change('c', { id: 3, scope: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(source.loads).toBe(2);
    expect(registry.get('a')).toBeUndefined();
    expect(registry.get('c')).toEqual({ id: 3, scope: 'x' });
    registry.stop();
  });

  it('keeps every known token while the database fails, and catches up when it answers', async () => {
    vi.useFakeTimers();
    const source = fakeSource();
    source.change('a', { id: 1, scope: 'x' });
    const errors: unknown[] = [];
    const registry = createTokenRegistry<Token>({
      loadSnapshot: source.loadSnapshot,
      changesAfter: source.changesAfter,
      pollMs: 1000,
      fullReloadMs: 60_000,
      timeoutMs: 2000,
      same: () => false,
      onError: (error) => errors.push(error),
    });
    registry.start();
    await vi.advanceTimersByTimeAsync(0);
    source.failing = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(errors.length).toBe(5);
    expect(registry.get('a')).toEqual({ id: 1, scope: 'x' });
    source.failing = false;
    source.change('b', { id: 2, scope: 'y' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(registry.get('b')).toEqual({ id: 2, scope: 'y' });
    registry.stop();
  });

  it('applies its own changes at once, also over a load that read before them', async () => {
    const source = fakeSource();
    source.change('old', { id: 1, scope: 'x' });
    const registry = registryOn(source);
    await registry.refresh();
    let open = () => {};
    source.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const loading = registry.refresh();
    // The load is held before its read; these commit and apply locally meanwhile. The load then
    // reads the old state (the fake's table is not edited), as a read that raced them would.
    registry.remove('old');
    registry.put('new', { id: 2, scope: 'y' });
    expect(registry.get('old')).toBeUndefined();
    expect(registry.get('new')).toEqual({ id: 2, scope: 'y' });
    open();
    await loading;
    expect(registry.get('old')).toBeUndefined();
    expect(registry.get('new')).toEqual({ id: 2, scope: 'y' });
  });

  it('loads once more when asked again during a load (a notice for a change the load missed)', async () => {
    const source = fakeSource();
    const registry = registryOn(source);
    let open = () => {};
    source.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const first = registry.refresh();
    const second = registry.refresh();
    source.change('late', { id: 9, scope: 'x' });
    open();
    await Promise.all([first, second]);
    expect(source.loads).toBe(2);
    expect(registry.get('late')).toEqual({ id: 9, scope: 'x' });
  });
});
