import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../config';
import { type ChangeSource, createChangeListener } from '../db/change-listener';
import type { Db } from '../db/database';
import { createIntegrations } from '../features/addons';
import { bundleRoutes } from '../features/bundles';
import { registerDirectWriteCheck } from '../features/change-requests';
import { healthRoutes } from '../features/health/health-routes';
import { createMaintenanceSetting, instanceAdminRoutes } from '../features/instance-admin';
import { instanceStatsRoutes } from '../features/instance-stats';
import { mcpRoutes } from '../features/mcp';
import { notifyAdmins } from '../features/notifications';
import { signalRoutes } from '../features/signals';
import { createTrafficService, trafficRoutes } from '../features/traffic';
import type { App } from '../http/app-type';
import { createConsoleSite, defaultConsoleRoots } from '../http/console';
import { registerJsonOnlyBodies } from '../http/content-type';
import { registerErrorHandling, sendFrameworkError } from '../http/error-handler';
import { registerUnstorableTextGuard } from '../http/hostile-input';
import { registerInputLimits } from '../http/input-limits';
import { AJV_OPTIONS, lazyCompilersFactory } from '../http/lazy-compilers';
import { registerMaintenanceGuard } from '../http/maintenance-guard';
import { type HttpMetrics, registerHttpMetrics } from '../http/metrics';
import { registerNetworkExposure } from '../http/network-exposure';
import { registerOpenApi } from '../http/openapi';
import { assertRouteDeclared, type DeclaredRoute } from '../http/route-config';
import { createSdkFastPath, type SdkFastPath } from '../http/sdk-fast-path';
import { registerSecurityHeaders } from '../http/security-headers';
import { createHttpServer } from '../http/socket-policy';
import type { Logger } from '../lib/logger';
import { SWITCHYARD_VERSION } from '../version';
import { flagModelRoutes } from './flag-model-routes';
import { registerIdentity } from './identity';
import { personalRoutes } from './personal-routes';
import { createEarlyWake, scheduledJobs } from './scheduled-jobs';
import { sdkApis } from './sdk-apis';

export interface AppDependencies {
  config: Config;
  db: Db;
  logger: Logger;
  /** Where the built console is (tests, the desktop host); default: next to the server build. */
  consoleDir?: string;
  /**
   * The database's URL, for the dedicated LISTEN connection that learns of other instances'
   * changes at once (issue 17). Without it, they are found by polling alone.
   */
  databaseUrl?: string;
}

/** How often the traffic counts are added to the database (a few rows each time). */
const TRAFFIC_FLUSH_MS = 60_000;

