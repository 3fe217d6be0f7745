import { describe, expect, it } from 'vitest';
import type { CustomMetrics } from '../../../contract';
import { type ExposedSeries, readCustomMetrics, renderPrometheus } from './custom-metrics-rules';
import { assertStorableConfig, isBreached, quantileFromBuckets } from './impact-metrics-rules';
import { MAX_HISTOGRAM_BUCKETS, readImpactMetrics } from './impact-metrics-validation';

const histogram = (samples: unknown[]) => [{ name: 'latency', help: '', type: 'histogram', samples }];

describe('histograms from SDK reports', () => {
  it('reads count, sum and cumulative buckets keyed by their upper bound', () => {
    const [sample] = readImpactMetrics(
      histogram([
        {
          count: 4,
          sum: 1.5,
          labels: { route: '/a' },
          buckets: [
            { le: 0.1, count: 1 },
            { le: '0.5', count: 3 },
            { le: '+Inf', count: 4 },
          ],
        },
      ]),
    );
    expect(sample).toEqual({
      metricName: 'latency',
      type: 'histogram',
      labels: { route: '/a' },
      labelsKey: '{"route":"/a"}',
      value: 4,
      histogram: { sum: 1.5, buckets: { '0.1': 1, '0.5': 3, '+Inf': 4 } },
    });
  });

  it('drops a histogram it cannot store safely', () => {
    const bucketFlood = Array.from({ length: MAX_HISTOGRAM_BUCKETS + 1 }, (_, i) => ({ le: i, count: i }));
    for (const bad of [
      { count: -1, sum: 0, buckets: [] },
      { count: 1, sum: Number.NaN, buckets: [] },
      { count: 1, sum: 1, buckets: 'x' },
      { count: 1, sum: 1, buckets: bucketFlood },
      { count: 1, sum: 1, buckets: [{ le: 'soon', count: 1 }] },
      { count: 1, sum: 1, buckets: [{ le: 1, count: -2 }] },
      {
        count: 1,
        sum: 1,
        buckets: [
          { le: 1, count: 1 },
          { le: 1, count: 1 },
        ],
      },
      { value: 3 },
    ]) {
      expect(readImpactMetrics(histogram([bad])), JSON.stringify(bad)).toEqual([]);
    }
  });
});

describe('quantiles from histogram buckets', () => {
  // 100 observations: 50 at or under 0.1 s, 90 under 0.5 s, all under 1 s.
  const buckets = { '0.1': 50, '0.5': 90, '1': 100, '+Inf': 100 };

  it('interpolates inside the bucket the rank falls in, from 0 for the first', () => {
    expect(quantileFromBuckets(buckets, 0.5)).toBeCloseTo(0.1, 10);
    expect(quantileFromBuckets(buckets, 0.25)).toBeCloseTo(0.05, 10);
    expect(quantileFromBuckets(buckets, 0.7)).toBeCloseTo(0.3, 10);
    expect(quantileFromBuckets(buckets, 0.95)).toBeCloseTo(0.75, 10);
  });

  it('answers the last finite bound past it, and null without observations', () => {
    expect(quantileFromBuckets({ '1': 10, '+Inf': 20 }, 0.99)).toBe(1);
    expect(quantileFromBuckets({ '+Inf': 0 }, 0.5)).toBeNull();
    expect(quantileFromBuckets({}, 0.5)).toBeNull();
  });
});

describe('safeguard conditions', () => {
  it('triggers on a value past the threshold, never without a value', () => {
    expect(isBreached(6, { operator: '>', threshold: 5 })).toBe(true);
    expect(isBreached(5, { operator: '>', threshold: 5 })).toBe(false);
    expect(isBreached(0.1, { operator: '<', threshold: 0.5 })).toBe(true);
    expect(isBreached(null, { operator: '<', threshold: 0.5 })).toBe(false);
  });
});

