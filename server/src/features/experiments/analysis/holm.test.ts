import { describe, expect, it } from 'vitest';
import { holm } from './holm';

describe('Holm adjustment', () => {
  it('matches the hand computation and keeps order and nulls', () => {
    // Sorted 0.005, 0.01, 0.03, 0.04 (m = 4): 4·0.005 = 0.02, 3·0.01 = 0.03, 2·0.03 = 0.06,
    // max(0.06, 1·0.04) = 0.06 (Holm 1979, running maximum of (m − j + 1)·p_(j)).
    // → [0.03 0.06 0.06 0.02]
    const adjusted = holm([0.01, 0.04, null, 0.03, 0.005]);
    const expected = [0.03, 0.06, null, 0.06, 0.02];
    adjusted.forEach((p, i) => {
      const want = expected[i];
      if (want === null || want === undefined) expect(p).toBeNull();
      else expect(p).toBeCloseTo(want, 14);
    });
  });

  it('caps at 1 and leaves a single p-value alone', () => {
    expect(holm([0.6, 0.7])).toEqual([1, 1]);
    expect(holm([0.2])).toEqual([0.2]);
    expect(holm([])).toEqual([]);
    expect(holm([null])).toEqual([null]);
  });
});
