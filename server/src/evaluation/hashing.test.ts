import { describe, expect, it } from 'vitest';
import { hash32, normalizedStrategyValue, normalizedValue, normalizedVariantValue } from './hashing';

describe('hashing', () => {
  it('matches the published murmurhash3 vectors', () => {
    expect(hash32('a:b', 0)).toBe(2722392131);
    expect(normalizedValue('123', 'f1', 100, 0)).toBe(52);
    expect(normalizedValue('123', 'f1', 1000, 86028157)).toBe(427);
  });

  it('uses seed 0 for strategies and 86028157 for variants', () => {
    expect(normalizedStrategyValue('123', 'f1')).toBe(52);
    expect(normalizedVariantValue('123', 'f1', 1000)).toBe(427);
  });

  it('hashes the low byte of each UTF-16 code unit, as murmurhash3js does', () => {
    // U+0105 keeps only its low byte 0x05, so both keys hash the same bytes.
    expect(hash32('g:\u0105', 0)).toBe(hash32('g:\u0005', 0));
  });

  it('stays within 1..normalizer', () => {
    for (let i = 0; i < 500; i += 1) {
      const value = normalizedStrategyValue(String(i), 'group');
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(100);
    }
  });
});
