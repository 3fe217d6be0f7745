import { describe, expect, it } from 'vitest';
import {
  MAX_ABS_VALUE,
  MAX_LABELS_PER_SAMPLE,
  MAX_METRICS_PER_REPORT,
  MAX_SAMPLES_PER_METRIC,
  readImpactMetrics,
} from './impact-metrics-validation';

const counter = (name: string, samples: unknown[]) => ({ name, help: 'h', type: 'counter', samples });

describe('impact metrics from SDK reports', () => {
  it("reads the Node SDK's counters and gauges, labels canonicalised", () => {
    const samples = readImpactMetrics([
      counter('checkout_errors', [{ value: 3, labels: { environment: 'production', appName: 'shop' } }]),
      { name: 'queue_depth', help: '', type: 'gauge', samples: [{ value: 12.5 }] },
      { name: 'latency', help: '', type: 'histogram', samples: [{ count: 1, sum: 2, buckets: [] }] },
    ]);
    expect(samples).toEqual([
      {
        metricName: 'checkout_errors',
        type: 'counter',
        labels: { environment: 'production', appName: 'shop' },
        labelsKey: '{"appName":"shop","environment":"production"}',
        value: 3,
      },
      { metricName: 'queue_depth', type: 'gauge', labels: {}, labelsKey: '{}', value: 12.5 },
    ]);
  });

  it('drops, metric by metric, what it cannot store safely', () => {
    const tooManyLabels = Object.fromEntries(
      Array.from({ length: MAX_LABELS_PER_SAMPLE + 1 }, (_, i) => [`l${i}`, 'x']),
    );
    const hostile = [
      counter('bad name!', [{ value: 1 }]),
      counter('a'.repeat(101), [{ value: 1 }]),
      counter('negative_counter', [{ value: -1 }]),
      counter('huge', [{ value: MAX_ABS_VALUE * 10 }]),
      counter('nul_label', [{ value: 1, labels: { k: 'a\u0000b' } }]),
      counter('many_labels', [{ value: 1, labels: tooManyLabels }]),
      counter('bad_label_name', [{ value: 1, labels: { 'x-y': 'z' } }]),
      counter('string_value', [{ value: '1' }]),
      counter(
        'too_many_samples',
        Array.from({ length: MAX_SAMPLES_PER_METRIC + 1 }, () => ({ value: 1 })),
      ),
      counter('one_bad_sample', [{ value: 1 }, { value: null }]),
      null,
      'counter',
      { name: 'no_samples', type: 'counter' },
      counter('kept', [{ value: 2, labels: { code: 500 } }]),
    ];
    expect(readImpactMetrics(hostile).map((s) => [s.metricName, s.labels, s.value])).toEqual([
      ['kept', { code: '500' }, 2],
    ]);
    expect(readImpactMetrics('not an array')).toEqual([]);
    expect(readImpactMetrics({ name: 'x' })).toEqual([]);
  });

  it('reads at most MAX_METRICS_PER_REPORT metrics of one report', () => {
    const many = Array.from({ length: MAX_METRICS_PER_REPORT + 10 }, (_, i) =>
      counter(`m${i}`, [{ value: 1 }]),
    );
    expect(readImpactMetrics(many)).toHaveLength(MAX_METRICS_PER_REPORT);
  });
});
