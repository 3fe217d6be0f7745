import { describe, expect, it } from 'vitest';
import { cupedMoments, cupedTheta, momentsOf } from './moments';

describe('moments from sufficient statistics', () => {
  it('gives n, mean and the (n − 1) sample variance', () => {
    // y = [1, 2, 3, 4, 10]: numpy.var(y, ddof=1) = 12.5
    expect(momentsOf({ users: 5, sum: 20, sumSquares: 130 }, 'mean')).toEqual({
      n: 5,
      mean: 4,
      variance: 12.5,
    });
    // Binomial: 30 of 100 converted, Σy² is Σy whatever was sent: p(1 − p)·n/(n − 1).
    const binomial = momentsOf({ users: 100, sum: 30, sumSquares: 999 }, 'binomial');
    expect(binomial?.mean).toBe(0.3);
    expect(binomial?.variance).toBeCloseTo((0.3 * 0.7 * 100) / 99, 14);
  });

  it('has no variance below two users and nothing without users', () => {
    expect(momentsOf({ users: 1, sum: 3, sumSquares: 9 }, 'mean')).toEqual({ n: 1, mean: 3, variance: null });
    expect(momentsOf({ users: 0, sum: 0, sumSquares: 0 }, 'mean')).toBeNull();
    expect(momentsOf({ users: 2, sum: 1e308, sumSquares: 1e308 }, 'mean')?.variance).toBeNull();
  });
});

describe('CUPED', () => {
  it('pools θ within variants and removes the covariate from mean and variance', () => {
    // Two variants with y = 2x + 1 exactly: θ = 2 and the adjusted variance is 0.
    const a = { n: 3, sumX: 6, sumX2: 14, sumY: 15, sumY2: 83, sumXY: 34 }; // x = 1,2,3; y = 3,5,7
    const b = { n: 2, sumX: 9, sumX2: 41, sumY: 20, sumY2: 202, sumXY: 91 }; // x = 4,5; y = 9,11
    const theta = cupedTheta([a, b]);
    expect(theta).toBeCloseTo(2, 14);
    const overall = (6 + 9) / 5;
    const adjusted = cupedMoments(a, theta ?? 0, overall);
    expect(adjusted?.mean).toBeCloseTo(5 - 2 * (2 - overall), 13);
    expect(adjusted?.variance).toBeCloseTo(0, 12);
    expect(cupedTheta([{ n: 2, sumX: 2, sumX2: 2, sumY: 1, sumY2: 1, sumXY: 1 }])).toBeNull();
  });
});
