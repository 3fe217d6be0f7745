import {
  CHANGE_REQUEST_EVENT_TYPES,
  type ChangeRequestCreate,
  type FeatureChangeAction,
  type Permission,
} from '../../../contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../lib/caller';
import { ApiError, conflict, notFound } from '../../lib/errors';
import { invalidRequest } from '../../lib/validation-errors';
import { callerHas, maySubmitChangeRequests, permissionDenied } from '../access';
import { type Actor, appendEvent } from '../events';
import { getFeature } from '../feature-toggles';
import { applyAdminOperation } from '../operations';
import {
  ACTION_PERMISSIONS,
  changeBase,
  toAdminOperations,
  type ValidChange,
  validateChangeShape,
} from './change-actions';
import {
  type ChangeRequestRow,
  type ChangeRow,
  countChanges,
  findOpenRequest,
  getChange,
  getChangeRequestRow,
  getChangeRequestSetting,
  projectHasEnvironment,
} from './change-request-read-store';
import { JOINABLE_STATES } from './change-request-state';
import {
  clearApprovals,
  deleteChange,
  deleteChangeRequestRow,
  deleteSchedule,
  insertChange,
  insertChangeRequest,
  setChangeRequestState,
} from './change-request-store';

/**
 * Drafting (issue 13; API.md §10.1): changes go into the caller's one open request for a project
 * environment (a Draft, or one In review or Approved: issue 31 §2), validated at draft time by the very operations that will apply them (a dry run
 * rolled back), so a bad strategy answers 400 now rather than failing at apply.
 */

export const changeRequestNotFound = (id: number) => notFound(`Could not find change request with id ${id}`);

/** The plain actor the change-request paths write with: it carries no direct-write check. */
export function plainActor(actor: Actor): Actor {
  return { name: actor.name, userId: actor.userId };
}

export function isAdmin(caller: Caller): boolean {
  return callerHas(caller, 'ADMIN');
}

export function isAuthor(request: ChangeRequestRow, actor: Actor): boolean {
  const userId = actor.userId !== null && actor.userId > 0 ? actor.userId : null;
  return userId !== null ? request.createdByUserId === userId : request.authorKey === `name:${actor.name}`;
}

/** A change request of the project, locked for the rest of the transaction. */
export async function lockChangeRequest(
  db: Queryable,
  project: string,
  id: number,
): Promise<ChangeRequestRow> {
  const row = await getChangeRequestRow(db, id, true);
  if (!row || row.project !== project) throw changeRequestNotFound(id);
  return row;
}

/** The permission each change needs, the same as the direct route's. */
function permissionOf(change: ValidChange): Permission {
  if (change.feature === null) return 'UPDATE_SEGMENT';
  const environmentPermission = ACTION_PERMISSIONS[change.action as FeatureChangeAction];
  if (environmentPermission) return environmentPermission;
  return change.action === 'archiveFeature' ? 'DELETE_FEATURE' : 'UPDATE_FEATURE_DEPENDENCY';
}

function assertMayDraft(caller: Caller, change: ValidChange, project: string, environment: string): void {
  const permission = permissionOf(change);
  const allowed =
    callerHas(caller, permission, { project, environment }) ||
    (permission === 'UPDATE_SEGMENT' && callerHas(caller, 'UPDATE_PROJECT_SEGMENT', { project }));
  if (!allowed) throw permissionDenied([permission]);
}

class DryRunDone extends Error {}

/**
 * Runs the changes' operations in a transaction that always rolls back: whatever the direct API
 * would refuse (unknown strategy, bad constraint, segment in use...) is refused at draft time.
 */
async function dryRun(
  db: Db,
  changes: ValidChange[],
  target: { project: string; environment: string },
  actor: Actor,
) {
  try {
    await db.transaction().execute(async (trx) => {
      for (const change of changes) {
        for (const operation of toAdminOperations(change, target)) {
          await applyAdminOperation(trx, operation, plainActor(actor));
        }
      }
      throw new DryRunDone();
    });
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
  }
}

/** Changes posted to a project environment's draft, with who posts them. */
export interface PostedChanges {
  project: string;
  environment: string;
  changes: ChangeRequestCreate[];
  caller: Caller;
  actor: Actor;
}

