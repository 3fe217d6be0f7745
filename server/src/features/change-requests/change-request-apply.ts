import { CHANGE_REQUEST_EVENT_TYPES } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { ApiError, conflict } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';
import { applyAdminOperation } from '../operations';
import { changeConflict, featureConflict, toAdminOperations } from './change-actions';
import { changeRequestNotFound, plainActor } from './change-request-drafts';
import {
  type ChangeRequestRecord,
  type ChangeRow,
  getChangeRequestRow,
  listChanges,
} from './change-request-read-store';
import { deleteSchedule, setChangeRequestState } from './change-request-store';
import type { ChangeRequestConflicts } from './change-request-view';

/**
 * Conflicts and application (issue 13): a change conflicts when what it was drafted against
 * changed since; applying runs every change through the flag, segment and dependency
 * operations with their events, in one transaction, all or nothing.
 */

/** The conflicts of a request's changes against the current state. */
export async function findConflicts(
  db: Queryable,
  request: { project: string; environment: string },
  changes: ChangeRow[],
): Promise<ChangeRequestConflicts> {
  const result: ChangeRequestConflicts = { changes: new Map(), features: new Map() };
  const checkedFeatures = new Set<string>();
  for (const change of changes) {
    if (change.feature !== null && !checkedFeatures.has(change.feature)) {
      checkedFeatures.add(change.feature);
      const flag = await featureConflict(db, change.feature, request.project);
      if (flag) result.features.set(change.feature, flag);
    }
    if (change.feature !== null && result.features.has(change.feature)) continue;
    const found = await changeConflict(db, change, request.environment);
    if (found) result.changes.set(change.id, found);
  }
  return result;
}

/** The conflicts to show on an open request; none once it is final. */
export async function conflictsForView(
  db: Queryable,
  record: ChangeRequestRecord,
): Promise<ChangeRequestConflicts> {
  const open = ['Draft', 'In review', 'Approved', 'Scheduled'].includes(record.request.state);
  if (!open) return { changes: new Map(), features: new Map() };
  return findConflicts(db, record.request, record.changes);
}

function describeConflicts(conflicts: ChangeRequestConflicts, changes: ChangeRow[]): string[] {
  const lines: string[] = [];
  for (const [feature, reason] of conflicts.features) lines.push(`${feature}: ${reason}`);
  for (const change of changes) {
    const reason = conflicts.changes.get(change.id);
    if (reason)
      lines.push(`${change.feature ?? 'segment'} (${change.action}, change ${change.id}): ${reason}`);
  }
  return lines;
}

/**
 * Applies an Approved or Scheduled change request in the caller's transaction (or a new one):
 * locks it, re-checks its state and conflicts, runs every change, marks it Applied with its
 * event. The scheduler calls this too; any refusal rolls everything back.
 */
export async function applyChangeRequest(db: Db | Queryable, id: number, actor: Actor): Promise<void> {
  const writer = plainActor(actor);
  await inTransaction(db as Db, async (trx) => {
    const request = await getChangeRequestRow(trx, id, true);
    if (!request) throw changeRequestNotFound(id);
    if (request.state !== 'Approved' && request.state !== 'Scheduled') {
      throw conflict(
        `Only an Approved or Scheduled change request can be applied; this one is ${request.state}.`,
      );
    }
    const changes = await listChanges(trx, [id]);
    const conflicts = await findConflicts(trx, request, changes);
    const lines = describeConflicts(conflicts, changes);
    if (lines.length > 0) {
      throw new ApiError(
        'ConflictError',
        `The change request conflicts with the current state: ${lines.join('; ')}. The author must update the conflicting changes.`,
        { details: lines.map((message) => ({ message })) },
      );
    }
    const target = { project: request.project, environment: request.environment };
    for (const change of changes) {
      for (const operation of toAdminOperations(change, target)) {
        await applyAdminOperation(trx, operation, writer);
      }
    }
    await setChangeRequestState(trx, id, 'Applied');
    await deleteSchedule(trx, id);
    await appendEvent(trx, {
      type: CHANGE_REQUEST_EVENT_TYPES.applied,
      createdBy: writer.name,
      createdByUserId: writer.userId,
      project: request.project,
      environment: request.environment,
      data: { changeRequestId: id, previousState: request.state },
    });
  });
}
