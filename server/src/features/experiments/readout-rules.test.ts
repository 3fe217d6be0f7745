import { describe, expect, it } from 'vitest';
import type { AnalysisResult, AnalysisVariantResult, ExperimentMetric } from '../../../contract';
import {
  buildAnalysisRequests,
  liftOverTime,
  normalQuantile,
  usersNeededFor80Power,
  verdictOf,
} from './readout-rules';

const checkout: ExperimentMetric = {
  eventName: 'checkout',
  role: 'primary',
  type: 'binomial',
  higherIsBetter: true,
  windowHours: 72,
};
const latency: ExperimentMetric = {
  eventName: 'latency',
  role: 'guardrail',
  type: 'mean',
  higherIsBetter: false,
  windowHours: 24,
};
const experiment = {
  controlVariant: 'control',
  variants: [
    { name: 'control', weight: 500 },
    { name: 'B', weight: 500 },
  ],
  metrics: [checkout, latency],
  method: 'frequentist' as const,
  alpha: 0.05,
};

const treatment = (fields: Partial<AnalysisVariantResult>): AnalysisVariantResult => ({
  name: 'B',
  users: 1000,
  mean: 0.12,
  lift: 0.2,
  liftInterval: [0.05, 0.35],
  pValue: 0.01,
  adjustedPValue: 0.02,
  chanceToWin: 0.97,
  risk: 0.001,
  ...fields,
});
const controlResult: AnalysisVariantResult = {
  name: 'control',
  users: 1000,
  mean: 0.1,
  lift: null,
  liftInterval: null,
  pValue: null,
  adjustedPValue: null,
  chanceToWin: null,
  risk: null,
};
const result = (b: Partial<AnalysisVariantResult>, srmPValue: number | null = 0.5): AnalysisResult => ({
  srmPValue,
  variants: [controlResult, treatment(b)],
});

describe('buildAnalysisRequests', () => {
  it('builds one request per metric with every variant of the split, missing ones at zero', () => {
    const requests = buildAnalysisRequests(experiment, [
      {
        eventName: 'checkout',
        variants: [
          { name: 'control', users: 1000, sum: 100, sumSquares: 100 },
          { name: 'B', users: 990, sum: 120, sumSquares: 120 },
          { name: 'not-in-split', users: 5, sum: 1, sumSquares: 1 },
        ],
      },
      {
        eventName: 'latency',
        variants: [
          {
            name: 'B',
            users: 10,
            sum: 30,
            sumSquares: 100,
            covariate: { sum: 20, sumSquares: 50, sumProducts: 70 },
          },
        ],
      },
    ]);
    expect(requests).toEqual([
      {
        metric: checkout,
        request: {
          metric: { type: 'binomial', higherIsBetter: true },
          method: 'frequentist',
          alpha: 0.05,
          control: 'control',
          variants: [
            { name: 'control', weight: 500, users: 1000, sum: 100, sumSquares: 100 },
            { name: 'B', weight: 500, users: 990, sum: 120, sumSquares: 120 },
          ],
        },
      },
      {
        metric: latency,
        request: {
          metric: { type: 'mean', higherIsBetter: false },
          method: 'frequentist',
          alpha: 0.05,
          control: 'control',
          variants: [
            { name: 'control', weight: 500, users: 0, sum: 0, sumSquares: 0 },
            {
              name: 'B',
              weight: 500,
              users: 10,
              sum: 30,
              sumSquares: 100,
              covariate: { sum: 20, sumSquares: 50, sumProducts: 70 },
            },
          ],
        },
      },
    ]);
  });

  it('has nothing to analyse before the experiment started (no split)', () => {
    expect(buildAnalysisRequests({ ...experiment, variants: [] }, [])).toEqual([]);
  });
});

