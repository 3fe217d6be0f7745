import { sql } from 'kysely';
import type { ActionExecutionParams, ActionKind, ActionSetFilter } from '../../../contract';
import type { Queryable } from '../../db/queryable';

/** Action sets with their ordered actions, and their execution log (`action_set_events`). */

export interface ActionRecord {
  id: number;
  action: ActionKind;
  sortOrder: number;
  executionParams: ActionExecutionParams;
  createdAt: Date;
  createdByUserId: number | null;
}

export interface ActionSetRecord {
  id: number;
  project: string;
  name: string;
  description: string | null;
  enabled: boolean;
  actorId: number;
  sourceId: number;
  filters: Record<string, ActionSetFilter>;
  actions: ActionRecord[];
  createdAt: Date;
  createdByUserId: number | null;
}

export interface NewActionSet {
  project: string;
  name: string;
  description: string | null;
  enabled: boolean;
  actorId: number;
  sourceId: number;
  filters: Record<string, ActionSetFilter>;
  actions: Array<{ action: ActionKind; sortOrder: number; executionParams: ActionExecutionParams }>;
  createdByUserId: number | null;
}

export interface ActionSetEventRecord {
  id: number;
  actionSetId: number;
  signalId: number;
  state: 'started' | 'success' | 'failed';
  signal: unknown;
  actionSet: unknown;
  createdAt: Date;
}

const setColumns = [
  'id',
  'project',
  'name',
  'description',
  'enabled',
  'actor_id',
  'source_id',
  'payload',
  'created_at',
  'created_by_user_id',
] as const;

async function withActions(
  db: Queryable,
  rows: Array<{
    id: number;
    project: string;
    name: string;
    description: string | null;
    enabled: boolean;
    actor_id: number;
    source_id: number;
    payload: unknown;
    created_at: Date;
    created_by_user_id: number | null;
  }>,
): Promise<ActionSetRecord[]> {
  if (rows.length === 0) return [];
  const actions = await db
    .selectFrom('actions')
    .selectAll()
    .where(
      'action_set_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    project: row.project,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    actorId: row.actor_id,
    sourceId: row.source_id,
    filters: (row.payload ?? {}) as Record<string, ActionSetFilter>,
    createdAt: row.created_at,
    createdByUserId: row.created_by_user_id,
    actions: actions
      .filter((action) => action.action_set_id === row.id)
      .map((action) => ({
        id: action.id,
        action: action.action as ActionKind,
        sortOrder: action.sort_order,
        executionParams: action.execution_params as ActionExecutionParams,
        createdAt: action.created_at,
        createdByUserId: action.created_by_user_id,
      })),
  }));
}

export async function listActionSetsOfProject(db: Queryable, project: string): Promise<ActionSetRecord[]> {
  const rows = await db
    .selectFrom('action_sets')
    .select(setColumns)
    .where('project', '=', project)
    .orderBy('id')
    .execute();
  return withActions(db, rows);
}

/** The enabled sets listening to a signal endpoint. */
export async function listEnabledActionSetsOfSource(
  db: Queryable,
  sourceId: number,
): Promise<ActionSetRecord[]> {
  const rows = await db
    .selectFrom('action_sets')
    .select(setColumns)
    .where('source', '=', 'signal-endpoint')
    .where('source_id', '=', sourceId)
    .where('enabled', '=', true)
    .orderBy('id')
    .execute();
  return withActions(db, rows);
}

export async function getActionSet(
  db: Queryable,
  project: string,
  id: number,
): Promise<ActionSetRecord | undefined> {
  const rows = await db
    .selectFrom('action_sets')
    .select(setColumns)
    .where('project', '=', project)
    .where('id', '=', id)
    .execute();
  return (await withActions(db, rows))[0];
}

