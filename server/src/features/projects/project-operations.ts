import {
  type CreateFeatureStrategy,
  type CreateProject,
  clampRequiredApprovals,
  type UpdateProject,
  type UpdateProjectSettings,
} from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { compileRe2 } from '../../evaluation';
import { ApiError, invalidOperation, nameExists, notFound } from '../../lib/errors';
import { invalidRequest } from '../../lib/validation-errors';
import { addUserProjectRoles, getRoleByName } from '../access';
import { validateConstraints } from '../constraints';
import { type Actor, appendEvent } from '../events';
import {
  addProjectEnvironment,
  enabledEnvironmentNames,
  getProjectEnvironments,
  insertChangeRequestSettings,
  knownEnvironmentNames,
  removeProjectEnvironment,
  setProjectEnvironmentDefaultStrategy,
  strategyTypeExists,
} from './project-environment-store';
import {
  countActiveFeatures,
  deleteProject,
  getProject,
  insertProject,
  PROJECT_EXISTS,
  type ProjectRow,
  projectEventData,
  updateProject,
} from './project-store';

/**
 * Every change to projects and their environments as a serialisable operation, applied with
 * its event in the caller's transaction by `applyProjectOperation`.
 */
export type ProjectOperation =
  | { kind: 'create-project'; project: CreateProject }
  | { kind: 'update-project'; id: string; changes: UpdateProject }
  | { kind: 'update-project-settings'; id: string; settings: UpdateProjectSettings }
  | { kind: 'delete-project'; id: string }
  | { kind: 'archive-project'; id: string }
  | { kind: 'revive-project'; id: string }
  | {
      kind: 'add-project-environment';
      id: string;
      environment: string;
      defaultStrategy?: CreateFeatureStrategy;
    }
  | { kind: 'remove-project-environment'; id: string; environment: string }
  | {
      kind: 'set-project-default-strategy';
      id: string;
      environment: string;
      strategy: CreateFeatureStrategy;
    };

export interface ProjectOperationResults {
  'create-project': ProjectRow & {
    environments: string[];
    changeRequestEnvironments: Array<{ name: string; requiredApprovals: number }>;
  };
  'update-project': ProjectRow;
  'update-project-settings': ProjectRow;
  'delete-project': undefined;
  'archive-project': ProjectRow;
  'revive-project': ProjectRow;
  'add-project-environment': undefined;
  'remove-project-environment': undefined;
  'set-project-default-strategy': CreateFeatureStrategy;
}

export const PROJECT_OPERATION_KINDS: ReadonlySet<string> = new Set<ProjectOperation['kind']>([
  'create-project',
  'update-project',
  'update-project-settings',
  'delete-project',
  'archive-project',
  'revive-project',
  'add-project-environment',
  'remove-project-environment',
  'set-project-default-strategy',
]);

export const projectNotFound = (id: string) => notFound(`Could not find project with id ${id}`);

/** A project id derived from its name when none is given: lower case, URL-safe. */
export function projectIdFromName(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_~.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'project';
}

function checkNaming(settings: UpdateProjectSettings['featureNaming']): void {
  if (!settings?.pattern) {
    if (settings?.example) {
      throw invalidRequest('You have provided a feature flag naming example, but no naming pattern.');
    }
    return;
  }
  const pattern = compileRe2(`^(?:${settings.pattern})$`, false);
  if (!pattern)
    throw invalidRequest(`The naming pattern "${settings.pattern}" is not a valid regular expression.`);
  if (settings.example && !pattern.test(settings.example)) {
    throw invalidRequest(
      `You've provided a feature flag naming example ("${settings.example}") that doesn't match your feature flag naming pattern ("${settings.pattern}").`,
    );
  }
}

async function lockProject(db: Queryable, id: string): Promise<ProjectRow> {
  const project = await getProject(db, id, true);
  if (!project) throw projectNotFound(id);
  return project;
}

async function checkEnvironmentsExist(db: Queryable, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const known = await knownEnvironmentNames(db, names);
  const unknown = names.find((name) => !known.has(name));
  if (unknown !== undefined) throw invalidRequest(`Environment ${unknown} does not exist`);
}

async function checkDefaultStrategy(db: Queryable, strategy: CreateFeatureStrategy): Promise<void> {
  if (!(await strategyTypeExists(db, strategy.name))) {
    throw invalidRequest(`Could not find strategy type with name ${strategy.name}`);
  }
  await validateConstraints(db, strategy.constraints ?? []);
}