/** Shape, permission, flag-in-project and dry-run checks of posted changes. */
export async function validateChanges(db: Db, input: PostedChanges): Promise<ValidChange[]> {
  const valid = input.changes.map(validateChangeShape);
  for (const change of valid) {
    assertMayDraft(input.caller, change, input.project, input.environment);
    if (change.feature !== null) {
      const flag = await getFeature(db, change.feature);
      if (!flag || flag.project !== input.project) {
        throw notFound(`There's no feature named "${change.feature}" in project "${input.project}".`);
      }
      if (flag.archivedAt) throw invalidRequest(`The flag "${change.feature}" is archived.`);
    }
  }
  await dryRun(db, valid, input, input.actor);
  return valid;
}

function changeEventData(changeRequestId: number, row: ChangeRow) {
  return {
    changeRequestId,
    change: { id: row.id, feature: row.feature, action: row.action, payload: row.payload },
  };
}

/** Inserts validated changes into a request, with their bases and `change-added` events. */
export async function insertChanges(
  db: Queryable,
  request: ChangeRequestRow,
  changes: ValidChange[],
  actor: Actor,
  eventType: string = CHANGE_REQUEST_EVENT_TYPES.changeAdded,
): Promise<ChangeRow[]> {
  const rows: ChangeRow[] = [];
  for (const change of changes) {
    const basedOn = await changeBase(db, change, request.environment);
    const row = await insertChange(db, { changeRequestId: request.id, ...change, basedOn, actor });
    rows.push(row);
    await appendEvent(db, {
      type: eventType,
      createdBy: actor.name,
      createdByUserId: actor.userId,
      project: request.project,
      environment: request.environment,
      featureName: change.feature,
      data: changeEventData(request.id, row),
    });
  }
  return rows;
}

const EDITABLE_STATES: ReadonlySet<string> = new Set(JOINABLE_STATES);

/** Editing a request under review withdraws its approvals and sends it back to review. */
async function resetReview(db: Queryable, request: ChangeRequestRow): Promise<void> {
  if (request.state === 'Draft') return;
  await clearApprovals(db, request.id);
  if (request.state !== 'In review') await setChangeRequestState(db, request.id, 'In review');
}

/** The author's open request (Draft, In review or Approved) for the environment, or a new draft. */
async function openRequest(
  db: Queryable,
  project: string,
  environment: string,
  actor: Actor,
): Promise<ChangeRequestRow> {
  const existing = await findOpenRequest(db, { project, environment, actor }, true);
  if (existing) return existing;
  const setting = await getChangeRequestSetting(db, project, environment);
  if (!setting) {
    throw invalidRequest(
      `Change requests are not enabled for environment "${environment}" in project "${project}".`,
    );
  }
  const created = await insertChangeRequest(db, {
    project,
    environment,
    minApprovals: setting.requiredApprovals,
    actor,
  });
  await appendEvent(db, {
    type: CHANGE_REQUEST_EVENT_TYPES.created,
    createdBy: actor.name,
    createdByUserId: actor.userId,
    project,
    environment,
    data: { changeRequestId: created.id },
  });
  return created;
}

/**
 * Adds changes to the author's open request, opening a draft if none (issue 31 §2): a request
 * In review or Approved takes them too, its approvals withdrawn as for an edit (Unleash's docs:
 * an author's edit to a request in review withdraws the approvals it had).
 */
async function addToOpenRequest(
  db: Queryable,
  target: { project: string; environment: string },
  changes: ValidChange[],
  actor: Actor,
): Promise<number> {
  const request = await openRequest(db, target.project, target.environment, actor);
  await insertChanges(db, request, changes, actor);
  await resetReview(db, request);
  return request.id;
}

/** POST …/environments/{env}/change-requests: adds to the caller's open request; answers its id. */
export async function addChangesToDraft(db: Db, input: PostedChanges): Promise<number> {
  const actor = plainActor(input.actor);
  const setting = await getChangeRequestSetting(db, input.project, input.environment);
  if (!setting) {
    if (!(await projectHasEnvironment(db, input.project, input.environment))) {
      throw notFound(`Environment "${input.environment}" is not enabled for project "${input.project}".`);
    }
    throw invalidRequest(
      `Change requests are not enabled for environment "${input.environment}" in project "${input.project}".`,
    );
  }
  if (!(await maySubmitChangeRequests(db, input.caller, input.project))) {
    throw new ApiError(
      'NoAccessError',
      `Project "${input.project}" is protected: only its members may submit change requests.`,
    );
  }
  const changes = await validateChanges(db, input);
  const write = () => inTransaction(db, (trx) => addToOpenRequest(trx, input, changes, actor));
  try {
    return await write();
  } catch (error) {
    // Two first drafts raced on the one-draft index: the loser adds to the winner's draft.
    if (isUniqueViolation(error)) return write();
    throw error;
  }
}

