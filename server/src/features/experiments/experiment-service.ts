import type { Experiment, ExperimentListQuery } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../lib/errors';
import type { Actor } from '../events';
import { getFeature } from '../feature-toggles';
import {
  applyExperimentOperation,
  type ExperimentOperation,
  type ExperimentOperationResults,
} from './experiment-operations';
import { getExperiment, listExperiments, listExperimentsOfFlag, listSnapshots } from './experiment-store';

/** The flag must be in the project (archived flags keep their experiments readable). */
async function requireFlagInProject(db: Queryable, project: string, featureName: string): Promise<void> {
  const feature = await getFeature(db, featureName);
  if (!feature || feature.project !== project) {
    throw notFound(`There's no feature named "${featureName}" in project "${project}".`);
  }
}

/**
 * The use cases of experiments on a flag (issue 35 §3): reads for the routes and the readout, and
 * each write as one operation in one transaction with its event.
 */
export function createExperimentService(db: Db) {
  return {
    async listOfFlag(project: string, featureName: string): Promise<Experiment[]> {
      await requireFlagInProject(db, project, featureName);
      return listExperimentsOfFlag(db, featureName);
    },

    async get(project: string, featureName: string, id: number): Promise<Experiment> {
      const experiment = await getExperiment(db, id);
      if (!experiment || experiment.project !== project || experiment.featureName !== featureName) {
        throw notFound(`Could not find experiment with id ${id} on feature "${featureName}".`);
      }
      return experiment;
    },

    list(filter: ExperimentListQuery, hiddenProjects: ReadonlySet<string>): Promise<Experiment[]> {
      return listExperiments(db, {
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.project ? { project: filter.project } : {}),
        hiddenProjects: [...hiddenProjects],
      });
    },

    snapshots(experimentId: number) {
      return listSnapshots(db, experimentId);
    },

    apply<O extends ExperimentOperation>(
      operation: O,
      actor: Actor,
    ): Promise<ExperimentOperationResults[O['kind']]> {
      return inTransaction(db, (trx) => applyExperimentOperation(trx, operation, actor));
    },
  };
}

export type ExperimentService = ReturnType<typeof createExperimentService>;
