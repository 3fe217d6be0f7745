import type { ReleasePlan } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/errors';
import { type Actor, appendEvent } from '../events';
import type { FlagEnvironmentExtensions } from '../feature-toggles';
import {
  getPlan,
  listPlans,
  markMilestoneStarted,
  type PlanRow,
  removeMilestoneStrategiesFromFlag,
  writeMilestoneStrategiesToFlag,
} from './plan-store';
import { type ReleasePlanView, readPlan } from './plan-view';
import { clearProgressionExecuted, getProgression } from './progression-store';
import { listPlansOfFeature, readMilestones } from './release-plan-store';
import { toPlan } from './release-plan-view';

/**
 * When milestones start (issue 14; issue 31 §3): by hand, by a progression, and the first one on
 * its own: when a plan is added to an enabled environment, or when the environment of a plan
 * added while it was off is switched on (Unleash's release templates docs: "If the environment is
 * enabled, the first milestone starts automatically"). Always inside the caller's transaction.
 */

/**
 * Starts a milestone: the plan's strategies leave `feature_strategies` and this milestone's
 * take their place (the flag's own strategies stay). Shared by the route, change requests and
 * the progression job, always inside the caller's transaction.
 */
export async function startMilestone(
  db: Queryable,
  plan: PlanRow,
  milestoneId: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<ReleasePlanView['milestones'][number]> {
  const milestones = await readMilestones(db, [plan.id]);
  const milestone = milestones.find((m) => m.id === milestoneId);
  if (!milestone) throw notFound(`Could not find milestone with id ${milestoneId}.`);
  const previous = milestones.find((m) => m.id === plan.activeMilestoneId) ?? null;
  await removeMilestoneStrategiesFromFlag(db, plan.id);
  await writeMilestoneStrategiesToFlag(db, plan, milestoneId, actor.userId);
  await markMilestoneStarted(db, plan.id, milestoneId, now);
  // A restarted milestone's progression may run again.
  const progression = await getProgression(db, milestoneId);
  if (progression?.executedAt) await clearProgressionExecuted(db, milestoneId);
  await appendEvent(db, {
    type: 'release-plan-milestone-started',
    createdBy: actor.name,
    createdByUserId: actor.userId,
    featureName: plan.featureName,
    project: plan.project,
    environment: plan.environment,
    data: { planId: plan.id, milestoneId, milestoneName: milestone.name },
    preData: previous
      ? { planId: plan.id, milestoneId: previous.id, milestoneName: previous.name }
      : undefined,
  });
  const view = await readPlan(db, plan.id);
  const started = view?.milestones.find((m) => m.id === milestoneId);
  if (!started) throw notFound(`Could not find milestone with id ${milestoneId}.`);
  return started;
}

/** Starts the plan's first milestone (by sort order); a plan without milestones stays as it is. */
export async function startFirstMilestone(db: Queryable, plan: PlanRow, actor: Actor): Promise<void> {
  const [first] = await readMilestones(db, [plan.id]);
  if (first) await startMilestone(db, plan, first.id, actor);
}

/** The plans of a flag environment none of whose milestones ever ran start their first one. */
export async function startPlansWaitingFor(
  db: Queryable,
  target: { featureName: string; environment: string },
  actor: Actor,
): Promise<void> {
  for (const listed of await listPlans(db, target.featureName, target.environment)) {
    const plan = await getPlan(db, listed.id, true);
    if (plan && plan.activeMilestoneId === null) await startFirstMilestone(db, plan, actor);
  }
}

/** The flag's plans per environment, as releasePlanSchema. */
async function releasePlansByEnvironment(
  db: Queryable,
  featureName: string,
): Promise<ReadonlyMap<string, ReleasePlan[]>> {
  const byEnvironment = new Map<string, ReleasePlan[]>();
  for (const plan of (await listPlansOfFeature(db, featureName)).map(toPlan)) {
    byEnvironment.set(plan.environment, [...(byEnvironment.get(plan.environment) ?? []), plan]);
  }
  return byEnvironment;
}

/** What release plans add to a flag's environments, registered by the composition root. */
export const releasePlanEnvironmentExtensions: FlagEnvironmentExtensions = {
  releasePlans: releasePlansByEnvironment,
  switchingOn: startPlansWaitingFor,
};
