import os from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import type { Config } from '../config';
import type { ChangeSource } from '../db/change-listener';
import type { Db } from '../db/database';
import {
  blastRadiusRoutes,
  type ContextSampler,
  createBlastRadiusService,
  createContextSampler,
} from '../features/blast-radius';
import {
  type ClientFeatureCache,
  clientApiRoutes,
  clientStreamingRoutes,
  createClientFeatureCache,
  createRevisionTracker,
  createStreamingFetchMode,
  createStreamingHub,
  dependentsOf,
  flagsOfProjects,
  type Replay,
  type RevisionTracker,
  registerClientFeaturesFastPath,
  registerClientMetricsFastPath,
  registerSnapshotGauges,
  registerStreamingGauges,
  type StreamingFetchMode,
} from '../features/client-api';
import {
  type ClientMetricsService,
  clientMetricsAdminRoutes,
  createClientMetricsService,
  createEdgeInstances,
  edgeInstanceRoutes,
  registerClientMetricsGauges,
} from '../features/client-metrics';
import { createExperimentData, type ExperimentData } from '../features/experiment-data';
import {
  getAllFeatureNames,
  getClientSnapshot,
  getClientSnapshotChanges,
  getClientSnapshotRevision,
} from '../features/feature-toggles';
import {
  createFrontendSettings,
  type FrontendSettings,
  frontendApiRoutes,
  registerFrontendFastPath,
} from '../features/frontend-api';
import { createImpactMetricsIngestion } from '../features/impact-metrics';
import { ofrepRoutes } from '../features/ofrep';
import { listTagsOfFeatures } from '../features/tags';
import { uiConfigRoutes } from '../features/ui-config';
import type { App } from '../http/app-type';
import type { SdkCredentials } from '../http/auth-guard';
import type { SdkFastPath } from '../http/sdk-fast-path';
import { SWITCHYARD_VERSION } from '../version';
import { registerApplicationsAndImpact, registerExperimentData } from './sdk-experiment-apis';

/** How long another instance's change may take to reach this one's SDK answers when its notification is lost. */
const REVISION_MAX_AGE_MS = 1000;
/** A revision check slower than this counts as failed: the SDKs keep the last snapshot meanwhile. */
const REVISION_CHECK_TIMEOUT_MS = 2000;
/** Beyond this many changed flags since the last snapshot, a full reload is cheaper. */
const MAX_INCREMENTAL_FLAGS = 200;

/**
 * The SDK-facing APIs (issue 5): client API, frontend API, SDK registration and metrics, and
 * the admin read side of applications and usage, sharing one in-memory snapshot cache.
 */
export interface SdkApiOptions {
  db: Db;
  config: Config;
  /** The hot paths are also registered here, answered before Fastify when fully cached. */
  fastPath: SdkFastPath;
  identity: SdkCredentials;
  /** Edge's `seenTokens`: moves those tokens' "last seen". */
  markTokensSeen?: (secrets: readonly string[]) => Promise<void>;
  /** The Prometheus registry of /internal-backstage/prometheus. */
  registry?: Registry;
  /** Whether maintenance mode is on, for ui-config's `maintenanceMode`. */
  maintenanceMode: () => Promise<boolean>;
  /** Changes committed by any instance, as they commit (issue 17); absent: the revision polling alone. */
  changes?: ChangeSource;
}

/** The in-memory snapshot of every environment, and the revision tracker that says when to reload it. */
function createSnapshotCache(app: App, db: Db) {
  const tracker = createRevisionTracker((environment) => getClientSnapshotRevision(db, environment), {
    maxAgeMs: REVISION_MAX_AGE_MS,
    timeoutMs: REVISION_CHECK_TIMEOUT_MS,
  });
  const cache = createClientFeatureCache({
    tracker,
    onRefreshFailed: (environment, error) =>
      app.log.warn({ err: error, environment }, 'database unavailable: serving the last known flags'),
    async loadSnapshot(environment) {
      const snapshot = await getClientSnapshot(db, environment);
      const tags = await listTagsOfFeatures(
        db,
        snapshot.features.map((feature) => feature.name),
      );
      return { ...snapshot, tags };
    },
    // A change reloads the flags it touches (and their dependents), not all of them: with 10,000
    // flags a full reload took half a second between the commit and the new body.
    async loadChanges(environment, snapshot) {
      const changes = await getClientSnapshotChanges(db, environment, snapshot.revision, {
        maxFlags: MAX_INCREMENTAL_FLAGS,
        knownGaps: snapshot.gaps,
        alsoAffected: (names) => dependentsOf(snapshot, names),
        inProjects: (projects) => flagsOfProjects(snapshot, projects),
      });
      if (!changes) return null;
      const tags = await listTagsOfFeatures(db, changes.names);
      return { ...changes, tags };
    },
  });
  return { tracker, cache };
}

