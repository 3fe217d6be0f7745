import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import type { Actor } from '../events';
import { applyAdminOperation } from '../operations';
import { toAdminOperations } from './change-actions';
import { changeRequestNotFound, plainActor } from './change-request-drafts';
import { getChangeRequestRow, listChanges } from './change-request-read-store';

/** Carries the preview's answer out of the transaction it rolls back. */
class PreviewDone<T> extends Error {
  constructor(readonly value: T) {
    super('change request preview done');
  }
}

/**
 * Runs `read` as if change request `id` were applied (the playground's
 * getChangeRequestPlayground, issue 15): its changes go through the very operations that apply
 * it, in a transaction that always rolls back, so nothing (flags, events) is kept. 404 for an
 * unknown id; an operation's refusal (a change the current state no longer allows) is its 4xx.
 */
export async function previewChangeRequest<T>(
  db: Db,
  id: number,
  actor: Actor,
  read: (trx: Queryable, request: { project: string; environment: string }) => Promise<T>,
): Promise<T> {
  try {
    await db.transaction().execute(async (trx) => {
      const request = await getChangeRequestRow(trx, id);
      if (!request) throw changeRequestNotFound(id);
      const target = { project: request.project, environment: request.environment };
      for (const change of await listChanges(trx, [id])) {
        for (const operation of toAdminOperations(change, target)) {
          await applyAdminOperation(trx, operation, plainActor(actor));
        }
      }
      throw new PreviewDone(await read(trx, target));
    });
  } catch (error) {
    if (error instanceof PreviewDone) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: the preview transaction always throws');
}
