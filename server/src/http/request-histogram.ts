import type { Registry } from 'prom-client';

/**
 * The request-duration histogram, kept by hand and exported at scrape time (issue 34 §4): prom-client's
 * `observe(labels, value)` sorts and joins the label set into a hash key on every call, which the
 * profile of the SDK paths named. Here a request walks three small maps (path, method, status)
 * to its entry and bumps two numbers and a bucket; the text a scrape gets is prom-client's own
 * (registered as a metric of the same registry, in the shape its Histogram's `get()` answers:
 * request-histogram.test.ts compares the two).
 */
export interface RequestHistogram {
  observe(path: string, method: string, status: number, ms: number): void;
}

interface Entry {
  labels: { path: string; method: string; status: string };
  /** Observations per bucket (not cumulative); index buckets.length is above the last bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

interface ExportedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

/** The cumulative buckets, sum and count of every entry, as Prometheus exposes a histogram. */
function exportEntries(name: string, buckets: readonly number[], entries: readonly Entry[]): ExportedValue[] {
  const values: ExportedValue[] = [];
  for (const entry of entries) {
    let cumulative = 0;
    for (let i = 0; i < buckets.length; i++) {
      cumulative += entry.counts[i]!;
      values.push({
        labels: { le: buckets[i]!, ...entry.labels },
        value: cumulative,
        metricName: `${name}_bucket`,
      });
    }
    values.push({
      labels: { le: '+Inf', ...entry.labels },
      value: entry.count,
      metricName: `${name}_bucket`,
    });
    values.push({ labels: { ...entry.labels }, value: entry.sum, metricName: `${name}_sum` });
    values.push({ labels: { ...entry.labels }, value: entry.count, metricName: `${name}_count` });
  }
  return values;
}

export function createRequestHistogram(options: {
  name: string;
  help: string;
  buckets: readonly number[];
  registry: Registry;
}): RequestHistogram {
  const { name, help, buckets } = options;
  const entries: Entry[] = [];
  const byPath = new Map<string, Map<string, Map<number, Entry>>>();

  function entryOf(path: string, method: string, status: number): Entry {
    let byMethod = byPath.get(path);
    if (!byMethod) {
      byMethod = new Map();
      byPath.set(path, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let entry = byStatus.get(status);
    if (!entry) {
      entry = {
        labels: { path, method, status: String(status) },
        counts: new Float64Array(buckets.length + 1),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, entry);
      entries.push(entry);
    }
    return entry;
  }

  // A metric as the registry reads one: name, help, get() and reset() (Registry#resetMetrics).
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({
      name,
      help,
      type: 'histogram',
      values: exportEntries(name, buckets, entries),
      aggregator: 'sum',
    }),
    reset: () => {
      entries.length = 0;
      byPath.clear();
    },
  };
  options.registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);

  return {
    observe(path, method, status, ms) {
      if (!Number.isFinite(ms)) return;
      const entry = entryOf(path, method, status);
      let bucket = 0;
      while (bucket < buckets.length && ms > buckets[bucket]!) bucket++;
      entry.counts[bucket]! += 1;
      entry.sum += ms;
      entry.count += 1;
    },
  };
}
