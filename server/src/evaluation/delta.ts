import type { ClientFeature, ClientSegment, DeltaEvent } from '../../contract';
import type { FlagState } from './flag-repository';

/** A client-side state as the delta API builds it: flags and segments, both in arrival order. */
export interface DeltaState {
  features: ClientFeature[];
  segments: ClientSegment[];
}

function upsert<T>(items: readonly T[], item: T, same: (candidate: T) => boolean): T[] {
  const index = items.findIndex(same);
  return index < 0 ? [...items, item] : items.map((candidate, i) => (i === index ? item : candidate));
}

/** Applies one delta event (shared/unleash/API.md §2.7) to a state, returning a new state. */
export function applyDeltaEvent(state: DeltaState, event: DeltaEvent): DeltaState {
  switch (event.type) {
    case 'hydration':
      return { features: [...event.features], segments: [...event.segments] };
    case 'feature-updated':
      return {
        ...state,
        features: upsert(state.features, event.feature, (flag) => flag.name === event.feature.name),
      };
    case 'feature-removed':
      return { ...state, features: state.features.filter((flag) => flag.name !== event.featureName) };
    case 'segment-updated':
      return {
        ...state,
        segments: upsert(state.segments, event.segment, (segment) => segment.id === event.segment.id),
      };
    case 'segment-removed':
      return { ...state, segments: state.segments.filter((segment) => segment.id !== event.segmentId) };
  }
}

/** Applies events in order, starting from `initial` (empty by default). */
export function applyDeltaEvents(
  events: readonly DeltaEvent[],
  initial: FlagState = { features: [] },
): DeltaState {
  const start: DeltaState = { features: [...initial.features], segments: [...(initial.segments ?? [])] };
  return events.reduce(applyDeltaEvent, start);
}
