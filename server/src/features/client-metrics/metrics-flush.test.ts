import { describe, expect, it } from 'vitest';
import type { MetricsBatch } from './metrics-buffer';
import { CreationBudget, writeBisecting } from './metrics-flush';
import { isStorableName, unstorableReason } from './sdk-report-validation';

const hour = new Date('2026-11-25T10:00:00Z');
const count = (featureName: string) => ({
  featureName,
  appName: 'app',
  environment: 'dev',
  hour,
  yes: 1,
  no: 0,
  seenAt: hour,
});
const seen = (featureName: string) => ({ featureName, environment: 'dev', seenAt: hour });
const batchOf = (names: string[]): MetricsBatch => ({
  counts: names.map(count),
  variants: [],
  registrations: [],
  lastSeen: names.map(seen),
});
const dataError = Object.assign(new Error('bigint out of range'), { code: '22003' });
const connectionLost = Object.assign(new Error('Connection terminated'), {});

describe('writeBisecting', () => {
  it('drops only the rows the database refuses for their data', async () => {
    const written: string[] = [];
    const dropped: MetricsBatch[] = [];
    const outcome = await writeBisecting(
      batchOf(['a', 'bad', 'c', 'd', 'e']),
      async (batch) => {
        const names = [...batch.counts, ...batch.lastSeen].map((row) => row.featureName);
        if (names.includes('bad')) throw dataError;
        written.push(...batch.counts.map((row) => `count:${row.featureName}`));
        written.push(...batch.lastSeen.map((row) => `seen:${row.featureName}`));
      },
      (row) => dropped.push(row),
    );
    expect(outcome).toEqual({ unwritten: [], droppedRows: 2 });
    expect(written.sort()).toEqual(
      ['count:a', 'count:c', 'count:d', 'count:e', 'seen:a', 'seen:c', 'seen:d', 'seen:e'].sort(),
    );
    expect(dropped.map((b) => [b.counts.length, b.lastSeen.length])).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });

  it('splits a two-row batch whose rows sit in different tables (no endless halving)', async () => {
    let calls = 0;
    const outcome = await writeBisecting(
      batchOf(['bad']),
      async () => {
        calls += 1;
        throw dataError;
      },
      () => {},
    );
    expect(outcome.droppedRows).toBe(2);
    expect(calls).toBe(3);
  });

  it('stops at the first failure that is not about the data and hands back everything unwritten', async () => {
    let calls = 0;
    const outcome = await writeBisecting(
      batchOf(['a', 'bad', 'c', 'd']),
      async () => {
        calls += 1;
        if (calls === 1) throw dataError;
        if (calls === 2) return; // the first half is written
        throw connectionLost;
      },
      () => {},
    );
    expect(outcome.error).toBe(connectionLost);
    expect(outcome.droppedRows).toBe(0);
    const left = outcome.unwritten.flatMap((b) => [...b.counts, ...b.lastSeen]).length;
    expect(left).toBe(4);
  });
});

describe('CreationBudget', () => {
  const by = (owner: string, ...keys: string[]) => keys.map((key) => ({ key, owners: [owner] }));

  it('grants up to its size per window, refills when the window turns, and never charges a key twice', () => {
    const budget = new CreationBudget(3, 60_000);
    expect([...budget.admit(by('A', 'a', 'b'), 0)]).toEqual(['a', 'b']);
    expect([...budget.admit(by('A', 'c', 'd', 'e'), 10_000)]).toEqual(['c']);
    // A retried flush asks again for what it was granted: still granted, at no cost.
    expect([...budget.admit(by('A', 'a', 'b', 'c', 'f'), 20_000)]).toEqual(['a', 'b', 'c']);
    expect([...budget.admit(by('A', 'f', 'g', 'h', 'i'), 60_000)]).toEqual(['f', 'g', 'h']);
  });

  it('gives each owner its own budget; a key several owners want is paid by one with budget left (issue 31)', () => {
    const budget = new CreationBudget(2, 60_000);
    expect([...budget.admit(by('A', 'a1', 'a2', 'a3', 'a4'), 0)]).toEqual(['a1', 'a2']);
    expect([...budget.admit([...by('A', 'a5'), ...by('B', 'b1')], 1000)]).toEqual(['b1']);
    // Wanted by A (spent) and B (one left): B pays; then B is spent too.
    expect([...budget.admit([{ key: 'shared', owners: ['A', 'B'] }], 2000)]).toEqual(['shared']);
    expect([...budget.admit(by('B', 'b2'), 3000)]).toEqual([]);
  });
});

describe('storable names', () => {
  it('refuses NUL, unpaired surrogates and names over 255 characters; accepts paired ones', () => {
    expect(isStorableName('checkout-🚀')).toBe(true);
    expect(isStorableName('a'.repeat(255))).toBe(true);
    expect(unstorableReason('a'.repeat(256))).toBe('must NOT have more than 255 characters');
    for (const bad of ['x\u0000', '\ud800', 'a\ud800b', '\udc00', 'a\udc00\ud800']) {
      expect(isStorableName(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