/** The Fastify instance and its options, before any plugin. */
function createFastify(config: Config, logger: Logger, fastPath: SdkFastPath): App {
  return Fastify({
    // The main listener consults the SDK fast path before Fastify (sdk-fast-path.ts says why),
    // with the socket policy of every listener (socket-policy.ts).
    serverFactory: (handler) => createHttpServer(fastPath.wrap(handler), config.httpTimeouts),
    // A hop count as proxy-addr reads it (Fastify's types take only the function form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    loggerInstance: logger as FastifyBaseLogger,
    // Per-request logs would dominate the SDK hot path; the metrics histogram covers requests.
    logController: new LogController({ disableRequestLogging: true }),
    // Unleash collapses runs of slashes before routing (API.md §1).
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
    schemaController: { compilersFactory: lazyCompilersFactory() },
    ajv: { customOptions: { ...AJV_OPTIONS.customOptions } },
    // A malformed URL (`%zz`, invalid UTF-8) is refused before routing: in Unleash's error shape too.
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();
}

/** The guards every request passes: declared routes, the error shape, bodies, headers, input limits. */
function registerRequestGuards(
  app: App,
  base: string,
  consoleSite: ReturnType<typeof createConsoleSite>,
): void {
  const declaredRoutes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declaredRoutes);
  app.addHook('onRoute', (route) => assertRouteDeclared(route, base, declaredRoutes));
  registerErrorHandling(app, base, { pageFallback: consoleSite });
  registerJsonOnlyBodies(app);
  registerSecurityHeaders(app);
  registerUnstorableTextGuard(app);
  registerInputLimits(app);
}

/** Maintenance mode (issue 19): refuses admin writes while on, decided per route as it registers. */
function registerMaintenance(app: App, db: Db, base: string) {
  const maintenance = createMaintenanceSetting(db);
  registerMaintenanceGuard(app, { baseUriPath: base, isOn: maintenance.isOn });
  // Read at start, without holding the start up (the database may not answer yet).
  app.addHook('onReady', async () => {
    void maintenance.current();
  });
  return maintenance;
}

/** The server's own traffic counts (issue 31 §5): every answered request, the fast path's too. */
function registerTraffic(
  app: App,
  {
    db,
    logger,
    base,
    fastPath,
    metrics,
  }: { db: Db; logger: Logger; base: string; fastPath: SdkFastPath; metrics: HttpMetrics },
) {
  const traffic = createTrafficService({ db, logger });
  const routeOf = (pattern: string) => (pattern.startsWith(base) ? pattern.slice(base.length) : pattern);
  fastPath.onAnswered((path, method, status, ms) => {
    metrics.observe(path, method, status, ms);
    traffic.record(routeOf(path), status);
  });
  app.addHook('onResponse', async (request, reply) => {
    traffic.record(routeOf(request.routeOptions.url ?? '(unmatched)'), reply.statusCode);
  });
  const trafficFlush = setInterval(() => void traffic.flush(), TRAFFIC_FLUSH_MS);
  trafficFlush.unref();
  app.addHook('onClose', async () => {
    clearInterval(trafficFlush);
    await traffic.flush();
  });
  return traffic;
}

/**
 * Integrations (issue 16): an integration that pauses after repeated failures tells every
 * admin through the bell (issue 19); a failed notice is logged by the worker, never retried.
 */
function registerIntegrations(app: App, { config, db, logger }: AppDependencies, metrics: HttpMetrics) {
  const integrations = createIntegrations({
    db,
    logger,
    config,
    registry: metrics.registry,
    onCircuitOpened: async (circuit) => {
      await notifyAdmins(db, {
        kind: 'integration-paused',
        integrationId: circuit.addonId,
        provider: circuit.provider,
        reason: circuit.lastError ?? 'Repeated delivery failures',
      });
    },
  });
  // Any committed write may have queued events for integrations: deliver them promptly.
  // Admin writes only: SDK posts (metrics, registrations) write no events.
  const adminApi = `${config.baseUriPath}/api/admin/`;
  app.addHook('onResponse', async (request, reply) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (write && reply.statusCode < 400 && request.url.startsWith(adminApi)) integrations.nudge();
  });
  app.addHook('onReady', async () => integrations.start());
  app.addHook('onClose', async () => integrations.stop());
  return integrations;
}

/**
 * Several instances on one PostgreSQL (issue 17): every committed event is notified, and this
 * instance's caches, streams and workers react at once; their polling stays the safety net.
 */
function registerChangeListener(
  app: App,
  { databaseUrl, logger }: AppDependencies,
  react: { integrations: Integrations; maintenance: Maintenance; identity: Identity },
): ChangeSource | undefined {
  if (!databaseUrl) return undefined;
  const changes = createChangeListener({ connectionString: databaseUrl, logger });
  changes.subscribe((notice) => {
    react.integrations.nudge();
    // Maintenance mode switched on elsewhere holds this instance's writes at once (one row read).
    void react.maintenance.current();
    if (notice === null || notice.tokens) react.identity.tokensChanged();
  });
  app.addHook('onReady', async () => changes.start());
  app.addHook('onClose', async () => changes.stop());
  return changes;
}

type Integrations = ReturnType<typeof createIntegrations>;
type Maintenance = ReturnType<typeof createMaintenanceSetting>;
type Identity = Awaited<ReturnType<typeof registerIdentity>>;

interface RouteDependencies {
  config: Config;
  db: Db;
  fastPath: SdkFastPath;
  identity: Identity;
  metrics: HttpMetrics;
  maintenance: Maintenance;
  traffic: ReturnType<typeof createTrafficService>;
  integrations: Integrations;
  consoleSite: ReturnType<typeof createConsoleSite>;
  changeSource: ChangeSource | undefined;
}

