import type { Config } from '../config';
import type { ChangeSource } from '../db/change-listener';
import type { Db } from '../db/database';
import { projectApplicationRoutes } from '../features/client-metrics';
import { clientTrackRoutes, type ExperimentData, frontendTrackRoutes } from '../features/experiment-data';
import { corsHeaders, type FrontendSettings } from '../features/frontend-api';
import {
  createImpactMetricsService,
  customMetricsRoutes,
  type ImpactMetricsIngestion,
  impactMetricsRoutes,
} from '../features/impact-metrics';
import type { App } from '../http/app-type';

// The SDK-facing APIs of issue 35 beside the SDK APIs (sdk-apis.ts registers them): what SDKs
// send for experiments and impact metrics, and the admin routes that read it.

/**
 * A project's applications, and impact metrics (issue 35 §1): custom metrics beside the SDK
 * reports, the charts of the instance and of flags, and flag-environment safeguards.
 */
export async function registerApplicationsAndImpact(
  app: App,
  db: Db,
  ingestion: ImpactMetricsIngestion,
): Promise<void> {
  await app.register(projectApplicationRoutes, { db });
  const service = createImpactMetricsService(db);
  await app.register(customMetricsRoutes, { ingestion, service });
  await app.register(impactMetricsRoutes, { db, service });
}

/** The routes that can start or stop an experiment: its own, and applying a change request. */
const STARTS_OR_STOPS = /\/experiments\/:[A-Za-z]+\/(start|stop)$|\/change-requests\/:[A-Za-z]+\/state$/;

/**
 * Experiments (issue 35): the tracking endpoints, and the running experiments the exposure
 * recorder watches, read again when any instance commits a change (one may have started one).
 */
export async function registerExperimentData(
  app: App,
  options: {
    experimentData: ExperimentData;
    config: Config;
    frontendSettings: FrontendSettings;
    changes: ChangeSource | undefined;
  },
): Promise<void> {
  const { experimentData, frontendSettings } = options;
  const unsubscribe = options.changes?.subscribe(() => experimentData.changed());
  app.addHook('onClose', async () => {
    unsubscribe?.();
  });
  // An experiment started or stopped here (directly or by applying a change request) is known to
  // the exposure recorder before the answer leaves: the caller's next frontend request counts.
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url ?? '';
    if (reply.statusCode < 300 && request.method !== 'GET' && STARTS_OR_STOPS.test(url)) {
      await experimentData.refreshRunning();
    }
    return payload;
  });
  if (options.config.frontendApiEnabled) {
    await app.register(frontendTrackRoutes, {
      service: experimentData,
      cors: (origin) => corsHeaders(frontendSettings, origin),
    });
  }
  await app.register(clientTrackRoutes, { service: experimentData });
}