export async function countActionSetsOfProject(db: Queryable, project: string): Promise<number> {
  const row = await db
    .selectFrom('action_sets')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('project', '=', project)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function insertActions(db: Queryable, actionSetId: number, set: NewActionSet): Promise<void> {
  if (set.actions.length === 0) return;
  await db
    .insertInto('actions')
    .values(
      set.actions.map((action) => ({
        action_set_id: actionSetId,
        sort_order: action.sortOrder,
        action: action.action,
        execution_params: JSON.stringify(action.executionParams),
        created_by_user_id: set.createdByUserId,
      })),
    )
    .execute();
}

export async function insertActionSet(db: Queryable, set: NewActionSet): Promise<number> {
  const row = await db
    .insertInto('action_sets')
    .values({
      project: set.project,
      name: set.name,
      description: set.description,
      enabled: set.enabled,
      actor_id: set.actorId,
      source: 'signal-endpoint',
      source_id: set.sourceId,
      payload: JSON.stringify(set.filters),
      created_by_user_id: set.createdByUserId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertActions(db, row.id, set);
  return row.id;
}

/** Replaces a set's definition and its actions. */
export async function replaceActionSet(db: Queryable, id: number, set: NewActionSet): Promise<void> {
  await db
    .updateTable('action_sets')
    .set({
      name: set.name,
      description: set.description,
      enabled: set.enabled,
      actor_id: set.actorId,
      source_id: set.sourceId,
      payload: JSON.stringify(set.filters),
    })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('actions').where('action_set_id', '=', id).execute();
  await insertActions(db, id, set);
}

export async function setActionSetEnabled(db: Queryable, id: number, enabled: boolean): Promise<void> {
  await db.updateTable('action_sets').set({ enabled }).where('id', '=', id).execute();
}

export async function deleteActionSet(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('action_sets').where('id', '=', id).execute();
}

export async function insertActionSetEvent(
  db: Queryable,
  event: { actionSetId: number; signalId: number; state: 'started'; signal: unknown; actionSet: unknown },
  keep: number,
): Promise<number> {
  const row = await db
    .insertInto('action_set_events')
    .values({
      action_set_id: event.actionSetId,
      signal_id: event.signalId,
      state: event.state,
      signal: JSON.stringify(event.signal),
      action_set: JSON.stringify(event.actionSet),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`DELETE FROM action_set_events WHERE action_set_id = ${event.actionSetId}
    AND id <= (SELECT id FROM action_set_events WHERE action_set_id = ${event.actionSetId}
               ORDER BY id DESC OFFSET ${keep} LIMIT 1)`.execute(db);
  return row.id;
}

export async function finishActionSetEvent(
  db: Queryable,
  id: number,
  state: 'success' | 'failed',
  actionSet: unknown,
): Promise<void> {
  await db
    .updateTable('action_set_events')
    .set({ state, action_set: JSON.stringify(actionSet) })
    .where('id', '=', id)
    .execute();
}

export async function listActionSetEvents(
  db: Queryable,
  actionSetId: number,
  page: { limit: number; offset: number },
): Promise<ActionSetEventRecord[]> {
  const rows = await db
    .selectFrom('action_set_events')
    .selectAll()
    .where('action_set_id', '=', actionSetId)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    actionSetId: row.action_set_id,
    signalId: row.signal_id,
    state: row.state,
    signal: row.signal,
    actionSet: row.action_set,
    createdAt: row.created_at,
  }));
}

/** Whether a user id is a service account (actions run only as one). */
export async function isServiceAccount(db: Queryable, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('is_service', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

export async function serviceAccountOf(
  db: Queryable,
  userId: number,
): Promise<{ id: number; username: string | null; name: string | null; email: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email'])
    .where('id', '=', userId)
    .where('is_service', '=', true)
    .executeTakeFirst();
}

/** Whether a flag is enabled in an environment (TOGGLE_FEATURE flips it). */
export async function featureEnvironmentEnabled(
  db: Queryable,
  featureName: string,
  environment: string,
): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('feature_environments')
    .select('enabled')
    .where('feature_name', '=', featureName)
    .where('environment', '=', environment)
    .executeTakeFirst();
  return row?.enabled;
}

export async function projectExists(db: Queryable, project: string): Promise<boolean> {
  const row = await db.selectFrom('projects').select('id').where('id', '=', project).executeTakeFirst();
  return row !== undefined;
}

/** Locks the project's row: creations in one project are serialised, so two cannot both pass the limit. */
export async function lockProjectForActionSets(db: Queryable, project: string): Promise<void> {
  await db.selectFrom('projects').select('id').where('id', '=', project).forUpdate().execute();
}
