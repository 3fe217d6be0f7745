import { describe, expect, it } from 'vitest';
import {
  flagHealth,
  flagTrends,
  isoWeek,
  type LifecycleFlag,
  leadTimes,
  lifecycleCategory,
  lifecycleSummary,
  lifecycleTrends,
  median,
  type ProjectSnapshot,
  parseInsightsRange,
  parseProjectList,
  projectFlagTrends,
  userTrends,
} from './insight-calculations';

const snapshot = (day: string, project: string, total: number, stale: number, potentiallyStale: number) =>
  ({
    day,
    project,
    total,
    stale,
    potentiallyStale,
    users: 2,
    timeToProduction: null,
  }) satisfies ProjectSnapshot;

describe('parseInsightsRange', () => {
  it('defaults to the 91 days up to today and cuts date-times to their UTC day', () => {
    expect(parseInsightsRange({}, '2026-11-25')).toEqual({ from: '2026-08-26', to: '2026-11-25' });
    expect(parseInsightsRange({ from: '2026-01-01T23:30:00Z', to: '2026-02-01' }, '2026-11-25')).toEqual({
      from: '2026-01-01',
      to: '2026-02-01',
    });
  });

  it.each([
    [{ from: 'yesterday' }, '"from" must be a date'],
    [{ to: '2026-02-30' }, '"to" must be a date'],
    [{ from: '2026-03-01', to: '2026-02-01' }, 'must not be after'],
    [{ from: '2020-01-01', to: '2026-01-01' }, 'at most 731 days'],
  ])('refuses %o with BadDataError', (query, message) => {
    expect(() => parseInsightsRange(query, '2026-11-25')).toThrowError(
      expect.objectContaining({ name: 'BadDataError' }),
    );
    expect(() => parseInsightsRange(query, '2026-11-25')).toThrow(message);
  });
});

describe('weeks, health and trends', () => {
  it('numbers ISO weeks, including those that belong to the neighbouring year', () => {
    expect(isoWeek('2026-11-25')).toBe('2026-48');
    expect(isoWeek('2021-01-03')).toBe('2020-53');
    expect(isoWeek('2024-12-30')).toBe('2025-01');
  });

  it('scores health as the rounded share of flags neither stale nor potentially stale', () => {
    expect(flagHealth({ total: 0, stale: 0, potentiallyStale: 0 })).toBe(100);
    expect(flagHealth({ total: 3, stale: 1, potentiallyStale: 0 })).toBe(67);
    expect(flagHealth({ total: 8, stale: 1, potentiallyStale: 2 })).toBe(63);
  });

  it('sums projects per day and keeps the last snapshot of each week per project', () => {
    const rows = [
      snapshot('2026-11-16', 'a', 4, 1, 0),
      snapshot('2026-11-16', 'b', 2, 0, 1),
      snapshot('2026-11-18', 'a', 5, 1, 1),
      snapshot('2026-11-23', 'a', 6, 0, 0),
    ];
    expect(flagTrends(rows)).toEqual([
      { date: '2026-11-16T00:00:00.000Z', total: 6, active: 4, stale: 1, potentiallyStale: 1 },
      { date: '2026-11-18T00:00:00.000Z', total: 5, active: 3, stale: 1, potentiallyStale: 1 },
      { date: '2026-11-23T00:00:00.000Z', total: 6, active: 6, stale: 0, potentiallyStale: 0 },
    ]);
    const weekly = projectFlagTrends(rows);
    expect(weekly.map((row) => [row.week, row.project, row.total, row.health, row.technicalDebt])).toEqual([
      ['2026-47', 'b', 2, 50, 50],
      ['2026-47', 'a', 5, 60, 40],
      ['2026-48', 'a', 6, 100, 0],
    ]);
  });

  it('derives inactive users', () => {
    expect(userTrends([{ day: '2026-11-20', total: 5, active: 2 }])).toEqual([
      { date: '2026-11-20T00:00:00.000Z', total: 5, active: 2, inactive: 3 },
    ]);
  });

  it('parses project lists and medians', () => {
    expect(parseProjectList(' a, b,,a ')).toEqual(['a', 'b']);
    expect(parseProjectList(undefined)).toEqual([]);
    expect(median([])).toBe(0);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('lifecycle', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const flag = (type: string, stages: [string, number][]): LifecycleFlag => ({
    type,
    stages: stages.map(([stage, ago]) => ({ stage, enteredAt: daysAgo(ago) })),
  });
  const flags = [
    flag('release', [['initial', 3]]),
    flag('experiment', [
      ['initial', 20],
      ['pre-live', 15],
    ]),
    flag('release', [
      ['initial', 30],
      ['pre-live', 25],
      ['live', 10],
    ]),
    flag('operational', [
      ['initial', 50],
      ['live', 40],
      ['completed', 5],
    ]),
    flag('release', [
      ['initial', 100],
      ['live', 90],
      ['completed', 60],
      ['archived', 20],
    ]),
  ];

  it('maps flag types to categories', () => {
    expect(['release', 'experiment', 'operational', 'kill-switch'].map(lifecycleCategory)).toEqual([
      'release',
      'experimental',
      'permanent',
      'permanent',
    ]);
  });

  it('counts flags per trend stage with current and historical medians', () => {
    const { lifecycleTrends: trends } = lifecycleTrends(flags, now);
    expect(trends.develop).toEqual({
      totalFlags: 2,
      medianDaysInCurrentStage: 11.5,
      // Left develop: 30-10, 50-40, 100-90 days.
      medianDaysHistorically: 10,
      categories: {
        experimental: { flagsOlderThanWeek: 1, newFlagsThisWeek: 0 },
        permanent: { flagsOlderThanWeek: 0, newFlagsThisWeek: 0 },
        release: { flagsOlderThanWeek: 0, newFlagsThisWeek: 1 },
      },
    });
    expect(trends.production.totalFlags).toBe(1);
    expect(trends.production.medianDaysInCurrentStage).toBe(10);
    expect(trends.production.medianDaysHistorically).toBe(32.5);
    expect(trends.cleanup).toMatchObject({
      totalFlags: 1,
      medianDaysInCurrentStage: 5,
      medianDaysHistorically: 40,
    });
  });

  it('summarises stages for the project status', () => {
    expect(lifecycleSummary(flags, now)).toEqual({
      // Days in initial of the flags that left it: 5, 5, 10, 10 (the flag still there does not count).
      initial: { averageDays: 8, currentFlags: 1 },
      preLive: { averageDays: 15, currentFlags: 1 },
      live: { averageDays: 33, currentFlags: 1 },
      completed: { averageDays: 40, currentFlags: 1 },
      archived: { currentFlags: 1, last30Days: 1 },
    });
  });
});

describe('lead time', () => {
  it('counts whole days from creation to live and rounds their mean', () => {
    const at = (iso: string) => new Date(iso);
    expect(
      leadTimes([
        { name: 'a', createdAt: at('2026-10-01T10:00:00Z'), liveAt: at('2026-10-03T09:00:00Z') },
        { name: 'b', createdAt: at('2026-10-01T00:00:00Z'), liveAt: at('2026-10-05T00:00:00Z') },
      ]),
    ).toEqual({
      features: [
        { name: 'a', timeToProduction: 1 },
        { name: 'b', timeToProduction: 4 },
      ],
      projectAverage: 3,
    });
    expect(leadTimes([])).toEqual({ features: [], projectAverage: 0 });
  });
});
