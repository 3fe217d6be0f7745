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

describe('revision tracker', () => {
  it('reuses the revision until it is older than maxAge', async () => {
    let now = 0;
    const source = counter([1, 2]);
    const tracker = createRevisionTracker(source.read, { maxAgeMs: 1000, clock: () => now });
    expect(await tracker.current('development')).toBe(1);
    now = 999;
    expect(await tracker.current('development')).toBe(1);
    expect(source.calls()).toBe(1);
    now = 1000;
    expect(await tracker.current('development')).toBe(2);
    expect(source.calls()).toBe(2);
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
