import { describe, expect, it } from 'vitest';
import type { ClientFeature, DeltaEvent } from '../../contract';
import { applyDeltaEvents } from './delta';

const flag = (name: string, enabled = true): ClientFeature => ({ name, enabled, strategies: [] });

describe('applyDeltaEvents', () => {
  it('hydrates, then patches flags and segments in order', () => {
    const events: DeltaEvent[] = [
      {
        eventId: 1,
        type: 'hydration',
        features: [flag('a'), flag('b')],
        segments: [{ id: 1, constraints: [] }],
      },
      { eventId: 2, type: 'feature-updated', feature: flag('a', false) },
      { eventId: 3, type: 'feature-updated', feature: flag('c') },
      { eventId: 4, type: 'feature-removed', featureName: 'b', project: 'default' },
      { eventId: 5, type: 'segment-updated', segment: { id: 2, name: 's2', constraints: [] } },
      { eventId: 6, type: 'segment-removed', segmentId: 1 },
    ];
    expect(applyDeltaEvents(events)).toStrictEqual({
      features: [flag('a', false), flag('c')],
      segments: [{ id: 2, name: 's2', constraints: [] }],
    });
  });

  it('replaces everything on a later hydration and leaves the input untouched', () => {
    const initial = { features: [flag('old')], segments: [] };
    const result = applyDeltaEvents(
      [{ eventId: 9, type: 'hydration', features: [flag('new')], segments: [] }],
      initial,
    );
    expect(result.features.map((f) => f.name)).toStrictEqual(['new']);
    expect(initial.features.map((f) => f.name)).toStrictEqual(['old']);
  });
});
