import { describe, expect, it } from 'vitest';
import { draftProblems, emptyDraft, newMetric, toCreateBody } from './experiment-form';

describe('experiment form', () => {
  it('names what keeps a draft from being sent', () => {
    expect(Object.keys(draftProblems(emptyDraft())).sort()).toEqual([
      'controlVariant',
      'environment',
      'metrics',
      'name',
    ]);
    const ready = {
      ...emptyDraft(),
      name: ' Green ',
      environment: 'production',
      controlVariant: 'control',
      metrics: [{ ...newMetric('primary'), eventName: 'purchase' }],
    };
    expect(draftProblems(ready)).toEqual({});
    expect(draftProblems({ ...ready, metrics: [{ ...ready.metrics[0]!, role: 'secondary' }] }).metrics).toBe(
      'Exactly one metric must be primary.',
    );
    expect(
      draftProblems({ ...ready, metrics: [...ready.metrics, { ...ready.metrics[0]!, role: 'guardrail' }] })
        .metrics,
    ).toBe('Each metric reads a different event.');
    expect(draftProblems({ ...ready, alpha: 0.5 }).alpha).toBeDefined();
    expect(toCreateBody(ready)).toEqual({
      name: 'Green',
      environment: 'production',
      controlVariant: 'control',
      metrics: [
        { eventName: 'purchase', role: 'primary', type: 'binomial', higherIsBetter: true, windowHours: 72 },
      ],
      method: 'sequential',
      alpha: 0.05,
    });
  });
});
