import { describe, expect, it } from 'vitest';
import { chiSquareSurvival, logGamma, upperGammaRegularized } from './gamma';

function expectRelative(actual: number, expected: number, relative: number) {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * relative);
}

// python3 -c "from scipy import special; print(repr(special.gammaln(x)))"
const LOG_GAMMA: [number, number][] = [
  [0.5, 0.5723649429247],
  [1.0, 0.0],
  [1.5, -0.12078223763524526],
  [3.7, 1.428072326665388],
  [10.0, 12.801827480081469],
  [100.5, 361.43554046777757],
];
// python3 -c "from scipy import stats; print(repr(stats.chi2.sf(x, df)))"
const CHI_SQUARE: [number, number, number][] = [
  [0.5, 1, 0.47950012218695337],
  [3.84, 1, 0.05004352124870519],
  [10.0, 3, 0.01856613546304325],
  [50.0, 19, 0.0001310611647931629],
  [0.001, 2, 0.9995001249791693],
  [200.0, 4, 3.75727673578106e-42],
  [5.0, 10, 0.8911780189141513],
  [30.0, 10, 0.000856641210775301],
  [0.2, 19, 0.9999999999999998],
];

describe('the chi-square survival function', () => {
  it.each(LOG_GAMMA)('ln Γ(%d) matches scipy', (x, expected) => {
    // ln Γ(1) = 0 exactly: compare absolutely there.
    if (expected === 0) expect(Math.abs(logGamma(x))).toBeLessThan(1e-14);
    else expectRelative(logGamma(x), expected, 1e-13);
  });

  it.each(CHI_SQUARE)('P(χ² > %d | df %d) matches scipy to 1e-12', (x, df, expected) => {
    expectRelative(chiSquareSurvival(x, df), expected, 1e-12);
  });

  it('has the closed forms of df 2 (e^{−x/2}) and the edges', () => {
    for (const x of [0.1, 1, 7, 40]) expectRelative(chiSquareSurvival(x, 2), Math.exp(-x / 2), 1e-13);
    expect(chiSquareSurvival(0, 3)).toBe(1);
    expect(chiSquareSurvival(-1, 3)).toBe(1);
    expect(chiSquareSurvival(1e6, 3)).toBe(0);
    expect(upperGammaRegularized(2, Number.POSITIVE_INFINITY)).toBe(0);
    expect(chiSquareSurvival(1, 0)).toBeNaN();
  });
});
