import {
  type MilestoneStrategyInput,
  RELEASE_PLAN_LIMITS,
  type StrategyVariant,
  type UpdateMilestoneStrategy,
} from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { invalidRequest } from '../../lib/validation-errors';
import { exceedsLimit } from '../constraints';
import { checkStrategyContent, stringifyParameters, withFlexibleRolloutDefaults } from '../feature-toggles';
import type { MilestoneStrategyRecord } from './release-plan-store';
import type { MilestoneStrategyValues } from './release-plan-write-store';

/**
 * Checks on what a release template holds: text bounds, positions, and milestone strategies
 * validated by the flag-strategy rules of feature-toggles and constraints (the same definitions,
 * constraint, segment and variant checks, the same parameter coercion).
 */

const INT4_MAX = 2_147_483_647;
const INT4_MIN = -2_147_483_648;

/** A required name: trimmed, not empty, within bounds, no NUL (PostgreSQL text cannot hold it). */
export function checkName(field: string, value: string): string {
  const name = value.trim();
  if (name.length === 0) throw invalidRequest(`"${field}" must not be empty`);
  if (name.length > RELEASE_PLAN_LIMITS.nameLength)
    throw invalidRequest(`"${field}" must be at most ${RELEASE_PLAN_LIMITS.nameLength} characters`);
  if (name.includes('\u0000')) throw invalidRequest(`"${field}" must not contain NUL characters`);
  return name;
}

export function checkOptionalText(
  field: string,
  value: string | null | undefined,
  max: number,
): string | null {
  if (value === undefined || value === null) return null;
  if (value.length > max) throw invalidRequest(`"${field}" must be at most ${max} characters`);
  if (value.includes('\u0000')) throw invalidRequest(`"${field}" must not contain NUL characters`);
  return value;
}

/** A position stored in an integer column: a whole number in PostgreSQL's int4 range. */
export function checkSortOrder(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < INT4_MIN || value > INT4_MAX) {
    throw invalidRequest(`"sortOrder" must be an integer between ${INT4_MIN} and ${INT4_MAX}`);
  }
  return value;
}

export function checkMilestoneCount(count: number): void {
  if (count > RELEASE_PLAN_LIMITS.milestonesPerDefinition)
    throw exceedsLimit('milestone', RELEASE_PLAN_LIMITS.milestonesPerDefinition);
}

export function checkStrategyCount(count: number): void {
  if (count > RELEASE_PLAN_LIMITS.strategiesPerMilestone)
    throw exceedsLimit('milestone strategy', RELEASE_PLAN_LIMITS.strategiesPerMilestone);
}

/** The strategy definition a body names: `name` or `strategyName` (Unleash's console sends both). */
function strategyNameOf(input: { name?: string; strategyName?: string }): string | undefined {
  const name = input.name ?? input.strategyName;
  return name === undefined ? undefined : name.trim();
}

/**
 * A milestone strategy ready to store. A template belongs to no flag, so a flexible rollout gets
 * Unleash's rollout and stickiness defaults but no group id: the plan fills in the flag's name
 * when it copies the strategy onto a flag (plan-store.ts `groupedByFlag`), and a plan's strategy
 * changed without a group id gets it too (`base.featureName`).
 */
export async function buildMilestoneStrategy(
  db: Queryable,
  input: MilestoneStrategyInput | UpdateMilestoneStrategy,
  base: {
    id: string;
    milestoneId: string;
    sortOrder: number;
    before?: MilestoneStrategyRecord;
    /** A plan's strategy: the flag a gradual rollout groups by when the body names no group. */
    featureName?: string;
  },
): Promise<MilestoneStrategyValues> {
  const before = base.before;
  const strategyName = strategyNameOf(input) ?? before?.strategyName;
  if (!strategyName) throw invalidRequest('"name" is required');
  const constraints = input.constraints ?? before?.constraints ?? [];
  const segments = input.segments ?? before?.segments ?? [];
  const variants: StrategyVariant[] = await checkStrategyContent(
    db,
    { project: null },
    { name: strategyName, constraints, variants: input.variants ?? before?.variants ?? [], segments },
  );
  const parameters =
    input.parameters === undefined && before ? before.parameters : stringifyParameters(input.parameters);
  return {
    id: base.id,
    milestoneId: base.milestoneId,
    sortOrder: checkSortOrder(input.sortOrder, base.sortOrder),
    title: checkOptionalText(
      'title',
      input.title === undefined ? (before?.title ?? null) : input.title,
      RELEASE_PLAN_LIMITS.strategyTitleLength,
    ),
    strategyName,
    parameters: withFlexibleRolloutDefaults(strategyName, parameters, {
      featureName: base.featureName ?? '',
      stickiness: 'default',
    }),
    constraints,
    variants,
    segments: [...new Set(segments)].sort((a, b) => a - b),
    disabled: input.disabled ?? before?.disabled ?? false,
  };
}
