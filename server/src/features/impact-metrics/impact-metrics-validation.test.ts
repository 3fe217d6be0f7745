import { describe, expect, it } from 'vitest';
import {
  MAX_ABS_VALUE,
  MAX_BULK_REPORTS,
  MAX_BULK_SAMPLES_PER_METRIC,
  MAX_LABELS_PER_SAMPLE,
  MAX_METRICS_PER_REPORT,
  MAX_SAMPLES_PER_METRIC,
  readImpactMetrics,
  splitBulkImpactMetrics,
  UNNAMED_APPLICATION,
} from './impact-metrics-validation';

const counter = (name: string, samples: unknown[]) => ({ name, help: 'h', type: 'counter', samples });

describe('impact metrics from SDK reports', () => {
  it("reads the Node SDK's counters, gauges and histograms, labels canonicalised", () => {
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
      {
        metricName: 'latency',
        type: 'histogram',
        labels: {},
        labelsKey: '{}',
        value: 1,
        histogram: { sum: 2, buckets: {} },
      },
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

describe("impact metrics from Edge's bulk post", () => {
  const sample = (value: number, labels: Record<string, unknown>) => ({ value, labels });
  const bulk = [
    counter('checkout_errors', [
      sample(1, { appName: 'shop', environment: 'development' }),
      sample(2, { appName: 'cart', environment: 'development' }),
      sample(4, { appName: 'shop', environment: 'production' }),
      sample(8, {}),
    ]),
    { name: 'queue_depth', help: '', type: 'gauge', samples: [sample(3, { appName: 'shop' })] },
  ];

  it('splits by application, keeping only the environment of an environment-bound token', () => {
    const reports = splitBulkImpactMetrics(bulk, { environment: 'development', allEnvironments: false });
    expect(
      reports.map((r) => [r.appName, r.environment, readImpactMetrics(r.impactMetrics).map((s) => s.value)]),
    ).toEqual([
      ['shop', 'development', [1, 3]],
      ['cart', 'development', [2]],
      [UNNAMED_APPLICATION, 'development', [8]],
    ]);
  });

  it('takes the environment from the labels for an all-environments token', () => {
    const reports = splitBulkImpactMetrics(bulk, { environment: 'default', allEnvironments: true });
    expect(reports.map((r) => [r.appName, r.environment])).toEqual([
      ['shop', 'development'],
      ['cart', 'development'],
      ['shop', 'production'],
      [UNNAMED_APPLICATION, 'default'],
      ['shop', 'default'],
    ]);
  });

  it('bounds what a hostile post can make it hold', () => {
    const tooMany = Array.from({ length: MAX_BULK_SAMPLES_PER_METRIC + 1 }, (_, i) =>
      sample(i, { appName: 'a' }),
    );
    const manyApps = Array.from({ length: MAX_BULK_REPORTS + 20 }, (_, i) =>
      sample(1, { appName: `app-${i}` }),
    );
    const reports = splitBulkImpactMetrics(
      [counter('flood', tooMany), counter('apps', manyApps), null, 'x', { name: 'n', samples: 'no' }],
      { environment: 'development', allEnvironments: false },
    );
    expect(reports).toHaveLength(MAX_BULK_REPORTS);
    expect(reports.every((r) => r.impactMetrics.length === 1)).toBe(true);
    expect(splitBulkImpactMetrics({ not: 'an array' }, { environment: 'd', allEnvironments: true })).toEqual(
      [],
    );
    // Labels that could not be stored leave the sample's report empty once read.
    const [poisoned] = splitBulkImpactMetrics(
      [counter('bad', [sample(1, { appName: 'x', environment: 'e\u0000' })])],
      {
        environment: 'default',
        allEnvironments: true,
      },
    );
    expect(readImpactMetrics(poisoned!.impactMetrics)).toEqual([]);
  });
});
