import { describe, expect, it } from 'vitest';
import { erfc, normalCdf, normalPdf, normalQuantile } from './normal';

/** |actual − expected| within `relative` of |expected|. */
function expectRelative(actual: number, expected: number, relative: number) {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * relative);
}

// Reference values: scipy 1.x, `python3 reference-values.py` (this folder), i.e.
// python3 -c "from scipy import stats; print(repr(stats.norm.cdf(x)))" for each x below.
const CDF: [number, number][] = [
  [-37.5, 4.605353009581954e-308],
  [-20.0, 2.7536241186061556e-89],
  [-10.0, 7.61985302416047e-24],
  [-5.0, 2.866515718791933e-7],
  [-1.959963984540054, 0.025],
  [-0.5, 0.3085375387259869],
  [0.0, 0.5],
  [0.3, 0.6179114221889526],
  [1.0, 0.8413447460685429],
  [2.5, 0.9937903346742238],
  [8.0, 0.9999999999999993],
];
// python3 -c "from scipy import special; print(repr(special.erfc(x)))"
const ERFC: [number, number][] = [
  [0.1, 0.8875370839817152],
  [0.9, 0.20309178757716784],
  [1.0, 0.15729920705028516],
  [1.4999, 0.033906748337704726],
  [1.5, 0.03389485352468927],
  [2.0, 0.004677734981047266],
  [3.0, 2.2090496998585445e-5],
  [10.0, 2.0884875837625446e-45],
  [26.0, 5.663192408856145e-296],
];
// python3 -c "from scipy import stats; print(repr(stats.norm.ppf(p)))"
const QUANTILE: [number, number][] = [
  [1e-290, -36.420731673207996],
  [1e-20, -9.262340089798409],
  [1e-10, -6.361340902404056],
  [0.001, -3.090232306167813],
  [0.02425, -1.972961051311885],
  [0.025, -1.9599639845400545],
  [0.3, -0.5244005127080409],
  [0.5, 0.0],
  [0.975, 1.959963984540054],
  [0.999999, 4.753424308817087],
];

describe('the standard normal distribution', () => {
  it.each(CDF)('Φ(%d) matches scipy to 1e-12', (x, expected) => {
    expectRelative(normalCdf(x), expected, 1e-12);
  });

  it.each(ERFC)('erfc(%d) matches scipy to 1e-12', (x, expected) => {
    expectRelative(erfc(x), expected, 1e-12);
  });

  it.each(QUANTILE)('Φ⁻¹(%d) matches scipy to 1e-12', (p, expected) => {
    expectRelative(normalQuantile(p), expected, 1e-12);
  });

  it('is continuous where erfc switches from the series to the continued fraction', () => {
    expectRelative(erfc(1.5 - 1e-12), erfc(1.5), 1e-11);
  });

  it('answers the edges as scipy does, and Φ(Φ⁻¹(p)) = p', () => {
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(normalQuantile(1.5)).toBeNaN();
    expect(normalCdf(-40)).toBe(0);
    expect(normalCdf(40)).toBe(1);
    expectRelative(normalPdf(0), 1 / Math.sqrt(2 * Math.PI), 1e-15);
    for (const p of [1e-15, 0.01, 0.2, 0.49, 0.51, 0.9, 0.999])
      expectRelative(normalCdf(normalQuantile(p)), p, 1e-13);
  });
});
