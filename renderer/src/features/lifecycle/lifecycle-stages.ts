import type { CurrentLifecycle, FeatureLifecycle, LifecycleStage } from '../../../../server/contract';

export type { CurrentLifecycle, FeatureLifecycle, LifecycleStage };

export const STAGE_LABELS: Record<LifecycleStage, string> = {
  initial: 'Initial',
  'pre-live': 'Pre-live',
  live: 'Live',
  completed: 'Completed',
  archived: 'Archived',
};

/** What each stage means, for the badge's accessible description. */
export const STAGE_MEANINGS: Record<LifecycleStage, string> = {
  initial: 'created, not yet seen by any SDK',
  'pre-live': 'seen by an SDK outside production',
  live: 'seen by an SDK in production',
  completed: 'marked completed by its owner',
  archived: 'archived',
};

const ORDER: readonly LifecycleStage[] = ['initial', 'pre-live', 'live', 'completed', 'archived'];

/** The stage a flag is in now: the furthest it holds, as the server decides it. */
export function currentStage(stages: FeatureLifecycle): FeatureLifecycle[number] | undefined {
  return [...stages].sort((a, b) => ORDER.indexOf(b.stage) - ORDER.indexOf(a.stage))[0];
}

export const LIFECYCLE_FILTERS: ReadonlyArray<{ value: LifecycleStage; label: string }> = ORDER.filter(
  (stage) => stage !== 'archived',
).map((stage) => ({ value: stage, label: STAGE_LABELS[stage] }));
