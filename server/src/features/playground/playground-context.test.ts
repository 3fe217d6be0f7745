import { describe, expect, it } from 'vitest';
import {
  assertCurrentTime,
  assertEvaluationCount,
  cleanContext,
  countCombinations,
  expandContexts,
  toEvaluationContext,
} from './playground-context';

describe('playground context', () => {
  it('flattens properties, keeps root fields first and reports non-string values', () => {
    const cleaned = cleanContext({
      appName: 'a',
      userId: 'u',
      properties: { region: 'eu', userId: 'shadowed' },
      plan: 'pro',
      broken: 5,
      alsoBroken: null,
    } as never);
    expect(cleaned.flat).toEqual({ appName: 'a', userId: 'u', region: 'eu', plan: 'pro' });
    expect(cleaned.invalidProperties).toEqual(['broken', 'alsoBroken']);
    expect(toEvaluationContext(cleaned.flat)).toEqual({
      appName: 'a',
      userId: 'u',
      properties: { region: 'eu', plan: 'pro' },
    });
  });

  it('expands comma-separated values into their cartesian product, in field order', () => {
    expect(expandContexts({ appName: 'a', userId: '1,2', region: 'eu,us' })).toEqual([
      { appName: 'a', userId: '1', region: 'eu' },
      { appName: 'a', userId: '1', region: 'us' },
      { appName: 'a', userId: '2', region: 'eu' },
      { appName: 'a', userId: '2', region: 'us' },
    ]);
    expect(countCombinations({ appName: 'a', userId: '1,2', region: 'eu,us' })).toBe(4);
  });

  it('stops counting past the limit, so a huge product is never multiplied out', () => {
    const flat = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, 'a,b,c']));
    expect(countCombinations(flat, 15_000)).toBe(15_001);
  });

  it('refuses a second currentTime or one that is no date, and more than 15,000 evaluations', () => {
    expect(() => assertCurrentTime({ currentTime: '2024-01-01T00:00:00Z' })).not.toThrow();
    expect(() => assertCurrentTime({ currentTime: '2024-01-01T00:00:00Z,2025-01-01T00:00:00Z' })).toThrow(
      expect.objectContaining({ errorName: 'BadDataError' }),
    );
    expect(() => assertCurrentTime({ currentTime: 'soon' })).toThrow(
      expect.objectContaining({ errorName: 'BadDataError' }),
    );
    expect(() => assertEvaluationCount(2, 3, 2_500)).not.toThrow();
    expect(() => assertEvaluationCount(2, 3, 2_501)).toThrow(/15006 .*15000/);
    expect(() => assertEvaluationCount(1, 0, 15_001)).toThrow(
      expect.objectContaining({ errorName: 'BadDataError' }),
    );
  });
});