/** Every domain's routes, under the base path. */
async function registerRoutes(scoped: App, deps: RouteDependencies): Promise<void> {
  const { config, db, identity, metrics, maintenance, changeSource } = deps;
  await scoped.register(healthRoutes, { db });
  await scoped.register(sdkApis, {
    db,
    config,
    fastPath: deps.fastPath,
    identity,
    markTokensSeen: identity.markTokensSeen,
    registry: metrics.registry,
    maintenanceMode: maintenance.isOn,
    ...(changeSource ? { changes: changeSource } : {}),
  });
  // A change request scheduled sooner than the next poll wakes the scheduler then.
  const earlyWake = createEarlyWake(config.schedulerPollIntervalMs);
  await scoped.register(flagModelRoutes, { db, onScheduled: earlyWake.onScheduled });
  await scoped.register(scheduledJobs, { db, config, earlyWake, holdFlagChanges: maintenance.current });
  await scoped.register(instanceAdminRoutes, { db, maintenance });
  await scoped.register(signalRoutes, { db, config });
  await scoped.register(bundleRoutes, { db, config });
  await scoped.register(deps.integrations.routes);
  await scoped.register(personalRoutes, { db });
  await scoped.register(trafficRoutes, { traffic: deps.traffic });
  await scoped.register(mcpRoutes, { config, version: SWITCHYARD_VERSION });
  await scoped.register(instanceStatsRoutes, {
    db,
    version: SWITCHYARD_VERSION,
    sso: identity.ssoEnabled,
  });
  await scoped.register(deps.consoleSite.routes);
  scoped.get(
    '/internal-backstage/prometheus',
    {
      config: { permission: 'NONE' },
      schema: {
        operationId: 'getBackstagePrometheus',
        tags: ['Operational'],
        produces: ['text/plain'],
        response: { 200: Type.String() },
      },
    },
    async (_request, reply) => {
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
}

/**
 * The whole HTTP application as a Fastify instance that never listens: the headless entry,
 * the desktop host and the tests (through `app.inject`) all start from here.
 */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config, db, logger, consoleDir } = deps;
  const fastPath = createSdkFastPath();
  const app = createFastify(config, logger, fastPath);
  const base = config.baseUriPath;
  const consoleSite = createConsoleSite({
    roots: consoleDir ? [consoleDir] : defaultConsoleRoots(),
    baseUriPath: base,
  });
  registerRequestGuards(app, base, consoleSite);
  const maintenance = registerMaintenance(app, db, base);
  const metrics = registerHttpMetrics(app);
  const traffic = registerTraffic(app, { db, logger, base, fastPath, metrics });
  app.decorate('sdkFastPath', fastPath);
  // Closing: new requests go to Fastify, which answers 503 while it drains.
  app.addHook('preClose', async () => fastPath.close());
  // Before any route or auth hook: a refused peer learns nothing else (ADMIN_LOOPBACK_ONLY, SDK_PORT).
  registerNetworkExposure(app, {
    baseUriPath: base,
    adminLoopbackOnly: config.adminLoopbackOnly,
    dispatch: fastPath.wrap((request, response) => app.routing(request, response)),
    createServer: (handler) => createHttpServer(handler, config.httpTimeouts),
  });
  await registerOpenApi(app, SWITCHYARD_VERSION);
  // Identity and access: the auth guard in front of every route, then the identity routes.
  const identity = await registerIdentity(app, { config, db, logger });
  // Change requests refuse direct writes to governed environments (issue 13).
  registerDirectWriteCheck(app);
  const integrations = registerIntegrations(app, deps, metrics);
  const changeSource = registerChangeListener(app, deps, { integrations, maintenance, identity });
  const routeDeps = {
    config,
    db,
    fastPath,
    identity,
    metrics,
    maintenance,
    traffic,
    integrations,
    consoleSite,
    changeSource,
  };
  await app.register(async (scoped) => registerRoutes(scoped, routeDeps), { prefix: base });
  return app;
}
