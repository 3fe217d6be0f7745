import { isDataError } from '../../db/pg-errors';
import type { ClientMetricsStore, UnknownFlagRow } from './client-metrics-store';
import { instanceKey } from './client-metrics-store';
import type { MetricsBatch } from './metrics-buffer';

/**
 * What a flush may create on behalf of SDK callers, who include anyone holding the public
 * frontend token (issue 12 §5: 4,000 posts with unique app names once made ~7k applications,
 * ~7k events and ~70k metric rows for flags that do not exist). The budgets are per API token
 * (issue 31): a flood through one token spends that token's, never another's.
 */
export interface CreationLimits {
  /** New applications (and so `application-created` events) per window and token. */
  newApplicationsPerWindow: number;
  /** New instances per window and token. */
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

/** Something to create, and the owners (API tokens) whose budget may pay for it, in order. */
export interface Wanted {
  key: string;
  owners: readonly string[];
}

/**
 * A fixed-window budget of new things (applications, instances), `perWindow` for each owner. A
 * key granted in this window stays granted: a flush that failed and is retried must not pay for
 * it twice, or an outage would turn into refused (and lost) registrations. A key several owners
 * reported is paid by the first of them with budget left. Memory: the keys granted and one count
 * per owner, both cleared with the window (owners are API tokens, which admins create).
 */
export class CreationBudget {
  private windowStart = Number.NEGATIVE_INFINITY;
  private granted = new Set<string>();
  private spent = new Map<string, number>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
  ) {}

  /** The keys among `wanted` that may be created now. */
  admit(wanted: readonly Wanted[], now: number): Set<string> {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.granted = new Set();
      this.spent = new Map();
    }
    const admitted = new Set<string>();
    for (const { key, owners } of wanted) {
      if (!this.granted.has(key)) {
        const payer = owners.find((owner) => (this.spent.get(owner) ?? 0) < this.perWindow);
        if (payer === undefined) continue;
        this.spent.set(payer, (this.spent.get(payer) ?? 0) + 1);
        this.granted.add(key);
      }
      admitted.add(key);
    }
    return admitted;
  }
}

export interface PreparedBatch {
  batch: MetricsBatch;
  unknownFlags: UnknownFlagRow[];
  refusedApplications: number;
  refusedInstances: number;
  /** Registrations (instance rows) dropped because their application or instance was over budget. */
  droppedRegistrations: { application: number; instance: number };
}

/** Each key once, sorted, with the owners that reported it (in the order they did). */
function wantedOf<T extends { budgetOwner: string }>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  isNew: (key: string) => boolean,
): Wanted[] {
  const owners = new Map<string, string[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (!isNew(key)) continue;
    const list = owners.get(key);
    if (!list) owners.set(key, [row.budgetOwner]);
    else if (!list.includes(row.budgetOwner)) list.push(row.budgetOwner);
  }
  return [...owners.keys()].sort().map((key) => ({ key, owners: owners.get(key) as string[] }));
}

/**
 * Keeps only what may be stored: counts of flags that exist (the others become unknown-flag
 * reports), whoever reported them; registrations of applications and instances that exist or
 * fit in their token's budget this window. A refused application is not registered (no row, no
 * event, no unknown-flag reports) but its counts of existing flags are kept (issue 31): the
 * budget bounds what a flood creates, never what SDKs count.
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

  const appNames = new Set(batch.registrations.map((r) => r.appName));
  const existingApps = await store.existingApplications([...appNames]);
  const newApps = wantedOf(
    batch.registrations,
    (r) => r.appName,
    (name) => !existingApps.has(name),
  );
  const admitted = budgets.applications.admit(newApps, now.getTime());
  const refusedApps = new Set(newApps.map((app) => app.key).filter((name) => !admitted.has(name)));
  const allowedApp = (row: { appName: string }) => !refusedApps.has(row.appName);

  let registrations = batch.registrations.filter(allowedApp);
  const droppedForApplications = batch.registrations.length - registrations.length;
  const existingInstances = await store.existingInstances(registrations);
  const newInstances = wantedOf(registrations, instanceKey, (key) => !existingInstances.has(key));
  const instancesAdmitted = budgets.instances.admit(newInstances, now.getTime());
  const refusedInstances = new Set(
    newInstances.map((instance) => instance.key).filter((key) => !instancesAdmitted.has(key)),
  );
  registrations = registrations.filter((r) => !refusedInstances.has(instanceKey(r)));

  const unknown = new Map<string, UnknownFlagRow>();
  for (const row of batch.counts) {
    if (flags.has(row.featureName) || !allowedApp(row)) continue;
    const report = { name: row.featureName, appName: row.appName, environment: row.environment, seenAt: now };
    unknown.set(JSON.stringify([report.name, report.appName, report.environment]), report);
  }

  return {
    batch: {
      registrations,
      counts: batch.counts.filter((r) => flags.has(r.featureName)),
      variants: batch.variants.filter((r) => flags.has(r.featureName)),
      lastSeen: batch.lastSeen.filter((r) => flags.has(r.featureName)),
    },
    unknownFlags: [...unknown.values()],
    refusedApplications: refusedApps.size,
    refusedInstances: refusedInstances.size,
    droppedRegistrations: { application: droppedForApplications, instance: refusedInstances.size },
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
