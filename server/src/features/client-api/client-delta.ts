import type { ClientFeatures, ClientSegment, DeltaEvent } from '../../../contract';

/** Unleash's delta body for a client that has nothing (or a revision no longer known). */
export function hydrationEvents(after: ClientFeatures, eventId: number): DeltaEvent[] {
  return [{ eventId, type: 'hydration', features: after.features, segments: after.segments ?? [] }];
}

/**
 * What turns a client's payload `before` into `after` (shared/unleash/API.md §2.7), as events of
 * `eventId`: segments a served flag references come first (an SDK must know a segment before a
 * flag that uses it), then updated and removed flags, then segments no longer served. Equal
 * payloads give no events (the route answers 304). Both payloads are for the same query, so
 * project, namePrefix and tag filters are already applied and a flag leaving the filter is removed.
 */
export function deltaEvents(before: ClientFeatures, after: ClientFeatures, eventId: number): DeltaEvent[] {
  const events: DeltaEvent[] = [];
  const beforeSegments = new Map(
    (before.segments ?? []).map((segment) => [segment.id, JSON.stringify(segment)]),
  );
  const afterSegments = after.segments ?? [];
  for (const segment of afterSegments) {
    if (beforeSegments.get(segment.id) !== JSON.stringify(segment)) {
      events.push({ eventId, type: 'segment-updated', segment });
    }
  }
  const beforeFeatures = new Map(before.features.map((feature) => [feature.name, feature]));
  for (const feature of after.features) {
    const previous = beforeFeatures.get(feature.name);
    beforeFeatures.delete(feature.name);
    if (!previous || JSON.stringify(previous) !== JSON.stringify(feature)) {
      events.push({ eventId, type: 'feature-updated', feature });
    }
  }
  for (const removed of beforeFeatures.values()) {
    events.push({
      eventId,
      type: 'feature-removed',
      featureName: removed.name,
      project: removed.project ?? 'default',
    });
  }
  const served = new Set(afterSegments.map((segment: ClientSegment) => segment.id));
  for (const id of beforeSegments.keys()) {
    if (!served.has(id)) events.push({ eventId, type: 'segment-removed', segmentId: id });
  }
  return events;
}

/**
 * The revision an SDK holds, from its If-None-Match (quotes and a weak prefix trimmed, as Edge
 * sends it); null when absent or not a revision, which means: hydrate.
 */
export function requestedRevision(ifNoneMatch: string | undefined): number | null {
  if (!ifNoneMatch) return null;
  const text = ifNoneMatch.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  if (!/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}
