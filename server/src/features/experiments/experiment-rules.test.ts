import { describe, expect, it } from 'vitest';
import type { ExperimentMetric } from '../../../contract';
import { assertValidMetrics, decisionOf, startRefusal, variantSplit } from './experiment-rules';

const metric = (eventName: string, role: ExperimentMetric['role']): ExperimentMetric => ({
  eventName,
  role,
  type: 'binomial',
  higherIsBetter: true,
  windowHours: 24,
});

describe('experiment rules', () => {
  it('wants exactly one primary metric and each event once', () => {
    expect(() =>
      assertValidMetrics([metric('checkout', 'primary'), metric('latency', 'guardrail')]),
    ).not.toThrow();
    expect(() => assertValidMetrics([metric('checkout', 'secondary')])).toThrow(/exactly one primary/);
    expect(() => assertValidMetrics([metric('a', 'primary'), metric('b', 'primary')])).toThrow(/has 2/);
    expect(() => assertValidMetrics([metric('a', 'primary'), metric('a', 'secondary')])).toThrow(
      /"a" is measured twice/,
    );
  });

  it('snapshots the environment variants, else the first strategy with variants, with traffic only', () => {
    const environment = [
      { name: 'control', weight: 500 },
      { name: 'B', weight: 500 },
      { name: 'off', weight: 0 },
    ];
    expect(variantSplit(environment, [[{ name: 'X', weight: 1000 }]])).toEqual([
      { name: 'control', weight: 500 },
      { name: 'B', weight: 500 },
    ]);
    expect(
      variantSplit(
        [],
        [
          [],
          [
            { name: 'A', weight: 300 },
            { name: 'B', weight: 700 },
          ],
        ],
      ),
    ).toEqual([
      { name: 'A', weight: 300 },
      { name: 'B', weight: 700 },
    ]);
    expect(variantSplit([], [])).toEqual([]);
  });

  it('starts a draft whose split holds two variants or more, the control among them', () => {
    const draft = {
      status: 'draft' as const,
      controlVariant: 'A',
      featureName: 'f',
      environment: 'production',
    };
    const split = [
      { name: 'A', weight: 500 },
      { name: 'B', weight: 500 },
    ];
    expect(startRefusal(draft, split)).toBeUndefined();
    expect(startRefusal({ ...draft, status: 'running' }, split)).toMatch(/this one is running/);
    expect(startRefusal(draft, [{ name: 'A', weight: 1000 }])).toMatch(/serves 1 variant with traffic/);
    expect(startRefusal({ ...draft, controlVariant: 'Z' }, split)).toMatch(/"Z" is not among .* \(A, B\)/);
  });

  it('decides a stopped experiment; shipping names one of its variants', () => {
    const stopped = {
      status: 'stopped' as const,
      variants: [
        { name: 'A', weight: 500 },
        { name: 'B', weight: 500 },
      ],
    };
    expect(decisionOf(stopped, { decision: 'ship', variant: 'B', reason: 'won' })).toEqual({
      decision: 'ship',
      variant: 'B',
      reason: 'won',
    });
    expect(decisionOf(stopped, { decision: 'inconclusive' })).toEqual({
      decision: 'inconclusive',
      variant: null,
      reason: null,
    });
    expect(() => decisionOf(stopped, { decision: 'ship' })).toThrow(/needs the variant/);
    expect(() => decisionOf(stopped, { decision: 'ship', variant: 'C' })).toThrow(/"C" is not a variant/);
    expect(() => decisionOf({ ...stopped, status: 'running' }, { decision: 'rollback' })).toThrow(
      /Only a stopped experiment can be decided/,
    );
  });
});
