import { describe, expect, it } from 'vitest';
import type { ClientFeature, Context } from '../../../contract';
import { createFlagRepository } from '../../evaluation';
import { createExposureRecorder } from './exposure-recorder';
import { createRunningExperiments, type RunningExperiment } from './running-experiments';
import { TrackBuffer } from './track-buffer';

const now = new Date('2026-11-29T12:00:00Z');

const experiment: RunningExperiment = {
  id: 7,
  featureName: 'checkout',
  environment: 'production',
  startedAt: new Date('2026-11-29T00:00:00Z'),
  variants: new Set(['control', 'treatment']),
  eventNames: new Set(['purchase']),
};

const flag = (name: string, variants: string[]): ClientFeature =>
  ({
    name,
    enabled: true,
    strategies: [{ name: 'default', parameters: {}, constraints: [] }],
    variants: variants.map((variant) => ({
      name: variant,
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
    })),
  }) as unknown as ClientFeature;

async function setup() {
  const running = createRunningExperiments({
    load: async () => [experiment],
    refreshMs: 60_000,
    logger: { warn: () => {} },
  });
  await running.refresh();
  const buffer = new TrackBuffer();
  const recorder = createExposureRecorder(running, buffer, () => now);
  const deps = {
    repository: createFlagRepository({
      features: [flag('checkout', ['control', 'treatment']), flag('other', ['a'])],
    }),
  };
  return { buffer, recorder, deps };
}

const context = (fields: Partial<Context>): Context => ({
  appName: 'web',
  environment: 'default',
  ...fields,
});

describe('exposure recorder', () => {
  it('watches only environments with a running experiment', async () => {
    const { recorder } = await setup();
    expect(recorder.watches('production')).toBe(true);
    expect(recorder.watches('development')).toBe(false);
  });

  it('records the variant the experiment flag gives a user, once', async () => {
    const { buffer, recorder, deps } = await setup();
    recorder.evaluated('production', context({ userId: 'u1', sessionId: 'made-up' }), false, deps);
    recorder.evaluated('production', context({ userId: 'u1', sessionId: 'made-up' }), false, deps);
    const { exposures } = buffer.drain();
    expect(exposures).toHaveLength(1);
    expect(exposures[0]).toMatchObject({ experimentId: 7, userKey: 'u1', exposedAt: now });
    expect(['control', 'treatment']).toContain(exposures[0]?.variant);
    // Already recorded by this process: nothing buffered again.
    recorder.evaluated('production', context({ userId: 'u1' }), false, deps);
    expect(buffer.drain().exposures).toEqual([]);
  });

  it('keys by a sessionId only when the caller sent it', async () => {
    const { buffer, recorder, deps } = await setup();
    recorder.evaluated('production', context({ sessionId: 'random' }), false, deps);
    expect(buffer.drain().exposures).toEqual([]);
    recorder.evaluated('production', context({ sessionId: 's1' }), true, deps);
    expect(buffer.drain().exposures.map((row) => row.userKey)).toEqual(['s1']);
  });

  it('ignores `disabled`, variants the experiment does not split between, and times before its start', async () => {
    const { buffer, recorder } = await setup();
    recorder.served('production', 'checkout', 'disabled', context({ userId: 'a' }), false);
    recorder.served('production', 'other', 'a', context({ userId: 'b' }), false);
    expect(recorder.expose(experiment, 'c', 'legacy', now)).toBe(false);
    expect(recorder.expose(experiment, 'd', 'control', new Date('2026-11-28T00:00:00Z'))).toBe(false);
    recorder.served('production', 'checkout', 'treatment', context({ userId: 'e' }), false);
    expect(buffer.drain().exposures.map((row) => [row.userKey, row.variant])).toEqual([['e', 'treatment']]);
  });
});
