import type {
  FeatureEnvironmentMetrics,
  FeatureMetrics,
  FeatureUsage,
  OutdatedSdks,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { ProjectCatalog } from '../access';
import type { ClientMetricsStore, MetricRow } from './client-metrics-store';
import { groupOutdated } from './project-applications';

/** The last hour's yes/no per flag environment, for the flag view and search (read model). */
export { readLastHourUsage, usageIn } from './flag-usage-store';

/** What the client metrics service's reads and application use cases share. */
export interface ClientMetricsDeps {
  db: Db;
  store: ClientMetricsStore;
  catalog: ProjectCatalog;
  clock: () => Date;
}

export const NOTHING_HIDDEN: ReadonlySet<string> = new Set();

/** An unknown flag (no project) is nobody's private data. */
export const isHidden = (project: string | null | undefined, hidden: ReadonlySet<string>) =>
  project != null && hidden.has(project);

function toMetric(row: MetricRow): FeatureEnvironmentMetrics {
  return {
    featureName: row.featureName,
    appName: row.appName,
    environment: row.environment,
    timestamp: row.timestamp.toISOString(),
    yes: row.yes,
    no: row.no,
    variants: row.variants,
  };
}

/** Whether a flag lives in a project the caller may not see (one lookup, only when any is hidden). */
async function isHiddenFeature(
  deps: ClientMetricsDeps,
  featureName: string,
  hidden: ReadonlySet<string>,
): Promise<boolean> {
  if (hidden.size === 0) return false;
  return isHidden(await deps.catalog.projectOfFeature(featureName), hidden);
}

/** The SDK versions in use below Unleash's minimums, and who uses them (outdated-sdks.ts). */
export async function sdkVersions(deps: ClientMetricsDeps): Promise<OutdatedSdks> {
  return groupOutdated(await deps.store.listSdkVersions());
}

export async function rawMetrics(
  deps: ClientMetricsDeps,
  featureName: string,
  hoursBack: number,
  hidden: ReadonlySet<string> = NOTHING_HIDDEN,
): Promise<FeatureMetrics> {
  const since = new Date(deps.clock().getTime() - hoursBack * 3_600_000);
  const rows = (await isHiddenFeature(deps, featureName, hidden))
    ? []
    : await deps.store.featureMetrics(featureName, since);
  return { version: 1, maturity: 'stable', data: rows.map(toMetric) };
}

export async function featureUsage(
  deps: ClientMetricsDeps,
  featureName: string,
  hidden: ReadonlySet<string> = NOTHING_HIDDEN,
): Promise<FeatureUsage> {
  // A private project's flag answers as a flag no SDK reported on would: nothing to show.
  const rows = (await isHiddenFeature(deps, featureName, hidden))
    ? []
    : await deps.store.featureMetrics(featureName, new Date(deps.clock().getTime() - 3_600_000));
  return {
    version: 1,
    maturity: 'stable',
    featureName,
    lastHourUsage: rows.map(toMetric),
    seenApplications: [...new Set(rows.map((r) => r.appName))].sort(),
  };
}