describe('impact-metric charts', () => {
  const config = {
    metricName: 'http_errors',
    timeRange: 'day' as const,
    yAxisMin: 'auto' as const,
    aggregationMode: 'count' as const,
    labelSelectors: { route: ['/checkout'] },
  };

  it('accepts what an SDK could report and refuses the rest with a 400', () => {
    expect(() => assertStorableConfig(config)).not.toThrow();
    for (const bad of [
      { ...config, metricName: 'http errors' },
      { ...config, labelSelectors: { 'x-y': ['1'] } },
      { ...config, labelSelectors: { route: Array.from({ length: 21 }, (_, i) => `r${i}`) } },
      { ...config, labelSelectors: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`l${i}`, []])) },
    ]) {
      expect(() => assertStorableConfig(bad), JSON.stringify(bad)).toThrow(
        expect.objectContaining({ statusCode: 400 }),
      );
    }
  });
});

describe('custom metrics posts', () => {
  const post = (metrics: CustomMetrics['metrics']) => readCustomMetrics({ metrics });

  it('reads gauges by default, counters when they say so, the application from the labels', () => {
    expect(
      post([
        { name: 'memory_usage', value: 1024, labels: { appName: 'shop', host: 'a' } },
        { name: 'jobs_total', value: 3, type: 'counter' },
      ]),
    ).toEqual([
      {
        metricName: 'memory_usage',
        type: 'gauge',
        labels: { appName: 'shop', host: 'a' },
        labelsKey: '{"appName":"shop","host":"a"}',
        value: 1024,
        appName: 'shop',
      },
      {
        metricName: 'jobs_total',
        type: 'counter',
        labels: {},
        labelsKey: '{}',
        value: 3,
        appName: 'unknown',
      },
    ]);
  });

  it('refuses the whole post, saying where, when one metric cannot be stored', () => {
    const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`l${i}`, 'x']));
    for (const [bad, path] of [
      [{ name: 'bad name', value: 1 }, '/body/metrics/1/name'],
      [{ name: 'm', value: Number.POSITIVE_INFINITY }, '/body/metrics/1/value'],
      [{ name: 'm', value: 1e300 }, '/body/metrics/1/value'],
      [{ name: 'm', value: -1, type: 'counter' }, '/body/metrics/1/value'],
      [{ name: 'm', value: 1, labels: many }, '/body/metrics/1/labels'],
      [{ name: 'm', value: 1, labels: { 'a-b': 'x' } }, '/body/metrics/1/labels'],
      [{ name: 'm', value: 1, labels: { a: 'x\u0000' } }, '/body/metrics/1/labels'],
    ] as const) {
      expect(() => post([{ name: 'ok', value: 1 }, bad as CustomMetrics['metrics'][number]])).toThrow(
        expect.objectContaining({ statusCode: 400, details: [expect.objectContaining({ path })] }),
      );
    }
  });
});

describe('the Prometheus exposition', () => {
  const series = (over: Partial<ExposedSeries>): ExposedSeries => ({
    metricName: 'm',
    appName: 'shop',
    environment: 'development',
    labels: {},
    type: 'gauge',
    value: 1,
    histogramSum: null,
    histogramBuckets: null,
    ...over,
  });

  it('renders gauges, counters and histograms with their labels escaped', () => {
    const text = renderPrometheus([
      series({ metricName: 'queue_depth', value: 12.5, labels: { path: 'a"b\\c' } }),
      series({ metricName: 'jobs_total', type: 'counter', value: 7 }),
      series({
        metricName: 'latency',
        type: 'histogram',
        value: 4,
        histogramSum: 1.5,
        histogramBuckets: { '+Inf': 4, '0.5': 3, '0.1': 1 },
      }),
    ]);
    expect(text).toBe(
      [
        '# HELP jobs_total Impact metric reported to Switchyard',
        '# TYPE jobs_total counter',
        'jobs_total{appName="shop",environment="development"} 7',
        '',
        '# HELP latency Impact metric reported to Switchyard',
        '# TYPE latency histogram',
        'latency_bucket{appName="shop",environment="development",le="0.1"} 1',
        'latency_bucket{appName="shop",environment="development",le="0.5"} 3',
        'latency_bucket{appName="shop",environment="development",le="+Inf"} 4',
        'latency_sum{appName="shop",environment="development"} 1.5',
        'latency_count{appName="shop",environment="development"} 4',
        '',
        '# HELP queue_depth Impact metric reported to Switchyard',
        '# TYPE queue_depth gauge',
        'queue_depth{path="a\\"b\\\\c",appName="shop",environment="development"} 12.5',
        '',
      ].join('\n'),
    );
    expect(renderPrometheus([])).toBe('');
  });
});
