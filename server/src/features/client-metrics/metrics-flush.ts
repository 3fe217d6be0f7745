import { isDataError } from '../../db/pg-errors';
import type { ClientMetricsStore, UnknownFlagRow } from './client-metrics-store';
import { instanceKey } from './client-metrics-store';
import type { MetricsBatch } from './metrics-buffer';

/**
 * What a flush may create on behalf of SDK callers, who include anyone holding the public
 * frontend token (issue 12 §5: 4,000 posts with unique app names once made ~7k applications,
 * ~7k events and ~70k metric rows for flags that do not exist).
 */
export interface CreationLimits {
  /** New applications (and so `application-created` events) per window, all callers together. */
  newApplicationsPerWindow: number;
  /** New instances per window, all callers together. */
  newInstancesPerWindow: number;
  windowMs: number;
  /** Rows kept in the unknown-flags list (name, application, environment). */
  unknownFlagRows: number;
}

export const DEFAULT_CREATION_LIMITS: CreationLimits = {
  newApplicationsPerWindow: 100,
  newInstancesPerWindow: 1000,
  windowMs: 60_000,
  unknownFlagRows: 1000,
};

/**
 * A fixed-window budget of new things (applications, instances) by key. A key granted in this
 * window stays granted: a flush that failed and is retried must not pay for it twice, or an
 * outage would turn into refused (and lost) registrations.
 */
export class CreationBudget {
  private windowStart = Number.NEGATIVE_INFINITY;
  private granted = new Set<string>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
  ) {}

  /** The keys among `wanted` that may be created now, in their order. */
  admit(wanted: readonly string[], now: number): Set<string> {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.granted = new Set();
    }
    const admitted = new Set<string>();
    for (const key of wanted) {
      if (this.granted.has(key)) admitted.add(key);
      else if (this.granted.size < this.perWindow) {
        this.granted.add(key);
        admitted.add(key);
      }
    }
    return admitted;
  }
}

export interface PreparedBatch {
  batch: MetricsBatch;
  unknownFlags: UnknownFlagRow[];
  refusedApplications: number;
  refusedInstances: number;
}

/**
 * Keeps only what may be stored: counts of flags that exist (the others become unknown-flag
 * reports), applications and instances that exist or fit in this window's budget. Reports of
 * a refused application are dropped whole, so a flood of names creates nothing at all.
 */
export async function prepareBatch(
  batch: MetricsBatch,
  store: ClientMetricsStore,
  budgets: { applications: CreationBudget; instances: CreationBudget },
  now: Date,
): Promise<PreparedBatch> {
  const flagNames = new Set(
    [...batch.counts, ...batch.variants, ...batch.lastSeen].map((r) => r.featureName),
  );
  const flags = await store.existingFlagNames([...flagNames]);

  const unknown = new Map<string, UnknownFlagRow>();
  for (const row of batch.counts) {
    if (flags.has(row.featureName)) continue;
    const report = { name: row.featureName, appName: row.appName, environment: row.environment, seenAt: now };
    unknown.set(JSON.stringify([report.name, report.appName, report.environment]), report);
  }

  const appNames = new Set([...batch.registrations, ...batch.counts].map((r) => r.appName));
  const existingApps = await store.existingApplications([...appNames]);
  const newApps = [...appNames].filter((name) => !existingApps.has(name)).sort();
  const admitted = budgets.applications.admit(newApps, now.getTime());
  const refusedApps = new Set(newApps.filter((name) => !admitted.has(name)));
  const allowedApp = (row: { appName: string }) => !refusedApps.has(row.appName);

  let registrations = batch.registrations.filter(allowedApp);
  const existingInstances = await store.existingInstances(registrations);
  const newInstances = registrations.map(instanceKey).filter((key) => !existingInstances.has(key));
  const instancesAdmitted = budgets.instances.admit(newInstances, now.getTime());
  const refusedInstances = new Set(newInstances.filter((key) => !instancesAdmitted.has(key)));
  registrations = registrations.filter((r) => !refusedInstances.has(instanceKey(r)));

  return {
    batch: {
      registrations,
      counts: batch.counts.filter((r) => flags.has(r.featureName) && allowedApp(r)),
      variants: batch.variants.filter((r) => flags.has(r.featureName) && allowedApp(r)),
      lastSeen: batch.lastSeen.filter((r) => flags.has(r.featureName)),
    },
    unknownFlags: [...unknown.values()].filter(allowedApp),
    refusedApplications: refusedApps.size,
    refusedInstances: refusedInstances.size,
  };
}

export function batchRows(batch: MetricsBatch): number {
  return batch.counts.length + batch.variants.length + batch.registrations.length + batch.lastSeen.length;
}

/** Two batches of about half the rows each, wherever they are: both smaller than the whole. */
function halves(batch: MetricsBatch): [MetricsBatch, MetricsBatch] {
  let firstRows = Math.ceil(batchRows(batch) / 2);
  const take = <T>(rows: T[]): [T[], T[]] => {
    const count = Math.min(rows.length, firstRows);
    firstRows -= count;
    return [rows.slice(0, count), rows.slice(count)];
  };
  const [counts1, counts2] = take(batch.counts);
  const [variants1, variants2] = take(batch.variants);
  const [registrations1, registrations2] = take(batch.registrations);
  const [lastSeen1, lastSeen2] = take(batch.lastSeen);
  return [
    { counts: counts1, variants: variants1, registrations: registrations1, lastSeen: lastSeen1 },
    { counts: counts2, variants: variants2, registrations: registrations2, lastSeen: lastSeen2 },
  ];
}

export interface BisectOutcome {
  /** Rows not written because the database failed for a reason other than their data. */
  unwritten: MetricsBatch[];
  error?: unknown;
  droppedRows: number;
}

/**
 * Writes a batch; when PostgreSQL refuses its data, writes each half separately, down to the
 * single row it drops, so one bad row can never hold back the others. Any other failure (the
 * database is away) stops at once and hands back what is left to write.
 */
export async function writeBisecting(
  batch: MetricsBatch,
  write: (batch: MetricsBatch) => Promise<void>,
  onDropped: (row: MetricsBatch, error: unknown) => void,
): Promise<BisectOutcome> {
  const stack = [batch];
  let droppedRows = 0;
  while (stack.length) {
    const next = stack.pop() as MetricsBatch;
    if (batchRows(next) === 0) continue;
    try {
      await write(next);
    } catch (error) {
      if (!isDataError(error)) return { unwritten: [next, ...stack], error, droppedRows };
      if (batchRows(next) === 1) {
        droppedRows += 1;
        onDropped(next, error);
      } else {
        const [first, second] = halves(next);
        stack.push(second, first);
      }
    }
  }
  return { unwritten: [], droppedRows };
}
