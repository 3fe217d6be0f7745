import { describe, expect, it } from 'vitest';
import { MetricsBuffer, parseReportedDate, type Registration, startOfHour } from './metrics-buffer';

const now = new Date('2026-11-22T10:35:00Z');
const at = new Date('2026-11-22T10:12:34Z');

function registration(instanceId: string, sdkVersion = 'unleash-node-sdk:6.12.1'): Registration {
  return {
    appName: 'shop',
    instanceId,
    environment: 'development',
    sdkVersion,
    sdkType: 'backend',
    clientIp: '127.0.0.1',
    strategies: ['default'],
    projects: ['default'],
    seenAt: now,
    budgetOwner: 'token:1',
  };
}

describe('MetricsBuffer', () => {
  it('sums reports of the same flag, app, environment and hour into one row', () => {
    const buffer = new MetricsBuffer(100);
    buffer.addToggle('f1', 'shop', 'development', at, { yes: 2, no: 1, variants: { a: 2 } }, now);
    buffer.addToggle(
      'f1',
      'shop',
      'development',
      new Date('2026-11-22T10:59:59Z'),
      { yes: 3, variants: { a: 1, b: 2 } },
      now,
    );
    const batch = buffer.drain();
    expect(batch.counts).toEqual([
      {
        featureName: 'f1',
        appName: 'shop',
        environment: 'development',
        hour: new Date('2026-11-22T10:00:00Z'),
        yes: 5,
        no: 1,
        seenAt: now,
      },
    ]);
    expect(batch.variants.map((v) => [v.variant, v.count])).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    expect(batch.lastSeen).toEqual([{ featureName: 'f1', environment: 'development', seenAt: now }]);
    expect(buffer.size).toBe(0);
  });

  it('keeps hours, apps and environments apart', () => {
    const buffer = new MetricsBuffer(100);
    buffer.addToggle('f1', 'shop', 'development', at, { yes: 1 }, now);
    buffer.addToggle('f1', 'shop', 'development', new Date('2026-11-22T11:00:00Z'), { yes: 1 }, now);
    buffer.addToggle('f1', 'cart', 'development', at, { yes: 1 }, now);
    buffer.addToggle('f1', 'shop', 'production', at, { no: 1 }, now);
    expect(buffer.drain().counts).toHaveLength(4);
  });

  it('ignores entries with neither yes nor no, as Unleash does', () => {
    const buffer = new MetricsBuffer(100);
    expect(
      buffer.addToggle('f1', 'shop', 'development', at, { yes: 0, no: 0, variants: { a: 0 } }, now),
    ).toBe(false);
    expect(buffer.size).toBe(0);
  });

  it('refuses new keys once full but keeps counting known ones', () => {
    const buffer = new MetricsBuffer(2);
    buffer.addToggle('f1', 'shop', 'development', at, { yes: 1 }, now);
    expect(buffer.isFull).toBe(true);
    expect(buffer.addToggle('f2', 'shop', 'development', at, { yes: 1 }, now)).toBe(false);
    expect(buffer.addToggle('f1', 'shop', 'development', at, { yes: 4 }, now)).toBe(true);
    expect(buffer.dropped).toBe(1);
    expect(buffer.drain().counts.map((c) => [c.featureName, c.yes])).toEqual([['f1', 5]]);
  });

  it('keeps the latest registration per instance', () => {
    const buffer = new MetricsBuffer(100);
    buffer.addRegistration(registration('i1', 'unleash-node-sdk:6.0.0'));
    buffer.addRegistration(registration('i1', 'unleash-node-sdk:6.12.1'));
    buffer.addRegistration(registration('i2'));
    const { registrations } = buffer.drain();
    expect(registrations.map((r) => [r.instanceId, r.sdkVersion])).toEqual([
      ['i1', 'unleash-node-sdk:6.12.1'],
      ['i2', 'unleash-node-sdk:6.12.1'],
    ]);
  });

  it('keeps the known SDK version and strategies when a later post leaves them out', () => {
    const buffer = new MetricsBuffer(100);
    buffer.addRegistration(registration('i1', 'unleash-node-sdk:6.12.1'));
    buffer.addRegistration({ ...registration('i1'), sdkVersion: null, strategies: [] });
    expect(buffer.drain().registrations[0]).toMatchObject({
      sdkVersion: 'unleash-node-sdk:6.12.1',
      strategies: ['default'],
    });
  });

  it('restores a batch whose flush failed, merging with what arrived since', () => {
    const buffer = new MetricsBuffer(100);
    buffer.addToggle('f1', 'shop', 'development', at, { yes: 1, variants: { a: 1 } }, now);
    buffer.addRegistration(registration('i1'));
    const failed = buffer.drain();
    buffer.addToggle('f1', 'shop', 'development', at, { yes: 2, variants: { a: 5 } }, now);
    buffer.restore(failed);
    const batch = buffer.drain();
    expect(batch.counts[0]?.yes).toBe(3);
    expect(batch.variants[0]?.count).toBe(6);
    expect(batch.registrations).toHaveLength(1);
  });
});

describe('dates', () => {
  it('truncates to the hour in UTC', () => {
    expect(startOfHour(at).toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('reads ISO strings, unix seconds and milliseconds, and falls back to now', () => {
    expect(parseReportedDate('2026-11-22T09:00:00Z', now).toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(parseReportedDate(1795338000, now).toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(parseReportedDate(1795338000000, now).toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(parseReportedDate('yesterday-ish', now)).toBe(now);
    expect(parseReportedDate(undefined, now)).toBe(now);
  });
});

describe('MetricsBuffer memory bound', () => {
  it('refuses new keys once their estimated bytes reach the bound, and counts them', () => {
    const buffer = new MetricsBuffer(1_000_000, 20_000);
    const now = new Date('2026-11-25T10:00:00Z');
    const longName = 'n'.repeat(250);
    for (let i = 0; i < 100; i++) {
      buffer.addToggle(`${longName}-${i}`, 'app', 'dev', now, { yes: 1 }, now);
    }
    expect(buffer.isFull).toBe(true);
    expect(buffer.approximateBytes).toBeLessThan(20_000 + 2_000);
    expect(buffer.dropped).toBeGreaterThan(80);
    buffer.drain();
    expect([buffer.size, buffer.approximateBytes, buffer.isFull]).toEqual([0, 0, false]);
  });
});