describe('verdictOf', () => {
  it('never promises certainty in the chance to win', () => {
    expect(verdictOf(checkout, result({ chanceToWin: 0.9999 }), experiment)).toBe(
      'B beats control on checkout (>99% chance to win)',
    );
  });

  it('names the winner with its chance to win', () => {
    expect(verdictOf(checkout, result({}), experiment)).toBe(
      'B beats control on checkout (97% chance to win)',
    );
  });

  it('says a sample ratio mismatch before anything else', () => {
    expect(verdictOf(checkout, result({}, 0.0001), experiment)).toBe(
      'Sample ratio mismatch: results untrustworthy',
    );
  });

  it('says when nothing can be told yet', () => {
    expect(
      verdictOf(checkout, result({ pValue: 0.3, adjustedPValue: 0.4, chanceToWin: 0.8 }), experiment),
    ).toBe('No detectable difference yet');
    const empty: AnalysisResult = {
      srmPValue: null,
      variants: [
        { ...controlResult, users: 0 },
        { ...treatment({}), users: 0 },
      ],
    };
    expect(verdictOf(checkout, empty, experiment)).toBe('No users exposed yet');
  });

  it('reads lower-is-better metrics the right way round', () => {
    // Latency up 20% with p = 0.01: worse, not a win.
    expect(verdictOf(latency, result({ chanceToWin: 0.03 }), experiment)).toBe(
      'B is worse than control on latency (3% chance to win)',
    );
    expect(verdictOf(latency, result({ lift: -0.2, chanceToWin: 0.98 }), experiment)).toBe(
      'B beats control on latency (98% chance to win)',
    );
  });

  it('judges Bayesian results by the chance to win', () => {
    const bayesian = { ...experiment, method: 'bayesian' as const };
    expect(
      verdictOf(checkout, result({ pValue: null, adjustedPValue: null, chanceToWin: 0.96 }), bayesian),
    ).toBe('B beats control on checkout (96% chance to win)');
    expect(
      verdictOf(checkout, result({ pValue: null, adjustedPValue: null, chanceToWin: 0.9 }), bayesian),
    ).toBe('No detectable difference yet');
  });
});

describe('usersNeededFor80Power', () => {
  it('matches the sample size of the relative-lift test, figures computed independently', () => {
    // 10% vs 12% conversion (Δ = 20%), alpha 0.05 two-sided, power 0.8, sample variances (n−1):
    // (1.959964 + 0.841621)² · (0.1057057/0.1² + 0.12² · 0.0900901/0.1⁴) / 0.2² = 4619.76
    // (Python: statistics.NormalDist quantiles, the same formula).
    const [first] = buildAnalysisRequests(experiment, [
      {
        eventName: 'checkout',
        variants: [
          { name: 'control', users: 1000, sum: 100, sumSquares: 100 },
          { name: 'B', users: 1000, sum: 120, sumSquares: 120 },
        ],
      },
    ]);
    expect(usersNeededFor80Power(first!.request)).toBe(4620);
  });

  it('is null without users, difference or variance', () => {
    const [first] = buildAnalysisRequests(experiment, []);
    expect(usersNeededFor80Power(first!.request)).toBeNull();
    const [same] = buildAnalysisRequests(experiment, [
      {
        eventName: 'checkout',
        variants: [
          { name: 'control', users: 100, sum: 10, sumSquares: 10 },
          { name: 'B', users: 100, sum: 10, sumSquares: 10 },
        ],
      },
    ]);
    expect(usersNeededFor80Power(same!.request)).toBeNull();
  });

  it('uses standard normal quantiles (Python statistics.NormalDist figures)', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 8);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729144, 8);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 8);
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758293035489, 8);
    expect(normalQuantile(0)).toBeNaN();
  });
});

describe('liftOverTime', () => {
  it("reads each treatment's lift from the snapshots, oldest first, whatever their shape", () => {
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 29, hour));
    const points = liftOverTime(
      [
        {
          takenAt: at(2),
          result: {
            metrics: [
              { metric: latency, result: result({ lift: 9 }) },
              { metric: checkout, result: result({ lift: 0.1 }) },
            ],
          },
        },
        { takenAt: at(1), result: result({ lift: 0.3 }) },
        { takenAt: at(3), result: { unexpected: true } },
      ],
      'control',
    );
    expect(points).toEqual([
      { takenAt: at(1).toISOString(), lifts: { B: 0.3 } },
      { takenAt: at(2).toISOString(), lifts: { B: 0.1 } },
    ]);
  });
});
