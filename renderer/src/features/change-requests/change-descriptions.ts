import { describeConstraint } from '../../components/ConstraintEditor/constraint-operators';
import type { Constraint, FeatureStrategy, StrategyDefinition } from '../strategies/index';
import {
  formatPercent,
  parameterLabel,
  splitList,
  strategyDisplayName,
  strategyLabel,
} from '../strategies/index';
import type { ChangeRequestChange } from './change-request-types';

/**
 * Changes of a change request in words (issue 13: "a readable diff of every change, never raw
 * JSON"): each action says what it does, and what the flag looks like before and after it.
 */

export interface Names {
  definitions: readonly Pick<StrategyDefinition, 'name' | 'displayName'>[];
  segments: readonly { id: number; name: string }[];
}

/** A strategy as text lines: what people read on the flag page. */
export interface StrategyText {
  label: string;
  lines: string[];
}

/** The subset of a strategy a change carries; every field may be missing in a payload. */
type StrategyLike = Partial<Omit<FeatureStrategy, 'title' | 'disabled'>> & {
  title?: string | null;
  disabled?: boolean | null;
};

export function strategyText(strategy: StrategyLike, names: Names): StrategyText {
  const name = strategy.name ?? 'default';
  const lines: string[] = [];
  if (strategy.title) lines.push(`Strategy: ${strategyDisplayName(name, names.definitions)}`);
  for (const [key, value] of Object.entries(strategy.parameters ?? {})) {
    if (key === 'rollout') lines.push(`Rollout ${value}%`);
    else if (key === 'stickiness') lines.push(`Stickiness ${value}`);
    else if (key === 'groupId') lines.push(`Group ${value}`);
    else if (value) lines.push(`${parameterLabel(key)}: ${splitList(String(value)).join(', ')}`);
  }
  for (const constraint of (strategy.constraints ?? []) as Constraint[])
    lines.push(`Constraint: ${describeConstraint(constraint)}`);
  const segments = (strategy.segments ?? []).map(
    (id) => names.segments.find((segment) => segment.id === id)?.name ?? `segment ${id}`,
  );
  if (segments.length) lines.push(`Segments: ${segments.join(', ')}`);
  const variants = strategy.variants ?? [];
  if (variants.length)
    lines.push(
      `Variants: ${variants.map((variant) => `${variant.name} ${formatPercent(variant.weight)}`).join(', ')}`,
    );
  if (strategy.disabled) lines.push('Disabled');
  return { label: strategyLabel({ name, title: strategy.title ?? null }, names.definitions), lines };
}

export interface VariantRow {
  name: string;
  weight: string;
  weightType: string;
  stickiness: string;
  payload: string;
}

export function variantRows(
  variants: readonly {
    name: string;
    weight: number;
    weightType?: string;
    stickiness?: string;
    payload?: { type: string; value: string } | null;
  }[],
): VariantRow[] {
  return variants.map((variant) => ({
    name: variant.name,
    weight: formatPercent(variant.weight),
    weightType: variant.weightType === 'fix' ? 'fixed' : 'variable',
    stickiness: variant.stickiness ?? 'default',
    payload: variant.payload ? `${variant.payload.type}: ${variant.payload.value}` : '–',
  }));
}

/** Any other payload as "key: value" lines, so even an unknown action is readable. */
export function payloadLines(payload: unknown, prefix = ''): string[] {
  if (payload === null || payload === undefined) return [];
  if (typeof payload !== 'object') return [`${prefix}${String(payload)}`];
  if (Array.isArray(payload))
    return payload.flatMap((item, index) => payloadLines(item, `${prefix}${index + 1}. `));
  return Object.entries(payload as Record<string, unknown>).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? payloadLines(value, `${prefix}${key} › `)
      : [`${prefix}${key}: ${String(value)}`],
  );
}

const ACTION_TITLES: Record<string, string> = {
  updateEnabled: 'Turn the flag on or off',
  addStrategy: 'Add a strategy',
  updateStrategy: 'Change a strategy',
  deleteStrategy: 'Delete a strategy',
  reorderStrategy: 'Reorder strategies',
  patchVariant: 'Set the variants',
  archiveFeature: 'Archive the flag',
  addDependency: 'Add a dependency',
  deleteDependency: 'Remove a dependency',
  updateSegment: 'Change a segment',
  deleteSegment: 'Delete a segment',
  addReleasePlan: 'Apply a release plan',
  deleteReleasePlan: 'Remove the release plan',
  startMilestone: 'Start a release plan milestone',
  changeMilestoneProgression: 'Set a milestone progression',
  deleteMilestoneProgression: 'Remove a milestone progression',
  resumeMilestoneProgression: 'Resume the release plan progressions',
  changeSafeguard: 'Set the release plan safeguard',
  deleteSafeguard: 'Remove the release plan safeguard',
  startExperiment: 'Start an experiment',
  stopExperiment: 'Stop an experiment',
};

/** A heading for a change: "Add strategy Gradual rollout", "Turn on". */
export function changeTitle(change: ChangeRequestChange, names: Names, current?: FeatureStrategy): string {
  const payload = (change.payload ?? {}) as Record<string, unknown>;
  switch (change.action) {
    case 'updateEnabled':
      return payload.enabled ? 'Turn on' : 'Turn off';
    case 'addStrategy':
      return `Add strategy ${strategyText(payload as StrategyLike, names).label}`;
    case 'updateStrategy':
      return `Change strategy ${strategyText({ ...current, ...(payload as StrategyLike) }, names).label}`;
    case 'deleteStrategy':
      return current ? `Delete strategy ${strategyText(current, names).label}` : 'Delete a strategy';
    case 'addDependency':
      return `Depend on ${String(payload.feature ?? 'a parent flag')}`;
    default:
      return ACTION_TITLES[change.action] ?? `Change "${change.action}"`;
  }
}
