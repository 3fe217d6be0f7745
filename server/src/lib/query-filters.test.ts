import { describe, expect, it } from 'vitest';
import { isPositive, parseCount, parseFilter, requiresAll } from './query-filters';

describe('search query filters', () => {
  it('parses operator-prefixed values', () => {
    expect(parseFilter('IS:default')).toEqual({ operator: 'IS', values: ['default'] });
    expect(parseFilter('IS_ANY_OF:release, experiment')).toEqual({
      operator: 'IS_ANY_OF',
      values: ['release', 'experiment'],
    });
    expect(parseFilter('INCLUDE:simple:v1')).toEqual({ operator: 'INCLUDE', values: ['simple:v1'] });
    expect(parseFilter('IS_ON_OR_AFTER:2024-01-01')).toEqual({
      operator: 'IS_ON_OR_AFTER',
      values: ['2024-01-01'],
    });
  });

  it('reads a value without a known operator as IS', () => {
    expect(parseFilter('default')).toEqual({ operator: 'IS', values: ['default'] });
    expect(parseFilter('simple:v1')).toEqual({ operator: 'IS', values: ['simple:v1'] });
  });

  it('ignores absent and empty filters', () => {
    expect(parseFilter(undefined)).toBeUndefined();
    expect(parseFilter('  ')).toBeUndefined();
    expect(parseFilter('IS:')).toBeUndefined();
  });

  it('classifies operators', () => {
    expect(isPositive('IS')).toBe(true);
    expect(isPositive('IS_NONE_OF')).toBe(false);
    expect(isPositive('DO_NOT_INCLUDE')).toBe(false);
    expect(requiresAll('INCLUDE_ALL_OF')).toBe(true);
    expect(requiresAll('INCLUDE_ANY_OF')).toBe(false);
  });

  it('clamps counts and falls back on bad input', () => {
    expect(parseCount('20', 50, 100)).toBe(20);
    expect(parseCount('5000', 50, 100)).toBe(100);
    expect(parseCount('-1', 50, 100)).toBe(50);
    expect(parseCount(undefined, 50, 100)).toBe(50);
  });
});