async function record(db: Queryable, actor: Actor, type: string, project: string, extra: object = {}) {
  await appendEvent(db, { type, createdBy: actor.name, createdByUserId: actor.userId, project, ...extra });
}

type OperationOf<K extends ProjectOperation['kind']> = Extract<ProjectOperation, { kind: K }>;
type Handler<K extends ProjectOperation['kind']> = (
  db: Queryable,
  op: OperationOf<K>,
  actor: Actor,
) => Promise<ProjectOperationResults[K]>;

/** Change requests on from the start (createProjectSchema.changeRequestEnvironments, issue 13). */
function changeRequestEnvironmentsOf(input: CreateProject, environments: readonly string[]) {
  const changeRequestEnvironments = (input.changeRequestEnvironments ?? []).map((env) => ({
    name: env.name,
    requiredApprovals: clampRequiredApprovals(env.requiredApprovals),
  }));
  const unknown = changeRequestEnvironments.find((env) => !environments.includes(env.name));
  if (unknown) {
    throw invalidRequest(
      `Change requests can only be enabled for the project's environments, not "${unknown.name}".`,
    );
  }
  return changeRequestEnvironments;
}

/**
 * As Unleash does on creating a project: the user who creates it becomes its Owner. An admin API
 * token (no user, or the pseudo user -42) makes no one owner.
 */
async function makeCreatorOwner(db: Queryable, project: string, actor: Actor): Promise<void> {
  if (actor.userId === null || actor.userId <= 0) return;
  const owner = await getRoleByName(db, 'Owner');
  if (owner?.type !== 'project') return;
  await addUserProjectRoles(db, project, actor.userId, [owner.id], actor.userId);
}

const createProject: Handler<'create-project'> = async (db, op, actor) => {
  const input = op.project;
  const id = input.id?.trim() ? input.id.trim() : projectIdFromName(input.name);
  if (await getProject(db, id)) throw nameExists(PROJECT_EXISTS);
  let environments = input.environments;
  if (environments === undefined) {
    environments = await enabledEnvironmentNames(db);
  } else {
    await checkEnvironmentsExist(db, environments);
  }
  await insertProject(db, {
    id,
    name: input.name,
    description: input.description ?? null,
    mode: input.mode ?? 'open',
    defaultStickiness: input.defaultStickiness ?? 'default',
    featureLimit: input.featureLimit ?? null,
    featureNaming: { pattern: null, example: null, description: null },
    linkTemplates: [],
  });
  for (const environment of environments) await addProjectEnvironment(db, id, environment);
  const changeRequestEnvironments = changeRequestEnvironmentsOf(input, environments);
  await insertChangeRequestSettings(db, id, changeRequestEnvironments);
  await makeCreatorOwner(db, id, actor);
  const created = (await getProject(db, id))!;
  await record(db, actor, 'project-created', id, {
    data: { ...projectEventData(created), environments, changeRequestEnvironments },
  });
  return { ...created, environments, changeRequestEnvironments };
};

async function saveUpdate(
  db: Queryable,
  actor: Actor,
  before: ProjectRow,
  after: ProjectRow,
): Promise<ProjectRow> {
  await updateProject(db, after);
  await record(db, actor, 'project-updated', after.id, {
    data: projectEventData(after),
    preData: projectEventData(before),
  });
  return after;
}

const updateProjectOp: Handler<'update-project'> = async (db, op, actor) => {
  const before = await lockProject(db, op.id);
  return saveUpdate(db, actor, before, {
    ...before,
    name: op.changes.name,
    description: op.changes.description ?? before.description,
    mode: op.changes.mode ?? before.mode,
    defaultStickiness: op.changes.defaultStickiness ?? before.defaultStickiness,
    featureLimit: op.changes.featureLimit === undefined ? before.featureLimit : op.changes.featureLimit,
  });
};

const updateProjectSettings: Handler<'update-project-settings'> = async (db, op, actor) => {
  const before = await lockProject(db, op.id);
  checkNaming(op.settings.featureNaming);
  return saveUpdate(db, actor, before, {
    ...before,
    mode: op.settings.mode ?? before.mode,
    defaultStickiness: op.settings.defaultStickiness ?? before.defaultStickiness,
    featureLimit: op.settings.featureLimit === undefined ? before.featureLimit : op.settings.featureLimit,
    featureNaming: op.settings.featureNaming
      ? {
          pattern: op.settings.featureNaming.pattern ?? null,
          example: op.settings.featureNaming.example ?? null,
          description: op.settings.featureNaming.description ?? null,
        }
      : before.featureNaming,
    linkTemplates: op.settings.linkTemplates ?? before.linkTemplates,
  });
};