/**
 * What SDKs report, buffered in memory and written in the background (metrics, Edge instances,
 * impact metrics, the blast-radius context samples): started when the server is ready, flushed
 * when it closes.
 */
function createSdkReportWriters(app: App, db: Db, config: Config) {
  const impactMetrics = createImpactMetricsIngestion(db, { logger: app.log });
  const metrics = createClientMetricsService({
    db,
    logger: app.log as never,
    flushIntervalMs: config.metricsFlushIntervalSeconds * 1000,
    onImpactMetrics: (report) => impactMetrics.record(report),
    onBulkImpactMetrics: (report) => impactMetrics.recordBulk(report),
  });
  const edges = createEdgeInstances(db, {
    logger: app.log as never,
    flushIntervalMs: config.metricsFlushIntervalSeconds * 1000,
  });
  // Blast radius (issue 15): contexts the frontend API evaluates, sampled and flushed in batches.
  const sampler = createContextSampler({
    db,
    logger: app.log,
    flushIntervalMs: config.metricsFlushIntervalSeconds * 1000,
  });
  // Experiments (issue 35): tracked events and exposures, buffered and flushed the same way.
  const experimentData = createExperimentData({
    db,
    logger: app.log,
    flushIntervalMs: config.metricsFlushIntervalSeconds * 1000,
  });
  app.addHook('onReady', async () => {
    metrics.start();
    edges.start();
    impactMetrics.start();
    sampler.start();
    experimentData.start();
  });
  app.addHook('onClose', async () => {
    await metrics.stop();
    await edges.stop();
    await impactMetrics.stop();
    await sampler.stop();
    await experimentData.stop();
  });
  return { metrics, edges, sampler, impactMetrics, experimentData };
}

/**
 * Whether an answered request was a successful write outside the SDK surfaces, so may have changed
 * flags. SDK posts (registration, metrics, frontend evaluation) change no flag: they must not make
 * the next SDK request wait for the database.
 */
function flagWriteTest(baseUriPath: string) {
  const sdkPrefixes = [`${baseUriPath}/api/client/`, `${baseUriPath}/api/frontend`, `${baseUriPath}/ofrep/`];
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return false;
    const route = request.routeOptions.url ?? '';
    return !sdkPrefixes.some((prefix) => route.startsWith(prefix));
  };
}

/** Edge's seen tokens are bookkeeping only: the metrics are accepted whether or not the lookup works. */
function bookkeepingOnly(app: App, markTokensSeen: SdkApiOptions['markTokensSeen']) {
  if (!markTokensSeen) return undefined;
  return (secrets: readonly string[]) => {
    markTokensSeen(secrets).catch((error) =>
      app.log.warn({ err: (error as Error).message }, 'marking Edge seenTokens failed'),
    );
  };
}

/** Streaming clients (issue 17): one hub for the instance, told of every change as it commits. */
async function registerStreaming(
  app: App,
  options: {
    cache: ClientFeatureCache;
    tracker: RevisionTracker;
    fetchMode: StreamingFetchMode;
    registry: Registry | undefined;
    changes: ChangeSource | undefined;
    isFlagWrite: (request: FastifyRequest, reply: FastifyReply) => boolean;
  },
): Promise<void> {
  const { cache, tracker, fetchMode } = options;
  const streaming = createStreamingHub({
    cache,
    fetchMode: fetchMode.current,
    onError: (error) =>
      app.log.warn({ err: (error as Error).message }, 'streaming: looking for changes failed'),
  });
  if (options.registry) registerStreamingGauges(options.registry, streaming);
  // Streams never end by themselves: let them go before the server waits for open requests.
  app.addHook('preClose', async () => {
    streaming.disconnectAll();
  });
  await app.register(clientStreamingRoutes, { hub: streaming, fetchMode });
  // Another instance's change (or one of ours) was committed: the next SDK request asks for the
  // new revision instead of trusting the cached one, and streams get it now, not at the next pass.
  const unsubscribe = options.changes?.subscribe(() => {
    tracker.markDirty();
    cache.prefetch();
    void fetchMode.read();
    void streaming.checkNow();
  });
  app.addHook('onClose', async () => {
    unsubscribe?.();
  });
  // A change committed here reaches the streams at once, without waiting for its notification's
  // round trip (after the response: the mutation's transaction has committed).
  app.addHook('onResponse', async (request, reply) => {
    if (streaming.size > 0 && options.isFlagWrite(request, reply)) void streaming.checkNow();
  });
}

/**
 * The APIs that evaluate on the server for their callers (frontend API, OFREP): they see which
 * variant each user gets, so experiments record exposures there (issue 35).
 */
