import { ExperimentParamsSchema, ExperimentResultsSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { READ_ERRORS, routeOptionsFor } from '../../http/route-options';
import { readResults } from './experiment-readout';
import { FLAG_EXPERIMENTS_PATH } from './experiment-routes';
import { createExperimentService } from './experiment-service';

const route = routeOptionsFor(['Experiments']);

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
