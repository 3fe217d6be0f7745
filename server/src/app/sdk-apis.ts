import os from 'node:os';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { clientApiRoutes, createClientFeatureCache, createRevisionTracker } from '../features/client-api';
import { clientMetricsAdminRoutes, createClientMetricsService } from '../features/client-metrics';
import {
  getAllFeatureNames,
  getClientSnapshot,
  getClientSnapshotRevision,
} from '../features/feature-toggles';
import { createFrontendSettings, frontendApiRoutes } from '../features/frontend-api';
import { listTagsOfFeatures } from '../features/tags';
import { uiConfigRoutes } from '../features/ui-config';
import type { App } from '../http/app-type';
import { SWITCHYARD_VERSION } from '../version';

/** How long another instance's change may take to reach this one's SDK answers. */
const REVISION_MAX_AGE_MS = 1000;

/**
 * The SDK-facing APIs (issue 5): client API, frontend API, SDK registration and metrics, and
 * the admin read side of applications and usage, sharing one in-memory snapshot cache.
 */
async function registerSdkApis(app: App, { db, config }: { db: Db; config: Config }): Promise<void> {
  const tracker = createRevisionTracker((environment) => getClientSnapshotRevision(db, environment), {
    maxAgeMs: REVISION_MAX_AGE_MS,
  });
  const cache = createClientFeatureCache({
    tracker,
    async loadSnapshot(environment) {
      const snapshot = await getClientSnapshot(db, environment);
      const tags = await listTagsOfFeatures(
        db,
        snapshot.features.map((feature) => feature.name),
      );
      return { ...snapshot, tags };
    },
  });
  const metrics = createClientMetricsService({
    db,
    logger: app.log as never,
    flushIntervalMs: config.metricsFlushIntervalSeconds * 1000,
  });
  const frontendSettings = createFrontendSettings(db, { defaultOrigins: config.frontendApiOrigins });

  // A change this process committed is served on the very next SDK request: every successful
  // admin mutation marks the revision dirty before its response leaves (so before the caller
  // can poll). Other instances' changes arrive through the tracker's short maximum age.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) tracker.markDirty();
    return payload;
  });

  app.addHook('onReady', async () => metrics.start());
  app.addHook('onClose', async () => metrics.stop());

  await app.register(clientApiRoutes, { cache, metrics, version: SWITCHYARD_VERSION });
  if (config.frontendApiEnabled) {
    await app.register(frontendApiRoutes, {
      cache,
      metrics,
      settings: frontendSettings,
      hostname: process.env.HOSTNAME || os.hostname(),
    });
  }
  await app.register(clientMetricsAdminRoutes, {
    service: metrics,
    knownFlagNames: () => getAllFeatureNames(db),
  });
  await app.register(uiConfigRoutes, { version: SWITCHYARD_VERSION, config, settings: frontendSettings });
}

/** Not encapsulated: the revision hook must see the admin routes registered beside it. */
export const sdkApis = fp(registerSdkApis, { name: 'switchyard-sdk-apis' });
