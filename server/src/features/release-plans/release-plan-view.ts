import type {
  ReleasePlan,
  ReleasePlanMilestone,
  ReleasePlanMilestoneStrategy,
  ReleasePlanSafeguard,
  ReleasePlanTemplate,
} from '../../../contract';
import type {
  DefinitionRecord,
  MilestoneRecord,
  MilestoneStrategyRecord,
  SafeguardRecord,
} from './release-plan-store';

/** Store records as the wire schemas (releasePlanTemplateSchema, releasePlanSchema...). */

export function toMilestoneStrategy(record: MilestoneStrategyRecord): ReleasePlanMilestoneStrategy {
  return {
    id: record.id,
    milestoneId: record.milestoneId,
    sortOrder: record.sortOrder,
    title: record.title,
    name: record.strategyName,
    strategyName: record.strategyName,
    parameters: record.parameters,
    constraints: record.constraints,
    variants: record.variants,
    segments: record.segments,
    disabled: record.disabled,
  };
}

/** A template's milestone: its strategies only. */
export function toTemplateMilestone(record: MilestoneRecord): ReleasePlanMilestone {
  return {
    id: record.id,
    name: record.name,
    sortOrder: record.sortOrder,
    releasePlanDefinitionId: record.definitionId,
    strategies: record.strategies.map(toMilestoneStrategy),
  };
}

/** A plan's milestone: also when it started and the progression out of it. */
export function toPlanMilestone(record: MilestoneRecord): ReleasePlanMilestone {
  return {
    ...toTemplateMilestone(record),
    startedAt: record.startedAt?.toISOString() ?? null,
    transitionCondition: record.progression?.transitionCondition ?? null,
    progressionExecutedAt: record.progression?.executedAt?.toISOString() ?? null,
    pausedAt: record.progression?.pausedAt?.toISOString() ?? null,
  };
}

export function toTemplate(record: DefinitionRecord): ReleasePlanTemplate {
  return {
    id: record.id,
    discriminator: 'template',
    name: record.name,
    description: record.description,
    project: record.project,
    createdByUserId: record.createdByUserId,
    createdAt: record.createdAt.toISOString(),
    milestones: record.milestones.map(toTemplateMilestone),
    archivedAt: record.archivedAt?.toISOString() ?? null,
  };
}

export function toSafeguard(record: SafeguardRecord): ReleasePlanSafeguard {
  return {
    id: record.id,
    action: { type: record.actionType, id: record.releasePlanId },
    triggerCondition: { operator: record.triggerOperator, threshold: record.triggerThreshold },
    impactMetric: {
      id: record.impactMetricId,
      metricName: record.metricName,
      timeRange: record.timeRange,
      aggregationMode: record.aggregationMode,
      labelSelectors: record.labelSelectors,
      source: record.metricSource,
    },
  };
}

export function toPlan(record: DefinitionRecord): ReleasePlan {
  return {
    id: record.id,
    discriminator: 'plan',
    name: record.name,
    description: record.description,
    // A plan always has these (a check constraint in the migration).
    featureName: record.featureName ?? '',
    environment: record.environment ?? '',
    createdByUserId: record.createdByUserId,
    createdAt: record.createdAt.toISOString(),
    activeMilestoneId: record.activeMilestoneId,
    milestones: record.milestones.map(toPlanMilestone),
    releasePlanTemplateId: record.releasePlanTemplateId ?? '',
    safeguards: record.safeguards.map(toSafeguard),
  };
}
