import type { ReleasePlanMilestoneStrategy, UpdateMilestoneStrategy } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { SYSTEM_USER_ID } from '../../lib/caller';
import { conflict, invalidOperation, notFound } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';
import { getFeature, getFeatureEnvironment } from '../feature-toggles';
import { startFirstMilestone, startMilestone } from './plan-activation';
import {
  deletePlanRow,
  findMilestoneIdOfStrategy,
  findPlanIdOfMilestone,
  getPlan,
  getTemplateForPlan,
  insertPlanFromTemplate,
  listPlans,
  type PlanRow,
  removeMilestoneStrategiesFromFlag,
  writeMilestoneStrategiesToFlag,
} from './plan-store';
import { type ReleasePlanView, readPlan } from './plan-view';
import {
  deleteProgression,
  getProgression,
  markProgressionExecuted,
  normaliseCondition,
  setPlanProgressionsPaused,
  type TransitionCondition,
  upsertProgression,
} from './progression-store';
import { readMilestoneStrategies, readMilestones } from './release-plan-store';
import { toMilestoneStrategy } from './release-plan-view';
import { updateMilestoneStrategy } from './release-plan-write-store';
import type { BreachedSafeguard } from './safeguard-evaluation';
import { pauseForBreaches } from './safeguard-job';
import { assertStorableSafeguard } from './safeguard-rules';
import {
  clearSafeguardsTriggered,
  deleteSafeguard,
  type SafeguardInput,
  type SafeguardView,
  upsertSafeguard,
} from './safeguard-store';
import { buildMilestoneStrategy } from './template-rules';

/**
 * Release plans on a flag environment as serialisable operations (issue 14): the REST routes
 * apply them directly, change requests store and apply them later (the actions
 * `addReleasePlan`, `startMilestone`, `deleteReleasePlan`, `changeMilestoneProgression`,
 * `deleteMilestoneProgression`, `resumeMilestoneProgression`, `changeSafeguard`,
 * `deleteSafeguard`), and the progression job applies `start-milestone` when one comes due.
 */
interface Target {
  project: string;
  featureName: string;
  environment: string;
}

export type ReleasePlanOperation =
  | (Target & { kind: 'add-release-plan'; templateId: string })
  | (Target & { kind: 'delete-release-plan'; planId: string })
  | (Target & { kind: 'start-milestone'; planId: string; milestoneId: string })
  | (Target & {
      kind: 'update-plan-milestone-strategy';
      strategyId: string;
      /** When given, the strategy must belong to this milestone. */
      milestoneId?: string;
      strategy: UpdateMilestoneStrategy;
    })
  | (Target & {
      kind: 'change-milestone-progression';
      sourceMilestone: string;
      targetMilestone: string;
      transitionCondition: TransitionCondition;
    })
  | (Target & { kind: 'delete-milestone-progression'; sourceMilestone: string })
  | (Target & { kind: 'resume-milestone-progressions'; planId: string })
  | (Target & { kind: 'change-safeguard'; planId: string; safeguard: SafeguardInput })
  | (Target & { kind: 'delete-safeguard'; planId: string; safeguardId: string });

export interface ReleasePlanOperationResults {
  'add-release-plan': ReleasePlanView;
  'delete-release-plan': undefined;
  'start-milestone': ReleasePlanView['milestones'][number];
  'update-plan-milestone-strategy': ReleasePlanMilestoneStrategy;
  'change-milestone-progression': {
    sourceMilestone: string;
    targetMilestone: string;
    transitionCondition: TransitionCondition;
  };
  'delete-milestone-progression': undefined;
  'resume-milestone-progressions': undefined;
  'change-safeguard': SafeguardView;
  'delete-safeguard': undefined;
}

export const RELEASE_PLAN_OPERATION_KINDS: ReadonlySet<string> = new Set<ReleasePlanOperation['kind']>([
  'add-release-plan',
  'delete-release-plan',
  'start-milestone',
  'update-plan-milestone-strategy',
  'change-milestone-progression',
  'delete-milestone-progression',
  'resume-milestone-progressions',
  'change-safeguard',
  'delete-safeguard',
]);

