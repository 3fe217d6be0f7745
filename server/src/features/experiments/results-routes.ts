import {
  type Experiment,
  ExperimentParamsSchema,
  type ExperimentResults,
  ExperimentResultsSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { READ_ERRORS, routeOptionsFor } from '../../http/route-options';
import { readVariantStats } from '../experiment-data';
import { analyse } from './analysis/analyse';
import { FLAG_EXPERIMENTS_PATH } from './experiment-routes';
import { createExperimentService } from './experiment-service';
import {
  buildAnalysisRequests,
  liftOverTime,
  type MetricStats,
  usersNeededFor80Power,
  verdictOf,
} from './readout-rules';

const route = routeOptionsFor(['Experiments']);

/**
 * The readout of one experiment: per metric, the tracking domain's per-variant statistics
 * (`readVariantStats`), turned into an analysis request (`buildAnalysisRequests`) and answered by
 * the analysis engine (`analyse`), with its verdict and the users 80% power needs; and the lift
 * over time from the hourly snapshots. A draft has no split yet: no metrics to read.
 */
async function readResults(
  db: Db,
  experiment: Experiment,
  snapshots: Array<{ takenAt: Date; result: unknown }>,
): Promise<ExperimentResults> {
  const stats: MetricStats[] =
    experiment.status === 'draft'
      ? []
      : await Promise.all(
          experiment.metrics.map(async (metric) => ({
            eventName: metric.eventName,
            variants: await readVariantStats(db, experiment.id, metric),
          })),
        );
  const metrics = buildAnalysisRequests(experiment, stats).map(({ metric, request }) => {
    const result = analyse(request);
    return {
      metric,
      result,
      verdict: verdictOf(metric, result, experiment),
      usersNeededFor80Power: usersNeededFor80Power(request),
    };
  });
  return { experiment, metrics, liftOverTime: liftOverTime(snapshots, experiment.controlVariant) };
}

/** GET …/experiments/{id}/results: the readout the flag page and the Experiments screen show. */
export async function experimentResultsRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createExperimentService(db);
  app.get(
    `${FLAG_EXPERIMENTS_PATH}/:id/results`,
    route({
      operationId: 'getExperimentResults',
      permission: 'AUTHENTICATED',
      params: ExperimentParamsSchema,
      response: { 200: ExperimentResultsSchema },
      errors: [400, ...READ_ERRORS],
    }),
    async (request) => {
      const { projectId, featureName, id } = request.params;
      const experiment = await service.get(projectId, featureName, id);
      return readResults(db, experiment, await service.snapshots(experiment.id));
    },
  );
}
