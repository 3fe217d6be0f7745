import { describe, expect, it } from 'vitest';
import { srmPValue } from './srm';

function expectRelative(actual: number | null, expected: number, relative: number) {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(Math.abs(expected) * relative);
}

describe('sample-ratio mismatch', () => {
  it('matches scipy.stats.chisquare', () => {
    // python3 -c "from scipy import stats; print(repr(stats.chisquare([10000, 10050, 9950]).pvalue))"
    expectRelative(
      srmPValue([
        { users: 10000, weight: 1 },
        { users: 10050, weight: 1 },
        { users: 9950, weight: 1 },
      ]),
      0.7788007830714049,
      1e-12,
    );
    // python3 -c "from scipy import stats; print(repr(stats.chisquare([2400, 2600, 5000], f_exp=[2500, 2500, 5000]).pvalue))"
    expectRelative(
      srmPValue([
        { users: 2400, weight: 25 },
        { users: 2600, weight: 25 },
        { users: 5000, weight: 50 },
      ]),
      0.018315638888734182,
      1e-12,
    );
  });

  it('flags a broken split, ignores variants of weight 0 without users, and is null without a question', () => {
    const broken = srmPValue([
      { users: 5000, weight: 1 },
      { users: 4500, weight: 1 },
    ]);
    expect(broken).toBeLessThan(0.001);
    const withIdle = [
      { users: 500, weight: 1 },
      { users: 500, weight: 1 },
      { users: 0, weight: 0 },
    ];
    expect(srmPValue(withIdle)).toBe(1);
    expect(srmPValue([...withIdle.slice(0, 2), { users: 3, weight: 0 }])).toBe(0);
    expect(
      srmPValue([
        { users: 500, weight: 1 },
        { users: 500, weight: 0 },
      ]),
    ).toBeNull();
    expect(
      srmPValue([
        { users: 0, weight: 1 },
        { users: 0, weight: 1 },
      ]),
    ).toBeNull();
  });
});