/** The flag must exist in the project, unarchived, with the environment enabled for it. */
async function requireFlagEnvironment(db: Queryable, target: Target): Promise<void> {
  const feature = await getFeature(db, target.featureName, true);
  if (!feature || feature.project !== target.project || feature.archivedAt) {
    throw notFound(`There's no feature named "${target.featureName}" in project "${target.project}".`);
  }
  if (!(await getFeatureEnvironment(db, target.featureName, target.environment))) {
    throw notFound(`Environment "${target.environment}" is not enabled for feature "${target.featureName}".`);
  }
}

/** The plan, locked, when it is on this flag environment; 404 otherwise. */
async function requirePlan(db: Queryable, target: Target, planId: string): Promise<PlanRow> {
  const plan = await getPlan(db, planId, true);
  if (!plan || plan.featureName !== target.featureName || plan.environment !== target.environment) {
    throw notFound(`Could not find release plan with id ${planId}.`);
  }
  return plan;
}

/** The plan a milestone belongs to, locked, when that plan is on this flag environment. */
async function requirePlanOfMilestone(db: Queryable, target: Target, milestoneId: string): Promise<PlanRow> {
  const planId = await findPlanIdOfMilestone(db, milestoneId);
  const plan = planId ? await getPlan(db, planId, true) : undefined;
  if (!plan || plan.featureName !== target.featureName || plan.environment !== target.environment) {
    throw notFound(`Could not find milestone with id ${milestoneId}.`);
  }
  return plan;
}

/**
 * Changes one strategy of a plan's milestone (Unleash's `updateMilestoneStrategy` change action,
 * `updateProjectMilestoneStrategy` route), validated as template milestone strategies are. When
 * the milestone is the active one, the flag serves the change at once: its copy in
 * `feature_strategies` is rewritten in the same transaction.
 */
async function updatePlanMilestoneStrategy(
  db: Queryable,
  op: Extract<ReleasePlanOperation, { kind: 'update-plan-milestone-strategy' }>,
  actor: Actor,
): Promise<ReleasePlanMilestoneStrategy> {
  const notFoundError = () => notFound(`Could not find milestone strategy with id ${op.strategyId}.`);
  const milestoneId = await findMilestoneIdOfStrategy(db, op.strategyId);
  if (!milestoneId || (op.milestoneId !== undefined && op.milestoneId !== milestoneId)) throw notFoundError();
  const plan = await requirePlanOfMilestone(db, op, milestoneId).catch(() => {
    throw notFoundError();
  });
  const before = (await readMilestoneStrategies(db, [milestoneId])).find((s) => s.id === op.strategyId);
  if (!before) throw notFoundError();
  const after = await buildMilestoneStrategy(db, op.strategy, {
    id: before.id,
    milestoneId: before.milestoneId,
    sortOrder: before.sortOrder,
    before,
    featureName: plan.featureName,
  });
  await updateMilestoneStrategy(db, after);
  if (plan.activeMilestoneId === milestoneId) {
    await removeMilestoneStrategiesFromFlag(db, plan.id);
    await writeMilestoneStrategiesToFlag(db, plan, milestoneId, actor.userId);
  }
  const updated = toMilestoneStrategy({ ...after, segments: [...after.segments] });
  await appendEvent(db, {
    // The flag's strategy when the milestone is active, its next one otherwise: Unleash's event name.
    type: 'feature-strategy-update',
    createdBy: actor.name,
    createdByUserId: actor.userId,
    featureName: plan.featureName,
    project: plan.project,
    environment: plan.environment,
    data: { planId: plan.id, ...updated },
    preData: { planId: plan.id, ...toMilestoneStrategy(before) },
  });
  return updated;
}

type OperationOf<K extends ReleasePlanOperation['kind']> = Extract<ReleasePlanOperation, { kind: K }>;
/** Appends one event on the operation's flag environment. */
type RecordEvent = (type: string, fields: { data?: unknown; preData?: unknown }) => Promise<unknown>;
type Handler<K extends ReleasePlanOperation['kind']> = (
  db: Queryable,
  op: OperationOf<K>,
  actor: Actor,
  record: RecordEvent,
) => Promise<ReleasePlanOperationResults[K]>;

