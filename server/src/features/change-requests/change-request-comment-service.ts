import {
  CHANGE_REQUEST_EVENT_TYPES,
  type ChangeRequestState,
  OPEN_CHANGE_REQUEST_STATES,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { callerHas } from '../access';
import { type Actor, appendEvent } from '../events';
import { authorKey } from './change-request-authors';
import {
  type ChangeRequestRow,
  getChangeRequestRow,
  listRequestedApproverIds,
} from './change-request-read-store';
import {
  insertComment,
  replaceRequestedApprovers,
  reviewerUserIds,
  setChangeRequestTitle,
} from './change-request-store';

/** Unleash caps the reviewers an author may ask for (API.md §10.1 "Transitions"). */
export const MAX_REQUESTED_APPROVERS = 10;
/** Not one of Unleash's types (it records no title change); ours, so every mutation has its event. */
export const TITLE_UPDATED_EVENT = 'change-request-title-updated';

const notFound = (id: number) =>
  new ApiError('NotFoundError', `Could not find a change request with id ${id} in this project`);

/**
 * The request addressed by `…/projects/{projectId}/change-requests/{id}`, locked for update: a
 * request of another project, or another author's draft (drafts are private), is not found.
 */
export async function findVisibleChangeRequest(
  db: Queryable,
  project: string,
  id: number,
  actor: Actor,
  lock = false,
): Promise<ChangeRequestRow> {
  const row = await getChangeRequestRow(db, id, lock);
  if (!row || row.project !== project) throw notFound(id);
  if (row.state === 'Draft' && row.authorKey !== authorKey(actor)) throw notFound(id);
  return row;
}

/** Title and requested reviewers belong to the author (admins may mend them too). */
function assertAuthor(row: ChangeRequestRow, actor: Actor, caller: Caller): void {
  if (row.authorKey === authorKey(actor) || callerHas(caller, 'ADMIN')) return;
  throw new ApiError(
    'ForbiddenError',
    'Only the author of a change request can change its title and reviewers.',
  );
}

function assertOpen(row: ChangeRequestRow): void {
  if ((OPEN_CHANGE_REQUEST_STATES as readonly ChangeRequestState[]).includes(row.state)) return;
  throw new ApiError('BadDataError', `The change request is ${row.state}: it can no longer be edited.`);
}

function eventBase(row: ChangeRequestRow, actor: Actor) {
  return {
    createdBy: actor.name,
    createdByUserId: actor.userId,
    project: row.project,
    environment: row.environment,
  };
}

/** POST …/{id}/comments: anyone who can see the request may comment, in any state. */
export async function addChangeRequestComment(
  db: Db,
  input: { project: string; id: number; text: string; actor: Actor },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await findVisibleChangeRequest(trx, input.project, input.id, input.actor, true);
    const commentId = await insertComment(trx, row.id, input.text, input.actor);
    await appendEvent(trx, {
      type: CHANGE_REQUEST_EVENT_TYPES.commentAdded,
      ...eventBase(row, input.actor),
      data: { changeRequestId: row.id, commentId, text: input.text },
    });
  });
}

/** PUT …/{id}/title: the author retitles an open request. */
export async function updateChangeRequestTitle(
  db: Db,
  input: { project: string; id: number; title: string; actor: Actor; caller: Caller },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await findVisibleChangeRequest(trx, input.project, input.id, input.actor, true);
    assertAuthor(row, input.actor, input.caller);
    assertOpen(row);
    const title = input.title.trim() === '' ? null : input.title;
    await setChangeRequestTitle(trx, row.id, title);
    await appendEvent(trx, {
      type: TITLE_UPDATED_EVENT,
      ...eventBase(row, input.actor),
      preData: { changeRequestId: row.id, title: row.title },
      data: { changeRequestId: row.id, title },
    });
  });
}

/**
 * PUT …/{id}/approvers: replaces the reviewers the author asks for (at most 10 existing,
 * human users; duplicates count once).
 */
export async function setRequestedApprovers(
  db: Db,
  input: { project: string; id: number; reviewers: number[]; actor: Actor; caller: Caller },
): Promise<void> {
  const wanted = [...new Set(input.reviewers)].sort((a, b) => a - b);
  if (wanted.length > MAX_REQUESTED_APPROVERS) {
    throw new ApiError(
      'BadDataError',
      `A change request can ask at most ${MAX_REQUESTED_APPROVERS} reviewers, got ${wanted.length}.`,
    );
  }
  await inTransaction(db, async (trx) => {
    const row = await findVisibleChangeRequest(trx, input.project, input.id, input.actor, true);
    assertAuthor(row, input.actor, input.caller);
    assertOpen(row);
    if (wanted.length > 0) {
      const known = await reviewerUserIds(trx, wanted);
      const missing = wanted.filter((id) => !known.includes(id));
      if (missing.length > 0) {
        throw new ApiError('BadDataError', `No user with id ${missing.join(', ')} can review.`, {
          details: missing.map((id) => ({ message: `No user with id ${id} can review.` })),
        });
      }
    }
    const before = await listRequestedApproverIds(trx, row.id);
    await replaceRequestedApprovers(trx, row.id, wanted);
    await appendEvent(trx, {
      type: CHANGE_REQUEST_EVENT_TYPES.requestedApproversUpdated,
      ...eventBase(row, input.actor),
      preData: { changeRequestId: row.id, reviewers: before },
      data: { changeRequestId: row.id, reviewers: wanted },
    });
  });
}
