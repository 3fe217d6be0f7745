import { sql } from 'kysely';
import type { AnalysisMethod, Experiment, ExperimentMetric, ExperimentStatus } from '../../../contract';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { conflict } from '../../lib/errors';
import type { VariantWeight } from './experiment-rules';

/**
 * Every SQL statement of experiments on a flag (issue 35 §3): the `experiments` rows and the
 * hourly `experiment_snapshots` the readout draws lift over time from. The unique index of one
 * running experiment per flag environment becomes a 409 here.
 */

const COLUMNS = [
  'id',
  'project',
  'feature_name',
  'environment',
  'name',
  'hypothesis',
  'control_variant',
  'variants',
  'metrics',
  'method',
  'alpha',
  'status',
  'started_at',
  'stopped_at',
  'decision',
  'decision_variant',
  'decision_reason',
  'created_by_user_id',
  'created_at',
  'updated_at',
] as const;

interface ExperimentDbRow {
  id: number;
  project: string;
  feature_name: string;
  environment: string;
  name: string;
  hypothesis: string;
  control_variant: string;
  variants: unknown;
  metrics: unknown;
  method: string;
  alpha: number;
  status: string;
  started_at: Date | null;
  stopped_at: Date | null;
  decision: string | null;
  decision_variant: string | null;
  decision_reason: string | null;
  created_by_user_id: number | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toExperiment(row: ExperimentDbRow): Experiment {
  return {
    id: row.id,
    project: row.project,
    featureName: row.feature_name,
    environment: row.environment,
    name: row.name,
    hypothesis: row.hypothesis,
    controlVariant: row.control_variant,
    variants: (row.variants ?? []) as VariantWeight[],
    metrics: (row.metrics ?? []) as ExperimentMetric[],
    method: row.method as AnalysisMethod,
    alpha: row.alpha,
    status: row.status as ExperimentStatus,
    startedAt: iso(row.started_at),
    stoppedAt: iso(row.stopped_at),
    decision: row.decision as Experiment['decision'],
    decisionVariant: row.decision_variant,
    decisionReason: row.decision_reason,
    createdByUserId: row.created_by_user_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What a definition sets: the fields a draft may change. */
export interface ExperimentDefinition {
  name: string;
  hypothesis: string;
  controlVariant: string;
  metrics: ExperimentMetric[];
  method: AnalysisMethod;
  alpha: number;
}

const definitionColumns = (definition: ExperimentDefinition) => ({
  name: definition.name,
  hypothesis: definition.hypothesis,
  control_variant: definition.controlVariant,
  metrics: JSON.stringify(definition.metrics),
  method: definition.method,
  alpha: definition.alpha,
});

export async function insertExperiment(
  db: Queryable,
  place: { project: string; featureName: string; environment: string; createdByUserId: number | null },
  definition: ExperimentDefinition,
): Promise<Experiment> {
  const row = await db
    .insertInto('experiments')
    .values({
      project: place.project,
      feature_name: place.featureName,
      environment: place.environment,
      created_by_user_id: place.createdByUserId,
      ...definitionColumns(definition),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toExperiment(row as ExperimentDbRow);
}

/** One experiment; `lock` holds its row for the rest of the transaction. */
export async function getExperiment(
  db: Queryable,
  id: number,
  lock = false,
): Promise<Experiment | undefined> {
  let query = db.selectFrom('experiments').select(COLUMNS).where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toExperiment(row as ExperimentDbRow) : undefined;
}

/** The experiments of one flag, newest first. */
export async function listExperimentsOfFlag(db: Queryable, featureName: string): Promise<Experiment[]> {
  const rows = await db
    .selectFrom('experiments')
    .select(COLUMNS)
    .where('feature_name', '=', featureName)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => toExperiment(row as ExperimentDbRow));
}

/** Every experiment, newest first, optionally of one status or project, hidden projects left out. */
export async function listExperiments(
  db: Queryable,
  filter: { status?: ExperimentStatus; project?: string; hiddenProjects: readonly string[] },
): Promise<Experiment[]> {
  let query = db.selectFrom('experiments').select(COLUMNS);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.project) query = query.where('project', '=', filter.project);
  if (filter.hiddenProjects.length > 0) query = query.where('project', 'not in', [...filter.hiddenProjects]);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1000).execute();
  return rows.map((row) => toExperiment(row as ExperimentDbRow));
}

export async function updateExperimentDefinition(
  db: Queryable,
  id: number,
  definition: ExperimentDefinition,
): Promise<Experiment> {
  const row = await db
    .updateTable('experiments')
    .set({ ...definitionColumns(definition), updated_at: new Date() })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toExperiment(row as ExperimentDbRow);
}

export async function deleteExperimentRow(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('experiments').where('id', '=', id).execute();
}

/** Starts an experiment with its split; a second running one on the flag environment is a 409. */
export async function markStarted(
  db: Queryable,
  id: number,
  variants: readonly VariantWeight[],
  now: Date,
): Promise<Experiment> {
  try {
    const row = await db
      .updateTable('experiments')
      .set({ status: 'running', variants: JSON.stringify(variants), started_at: now, updated_at: now })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toExperiment(row as ExperimentDbRow);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('Another experiment is already running on this flag environment.');
    }
    throw error;
  }
}

export async function markStopped(db: Queryable, id: number, now: Date): Promise<Experiment> {
  const row = await db
    .updateTable('experiments')
    .set({ status: 'stopped', stopped_at: now, updated_at: now })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toExperiment(row as ExperimentDbRow);
}

export async function setDecision(
  db: Queryable,
  id: number,
  decision: { decision: string; variant: string | null; reason: string | null },
  now: Date,
): Promise<Experiment> {
  const row = await db
    .updateTable('experiments')
    .set({
      decision: decision.decision,
      decision_variant: decision.variant,
      decision_reason: decision.reason,
      updated_at: now,
    })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toExperiment(row as ExperimentDbRow);
}

/** The experiment running on a flag environment, if any. */
export async function findRunningExperiment(
  db: Queryable,
  featureName: string,
  environment: string,
): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('experiments')
    .select(['id', 'name'])
    .where('feature_name', '=', featureName)
    .where('environment', '=', environment)
    .where('status', '=', 'running')
    .executeTakeFirst();
}

