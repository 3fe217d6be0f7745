import type { ActionSet, ActionSetEvent, CreateActionSet } from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { badData, notFound } from '../../lib/errors';
import { appendEvent } from '../events';
import {
  type ActionSetRecord,
  countActionSetsOfProject,
  deleteActionSet,
  getActionSet,
  insertActionSet,
  isServiceAccount,
  listActionSetEvents,
  listActionSetsOfProject,
  lockProjectForActionSets,
  type NewActionSet,
  projectExists,
  replaceActionSet,
  setActionSetEnabled,
} from './action-set-store';
import { exceedsLimit } from './signal-endpoint-service';
import { getSignalEndpoint } from './signal-endpoint-store';

/** Unleash's resource limits for actions (shared/unleash/API.md §6 "Limits"). */
export const ACTION_SETS_PER_PROJECT_LIMIT = 5;
export const ACTIONS_PER_SET_LIMIT = 10;
export const FILTERS_PER_SET_LIMIT = 5;
export const VALUES_PER_FILTER_LIMIT = 25;

export function toActionSet(record: ActionSetRecord): ActionSet {
  return {
    id: record.id,
    enabled: record.enabled,
    name: record.name,
    description: record.description,
    project: record.project,
    actorId: record.actorId,
    match: { source: 'signal-endpoint', sourceId: record.sourceId, payload: record.filters },
    actions: record.actions.map((action) => ({
      id: action.id,
      action: action.action,
      sortOrder: action.sortOrder,
      executionParams: action.executionParams,
      createdAt: action.createdAt.toISOString(),
      createdByUserId: action.createdByUserId,
    })),
    createdAt: record.createdAt.toISOString(),
    createdByUserId: record.createdByUserId,
  };
}

const setNotFound = (id: number) => notFound(`Could not find action set with id ${id}.`);

export type ActionSetService = ReturnType<typeof createActionSetService>;

/** Checks a body against Unleash's limits and its references, and gives the row to store. */
async function validatedActionSet(
  db: Db,
  project: string,
  body: CreateActionSet,
  createdByUserId: number | null,
): Promise<NewActionSet> {
  const filters = Object.entries(body.match.payload);
  if (filters.length > FILTERS_PER_SET_LIMIT) throw exceedsLimit('action set filter', FILTERS_PER_SET_LIMIT);
  for (const [, filter] of filters) {
    if ((filter.values?.length ?? 0) > VALUES_PER_FILTER_LIMIT) {
      throw exceedsLimit('action set filter value', VALUES_PER_FILTER_LIMIT);
    }
  }
  if (body.actions.length > ACTIONS_PER_SET_LIMIT) throw exceedsLimit('action', ACTIONS_PER_SET_LIMIT);
  for (const action of body.actions) {
    if (action.executionParams.project !== project) {
      throw badData(`An action may only act on its own project "${project}".`);
    }
  }
  if (!(await isServiceAccount(db, body.actorId))) {
    throw badData(`The actor ${body.actorId} is not a service account.`);
  }
  if (!(await getSignalEndpoint(db, body.match.sourceId))) {
    throw badData(`Could not find signal endpoint with id ${body.match.sourceId}.`);
  }
  return {
    project,
    name: body.name,
    description: body.description ?? null,
    enabled: body.enabled ?? true,
    actorId: body.actorId,
    sourceId: body.match.sourceId,
    filters: body.match.payload,
    actions: [...body.actions].sort((a, b) => a.sortOrder - b.sortOrder),
    createdByUserId,
  };
}

async function assertProjectExists(db: Db, project: string) {
  if (!(await projectExists(db, project))) throw notFound(`Could not find project with id ${project}.`);
}

/** Changes an existing set in one transaction and logs `actions-updated` with its before and after. */
async function changeActionSet(
  db: Db,
  project: string,
  id: number,
  actor: AuditActor,
  change: (trx: Db) => Promise<unknown>,
): Promise<ActionSet> {
  const updated = await inTransaction(db, async (trx) => {
    const before = await getActionSet(trx, project, id);
    if (!before) throw setNotFound(id);
    await change(trx);
    const after = (await getActionSet(trx, project, id)) as ActionSetRecord;
    await appendEvent(trx, {
      type: 'actions-updated',
      ...actor,
      project,
      data: toActionSet(after),
      preData: toActionSet(before),
    });
    return after;
  });
  return toActionSet(updated);
}

/** Action sets of a project: validated against Unleash's limits, each change one transaction with its event. */
export function createActionSetService(db: Db) {
  return {
    async list(project: string): Promise<ActionSet[]> {
      await assertProjectExists(db, project);
      return (await listActionSetsOfProject(db, project)).map(toActionSet);
    },

    async create(project: string, body: CreateActionSet, actor: AuditActor): Promise<ActionSet> {
      await assertProjectExists(db, project);
      const set = await validatedActionSet(db, project, body, actor.createdByUserId);
      const created = await inTransaction(db, async (trx) => {
        // Serialises creations in one project so two cannot both pass the limit.
        await lockProjectForActionSets(trx, project);
        if ((await countActionSetsOfProject(trx, project)) >= ACTION_SETS_PER_PROJECT_LIMIT) {
          throw exceedsLimit('action set', ACTION_SETS_PER_PROJECT_LIMIT);
        }
        const id = await insertActionSet(trx, set);
        const record = (await getActionSet(trx, project, id)) as ActionSetRecord;
        await appendEvent(trx, { type: 'actions-created', ...actor, project, data: toActionSet(record) });
        return record;
      });
      return toActionSet(created);
    },

    async update(project: string, id: number, body: CreateActionSet, actor: AuditActor): Promise<ActionSet> {
      await assertProjectExists(db, project);
      const set = await validatedActionSet(db, project, body, actor.createdByUserId);
      return changeActionSet(db, project, id, actor, (trx) => replaceActionSet(trx, id, set));
    },

    async setEnabled(project: string, id: number, enabled: boolean, actor: AuditActor): Promise<ActionSet> {
      return changeActionSet(db, project, id, actor, (trx) => setActionSetEnabled(trx, id, enabled));
    },

    async remove(project: string, id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (trx) => {
        const before = await getActionSet(trx, project, id);
        if (!before) throw setNotFound(id);
        await deleteActionSet(trx, id);
        await appendEvent(trx, { type: 'actions-deleted', ...actor, project, preData: toActionSet(before) });
      });
    },

    async events(
      project: string,
      id: number,
      page: { limit: number; offset: number },
    ): Promise<ActionSetEvent[]> {
      if (!(await getActionSet(db, project, id))) throw setNotFound(id);
      return (await listActionSetEvents(db, id, page)).map((event) => ({
        id: event.id,
        actionSetId: event.actionSetId,
        signalId: event.signalId,
        createdAt: event.createdAt.toISOString(),
        state: event.state,
        signal: event.signal as ActionSetEvent['signal'],
        actionSet: event.actionSet as ActionSetEvent['actionSet'],
      }));
    },
  };
}
