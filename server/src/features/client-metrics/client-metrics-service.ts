import { createProjectCatalog } from '../access';
import {
  applicationFeatures,
  applicationOverview,
  createApplication,
  deleteApplication,
  environmentInstances,
  getApplication,
  listApplications,
  unknownFlags,
} from './client-application-service';
import { type ClientMetricsDeps, featureUsage, rawMetrics, sdkVersions } from './client-metrics-read-service';
import { createClientMetricsStore } from './client-metrics-store';
import { type ClientMetricsServiceOptions, createMetricsIngestion } from './metrics-ingestion';

export {
  type ClientMetricsServiceOptions,
  reportingEnvironment,
  type SdkReporter,
} from './metrics-ingestion';

/** `fn` with its first argument, the deps, given. */
function withDeps<A extends unknown[], R>(
  deps: ClientMetricsDeps,
  fn: (deps: ClientMetricsDeps, ...args: A) => R,
) {
  return (...args: A): R => fn(deps, ...args);
}

/**
 * SDK metrics ingestion (metrics-ingestion.ts), the applications SDKs registered
 * (client-application-service.ts) and the metrics read back (client-metrics-read-service.ts).
 */
export function createClientMetricsService(options: ClientMetricsServiceOptions) {
  const { db } = options;
  const store = createClientMetricsStore(db);
  const deps: ClientMetricsDeps = {
    db,
    store,
    catalog: createProjectCatalog(db),
    clock: options.clock ?? (() => new Date()),
  };
  return {
    ...createMetricsIngestion({ ...options, store }),
    /** Unleash's unknown-flags list: reported names no flag has, grouped by name. */
    unknownFlags: withDeps(deps, unknownFlags),
    listApplications: withDeps(deps, listApplications),
    getApplication: withDeps(deps, getApplication),
    createApplication: withDeps(deps, createApplication),
    deleteApplication: withDeps(deps, deleteApplication),
    applicationOverview: withDeps(deps, applicationOverview),
    applicationFeatures: withDeps(deps, applicationFeatures),
    environmentInstances: withDeps(deps, environmentInstances),
    /** The SDK versions in use below Unleash's minimums, and who uses them (outdated-sdks.ts). */
    sdkVersions: withDeps(deps, sdkVersions),
    rawMetrics: withDeps(deps, rawMetrics),
    featureUsage: withDeps(deps, featureUsage),
  };
}

export type ClientMetricsService = ReturnType<typeof createClientMetricsService>;
