import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { healthRoutes } from '../features/health/health-routes';
import type { App } from '../http/app-type';
import { registerJsonOnlyBodies } from '../http/content-type';
import { registerErrorHandling } from '../http/error-handler';
import { registerHttpMetrics } from '../http/metrics';
import { registerOpenApi } from '../http/openapi';
import { assertRouteDeclared } from '../http/route-config';
import type { Logger } from '../lib/logger';
import { SWITCHYARD_VERSION } from '../version';

export interface AppDependencies {
  config: Config;
  db: Db;
  logger: Logger;
}

/**
 * The whole HTTP application as a Fastify instance that never listens: the headless entry,
 * the desktop host and the tests (through `app.inject`) all start from here.
 */
export async function buildApp({ config, db, logger }: AppDependencies): Promise<App> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // Per-request logs would dominate the SDK hot path; the metrics histogram covers requests.
    logController: new LogController({ disableRequestLogging: true }),
    // Unleash collapses runs of slashes before routing (API.md §1).
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
    ajv: {
      customOptions: {
        // Unknown properties are rejected (400), never silently dropped.
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: true,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const base = config.baseUriPath;
  app.addHook('onRoute', (route) => assertRouteDeclared(route, base));
  registerErrorHandling(app, base);
  registerJsonOnlyBodies(app);
  const metrics = registerHttpMetrics(app);
  await registerOpenApi(app, SWITCHYARD_VERSION);

  await app.register(
    async (scoped) => {
      await scoped.register(healthRoutes, { db });
      scoped.get(
        '/internal-backstage/prometheus',
        {
          config: { permission: 'NONE' },
          schema: {
            operationId: 'getPrometheusMetrics',
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
    },
    { prefix: base },
  );

  return app;
}
