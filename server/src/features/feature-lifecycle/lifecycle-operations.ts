import type { FeatureLifecycleCompleted } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';
import {
  clearStages,
  enterCompleted,
  enterStage,
  type LifecycleFlag,
  leaveStage,
  lockLifecycleFlag,
} from './lifecycle-store';

const flagNotInProject = (name: string, project: string) =>
  notFound(`There's no feature named "${name}" in project "${project}".`);

/** The flag, locked, checked to belong to the project of the path (404 otherwise, as Unleash). */
async function lockFlagInProject(db: Queryable, project: string, name: string): Promise<LifecycleFlag> {
  const flag = await lockLifecycleFlag(db, name);
  if (!flag || flag.project !== project) throw flagNotInProject(name, project);
  return flag;
}

/**
 * `POST …/lifecycle/complete`: the owner says the flag's work is done and whether its code was
 * kept (with the variant kept) or discarded (with a reason); recorded with `feature-completed`.
 * As in Unleash 8.2, completing a completed flag keeps the first decision (the event is written).
 */
export async function completeFeature(
  db: Queryable,
  project: string,
  featureName: string,
  completion: FeatureLifecycleCompleted,
  actor: Actor,
): Promise<void> {
  const flag = await lockFlagInProject(db, project, featureName);
  const statusValue = completion.statusValue ?? null;
  await enterCompleted(db, flag.name, completion.status, statusValue);
  await appendEvent(db, {
    type: 'feature-completed',
    createdBy: actor.name,
    createdByUserId: actor.userId,
    featureName: flag.name,
    project: flag.project,
    data: {
      status: completion.status,
      ...(statusValue === null ? {} : { statusValue }),
      kept: completion.status === 'kept',
    },
  });
}

/** `POST …/lifecycle/uncomplete`: back to the stage before completed, with `feature-uncompleted`. */
export async function uncompleteFeature(
  db: Queryable,
  project: string,
  featureName: string,
  actor: Actor,
): Promise<void> {
  const flag = await lockFlagInProject(db, project, featureName);
  await leaveStage(db, flag.name, 'completed');
  await appendEvent(db, {
    type: 'feature-uncompleted',
    createdBy: actor.name,
    createdByUserId: actor.userId,
    featureName: flag.name,
    project: flag.project,
  });
}

/** Called by the flag model inside the transaction that creates a flag (create, clone). */
export async function recordFlagCreated(db: Queryable, featureName: string): Promise<void> {
  await enterStage(db, featureName, 'initial');
}

/** Called inside the transaction that archives a flag. */
export async function recordFlagArchived(db: Queryable, featureName: string): Promise<void> {
  await enterStage(db, featureName, 'archived');
}

/**
 * Called inside the transaction that revives a flag. As in Unleash 8.2, a revived flag starts its
 * lifecycle again: its stages are cleared and it is initial from now on.
 */
export async function recordFlagRevived(db: Queryable, featureName: string): Promise<void> {
  await clearStages(db, featureName);
  await enterStage(db, featureName, 'initial');
}