const deleteProjectOp: Handler<'delete-project'> = async (db, op, actor) => {
  if (op.id === 'default') throw invalidOperation('You can not delete the default project!');
  const before = await lockProject(db, op.id);
  if ((await countActiveFeatures(db, op.id)) > 0) {
    throw invalidOperation('You can not delete a project with active feature flags');
  }
  await deleteProject(db, op.id);
  await record(db, actor, 'project-deleted', op.id, { preData: projectEventData(before) });
  return undefined;
};

const archiveProject: Handler<'archive-project'> = async (db, op, actor) => {
  if (op.id === 'default') throw invalidOperation('You can not archive the default project!');
  const before = await lockProject(db, op.id);
  if ((await countActiveFeatures(db, op.id)) > 0) {
    throw invalidOperation('You can not archive a project with active feature flags');
  }
  if (before.archivedAt) return before;
  const after = { ...before, archivedAt: new Date() };
  await updateProject(db, after);
  await record(db, actor, 'project-archived', op.id, { data: projectEventData(after) });
  return after;
};

const reviveProject: Handler<'revive-project'> = async (db, op, actor) => {
  const before = await lockProject(db, op.id);
  if (!before.archivedAt) return before;
  const after = { ...before, archivedAt: null };
  await updateProject(db, after);
  await record(db, actor, 'project-revived', op.id, { data: projectEventData(after) });
  return after;
};

const addEnvironment: Handler<'add-project-environment'> = async (db, op, actor) => {
  await lockProject(db, op.id);
  await checkEnvironmentsExist(db, [op.environment]);
  const current = await getProjectEnvironments(db, op.id);
  if (current.some((row) => row.environment === op.environment)) {
    throw nameExists(`${op.id} already has the environment ${op.environment} enabled`);
  }
  await addProjectEnvironment(db, op.id, op.environment);
  if (op.defaultStrategy) {
    await checkDefaultStrategy(db, op.defaultStrategy);
    await setProjectEnvironmentDefaultStrategy(db, op.id, op.environment, op.defaultStrategy);
  }
  await record(db, actor, 'project-environment-added', op.id, { environment: op.environment });
  return undefined;
};

const removeEnvironment: Handler<'remove-project-environment'> = async (db, op, actor) => {
  await lockProject(db, op.id);
  const current = await getProjectEnvironments(db, op.id);
  if (!current.some((row) => row.environment === op.environment)) {
    throw notFound(`Environment ${op.environment} is not enabled for project ${op.id}`);
  }
  if (current.length <= 1) {
    throw new ApiError('MinimumOneEnvironmentError', 'You must always have one active environment');
  }
  await removeProjectEnvironment(db, op.id, op.environment);
  await record(db, actor, 'project-environment-removed', op.id, { environment: op.environment });
  return undefined;
};

const setDefaultStrategy: Handler<'set-project-default-strategy'> = async (db, op, actor) => {
  await lockProject(db, op.id);
  const current = await getProjectEnvironments(db, op.id);
  const before = current.find((row) => row.environment === op.environment);
  if (!before) throw invalidRequest('You have not added the current environment to the project');
  await checkDefaultStrategy(db, op.strategy);
  await setProjectEnvironmentDefaultStrategy(db, op.id, op.environment, op.strategy);
  await record(db, actor, 'default-strategy-updated', op.id, {
    environment: op.environment,
    data: op.strategy,
    preData: before.defaultStrategy,
  });
  return op.strategy;
};

/** One handler per operation kind, each applying its change and event in the caller's transaction. */
const HANDLERS: { [K in ProjectOperation['kind']]: Handler<K> } = {
  'create-project': createProject,
  'update-project': updateProjectOp,
  'update-project-settings': updateProjectSettings,
  'delete-project': deleteProjectOp,
  'archive-project': archiveProject,
  'revive-project': reviveProject,
  'add-project-environment': addEnvironment,
  'remove-project-environment': removeEnvironment,
  'set-project-default-strategy': setDefaultStrategy,
};

export async function applyProjectOperation<O extends ProjectOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<ProjectOperationResults[O['kind']]> {
  const handler = HANDLERS[operation.kind] as Handler<O['kind']>;
  return handler(db, operation as unknown as OperationOf<O['kind']>, actor);
}
