import type { Constraint, StrategyVariant, TransitionCondition } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { getPlan, listPlans, type PlanRow } from './plan-store';
import { getProgressionsOfMilestones, nextProgressionAt } from './progression-store';
import { readMilestoneStrategies, readMilestones } from './release-plan-store';
import { getSafeguardsOfPlans, type SafeguardView } from './safeguard-store';

/**
 * A plan as the API shows it (releasePlanSchema): milestones in order with their strategies and
 * progression, and its safeguards. `nextProgressionAt` and `progressionsPaused` tell the console
 * what will happen next without it doing the arithmetic.
 */
export interface MilestoneView {
  id: string;
  name: string;
  sortOrder: number;
  releasePlanDefinitionId: string;
  startedAt: string | null;
  transitionCondition: TransitionCondition | null;
  targetMilestone: string | null;
  progressionExecutedAt: string | null;
  pausedAt: string | null;
  strategies: Array<{
    id: string;
    milestoneId: string;
    sortOrder: number;
    title: string | null;
    name: string;
    strategyName: string;
    parameters: Record<string, string>;
    constraints: Constraint[];
    variants: StrategyVariant[];
    segments: number[];
    disabled: boolean;
  }>;
}

export interface ReleasePlanView {
  id: string;
  discriminator: 'plan';
  name: string;
  description: string | null;
  featureName: string;
  environment: string;
  createdByUserId: number;
  createdAt: string;
  activeMilestoneId: string | null;
  releasePlanTemplateId: string;
  milestones: MilestoneView[];
  safeguards: SafeguardView[];
  progressionsPaused: boolean;
  nextProgressionAt: string | null;
}

async function toViews(db: Queryable, plans: PlanRow[]): Promise<ReleasePlanView[]> {
  const milestones = await readMilestones(
    db,
    plans.map((plan) => plan.id),
  );
  const milestoneIds = milestones.map((m) => m.id);
  const [strategies, progressions, safeguards] = await Promise.all([
    readMilestoneStrategies(db, milestoneIds),
    getProgressionsOfMilestones(db, milestoneIds),
    getSafeguardsOfPlans(
      db,
      plans.map((plan) => plan.id),
    ),
  ]);
  const progressionOf = new Map(progressions.map((p) => [p.sourceMilestone, p]));
  return plans.map((plan) => {
    const own = milestones.filter((m) => m.definitionId === plan.id);
    const active = own.find((m) => m.id === plan.activeMilestoneId);
    const next = active ? nextProgressionAt(active.startedAt, progressionOf.get(active.id)) : null;
    return {
      id: plan.id,
      discriminator: 'plan',
      name: plan.name,
      description: plan.description,
      featureName: plan.featureName,
      environment: plan.environment,
      createdByUserId: plan.createdByUserId ?? 0,
      createdAt: plan.createdAt.toISOString(),
      activeMilestoneId: plan.activeMilestoneId,
      releasePlanTemplateId: plan.releasePlanTemplateId ?? '',
      milestones: own.map((milestone) => {
        const progression = progressionOf.get(milestone.id);
        return {
          id: milestone.id,
          name: milestone.name,
          sortOrder: milestone.sortOrder,
          releasePlanDefinitionId: plan.id,
          startedAt: milestone.startedAt?.toISOString() ?? null,
          transitionCondition: progression ? progression.transitionCondition : null,
          targetMilestone: progression?.targetMilestone ?? null,
          progressionExecutedAt: progression?.executedAt?.toISOString() ?? null,
          pausedAt: progression?.pausedAt?.toISOString() ?? null,
          strategies: strategies
            .filter((s) => s.milestoneId === milestone.id)
            .map((s) => ({
              id: s.id,
              milestoneId: s.milestoneId,
              sortOrder: s.sortOrder,
              title: s.title,
              name: s.strategyName,
              strategyName: s.strategyName,
              parameters: s.parameters,
              constraints: s.constraints,
              variants: s.variants,
              segments: s.segments,
              disabled: s.disabled,
            })),
        };
      }),
      safeguards: safeguards.filter((s) => s.action.id === plan.id),
      progressionsPaused: progressions.some(
        (p) => p.pausedAt !== null && own.some((m) => m.id === p.sourceMilestone),
      ),
      nextProgressionAt: next?.toISOString() ?? null,
    };
  });
}

export async function readPlan(db: Queryable, planId: string): Promise<ReleasePlanView | undefined> {
  const plan = await getPlan(db, planId);
  if (!plan) return undefined;
  const [view] = await toViews(db, [plan]);
  return view;
}

export async function readPlansOfFlagEnvironment(
  db: Queryable,
  featureName: string,
  environment: string,
): Promise<ReleasePlanView[]> {
  return toViews(db, await listPlans(db, featureName, environment));
}
