import { describe, expect, it } from 'vitest';
import { licensedUserHistory, startOfUtcDay } from './licensed-users';

describe('licensed users per day', () => {
  const now = new Date('2026-11-28T15:00:00Z');

  it('walks back from today: later creations are taken off, later deletions put back', () => {
    const history = licensedUserHistory(
      5,
      [
        { kind: 'created', at: new Date('2026-11-27T10:00:00Z') },
        { kind: 'created', at: new Date('2026-11-28T09:00:00Z') },
        { kind: 'deleted', at: new Date('2026-11-28T11:00:00Z') },
      ],
      3,
      now,
    );
    expect(history).toEqual([
      { date: '2026-11-26T00:00:00.000Z', count: 4 },
      { date: '2026-11-27T00:00:00.000Z', count: 5 },
      { date: '2026-11-28T00:00:00.000Z', count: 5 },
    ]);
  });

  it('never goes below zero', () => {
    expect(licensedUserHistory(0, [{ kind: 'created', at: now }], 2, now).map((d) => d.count)).toEqual([
      0, 0,
    ]);
  });

  it('dates days at UTC midnight', () => {
    expect(startOfUtcDay(new Date('2026-01-01T23:59:59.999Z')).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });
});
