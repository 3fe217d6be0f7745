import { describe, expect, it } from 'vitest';
import { createRevisionTracker } from './revision-tracker';

function counter(values: number[]) {
  let calls = 0;
  return {
    read: async () => {
      calls += 1;
      return values[Math.min(calls - 1, values.length - 1)]!;
    },
    calls: () => calls,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('revision tracker', () => {
  it('reuses the revision until it is older than maxAge, then refreshes it behind the answer', async () => {
    let now = 0;
    const source = counter([1, 2]);
    const tracker = createRevisionTracker(source.read, { maxAgeMs: 1000, clock: () => now });
    expect(await tracker.current('development')).toBe(1);
    now = 999;
    expect(await tracker.current('development')).toBe(1);
    expect(source.calls()).toBe(1);
    now = 1000;
    // Stale: answered at once with what is known while the check runs.
    expect(await tracker.current('development')).toBe(1);
    expect(source.calls()).toBe(2);
    await settle();
    expect(await tracker.current('development')).toBe(2);
    expect(tracker.known?.('development')).toBe(2);
  });

  it('never makes a caller wait for a stale check, even one that never answers', async () => {
    let now = 0;
    let calls = 0;
    const tracker = createRevisionTracker(
      async () => {
        calls += 1;
        if (calls > 1) await new Promise(() => {}); // the database froze
        return 3;
      },
      { maxAgeMs: 1000, clock: () => now },
    );
    expect(await tracker.current('development')).toBe(3);
    now = 5000;
    const answers = await Promise.all([tracker.current('development'), tracker.current('development')]);
    expect(answers).toEqual([3, 3]);
    expect(calls).toBe(2);
  });

  it('answers the last known revision when a check after markDirty fails or times out', async () => {
    let mode: 'ok' | 'fail' | 'hang' = 'ok';
    const tracker = createRevisionTracker(
      async () => {
        if (mode === 'fail') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        if (mode === 'hang') await new Promise(() => {});
        return 4;
      },
      { maxAgeMs: 60_000, timeoutMs: 20, backoff: { minMs: 0, maxMs: 0 } },
    );
    expect(await tracker.current('development')).toBe(4);
    mode = 'fail';
    tracker.markDirty();
    expect(await tracker.current('development')).toBe(4);
    mode = 'hang';
    tracker.markDirty();
    const started = Date.now();
    expect(await tracker.current('development')).toBe(4);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('fails with a timeout error when there is nothing known to answer', async () => {
    const tracker = createRevisionTracker(() => new Promise<number>(() => {}), {
      maxAgeMs: 1000,
      timeoutMs: 10,
    });
    await expect(tracker.current('development')).rejects.toMatchObject({ code: 'ETIMEDOUT' });
  });

  it('backs off after a failed check, doubling up to the maximum', async () => {
    let now = 0;
    let calls = 0;
    let failing = false;
    const tracker = createRevisionTracker(
      async () => {
        calls += 1;
        if (failing) throw new Error('Connection terminated unexpectedly');
        return 1;
      },
      { maxAgeMs: 100, backoff: { minMs: 200, maxMs: 300 }, clock: () => now },
    );
    await tracker.current('development');
    failing = true;
    now = 100;
    await tracker.current('development'); // stale: starts check 2, which fails
    await settle();
    expect(calls).toBe(2);
    now = 299;
    await tracker.current('development');
    expect(calls).toBe(2); // still backing off (200 ms)
    now = 300;
    await tracker.current('development');
    await settle();
    expect(calls).toBe(3);
    now = 599; // second failure: 300 ms (capped), not 400
    await tracker.current('development');
    expect(calls).toBe(3);
    now = 600;
    failing = false;
    await tracker.current('development');
    await settle();
    expect(calls).toBe(4);
    now = 650; // recovered: no backoff left, the fresh value is fresh
    await tracker.current('development');
    expect(calls).toBe(4);
  });

  it('asks again right after markDirty, whatever the age', async () => {
    const source = counter([1, 5]);
    const tracker = createRevisionTracker(source.read, { maxAgeMs: 60_000, clock: () => 0 });
    expect(await tracker.current('development')).toBe(1);
    tracker.markDirty();
    expect(await tracker.current('development')).toBe(5);
  });

  it('keeps environments apart and shares one query among concurrent callers', async () => {
    const source = counter([7]);
    const tracker = createRevisionTracker(source.read, { maxAgeMs: 1000, clock: () => 0 });
    const results = await Promise.all([tracker.current('a'), tracker.current('a'), tracker.current('a')]);
    expect(results).toEqual([7, 7, 7]);
    expect(source.calls()).toBe(1);
    await tracker.current('b');
    expect(source.calls()).toBe(2);
  });

  it('does not trust a query that started before markDirty', async () => {
    let release!: () => void;
    let calls = 0;
    const tracker = createRevisionTracker(
      async () => {
        calls += 1;
        if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
        return calls;
      },
      { maxAgeMs: 60_000, clock: () => 0 },
    );
    const first = tracker.current('development');
    await Promise.resolve();
    tracker.markDirty();
    release();
    expect(await first).toBe(2);
  });
});
