import { describe, expect, it } from 'vitest';
import type { AnalysisRequest } from '../../../../contract/experiments';
import { analyse } from './analyse';
import { binomialDraw, seededRandom } from './seeded-random';
import { DEFAULT_PLANNED_USERS, sequentialHalfWidth, sequentialPValue, sequentialRho } from './sequential';

const ALPHA = 0.05;

describe('asymptotic confidence sequences', () => {
  it('tunes ρ for the planned sample size as GrowthBook documents it', () => {
    // python3 -c "import numpy as np; a=-2*np.log(0.05); print(repr(np.sqrt((a+np.log(a+1))/5000)))"
    const expected = 0.03984006677137368;
    expect(Math.abs(sequentialRho(ALPHA) - expected)).toBeLessThan(1e-15);
    expect(DEFAULT_PLANNED_USERS).toBe(5000);
  });

  it('its p-value is at most α exactly when its interval excludes 0', () => {
    const rho = sequentialRho(ALPHA);
    for (const [lift, se, users] of [
      [0.05, 0.02, 20000],
      [0.05, 0.02, 2000],
      [-0.1, 0.03, 8000],
      [0.01, 0.02, 50000],
    ] as const) {
      const halfWidth = sequentialHalfWidth(se, users, ALPHA, rho);
      const excludesZero = Math.abs(lift) > halfWidth;
      expect(sequentialPValue(lift, se, users, rho) <= ALPHA).toBe(excludesZero);
      // Wider than the fixed-horizon interval (z = 1.96) at every size.
      expect(halfWidth).toBeGreaterThan(1.96 * se);
    }
    // At the boundary the p-value is α itself.
    const halfWidth = sequentialHalfWidth(0.02, 10000, ALPHA, rho);
    expect(sequentialPValue(halfWidth, 0.02, 10000, rho)).toBeCloseTo(ALPHA, 12);
  });
});

/**
 * A/A: both variants convert at 10%, 1000 users per variant per day for 30 days, and the readout
 * is looked at every day. A run is a false positive when any daily look says p ≤ α.
 */
function simulateAA(runs: number, seed: number) {
  const random = seededRandom(seed);
  let sequentialFalse = 0;
  let fixedFalse = 0;
  for (let run = 0; run < runs; run++) {
    const sums = [0, 0];
    let users = 0;
    let sequentialHit = false;
    let fixedHit = false;
    for (let day = 1; day <= 30; day++) {
      users += 1000;
      sums[0] = (sums[0] ?? 0) + binomialDraw(random, 1000, 0.1);
      sums[1] = (sums[1] ?? 0) + binomialDraw(random, 1000, 0.1);
      const request: AnalysisRequest = {
        metric: { type: 'binomial', higherIsBetter: true },
        method: 'sequential',
        alpha: ALPHA,
        control: 'a',
        variants: ['a', 'b'].map((name, i) => ({
          name,
          weight: 1,
          users,
          sum: sums[i] ?? 0,
          sumSquares: sums[i] ?? 0,
        })),
      };
      const sequentialP = analyse(request).variants[1]?.pValue;
      const fixedP = analyse({ ...request, method: 'frequentist' }).variants[1]?.pValue;
      if (sequentialP !== null && sequentialP !== undefined && sequentialP <= ALPHA) sequentialHit = true;
      if (fixedP !== null && fixedP !== undefined && fixedP <= ALPHA) fixedHit = true;
    }
    if (sequentialHit) sequentialFalse++;
    if (fixedHit) fixedFalse++;
  }
  return { sequential: sequentialFalse / runs, fixed: fixedFalse / runs };
}

describe('A/A simulation with daily peeks (seeded)', () => {
  it('keeps the sequential false-positive rate at or under α, where peeking at fixed-horizon p-values does not', () => {
    const runs = 400;
    const rates = simulateAA(runs, 35);
    console.log(
      `A/A, ${runs} runs × 30 daily looks, 2×1000 users/day at 10%: false positives sequential ${(rates.sequential * 100).toFixed(1)}%, fixed-horizon peeking ${(rates.fixed * 100).toFixed(1)}% (α = 5%)`,
    );
    expect(rates.sequential).toBeLessThanOrEqual(ALPHA);
    expect(rates.fixed).toBeGreaterThan(ALPHA);
  });
});