async function registerEvaluatingApis(
  app: App,
  options: {
    cache: ClientFeatureCache;
    metrics: ClientMetricsService;
    sampler: ContextSampler;
    experimentData: ExperimentData;
    frontendSettings: FrontendSettings;
    config: Config;
    fastPath: SdkFastPath;
    identity: SdkCredentials;
  },
): Promise<void> {
  const { cache, config, experimentData, frontendSettings } = options;
  const hostname = process.env.HOSTNAME || os.hostname();
  if (config.frontendApiEnabled) {
    const frontend = {
      cache,
      metrics: options.metrics,
      settings: frontendSettings,
      hostname,
      onEvaluated: options.sampler.offer,
      exposures: experimentData.recorder,
    };
    await app.register(frontendApiRoutes, frontend);
    registerFrontendFastPath(options.fastPath, {
      ...frontend,
      baseUriPath: config.baseUriPath,
      credentials: options.identity,
    });
  }
  await app.register(ofrepRoutes, {
    cache,
    settings: frontendSettings,
    hostname,
    exposures: experimentData.recorder,
  });
}

async function registerSdkApis(
  app: App,
  { db, config, fastPath, identity, markTokensSeen, registry, maintenanceMode, changes }: SdkApiOptions,
): Promise<void> {
  const { tracker, cache } = createSnapshotCache(app, db);
  const { metrics, edges, sampler, impactMetrics, experimentData } = createSdkReportWriters(app, db, config);
  if (registry) registerClientMetricsGauges(registry, metrics);
  if (registry) registerSnapshotGauges(registry, cache);
  const frontendSettings = createFrontendSettings(db, { defaultOrigins: config.frontendApiOrigins });

  const isFlagWrite = flagWriteTest(config.baseUriPath);
  // A change this process committed is served on the very next SDK request: every successful
  // admin mutation marks the revision dirty before its response leaves (so before the caller
  // can poll). Other instances' changes arrive through LISTEN/NOTIFY (`changes` below), and the
  // tracker's short maximum age catches any notification that was missed.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isFlagWrite(request, reply)) tracker.markDirty();
    return payload;
  });

  const fetchMode = createStreamingFetchMode(db);
  await app.register(clientApiRoutes, {
    cache,
    metrics,
    version: SWITCHYARD_VERSION,
    fetchMode: fetchMode.current,
    markTokensSeen: bookkeepingOnly(app, markTokensSeen),
  });
  await registerStreaming(app, { cache, tracker, fetchMode, registry, changes, isFlagWrite });
  const base = config.baseUriPath;
  registerClientFeaturesFastPath(fastPath, {
    baseUriPath: base,
    cache,
    credentials: identity,
    fetchMode: fetchMode.current,
  });
  registerClientMetricsFastPath(fastPath, {
    baseUriPath: base,
    metrics,
    credentials: identity,
    replay: replayThroughFastify(app),
  });
  await registerEvaluatingApis(app, {
    cache,
    metrics,
    sampler,
    experimentData,
    frontendSettings,
    config,
    fastPath,
    identity,
  });
  await registerExperimentData(app, { experimentData, config, frontendSettings, changes });
  await app.register(edgeInstanceRoutes, { edges });
  await app.register(clientMetricsAdminRoutes, {
    service: metrics,
    knownFlagNames: () => getAllFeatureNames(db),
  });
  await registerApplicationsAndImpact(app, db, impactMetrics);
  await app.register(blastRadiusRoutes, {
    service: createBlastRadiusService({
      db,
      sampler,
      evaluationState: (environment) => cache.evaluationState(environment, null),
    }),
  });
  await app.register(uiConfigRoutes, {
    version: SWITCHYARD_VERSION,
    config,
    settings: frontendSettings,
    maintenanceMode,
    emailEnabled: config.email !== null,
    canStoreSecrets: config.secretsKey !== null,
  });
}

/**
 * Hands a request whose body the fast path already read to Fastify, and copies Fastify's answer
 * onto the real response: used only for bodies the route will refuse, so that refusal is exact.
 */
function replayThroughFastify(app: App): Replay {
  return async (request, response, body) => {
    try {
      const answer = await app.inject({
        method: request.method as 'POST',
        url: request.url ?? '/',
        headers: request.headers as Record<string, string>,
        payload: body,
      });
      const headers = { ...answer.headers };
      for (const name of ['connection', 'keep-alive', 'transfer-encoding', 'date']) delete headers[name];
      response.writeHead(answer.statusCode, headers as Record<string, string>);
      response.end(answer.rawPayload);
    } catch {
      // Nothing sensible is left to say on this connection; never leave the client waiting.
      response.destroy();
    }
  };
}

/** Not encapsulated: the revision hook must see the admin routes registered beside it. */
export const sdkApis = fp(registerSdkApis, { name: 'switchyard-sdk-apis' });