const addReleasePlan: Handler<'add-release-plan'> = async (db, op, actor, record) => {
  const template = await getTemplateForPlan(db, op.templateId);
  if (!template || template.archived_at) {
    throw notFound(`Could not find release plan template with id ${op.templateId}.`);
  }
  // The feature row is locked (requireFlagEnvironment), so two adds cannot both pass this.
  if ((await listPlans(db, op.featureName, op.environment)).length > 0) {
    throw conflict(
      `Feature "${op.featureName}" already has a release plan in environment "${op.environment}".`,
    );
  }
  const planId = await insertPlanFromTemplate(db, template, {
    featureName: op.featureName,
    environment: op.environment,
    project: op.project,
    // An API token has no user: recorded as the system user, as Unleash records admin tokens.
    createdByUserId: actor.userId ?? SYSTEM_USER_ID,
  });
  const added = await readPlan(db, planId);
  if (!added) throw notFound(`Could not find release plan with id ${planId}.`);
  await record('release-plan-added', { data: added });
  // On an enabled environment the first milestone starts at once (issue 31 §3); on a
  // disabled one it starts when the environment is switched on (plan-activation.ts).
  if ((await getFeatureEnvironment(db, op.featureName, op.environment))?.enabled) {
    const plan = await getPlan(db, planId, true);
    if (plan) await startFirstMilestone(db, plan, actor);
  }
  const view = await readPlan(db, planId);
  if (!view) throw notFound(`Could not find release plan with id ${planId}.`);
  return view;
};

const deleteReleasePlan: Handler<'delete-release-plan'> = async (db, op, _actor, record) => {
  const plan = await requirePlan(db, op, op.planId);
  const before = await readPlan(db, plan.id);
  await removeMilestoneStrategiesFromFlag(db, plan.id);
  await deletePlanRow(db, plan.id);
  await record('release-plan-removed', { preData: before });
  return undefined;
};

const startPlanMilestone: Handler<'start-milestone'> = async (db, op, actor) => {
  const plan = await requirePlan(db, op, op.planId);
  return startMilestone(db, plan, op.milestoneId, actor);
};

const changeMilestoneProgression: Handler<'change-milestone-progression'> = async (
  db,
  op,
  _actor,
  record,
) => {
  const plan = await requirePlanOfMilestone(db, op, op.sourceMilestone);
  const milestones = await readMilestones(db, [plan.id]);
  const source = milestones.find((m) => m.id === op.sourceMilestone);
  const target = milestones.find((m) => m.id === op.targetMilestone);
  if (!target) throw notFound(`Could not find milestone with id ${op.targetMilestone}.`);
  if (!source || target.sortOrder <= source.sortOrder || target.id === source.id) {
    throw invalidOperation('A progression can only lead to a later milestone of the same release plan.');
  }
  const before = await getProgression(db, op.sourceMilestone, true);
  const progression = {
    sourceMilestone: op.sourceMilestone,
    targetMilestone: op.targetMilestone,
    transitionCondition: normaliseCondition(op.transitionCondition),
  };
  await upsertProgression(db, progression);
  await record(before ? 'milestone-progression-updated' : 'milestone-progression-created', {
    data: { planId: plan.id, ...progression },
    preData: before
      ? {
          planId: plan.id,
          sourceMilestone: before.sourceMilestone,
          targetMilestone: before.targetMilestone,
          transitionCondition: before.transitionCondition,
        }
      : undefined,
  });
  return progression;
};

const deleteMilestoneProgression: Handler<'delete-milestone-progression'> = async (
  db,
  op,
  _actor,
  record,
) => {
  const plan = await requirePlanOfMilestone(db, op, op.sourceMilestone);
  const before = await getProgression(db, op.sourceMilestone, true);
  if (!before || !(await deleteProgression(db, op.sourceMilestone))) {
    throw notFound(`Could not find a progression from milestone ${op.sourceMilestone}.`);
  }
  await record('milestone-progression-deleted', {
    preData: {
      planId: plan.id,
      sourceMilestone: before.sourceMilestone,
      targetMilestone: before.targetMilestone,
    },
  });
  return undefined;
};

