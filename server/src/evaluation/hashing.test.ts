import murmurhash3js from 'murmurhash3js';
import { describe, expect, it } from 'vitest';
import {
  hash32,
  normalizedStrategyValue,
  normalizedValue,
  normalizedVariantValue,
  prefixedHash32,
} from './hashing';

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

  it('agrees with murmurhash3js, the Node SDK hash, on every length and on non-ASCII keys', () => {
    let state = 12345;
    const nextCodeUnit = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      // Mostly ASCII, some Latin-1, some anywhere in the BMP.
      const pick = state % 10;
      return pick < 7 ? 32 + (state % 95) : pick < 9 ? 128 + (state % 128) : state % 0xd7ff;
    };
    for (let length = 0; length < 70; length += 1) {
      for (const seed of [0, 86028157, 0xffffffff]) {
        const key = String.fromCharCode(...Array.from({ length }, nextCodeUnit));
        expect(hash32(key, seed)).toBe(murmurhash3js.x86.hash32(key, seed));
      }
    }
  });

  it('stays within 1..normalizer', () => {
    for (let i = 0; i < 500; i += 1) {
      const value = normalizedStrategyValue(String(i), 'group');
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(100);
    }
  });
});

describe('prefixedHash32', () => {
  it('equals hash32 of the concatenation for every prefix length and id', () => {
    for (const prefix of ['', 'a', 'ab', 'abc', 'abcd', 'f12:', 'bench-flag-00042:', 'ünïcode:']) {
      const hashed = prefixedHash32(prefix, 0);
      const seeded = prefixedHash32(prefix, 86028157);
      for (const id of ['', '1', 'user-12345', 'x'.repeat(37), 'é€😀']) {
        expect(hashed(id)).toBe(hash32(prefix + id, 0));
        expect(seeded(id)).toBe(hash32(prefix + id, 86028157));
      }
    }
  });
});
