import type { Db } from '../db/database';
import { changeRequestRoutes, type ScheduleListener } from '../features/change-requests';
import { changeRequestReadRoutes } from '../features/change-requests/change-request-read-routes';
import { changeRequestSearchRoutes } from '../features/change-requests/change-request-search';
import { codeReferenceRoutes } from '../features/code-references';
import { constraintRoutes } from '../features/constraints/constraint-routes';
import { contextFieldRoutes } from '../features/context-fields/context-field-routes';
import { dependencyRoutes } from '../features/dependencies/dependency-routes';
import { environmentRoutes } from '../features/environments/environment-routes';
import { eventRoutes } from '../features/events/event-routes';
import { experimentRoutes } from '../features/experiments';
import { analysisRoutes } from '../features/experiments/analysis-routes';
import { experimentResultsRoutes } from '../features/experiments/results-routes';
import { lifecycleRoutes } from '../features/feature-lifecycle/lifecycle-routes';
import { featureSearchRoutes } from '../features/feature-search/feature-search-routes';
import { startPotentiallyStaleJob } from '../features/feature-toggles';
import { featureRoutes } from '../features/feature-toggles/feature-routes';
import { featureTypeRoutes } from '../features/feature-types/feature-type-routes';
import { flagsAsCodeRoutes } from '../features/flags-as-code';
import { flagSafeguardsByEnvironment } from '../features/impact-metrics';
import { importExportRoutes } from '../features/import-export';
import { insightRoutes } from '../features/insights';
import { openFeatureManifestRoutes } from '../features/openfeature-manifest';
import { playgroundRoutes } from '../features/playground/playground-routes';
import { projectRoutes } from '../features/projects/project-routes';
import {
  releasePlanEnvironmentExtensions,
  releasePlanRoutes,
  templateRoutes,
} from '../features/release-plans';
import { segmentRoutes } from '../features/segments/segment-routes';
import { strategyRoutes } from '../features/strategies/strategy-routes';
import { tagRoutes } from '../features/tags/tag-routes';
import type { App } from '../http/app-type';

/**
 * The flag model's admin API (issue 4): projects, environments, flags, strategies, segments,
 * context fields, tags, dependencies, search and the audit log, registered in one place so
 * build-app needs one line; also runs the potentially-stale job for the app's lifetime.
 */
export async function flagModelRoutes(
  app: App,
  { db, onScheduled }: { db: Db; onScheduled?: ScheduleListener },
): Promise<void> {
  await app.register(eventRoutes, { db });
  await app.register(projectRoutes, { db });
  await app.register(environmentRoutes, { db });
  await app.register(featureTypeRoutes, { db });
  await app.register(strategyRoutes, { db });
  await app.register(contextFieldRoutes, { db });
  await app.register(constraintRoutes, { db });
  await app.register(segmentRoutes, { db });
  await app.register(tagRoutes, { db });
  // Release plans start with their environment and show in the flag's view (issue 31 §3), beside
  // the environments' safeguards (issue 35 §1); the flag domain cannot import those domains (they
  // import it), so they are passed in here.
  await app.register(featureRoutes, {
    db,
    extensions: { ...releasePlanEnvironmentExtensions, safeguards: flagSafeguardsByEnvironment },
  });
  await app.register(dependencyRoutes, { db });
  await app.register(featureSearchRoutes, { db });
  await app.register(changeRequestRoutes, { db, ...(onScheduled ? { onScheduled } : {}) });
  await app.register(changeRequestReadRoutes, { db });
  await app.register(changeRequestSearchRoutes, { db });
  await app.register(releasePlanRoutes, { db });
  await app.register(templateRoutes, { db });
  await app.register(experimentRoutes, { db });
  await app.register(lifecycleRoutes, { db });
  await app.register(insightRoutes, { db });
  await app.register(playgroundRoutes, { db });
  await app.register(analysisRoutes);
  await app.register(experimentResultsRoutes, { db });
  await app.register(importExportRoutes, { db });
  await app.register(openFeatureManifestRoutes, { db });
  await app.register(codeReferenceRoutes, { db });
  await app.register(flagsAsCodeRoutes, { db });

  // The potentially-stale marking runs while the app runs (API.md §7.2), stopped on close.
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startPotentiallyStaleJob(db, app.log);
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