/** The hourly snapshots of an experiment, oldest first (at most a year of hours). */
export async function listSnapshots(
  db: Queryable,
  experimentId: number,
): Promise<Array<{ takenAt: Date; result: unknown }>> {
  const rows = await db
    .selectFrom('experiment_snapshots')
    .select(['taken_at', 'result'])
    .where('experiment_id', '=', experimentId)
    .orderBy('taken_at', 'asc')
    .limit(24 * 366)
    .execute();
  return rows.map((row) => ({ takenAt: row.taken_at, result: row.result }));
}

/**
 * Running experiments with no snapshot for the current hour, locked so that across instances
 * one takes each (`FOR UPDATE SKIP LOCKED`).
 */
export async function claimExperimentsDueForSnapshot(db: Queryable, limit: number): Promise<Experiment[]> {
  const rows = await db
    .selectFrom('experiments as e')
    .selectAll('e')
    .where('e.status', '=', 'running')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('experiment_snapshots as s')
            .select('s.experiment_id')
            .whereRef('s.experiment_id', '=', 'e.id')
            .where('s.taken_at', '=', sql<Date>`date_trunc('hour', now())`),
        ),
      ),
    )
    .orderBy('e.id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((row) => toExperiment(row as ExperimentDbRow));
}

/** The hour's snapshot of a readout (a second one in the same hour is ignored). */
export async function insertSnapshot(db: Queryable, experimentId: number, result: unknown): Promise<void> {
  await db
    .insertInto('experiment_snapshots')
    .values({
      experiment_id: experimentId,
      taken_at: sql<Date>`date_trunc('hour', now())`,
      result: JSON.stringify(result),
    })
    .onConflict((oc) => oc.columns(['experiment_id', 'taken_at']).doNothing())
    .execute();
}
