import { describe, expect, it } from 'vitest';
import type { ClientFeatures } from '../../../contract';
import { applyDeltaEvents } from '../../evaluation';
import { deltaEvents, hydrationEvents, requestedRevision } from './client-delta';

const payload = (
  features: ClientFeatures['features'],
  segments: ClientFeatures['segments'] = [],
): ClientFeatures => ({
  version: 2,
  features,
  segments,
  query: { environment: 'development', inlineSegmentConstraints: false },
});
const segment = (id: number, values: string[]) => ({
  id,
  name: `s${id}`,
  constraints: [{ contextName: 'userId', operator: 'IN' as const, values }],
});

describe('client delta', () => {
  const before = payload(
    [
      {
        name: 'a',
        enabled: true,
        project: 'default',
        strategies: [{ name: 'default', parameters: {}, segments: [1] }],
      },
      { name: 'b', enabled: true, project: 'web', strategies: [] },
      { name: 'c', enabled: false, project: 'default', strategies: [] },
    ],
    [segment(1, ['x']), segment(2, ['y'])],
  );
  const after = payload(
    [
      {
        name: 'a',
        enabled: true,
        project: 'default',
        strategies: [{ name: 'default', parameters: {}, segments: [1, 3] }],
      },
      { name: 'c', enabled: true, project: 'default', strategies: [] },
      { name: 'd', enabled: true, project: 'default', strategies: [] },
    ],
    [segment(1, ['x', 'z']), segment(3, ['w'])],
  );

  it('sends changed segments first, then changed and new flags, removed flags and unserved segments', () => {
    const events = deltaEvents(before, after, 42);
    expect(
      events.map((event) => [
        event.type,
        'feature' in event
          ? event.feature.name
          : 'featureName' in event
            ? event.featureName
            : 'segment' in event
              ? event.segment.id
              : event.type === 'segment-removed'
                ? event.segmentId
                : null,
      ]),
    ).toEqual([
      ['segment-updated', 1],
      ['segment-updated', 3],
      ['feature-updated', 'a'],
      ['feature-updated', 'c'],
      ['feature-updated', 'd'],
      ['feature-removed', 'b'],
      ['segment-removed', 2],
    ]);
    expect(events.every((event) => event.eventId === 42)).toBe(true);
    expect(events).toContainEqual({ eventId: 42, type: 'feature-removed', featureName: 'b', project: 'web' });
  });

  it('brings a client from before to after, as an SDK applies the events', () => {
    const state = applyDeltaEvents(deltaEvents(before, after, 42), {
      features: before.features,
      segments: before.segments,
    });
    expect(state.features.map((feature) => feature.name).sort()).toEqual(['a', 'c', 'd']);
    expect(new Set(state.features)).toEqual(new Set(after.features));
    expect(state.segments.sort((x, y) => x.id - y.id)).toEqual(after.segments);
    expect(applyDeltaEvents(hydrationEvents(after, 42))).toEqual({
      features: after.features,
      segments: after.segments,
    });
  });

  it('has nothing to send for equal payloads', () => {
    expect(deltaEvents(after, structuredClone(after), 43)).toEqual([]);
  });

  it('reads the revision from If-None-Match with or without quotes, and nothing else', () => {
    expect(requestedRevision('"17"')).toBe(17);
    expect(requestedRevision('17')).toBe(17);
    expect(requestedRevision('W/"17"')).toBe(17);
    for (const value of [undefined, '', '"abc:17:v1"', '-1', '1e9', '9'.repeat(30)]) {
      expect(requestedRevision(value)).toBeNull();
    }
  });
});
