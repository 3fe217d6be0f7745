import type { CurrentLifecycle, FeatureLifecycleCompleted } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../lib/errors';
import type { Actor } from '../events';
import { completeFeature, uncompleteFeature } from './lifecycle-operations';
import * as store from './lifecycle-store';

export type { Sighting } from './lifecycle-store';

/** Each named flag's current stage (the admin flag view, the search). */
export function currentStages(
  db: Queryable,
  names: readonly string[],
): Promise<Map<string, CurrentLifecycle>> {
  return store.currentStages(db, names);
}

/** The search's condition "the flag `f.name` is now in one of these stages". */
export function inCurrentStage(stages: readonly string[]) {
  return store.inCurrentStage(stages);
}

/** Moves flags seen by SDKs into their next stages (metrics ingestion). */
export function recordSightings(db: Queryable, sightings: readonly store.Sighting[]): Promise<void> {
  return store.recordSightings(db, sightings);
}

/** The lifecycle use cases of the admin routes. */
export function createLifecycleService(db: Db) {
  return {
    /** The flag's stages; a flag of another project is not found. */
    async stagesOf(project: string, featureName: string) {
      const flag = await store.findLifecycleFlag(db, featureName);
      if (!flag || flag.project !== project) {
        throw notFound(`There's no feature named "${featureName}" in project "${project}".`);
      }
      return store.listStages(db, flag.name);
    },
    complete: (project: string, featureName: string, body: FeatureLifecycleCompleted, actor: Actor) =>
      inTransaction(db, (trx) => completeFeature(trx, project, featureName, body, actor)),
    uncomplete: (project: string, featureName: string, actor: Actor) =>
      inTransaction(db, (trx) => uncompleteFeature(trx, project, featureName, actor)),
    /** How many flags are in each stage, leaving out the projects the caller may not see. */
    countByStage: (hiddenProjects: ReadonlySet<string>) => store.countByStage(db, hiddenProjects),
  };
}