const resumeMilestoneProgressions: Handler<'resume-milestone-progressions'> = async (
  db,
  op,
  _actor,
  record,
) => {
  const plan = await requirePlan(db, op, op.planId);
  const resumed = await setPlanProgressionsPaused(db, plan.id, null);
  await clearSafeguardsTriggered(db, plan.id);
  if (resumed > 0) await record('release-plan-progressions-resumed', { data: { planId: plan.id } });
  return undefined;
};

const changeSafeguard: Handler<'change-safeguard'> = async (db, op, _actor, record) => {
  const plan = await requirePlan(db, op, op.planId);
  assertStorableSafeguard(op.safeguard);
  const { safeguard, before } = await upsertSafeguard(db, plan.id, op.safeguard);
  await record('safeguard-changed', { data: { planId: plan.id, ...safeguard }, preData: before });
  return safeguard;
};

const deleteSafeguardOp: Handler<'delete-safeguard'> = async (db, op, _actor, record) => {
  const plan = await requirePlan(db, op, op.planId);
  const before = await deleteSafeguard(db, plan.id, op.safeguardId);
  if (!before) throw notFound(`Could not find safeguard with id ${op.safeguardId}.`);
  await record('safeguard-deleted', { preData: { planId: plan.id, ...before } });
  return undefined;
};

/** One handler per operation kind, each applying its change and event in the caller's transaction. */
const HANDLERS: { [K in ReleasePlanOperation['kind']]: Handler<K> } = {
  'add-release-plan': addReleasePlan,
  'delete-release-plan': deleteReleasePlan,
  'start-milestone': startPlanMilestone,
  'update-plan-milestone-strategy': (db, op, actor) => updatePlanMilestoneStrategy(db, op, actor),
  'change-milestone-progression': changeMilestoneProgression,
  'delete-milestone-progression': deleteMilestoneProgression,
  'resume-milestone-progressions': resumeMilestoneProgressions,
  'change-safeguard': changeSafeguard,
  'delete-safeguard': deleteSafeguardOp,
};

export async function applyReleasePlanOperation<O extends ReleasePlanOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<ReleasePlanOperationResults[O['kind']]> {
  const op = operation as ReleasePlanOperation;
  // Change requests may govern this write (issue 13: change-requests/direct-write-check.ts).
  await actor.checkDirectWrite?.(db, op);
  await requireFlagEnvironment(db, op);
  const record: RecordEvent = (type, fields) =>
    appendEvent(db, {
      type,
      createdBy: actor.name,
      createdByUserId: actor.userId,
      featureName: op.featureName,
      project: op.project,
      environment: op.environment,
      ...fields,
    });
  const handler = HANDLERS[operation.kind] as Handler<O['kind']>;
  return handler(db, operation as unknown as OperationOf<O['kind']>, actor, record);
}

/**
 * Runs one due progression (the scheduler's job, in the transaction that claimed the row):
 * starts the target milestone as the system, and marks the progression executed. Safeguards
 * are evaluated first: a breach pauses the plan's progressions instead.
 */
export async function executeProgression(
  db: Queryable,
  due: { planId: string; sourceMilestone: string; targetMilestone: string },
  options: { actor: Actor; now: Date; breached: (planId: string) => Promise<BreachedSafeguard[]> },
): Promise<'advanced' | 'paused' | 'skipped'> {
  const plan = await getPlan(db, due.planId, true);
  if (!plan || plan.activeMilestoneId !== due.sourceMilestone) return 'skipped';
  if (await pauseForBreaches(db, plan, await options.breached(plan.id), options.now)) return 'paused';
  await markProgressionExecuted(db, due.sourceMilestone, options.now);
  await startMilestone(db, plan, due.targetMilestone, options.actor, options.now);
  return 'advanced';
}
