import { Type } from 'typebox';
import {
  CustomMetricsSchema,
  EmptyResponseSchema,
  errorResponses,
  IMPACT_METRIC_LIMITS,
  StoredCustomMetricsSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { tokenScopeOf } from '../../lib/caller';
import { readCustomMetrics } from './custom-metrics-rules';
import type { ImpactMetricsIngestion } from './impact-metrics-ingestion';
import type { ImpactMetricsService } from './impact-metrics-service';

const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * Custom metrics (shared/unleash/API.md: clientCustomMetrics, getCustomMetrics,
 * getPrometheusMetrics): SDKs post `{metrics: [{name, value, labels?}]}` with a client token,
 * stored with the SDKs' impact metrics (bounded: impact-metrics/README.md); signed-in users read
 * them back as JSON or as Prometheus text, and `/internal-backstage/impact/metrics` exposes the
 * same text unauthenticated, as Unleash's backstage does.
 */
export async function customMetricsRoutes(
  app: App,
  { ingestion, service }: { ingestion: ImpactMetricsIngestion; service: ImpactMetricsService },
): Promise<void> {
  app.post(
    '/api/client/metrics/custom',
    {
      config: { permission: 'CLIENT' },
      bodyLimit: IMPACT_METRIC_LIMITS.customMetricsBodyBytes,
      schema: {
        operationId: 'clientCustomMetrics',
        tags: ['Client'],
        body: CustomMetricsSchema,
        response: { 202: EmptyResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const samples = readCustomMetrics(request.body);
      // The environment is the token's, as for every SDK report (`*` → default).
      const environment = tokenScopeOf(request.caller)?.environment ?? 'default';
      ingestion.recordCustom({ environment, samples });
      return reply.status(202).send();
    },
  );

  app.get(
    '/api/admin/custom-metrics',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getCustomMetrics',
        tags: ['Metrics'],
        response: { 200: StoredCustomMetricsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.customMetrics(),
  );

  const prometheusText = {
    produces: ['text/plain'],
    response: { 200: Type.String() },
  };
  app.get(
    '/api/admin/custom-metrics/prometheus',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: { operationId: 'getPrometheusMetrics', tags: ['Metrics'], ...prometheusText },
    },
    async (_request, reply) => {
      reply.type(PROMETHEUS_TEXT);
      return service.prometheus();
    },
  );

  app.get(
    '/internal-backstage/impact/metrics',
    {
      config: { permission: 'NONE' },
      schema: { operationId: 'getImpactMetricsExposition', tags: ['Operational'], ...prometheusText },
    },
    async (_request, reply) => {
      reply.type(PROMETHEUS_TEXT);
      return service.prometheus();
    },
  );
}
