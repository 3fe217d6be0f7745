import type {
  BlastRadiusPreview,
  BlastRadiusReason,
  ClientFeature,
  ClientStrategy,
  Constraint,
  Context,
} from '../../../contract';
import { checkConstraint, evaluateFlag, type FlagRepository } from '../../evaluation';
import { maskedForDisplay, type StoredContext } from './context-privacy';

/** One side of the comparison: the flag as the SDK APIs would serve it, and what it refers to. */
export interface PreviewSide {
  flag: ClientFeature;
  /** Per served strategy, a stable key (its id, or `proposed`) and a label for reasons. */
  strategies: ReadonlyArray<{ key: string; label: string }>;
  repository: FlagRepository;
}

export interface PreviewInput {
  before: PreviewSide;
  after: PreviewSide;
  contexts: readonly StoredContext[];
  maxExamples?: number;
  maxReasons?: number;
  now?: () => Date;
}

export type PreviewCounts = Omit<BlastRadiusPreview, 'sampled' | 'samplingEnabled'>;

/**
 * A small seeded generator: random stickiness draws the same numbers for a context on both
 * sides, so only the change itself flips a context, never the dice.
 */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function enabledOn(side: PreviewSide, flag: ClientFeature, context: Context, seed: number, now: () => Date) {
  return evaluateFlag(flag, context, { repository: side.repository, random: seededRandom(seed), now })
    .enabled;
}

export function describeConstraint(constraint: Constraint): string {
  const values = constraint.values?.length ? `[${constraint.values.join(', ')}]` : (constraint.value ?? '');
  return `${constraint.contextName} ${constraint.inverted ? 'NOT ' : ''}${constraint.operator} ${values}`.trim();
}

type Reason = Pick<BlastRadiusReason, 'kind' | 'label'>;

/**
 * Why a context is on on one side and off on the other: the environment toggle, a dependency,
 * or the strategy that lets it in on the on side, narrowed on the off side to the first
 * constraint or segment of that strategy that now fails, else its rollout or parameters.
 */
function explainFlip(
  on: PreviewSide,
  off: PreviewSide,
  context: Context,
  seed: number,
  now: () => Date,
): Reason {
  if (!off.flag.enabled) return { kind: 'flag', label: 'environment toggle' };
  if (
    off.flag.dependencies?.length &&
    enabledOn(off, { ...off.flag, dependencies: undefined }, context, seed, now)
  ) {
    return { kind: 'dependency', label: 'parent flag dependency' };
  }
  const strategies = on.flag.strategies ?? [];
  if (strategies.length === 0) return { kind: 'flag', label: 'no strategies (on for everyone)' };
  const winner = strategies.findIndex((strategy) =>
    enabledOn(on, { ...on.flag, dependencies: undefined, strategies: [strategy] }, context, seed, now),
  );
  const described = on.strategies[winner];
  if (!described) return { kind: 'strategy', label: 'strategies' };
  const offIndex = off.strategies.findIndex((strategy) => strategy.key === described.key);
  const counterpart: ClientStrategy | undefined = off.flag.strategies?.[offIndex];
  if (!counterpart) return { kind: 'strategy', label: described.label };
  const env = { now };
  const failing = counterpart.constraints?.find((constraint) => !checkConstraint(constraint, context, env));
  if (failing) return { kind: 'constraint', label: describeConstraint(failing) };
  for (const id of counterpart.segments ?? []) {
    const segment = off.repository.getSegment(id);
    if (!segment || segment.constraints.some((constraint) => !checkConstraint(constraint, context, env))) {
      return { kind: 'segment', label: `segment ${segment?.name ?? id}` };
    }
  }
  return { kind: 'rollout', label: `${described.label}: rollout or parameters` };
}

/**
 * The blast radius of a change over sampled contexts: each context evaluated against the flag
 * before and after with the SDK engine, flips counted and explained. Pure; the caller bounds
 * `contexts`.
 */
export function previewBlastRadius(input: PreviewInput): PreviewCounts {
  const now = input.now ?? (() => new Date());
  const maxExamples = input.maxExamples ?? 5;
  const reasons = new Map<string, BlastRadiusReason>();
  const examples: PreviewCounts['examples'] = [];
  let offToOn = 0;
  let onToOff = 0;
  let enabledBefore = 0;
  let enabledAfter = 0;
  input.contexts.forEach((context, index) => {
    const seed = index + 1;
    const before = enabledOn(input.before, input.before.flag, context, seed, now);
    const after = enabledOn(input.after, input.after.flag, context, seed, now);
    if (before) enabledBefore += 1;
    if (after) enabledAfter += 1;
    if (before === after) return;
    const change = after ? 'offToOn' : 'onToOff';
    if (after) offToOn += 1;
    else onToOff += 1;
    const reason = after
      ? explainFlip(input.after, input.before, context, seed, now)
      : explainFlip(input.before, input.after, context, seed, now);
    const key = `${reason.kind}\u0000${reason.label}`;
    const entry = reasons.get(key) ?? { ...reason, offToOn: 0, onToOff: 0 };
    entry[change] += 1;
    reasons.set(key, entry);
    if (examples.length < maxExamples) examples.push({ change, context: maskedForDisplay(context) });
  });
  const topReasons = [...reasons.values()]
    .sort((a, b) => b.offToOn + b.onToOff - (a.offToOn + a.onToOff) || (a.label < b.label ? -1 : 1))
    .slice(0, input.maxReasons ?? 10);
  return {
    evaluated: input.contexts.length,
    offToOn,
    onToOff,
    unchanged: input.contexts.length - offToOn - onToOff,
    enabledBefore,
    enabledAfter,
    reasons: topReasons,
    examples,
  };
}
