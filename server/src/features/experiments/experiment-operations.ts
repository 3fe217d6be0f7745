import type {
  CreateExperiment,
  Experiment,
  ExperimentDecisionBody,
  UpdateExperiment,
} from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { conflict, notFound } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';
import { getFeature, getFeatureEnvironment, getStrategies } from '../feature-toggles';
import {
  assertStartable,
  assertStatus,
  assertValidMetrics,
  decisionOf,
  variantSplit,
} from './experiment-rules';
import {
  deleteExperimentRow,
  type ExperimentDefinition,
  findRunningExperiment,
  getExperiment,
  insertExperiment,
  markStarted,
  markStopped,
  setDecision,
  updateExperimentDefinition,
} from './experiment-store';

/**
 * Experiments on a flag as serialisable operations (issue 35 §3): the REST routes apply them, and
 * change requests apply `start-experiment` / `stop-experiment` (the `startExperiment` and
 * `stopExperiment` change actions) later. Each runs in the caller's transaction with its event,
 * which names the flag, so it shows in the flag's history.
 */
interface OnFlag {
  project: string;
  featureName: string;
}

export type ExperimentOperation =
  | (OnFlag & { kind: 'create-experiment'; experiment: CreateExperiment })
  | (OnFlag & { kind: 'update-experiment'; experimentId: number; experiment: UpdateExperiment })
  | (OnFlag & { kind: 'delete-experiment'; experimentId: number })
  | (OnFlag & { kind: 'start-experiment'; environment: string; experimentId: number })
  | (OnFlag & { kind: 'stop-experiment'; environment: string; experimentId: number })
  | (OnFlag & { kind: 'decide-experiment'; experimentId: number; decision: ExperimentDecisionBody });

export interface ExperimentOperationResults {
  'create-experiment': Experiment;
  'update-experiment': Experiment;
  'delete-experiment': undefined;
  'start-experiment': Experiment;
  'stop-experiment': Experiment;
  'decide-experiment': Experiment;
}

export const EXPERIMENT_OPERATION_KINDS: ReadonlySet<string> = new Set<ExperimentOperation['kind']>([
  'create-experiment',
  'update-experiment',
  'delete-experiment',
  'start-experiment',
  'stop-experiment',
  'decide-experiment',
]);

/**
 * The operations that change what a flag environment does, so change requests govern them
 * (read by change-requests/direct-write-check.ts); the others only describe the experiment.
 */
export const GOVERNED_EXPERIMENT_OPERATION_KINDS: ReadonlySet<string> = new Set<ExperimentOperation['kind']>([
  'start-experiment',
  'stop-experiment',
]);

type OperationOf<K extends ExperimentOperation['kind']> = Extract<ExperimentOperation, { kind: K }>;
type Handler<K extends ExperimentOperation['kind']> = (
  db: Queryable,
  op: OperationOf<K>,
  actor: Actor,
  now: Date,
) => Promise<ExperimentOperationResults[K]>;

/** The flag, locked, when it is in the project and not archived; 404 otherwise. */
async function requireFlag(db: Queryable, target: OnFlag): Promise<void> {
  const feature = await getFeature(db, target.featureName, true);
  if (!feature || feature.project !== target.project || feature.archivedAt) {
    throw notFound(`There's no feature named "${target.featureName}" in project "${target.project}".`);
  }
}

/** The experiment, locked, when it belongs to this flag (and environment, when given). */
async function requireExperiment(
  db: Queryable,
  target: OnFlag & { environment?: string },
  id: number,
): Promise<Experiment> {
  const experiment = await getExperiment(db, id, true);
  if (
    !experiment ||
    experiment.featureName !== target.featureName ||
    experiment.project !== target.project ||
    (target.environment !== undefined && experiment.environment !== target.environment)
  ) {
    throw notFound(`Could not find experiment with id ${id} on feature "${target.featureName}".`);
  }
  return experiment;
}

function definitionOf(body: CreateExperiment | UpdateExperiment, before?: Experiment): ExperimentDefinition {
  assertValidMetrics(body.metrics);
  return {
    name: body.name,
    hypothesis: body.hypothesis ?? before?.hypothesis ?? '',
    controlVariant: body.controlVariant,
    metrics: body.metrics,
    method: body.method ?? before?.method ?? 'sequential',
    alpha: body.alpha ?? before?.alpha ?? 0.05,
  };
}

const record = (db: Queryable, actor: Actor, experiment: Experiment, type: string, fields: object) =>
  appendEvent(db, {
    type,
    createdBy: actor.name,
    createdByUserId: actor.userId,
    featureName: experiment.featureName,
    project: experiment.project,
    environment: experiment.environment,
    ...fields,
  });

