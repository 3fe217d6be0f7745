import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { type AuditActor, actorOf, type UserCaller } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { appendEvent } from '../events';
import * as store from './favorite-store';
import {
  addFavoriteFeature,
  addFavoriteProject,
  featureInProject,
  projectExists,
  removeFavoriteFeature,
  removeFavoriteProject,
} from './favorite-store';

/** The same messages the permission guard answers for a missing project or flag. */
const projectNotFound = (project: string) => notFound(`Could not find project with id ${project}`);
const featureNotFound = () => notFound('No feature flag found');

function eventBase(actor: AuditActor, project: string) {
  return { createdBy: actor.createdBy, createdByUserId: actor.createdByUserId, project };
}

/**
 * Favourites of the signed-in user (issue 19). Each change is one transaction with its event
 * (`feature-favorited` / `-unfavorited`, `project-favorited` / `-unfavorited`); repeating a call
 * changes nothing and writes no event.
 */
/** The user's favourite projects (none for callers without a user: `userId` null). */
export function favoriteProjectIds(db: Queryable, userId: number | null): Promise<Set<string>> {
  return store.favoriteProjectIds(db, userId);
}

/** Which of `names` the user has as favourites. */
export function favoriteFeatureNames(
  db: Queryable,
  userId: number | null,
  names: readonly string[],
): Promise<Set<string>> {
  return store.favoriteFeatureNames(db, userId, names);
}

/** The search's condition "flag `f.name` is a favourite of the user". */
export function isFavoriteFeature(userId: number | null) {
  return store.isFavoriteFeature(userId);
}

export function createFavoriteService(db: Db) {
  return {
    async setFeature(user: UserCaller, project: string, featureName: string, favorite: boolean) {
      const actor = actorOf(user);
      await inTransaction(db, async (trx) => {
        if (!(await featureInProject(trx, project, featureName))) throw featureNotFound();
        const changed = favorite
          ? await addFavoriteFeature(trx, user.id, featureName)
          : await removeFavoriteFeature(trx, user.id, featureName);
        if (!changed) return;
        await appendEvent(trx, {
          ...eventBase(actor, project),
          type: favorite ? 'feature-favorited' : 'feature-unfavorited',
          featureName,
          data: { feature: featureName },
        });
      });
    },

    async setProject(user: UserCaller, project: string, favorite: boolean) {
      const actor = actorOf(user);
      await inTransaction(db, async (trx) => {
        if (!(await projectExists(trx, project))) throw projectNotFound(project);
        const changed = favorite
          ? await addFavoriteProject(trx, user.id, project)
          : await removeFavoriteProject(trx, user.id, project);
        if (!changed) return;
        await appendEvent(trx, {
          ...eventBase(actor, project),
          type: favorite ? 'project-favorited' : 'project-unfavorited',
          data: { projectId: project },
        });
      });
    },
  };
}

export type FavoriteService = ReturnType<typeof createFavoriteService>;
