import { describe, expect, it } from 'vitest';
import type {
  AnalysisRequest,
  AnalysisResult,
  AnalysisVariantResult,
} from '../../../../contract/experiments';
import { analyse, analysisRequestProblems } from './analyse';

/** Matches to 4 significant digits (relative 1e-4), as issue 35 asks of the analysis. */
function expectSignificant(actual: number | null | undefined, expected: number) {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-4);
}

function variant(result: AnalysisResult, name: string): AnalysisVariantResult {
  const found = result.variants.find((v) => v.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

/** Every number anywhere in the answer is finite (no NaN or ±Infinity reaches JSON). */
function expectOnlyFiniteNumbers(value: unknown) {
  if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
  else if (Array.isArray(value)) for (const item of value) expectOnlyFiniteNumbers(item);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) expectOnlyFiniteNumbers(item);
}

// Reference values: `python3 reference-values.py` (this folder, numpy/scipy), printed in
// full and written here. Per case the Python is, with mom(n, Σy, Σy²) = (n, Σy/n, sample var):
//   lift = t/c − 1; se = sqrt(var_t/(n_t c²) + t² var_c/(n_c c⁴));
//   interval = lift ∓ norm.ppf(1 − α/2)·se; p = 2·norm.sf(|lift/se|); chance = norm.cdf(±lift/se);
//   risk = integrate.quad(lambda x: max(0, −x)·norm.pdf(x, ±lift, se), …) (numerically, not the
//   closed form); Holm written out in Python (statsmodels is not installed here);
//   SRM = stats.chisquare(users, f_exp).pvalue; sequential ρ, half-width and p by the formulas of
//   Waudby-Smith et al. as GrowthBook documents them (see ../README.md).
const binomialA: AnalysisRequest = {
  metric: { type: 'binomial', higherIsBetter: true },
  method: 'frequentist',
  control: 'control',
  variants: [
    { name: 'control', weight: 1, users: 10000, sum: 1000, sumSquares: 1000 },
    { name: 'b', weight: 1, users: 10050, sum: 1100, sumSquares: 1100 },
    { name: 'c', weight: 1, users: 9950, sum: 1020, sumSquares: 1020 },
  ],
};

describe('analyse: reference values', () => {
  it('binomial, frequentist: lift, interval, p-value, Holm, SRM', () => {
    const result = analyse(binomialA);
    const b = variant(result, 'b');
    const c = variant(result, 'c');
    expect(variant(result, 'control')).toEqual({
      name: 'control',
      users: 10000,
      mean: 0.1,
      lift: null,
      liftInterval: null,
      pValue: null,
      adjustedPValue: null,
      chanceToWin: null,
      risk: null,
    });
    expectSignificant(b.mean, 1100 / 10050);
    expectSignificant(b.lift, 0.0945273631840795);
    expectSignificant(b.liftInterval?.[0], 0.005823575862853994);
    expectSignificant(b.liftInterval?.[1], 0.18323115050530503);
    expectSignificant(b.pValue, 0.03674019338619199);
    expectSignificant(b.adjustedPValue, 0.07348038677238398);
    expectSignificant(c.lift, 0.025125628140703515);
    expectSignificant(c.liftInterval?.[0], -0.05964462692834094);
    expectSignificant(c.liftInterval?.[1], 0.10989588320974797);
    expectSignificant(c.pValue, 0.5612896838860972);
    expectSignificant(c.adjustedPValue, 0.5612896838860972);
    // stats.chisquare([10000, 10050, 9950]).pvalue
    expectSignificant(result.srmPValue, 0.7788007830714049);
  });

  it('binomial, bayesian: chance to win and risk, credible interval, no p-value', () => {
    const result = analyse({ ...binomialA, method: 'bayesian' });
    const b = variant(result, 'b');
    const c = variant(result, 'c');
    expectSignificant(b.chanceToWin, 0.981629903306904);
    expectSignificant(b.risk, 0.00030205660376330756);
    expectSignificant(c.chanceToWin, 0.7193551580569514);
    expectSignificant(c.risk, 0.007524121819801164);
    expectSignificant(b.liftInterval?.[0], 0.005823575862853994);
    expectSignificant(b.liftInterval?.[1], 0.18323115050530503);
    expect([b.pValue, b.adjustedPValue, c.pValue, c.adjustedPValue]).toEqual([null, null, null, null]);
  });

  it('binomial, sequential: the always-valid interval and p-value', () => {
    const result = analyse({ ...binomialA, method: 'sequential' });
    const b = variant(result, 'b');
    const c = variant(result, 'c');
    expectSignificant(b.liftInterval?.[0], -0.047011827494147895);
    expectSignificant(b.liftInterval?.[1], 0.2360665538623069);
    expectSignificant(b.pValue, 0.6913037219984954);
    expectSignificant(c.liftInterval?.[0], -0.11011281528552908);
    expectSignificant(c.liftInterval?.[1], 0.1603640715669361);
    expect([c.pValue, b.adjustedPValue, c.adjustedPValue]).toEqual([1, 1, 1]);
    // Significant at a fixed horizon (p = 0.037), not yet for someone who may look every day.
    expectSignificant(b.chanceToWin, 0.981629903306904);
  });

  it('mean metric, lower is better, alpha 0.1', () => {
    const request: AnalysisRequest = {
      metric: { type: 'mean', higherIsBetter: false },
      method: 'sequential',
      alpha: 0.1,
      control: 'control',
      variants: [
        { name: 'control', weight: 1, users: 5000, sum: 25000, sumSquares: 200000 },
        { name: 'faster', weight: 1, users: 5100, sum: 24480, sumSquares: 190000 },
      ],
    };
    const result = analyse(request);
    const faster = variant(result, 'faster');
    expect(variant(result, 'control').mean).toBe(5);
    expectSignificant(faster.mean, 4.8);
    expectSignificant(faster.lift, -0.04);
    expectSignificant(faster.liftInterval?.[0], -0.08160860143562149);
    expectSignificant(faster.liftInterval?.[1], 0.0016086014356214082);
    expectSignificant(faster.pValue, 0.13152959702119665);
    // Lower is better: a drop wins.
    expectSignificant(faster.chanceToWin, 0.9963611890277241);
    expectSignificant(faster.risk, 1.6653841558926642e-5);
    // stats.chisquare([5000, 5100]).pvalue
    expectSignificant(result.srmPValue, 0.3197181768128675);
    const fixed = analyse({ ...request, method: 'frequentist' });
    const fixedFaster = variant(fixed, 'faster');
    expectSignificant(fixedFaster.liftInterval?.[0], -0.06451468870584602);
    expectSignificant(fixedFaster.liftInterval?.[1], -0.01548531129415405);
    expectSignificant(fixedFaster.pValue, 0.007277621944551846);
  });

  it('CUPED: θ pooled within variants, the lift and its narrower interval', () => {
    // Simulated with numpy (seed 35): x ~ Gamma(2, 5), y = 0.8x + N(0, 3²) (+0.3 in treatment).
    const request: AnalysisRequest = {
      metric: { type: 'mean', higherIsBetter: true },
      method: 'frequentist',
      control: 'control',
      variants: [
        {
          name: 'control',
          weight: 1,
          users: 800,
          sum: 6445.392255734203,
          sumSquares: 81644.21794829189,
          covariate: {
            sum: 8011.870928484255,
            sumSquares: 115453.01132043352,
            sumProducts: 92525.31387406323,
          },
        },
        {
          name: 'treatment',
          weight: 1,
          users: 800,
          sum: 6504.810717903105,
          sumSquares: 84744.40011229753,
          covariate: { sum: 7846.4224018028, sumSquares: 112860.17373277088, sumProducts: 93163.65212128221 },
        },
      ],
    };
    const result = analyse(request);
    // Python: θ from the within-variant demeaned arrays, y' = y − θ(x − x̄) per user, then
    // numpy mean/var(ddof=1) of y' and the delta method: θ = 0.8062700181757766.
    const treatment = variant(result, 'treatment');
    expectSignificant(treatment.mean, 8.131013397378881);
    expectSignificant(treatment.lift, 0.030227918735980852);
    expectSignificant(treatment.liftInterval?.[0], -0.008416119853195021);
    expectSignificant(treatment.liftInterval?.[1], 0.06887195732515672);
    expectSignificant(treatment.pValue, 0.12524830764453854);
    // Without the covariate: lift 0.009218750358605421 with se 0.0387 (CUPED's se: 0.0197).
    const { covariate: _c, ...controlSums } = request.variants[0] ?? { covariate: null };
    const { covariate: _t, ...treatmentSums } = request.variants[1] ?? { covariate: null };
    const raw = variant(
      analyse({ ...request, variants: [controlSums, treatmentSums] as AnalysisRequest['variants'] }),
      'treatment',
    );
    expectSignificant(raw.lift, 0.009218750358605421);
    const width = (v: AnalysisVariantResult) => (v.liftInterval?.[1] ?? 0) - (v.liftInterval?.[0] ?? 0);
    expect(width(treatment)).toBeLessThan(width(raw) / 1.9);
  });
});

describe('analyse: degenerate input gives nulls, never NaN, Infinity or an exception', () => {
  const base = (
    variants: AnalysisRequest['variants'],
    type: 'binomial' | 'mean' = 'binomial',
  ): AnalysisRequest => ({
    metric: { type, higherIsBetter: true },
    method: 'frequentist',
    control: 'a',
    variants,
  });
  const nullLift = {
    lift: null,
    liftInterval: null,
    pValue: null,
    adjustedPValue: null,
    chanceToWin: null,
    risk: null,
  };

  it.each([
    [
      'no users at all',
      base([
        { name: 'a', weight: 1, users: 0, sum: 0, sumSquares: 0 },
        { name: 'b', weight: 1, users: 0, sum: 0, sumSquares: 0 },
      ]),
    ],
    [
      'a control mean of 0',
      base([
        { name: 'a', weight: 1, users: 500, sum: 0, sumSquares: 0 },
        { name: 'b', weight: 1, users: 500, sum: 7, sumSquares: 7 },
      ]),
    ],
    [
      'one user each',
      base([
        { name: 'a', weight: 1, users: 1, sum: 1, sumSquares: 1 },
        { name: 'b', weight: 1, users: 1, sum: 1, sumSquares: 1 },
      ]),
    ],
    [
      'everybody converted (no variance)',
      base([
        { name: 'a', weight: 1, users: 100, sum: 100, sumSquares: 100 },
        { name: 'b', weight: 1, users: 100, sum: 100, sumSquares: 100 },
      ]),
    ],
    [
      'sums that overflow',
      base(
        [
          { name: 'a', weight: 1e308, users: 3, sum: 1e308, sumSquares: 1.7e308 },
          { name: 'b', weight: 1e308, users: 3, sum: -1e308, sumSquares: 1.7e308 },
        ],
        'mean',
      ),
    ],
    [
      'an unknown control',
      {
        ...base([
          { name: 'x', weight: 1, users: 10, sum: 3, sumSquares: 3 },
          { name: 'y', weight: 1, users: 10, sum: 4, sumSquares: 4 },
        ]),
        control: 'nobody',
      },
    ],
    [
      'a covariate that never varies',
      {
        ...base([
          {
            name: 'a',
            weight: 1,
            users: 10,
            sum: 3,
            sumSquares: 3,
            covariate: { sum: 10, sumSquares: 10, sumProducts: 3 },
          },
          {
            name: 'b',
            weight: 1,
            users: 10,
            sum: 4,
            sumSquares: 4,
            covariate: { sum: 10, sumSquares: 10, sumProducts: 4 },
          },
        ]),
      },
    ],
  ])('%s', (_label, request) => {
    for (const method of ['frequentist', 'bayesian', 'sequential'] as const) {
      const result = analyse({ ...request, method });
      expectOnlyFiniteNumbers(result);
      expect(result.variants.map((v) => v.name)).toEqual(request.variants.map((v) => v.name));
      const control = result.variants.find((v) => v.name === request.control);
      if (control) expect(control).toMatchObject(nullLift);
    }
  });

  it('answers each degenerate case with the nulls it implies', () => {
    const none = analyse(
      base([
        { name: 'a', weight: 1, users: 0, sum: 0, sumSquares: 0 },
        { name: 'b', weight: 1, users: 0, sum: 0, sumSquares: 0 },
      ]),
    );
    expect(none).toEqual({
      srmPValue: null,
      variants: [
        { name: 'a', users: 0, mean: null, ...nullLift },
        { name: 'b', users: 0, mean: null, ...nullLift },
      ],
    });
    const zeroControl = analyse(
      base([
        { name: 'a', weight: 1, users: 500, sum: 0, sumSquares: 0 },
        { name: 'b', weight: 1, users: 500, sum: 7, sumSquares: 7 },
      ]),
    );
    expect(variant(zeroControl, 'a').mean).toBe(0);
    expect(variant(zeroControl, 'b')).toMatchObject({ mean: 0.014, ...nullLift });
    const allConverted = analyse(
      base([
        { name: 'a', weight: 1, users: 100, sum: 100, sumSquares: 100 },
        { name: 'b', weight: 1, users: 100, sum: 100, sumSquares: 100 },
      ]),
    );
    // The lift is known (0), its uncertainty is not: no interval, p-value or chance to win.
    expect(variant(allConverted, 'b')).toMatchObject({
      lift: 0,
      liftInterval: null,
      pValue: null,
      chanceToWin: null,
    });
    expect(allConverted.srmPValue).toBe(1);
  });
});

describe('analysisRequestProblems: what the route refuses with 400', () => {
  it('names an unknown control, a duplicate variant, impossible conversions and partial covariates', () => {
    expect(analysisRequestProblems(binomialA)).toEqual([]);
    expect(
      analysisRequestProblems({
        ...binomialA,
        control: 'nobody',
        variants: [
          { name: 'b', weight: 1, users: 10, sum: 11, sumSquares: 11 },
          {
            name: 'b',
            weight: 1,
            users: 10,
            sum: 1,
            sumSquares: 1,
            covariate: { sum: 1, sumSquares: 1, sumProducts: 1 },
          },
        ],
      }),
    ).toEqual([
      'The control "nobody" is not one of the variants.',
      'The variant "b" is listed more than once.',
      'The variant "b" has 11 conversions for 10 users.',
      'Covariate sums must be given for every variant or for none.',
    ]);
  });
});