const createExperiment: Handler<'create-experiment'> = async (db, op, actor) => {
  const { environment } = op.experiment;
  if (!(await getFeatureEnvironment(db, op.featureName, environment))) {
    throw notFound(`Environment "${environment}" is not enabled for feature "${op.featureName}".`);
  }
  const created = await insertExperiment(
    db,
    { project: op.project, featureName: op.featureName, environment, createdByUserId: actor.userId },
    definitionOf(op.experiment),
  );
  await record(db, actor, created, 'experiment-created', { data: created });
  return created;
};

const updateExperiment: Handler<'update-experiment'> = async (db, op, actor) => {
  const before = await requireExperiment(db, op, op.experimentId);
  assertStatus(before, 'draft', 'edited');
  const updated = await updateExperimentDefinition(db, before.id, definitionOf(op.experiment, before));
  await record(db, actor, updated, 'experiment-updated', { data: updated, preData: before });
  return updated;
};

const deleteExperiment: Handler<'delete-experiment'> = async (db, op, actor) => {
  const before = await requireExperiment(db, op, op.experimentId);
  if (before.status === 'running') {
    throw conflict(`Experiment "${before.name}" is running: stop it before deleting it.`);
  }
  await deleteExperimentRow(db, before.id);
  await record(db, actor, before, 'experiment-deleted', { preData: before });
  return undefined;
};

/** The split the flag serves in the environment now: its variants, else its first strategy's. */
async function currentSplit(db: Queryable, featureName: string, environment: string) {
  const flagEnvironment = await getFeatureEnvironment(db, featureName, environment);
  if (!flagEnvironment) {
    throw notFound(`Environment "${environment}" is not enabled for feature "${featureName}".`);
  }
  const strategies = (await getStrategies(db, featureName, environment)).filter((s) => !s.disabled);
  return variantSplit(
    flagEnvironment.variants,
    strategies.map((strategy) => strategy.variants),
  );
}

const startExperiment: Handler<'start-experiment'> = async (db, op, actor, now) => {
  const before = await requireExperiment(db, op, op.experimentId);
  assertStatus(before, 'draft', 'started');
  const running = await findRunningExperiment(db, before.featureName, before.environment);
  if (running) {
    throw conflict(
      `Experiment "${running.name}" is already running on "${before.featureName}" in ${before.environment}: stop it first.`,
    );
  }
  const split = await currentSplit(db, before.featureName, before.environment);
  assertStartable(before, split);
  const started = await markStarted(db, before.id, split, now);
  await record(db, actor, started, 'experiment-started', { data: started, preData: before });
  return started;
};

const stopExperiment: Handler<'stop-experiment'> = async (db, op, actor, now) => {
  const before = await requireExperiment(db, op, op.experimentId);
  assertStatus(before, 'running', 'stopped');
  const stopped = await markStopped(db, before.id, now);
  await record(db, actor, stopped, 'experiment-stopped', { data: stopped, preData: before });
  return stopped;
};

const decideExperiment: Handler<'decide-experiment'> = async (db, op, actor, now) => {
  const before = await requireExperiment(db, op, op.experimentId);
  const decided = await setDecision(db, before.id, decisionOf(before, op.decision), now);
  await record(db, actor, decided, 'experiment-decided', {
    data: {
      id: decided.id,
      name: decided.name,
      decision: decided.decision,
      variant: decided.decisionVariant,
      reason: decided.decisionReason,
    },
    preData: { id: before.id, decision: before.decision, variant: before.decisionVariant },
  });
  return decided;
};

const HANDLERS: { [K in ExperimentOperation['kind']]: Handler<K> } = {
  'create-experiment': createExperiment,
  'update-experiment': updateExperiment,
  'delete-experiment': deleteExperiment,
  'start-experiment': startExperiment,
  'stop-experiment': stopExperiment,
  'decide-experiment': decideExperiment,
};

/** Applies one experiment operation with its event, in the caller's transaction. */
export async function applyExperimentOperation<O extends ExperimentOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
  now: Date = new Date(),
): Promise<ExperimentOperationResults[O['kind']]> {
  // Change requests may govern this write (issue 13: change-requests/direct-write-check.ts).
  await actor.checkDirectWrite?.(db, operation);
  await requireFlag(db, operation);
  const handler = HANDLERS[operation.kind] as Handler<O['kind']>;
  return handler(db, operation as unknown as OperationOf<O['kind']>, actor, now);
}
