import { describe, expect, it } from 'vitest';
import { chanceToWin, relativeLift, risk } from './effect';
import { normalCdf, normalPdf } from './normal';

describe('relative lift and the flat-prior posterior', () => {
  it('takes the delta-method variance of the ratio', () => {
    const effect = relativeLift({ n: 100, mean: 2, variance: 4 }, { n: 400, mean: 3, variance: 9 });
    expect(effect?.lift).toBeCloseTo(0.5, 15);
    // 9/(400·4) + 9·4/(100·16) = 0.005625 + 0.0225
    expect(effect?.se).toBeCloseTo(Math.sqrt(0.028125), 15);
    expect(relativeLift({ n: 100, mean: 0, variance: 1 }, { n: 100, mean: 1, variance: 1 })).toBeNull();
    expect(relativeLift({ n: 1, mean: 1, variance: null }, { n: 5, mean: 2, variance: 1 })).toEqual({
      lift: 1,
      se: null,
    });
  });

  it('flips chance to win and risk for lower-is-better metrics', () => {
    expect(chanceToWin(0.1, 0.05, true)).toBeCloseTo(normalCdf(2), 15);
    expect(chanceToWin(0.1, 0.05, false)).toBeCloseTo(normalCdf(-2), 15);
    // risk = σφ(μ/σ) − μΦ(−μ/σ): a clear winner risks little, a clear loser about its loss.
    expect(risk(0.1, 0.05, true)).toBeCloseTo(0.05 * normalPdf(2) - 0.1 * normalCdf(-2), 15);
    expect(risk(-0.3, 0.01, true)).toBeCloseTo(0.3, 10);
    expect(risk(-0.3, 0.01, false)).toBeLessThan(1e-100);
    expect(risk(0, 0.1, true)).toBeCloseTo(0.1 * normalPdf(0), 15);
  });
});
