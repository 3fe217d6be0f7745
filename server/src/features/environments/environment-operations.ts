import type { CloneEnvironment, CreateEnvironment, Environment, UpdateEnvironment } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { ApiError, nameExists, notFound } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';
import {
  copyEnvironmentContents,
  deleteEnvironment,
  type EnvironmentRow,
  environmentExists,
  getEnvironment,
  insertEnvironment,
  toEnvironment,
  updateEnvironment,
} from './environment-store';

/**
 * Every change to environments as a serialisable operation, applied with its event in the
 * caller's transaction by `applyEnvironmentOperation`.
 */
export type EnvironmentOperation =
  | { kind: 'create-environment'; environment: CreateEnvironment }
  | { kind: 'update-environment'; name: string; changes: UpdateEnvironment }
  | { kind: 'delete-environment'; name: string }
  | { kind: 'clone-environment'; source: string; clone: CloneEnvironment }
  | { kind: 'set-environment-enabled'; name: string; enabled: boolean }
  | { kind: 'set-environment-sort-order'; sortOrder: Record<string, number> };

export interface EnvironmentOperationResults {
  'create-environment': Environment;
  'update-environment': Environment;
  'delete-environment': undefined;
  'clone-environment': Environment;
  'set-environment-enabled': Environment;
  'set-environment-sort-order': undefined;
}

export const ENVIRONMENT_OPERATION_KINDS: ReadonlySet<string> = new Set<EnvironmentOperation['kind']>([
  'create-environment',
  'update-environment',
  'delete-environment',
  'clone-environment',
  'set-environment-enabled',
  'set-environment-sort-order',
]);

const missing = (name: string) => notFound(`Could not find environment with name: ${name}`);

function assertUnprotected(environment: EnvironmentRow, action: string): void {
  if (environment.protected) {
    throw new ApiError(
      'BadDataError',
      `Environment ${environment.name} is protected and cannot be ${action}`,
    );
  }
}

async function record(
  db: Queryable,
  actor: Actor,
  type: string,
  name: string,
  data: unknown,
  preData?: unknown,
) {
  await appendEvent(db, {
    type,
    createdBy: actor.name,
    createdByUserId: actor.userId,
    data,
    preData,
    environment: name,
  });
}

type OperationOf<K extends EnvironmentOperation['kind']> = Extract<EnvironmentOperation, { kind: K }>;
type Handler<K extends EnvironmentOperation['kind']> = (
  db: Queryable,
  op: OperationOf<K>,
  actor: Actor,
) => Promise<EnvironmentOperationResults[K]>;

const createEnvironment: Handler<'create-environment'> = async (db, op, actor) => {
  const input = op.environment;
  if (await getEnvironment(db, input.name)) throw nameExists(environmentExists(input.name));
  const row: EnvironmentRow = {
    name: input.name,
    type: input.type,
    sortOrder: input.sortOrder ?? 9999,
    enabled: input.enabled ?? true,
    protected: false,
    requiredApprovals: input.requiredApprovals ?? null,
  };
  await insertEnvironment(db, row);
  await record(db, actor, 'environment-created', row.name, toEnvironment(row));
  return toEnvironment(row);
};

const updateEnvironmentOp: Handler<'update-environment'> = async (db, op, actor) => {
  const before = await getEnvironment(db, op.name, true);
  if (!before) throw missing(op.name);
  assertUnprotected(before, 'updated');
  const after: EnvironmentRow = {
    ...before,
    type: op.changes.type ?? before.type,
    sortOrder: op.changes.sortOrder ?? before.sortOrder,
    requiredApprovals:
      op.changes.requiredApprovals === undefined ? before.requiredApprovals : op.changes.requiredApprovals,
  };
  await updateEnvironment(db, after);
  await record(db, actor, 'environment-updated', op.name, toEnvironment(after), toEnvironment(before));
  return toEnvironment(after);
};

const deleteEnvironmentOp: Handler<'delete-environment'> = async (db, op, actor) => {
  const before = await getEnvironment(db, op.name, true);
  if (!before) throw missing(op.name);
  assertUnprotected(before, 'deleted');
  await deleteEnvironment(db, op.name);
  await record(db, actor, 'environment-deleted', op.name, null, toEnvironment(before));
  return undefined;
};

const cloneEnvironment: Handler<'clone-environment'> = async (db, op, actor) => {
  const source = await getEnvironment(db, op.source);
  if (!source) throw missing(op.source);
  if (await getEnvironment(db, op.clone.name)) throw nameExists(environmentExists(op.clone.name));
  const row: EnvironmentRow = {
    name: op.clone.name,
    type: op.clone.type,
    sortOrder: source.sortOrder,
    enabled: true,
    protected: false,
    requiredApprovals: source.requiredApprovals,
  };
  await insertEnvironment(db, row);
  await record(db, actor, 'environment-created', row.name, toEnvironment(row));
  const projects = await copyEnvironmentContents(db, op.source, op.clone.name, op.clone.projects);
  for (const project of projects) {
    await appendEvent(db, {
      type: 'project-environment-added',
      createdBy: actor.name,
      createdByUserId: actor.userId,
      project,
      environment: row.name,
    });
  }
  return toEnvironment(row);
};

const setEnvironmentEnabled: Handler<'set-environment-enabled'> = async (db, op, actor) => {
  const before = await getEnvironment(db, op.name, true);
  if (!before) throw notFound(`Could not find environment ${op.name}`);
  if (before.enabled === op.enabled) return toEnvironment(before);
  const after = { ...before, enabled: op.enabled };
  await updateEnvironment(db, after);
  await record(db, actor, 'environment-updated', op.name, toEnvironment(after), toEnvironment(before));
  return toEnvironment(after);
};

const setEnvironmentSortOrder: Handler<'set-environment-sort-order'> = async (db, op, actor) => {
  // Unknown names are ignored, as Unleash does.
  // Locked in name order, so two reorderings cannot deadlock.
  for (const [name, sortOrder] of Object.entries(op.sortOrder).sort(([a], [b]) => a.localeCompare(b))) {
    const before = await getEnvironment(db, name, true);
    if (!before || before.sortOrder === sortOrder) continue;
    const after = { ...before, sortOrder };
    await updateEnvironment(db, after);
    await record(db, actor, 'environment-updated', name, toEnvironment(after), toEnvironment(before));
  }
  return undefined;
};

/** One handler per operation kind, each applying its change and event in the caller's transaction. */
const HANDLERS: { [K in EnvironmentOperation['kind']]: Handler<K> } = {
  'create-environment': createEnvironment,
  'update-environment': updateEnvironmentOp,
  'delete-environment': deleteEnvironmentOp,
  'clone-environment': cloneEnvironment,
  'set-environment-enabled': setEnvironmentEnabled,
  'set-environment-sort-order': setEnvironmentSortOrder,
};

export async function applyEnvironmentOperation<O extends EnvironmentOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<EnvironmentOperationResults[O['kind']]> {
  const handler = HANDLERS[operation.kind] as Handler<O['kind']>;
  return handler(db, operation as unknown as OperationOf<O['kind']>, actor);
}