async function lockEditable(
  db: Queryable,
  input: { project: string; changeRequestId: number; caller: Caller; actor: Actor },
): Promise<ChangeRequestRow> {
  const request = await lockChangeRequest(db, input.project, input.changeRequestId);
  if (!isAuthor(request, input.actor) && !isAdmin(input.caller)) {
    throw new ApiError('NoAccessError', 'Only the author of a change request can change it.');
  }
  if (!EDITABLE_STATES.has(request.state)) {
    throw conflict(`A change request that is ${request.state} cannot be edited.`);
  }
  return request;
}

/** PUT …/changes/{changeId}: replaces the change with a new one (a new id, a fresh base). */
export async function editChange(
  db: Db,
  input: {
    project: string;
    changeRequestId: number;
    changeId: number;
    change: ChangeRequestCreate;
    caller: Caller;
    actor: Actor;
  },
): Promise<void> {
  const actor = plainActor(input.actor);
  const current = await getChangeRequestRow(db, input.changeRequestId);
  if (!current || current.project !== input.project) throw changeRequestNotFound(input.changeRequestId);
  const [valid] = await validateChanges(db, {
    project: input.project,
    environment: current.environment,
    changes: [input.change],
    caller: input.caller,
    actor,
  });
  await inTransaction(db, async (trx) => {
    const request = await lockEditable(trx, { ...input, actor });
    const existing = await getChange(trx, request.id, input.changeId);
    if (!existing) throw notFound(`Could not find change with id ${input.changeId}`);
    await deleteChange(trx, request.id, existing.id);
    await insertChanges(trx, request, valid ? [valid] : [], actor, CHANGE_REQUEST_EVENT_TYPES.changeEdited);
    await resetReview(trx, request);
  });
}

/** DELETE …/changes/{changeId}; the last change going discards the request (as Unleash). */
export async function discardChange(
  db: Db,
  input: { project: string; changeRequestId: number; changeId: number; caller: Caller; actor: Actor },
): Promise<void> {
  const actor = plainActor(input.actor);
  await inTransaction(db, async (trx) => {
    const request = await lockEditable(trx, { ...input, actor });
    const existing = await getChange(trx, request.id, input.changeId);
    if (!existing) throw notFound(`Could not find change with id ${input.changeId}`);
    await deleteChange(trx, request.id, existing.id);
    const event = { createdBy: actor.name, createdByUserId: actor.userId, project: request.project };
    await appendEvent(trx, {
      ...event,
      type: CHANGE_REQUEST_EVENT_TYPES.changeDiscarded,
      environment: request.environment,
      featureName: existing.feature,
      data: changeEventData(request.id, existing),
    });
    if ((await countChanges(trx, request.id)) === 0) {
      await deleteChangeRequestRow(trx, request.id);
      await appendEvent(trx, {
        ...event,
        type: CHANGE_REQUEST_EVENT_TYPES.discarded,
        environment: request.environment,
        data: { changeRequestId: request.id },
      });
      return;
    }
    await resetReview(trx, request);
  });
}

/** DELETE …/change-requests/{id}: discards an open request (author or admin). */
export async function discardChangeRequest(
  db: Db,
  input: { project: string; id: number; caller: Caller; actor: Actor },
): Promise<void> {
  const actor = plainActor(input.actor);
  await inTransaction(db, async (trx) => {
    const request = await lockChangeRequest(trx, input.project, input.id);
    if (!isAuthor(request, actor) && !isAdmin(input.caller)) {
      throw new ApiError('NoAccessError', 'Only the author of a change request can delete it.');
    }
    if (request.state === 'Applied')
      throw conflict('An applied change request is history: it cannot be deleted.');
    await deleteSchedule(trx, request.id);
    await deleteChangeRequestRow(trx, request.id);
    await appendEvent(trx, {
      type: CHANGE_REQUEST_EVENT_TYPES.discarded,
      createdBy: actor.name,
      createdByUserId: actor.userId,
      project: request.project,
      environment: request.environment,
      data: { changeRequestId: request.id, state: request.state },
    });
  });
}

/**
 * Adds changes to the actor's open request for a project environment inside the caller's
 * transaction, opening a draft if needed (imports into a governed environment, issue 18). The changes come
 * from a validated import plan, so only their shape is checked here; applying them later runs
 * the same operations and their checks.
 */
export async function draftChangesInTransaction(
  db: Queryable,
  input: { project: string; environment: string; changes: ChangeRequestCreate[]; actor: Actor },
): Promise<number> {
  const actor = plainActor(input.actor);
  const valid = input.changes.map(validateChangeShape);
  return addToOpenRequest(db, input, valid, actor);
}
