import { describe, expect, it } from 'vitest';
import { indexRunning, type RunningExperiment } from './running-experiments';
import { TrackBuffer } from './track-buffer';

const at = (iso: string) => new Date(iso);
const event = (userKey: string, iso: string) => ({
  environment: 'production',
  userKey,
  eventName: 'buy',
  at: at(iso),
  value: 1,
});

describe('track buffer', () => {
  it('sums events per event name, environment and hour', () => {
    const buffer = new TrackBuffer();
    buffer.addHourly('buy', 'production', at('2026-11-29T10:15:00Z'), 1, 5);
    buffer.addHourly('buy', 'production', at('2026-11-29T10:45:00Z'), 1, 7);
    buffer.addHourly('buy', 'production', at('2026-11-29T11:00:00Z'), 1, 1);
    buffer.addHourly('buy', 'development', at('2026-11-29T10:15:00Z'), 1, 1);
    expect(buffer.drain().hourly).toEqual([
      {
        eventName: 'buy',
        environment: 'production',
        hour: at('2026-11-29T10:00:00Z'),
        events: 2,
        valueSum: 12,
      },
      {
        eventName: 'buy',
        environment: 'production',
        hour: at('2026-11-29T11:00:00Z'),
        events: 1,
        valueSum: 1,
      },
      {
        eventName: 'buy',
        environment: 'development',
        hour: at('2026-11-29T10:00:00Z'),
        events: 1,
        valueSum: 1,
      },
    ]);
  });

  it('keeps the earliest exposure per experiment and user', () => {
    const buffer = new TrackBuffer();
    buffer.addExposure({
      experimentId: 1,
      userKey: 'u1',
      variant: 'b',
      exposedAt: at('2026-11-29T10:05:00Z'),
    });
    buffer.addExposure({
      experimentId: 1,
      userKey: 'u1',
      variant: 'a',
      exposedAt: at('2026-11-29T10:00:00Z'),
    });
    buffer.addExposure({
      experimentId: 2,
      userKey: 'u1',
      variant: 'a',
      exposedAt: at('2026-11-29T10:09:00Z'),
    });
    expect(buffer.drain().exposures.map((row) => [row.experimentId, row.variant])).toEqual([
      [1, 'a'],
      [2, 'a'],
    ]);
  });

  it('holds user events back one flush, all of them on the last one', () => {
    const buffer = new TrackBuffer();
    buffer.addUserEvent(event('u1', '2026-11-29T10:00:00Z'));
    expect(buffer.drain().userEvents).toEqual([]);
    buffer.addUserEvent(event('u2', '2026-11-29T10:01:00Z'));
    expect(buffer.drain().userEvents.map((row) => row.userKey)).toEqual(['u1']);
    buffer.addUserEvent(event('u3', '2026-11-29T10:02:00Z'));
    expect(buffer.drain(true).userEvents.map((row) => row.userKey)).toEqual(['u2', 'u3']);
    expect(buffer.size).toBe(0);
  });

  it('refuses new rows past its bound while existing ones keep counting, and restores a failed batch', () => {
    const buffer = new TrackBuffer(2);
    buffer.addHourly('a', 'production', at('2026-11-29T10:00:00Z'), 1, 1);
    buffer.addHourly('b', 'production', at('2026-11-29T10:00:00Z'), 1, 1);
    buffer.addHourly('c', 'production', at('2026-11-29T10:00:00Z'), 1, 1);
    buffer.addHourly('a', 'production', at('2026-11-29T10:30:00Z'), 1, 1);
    expect(buffer.dropped).toBe(1);
    const batch = buffer.drain();
    expect(batch.hourly.map((row) => [row.eventName, row.events])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(buffer.size).toBe(0);
    buffer.restore(batch);
    expect(buffer.drain().hourly).toEqual(batch.hourly);
  });

  it('lists the buffered event names per environment', () => {
    const buffer = new TrackBuffer();
    buffer.addHourly('a', 'production', at('2026-11-29T10:00:00Z'), 1, 1);
    buffer.addHourly('b', 'development', at('2026-11-29T10:00:00Z'), 1, 1);
    expect(buffer.eventNames()).toEqual(
      new Map([
        ['production', new Set(['a'])],
        ['development', new Set(['b'])],
      ]),
    );
  });
});

describe('running experiments index', () => {
  it('maps environments to flags and to the event names their metrics read', () => {
    const experiment = (
      id: number,
      featureName: string,
      environment: string,
      events: string[],
    ): RunningExperiment => ({
      id,
      featureName,
      environment,
      startedAt: at('2026-11-29T00:00:00Z'),
      variants: new Set(['a', 'b']),
      eventNames: new Set(events),
    });
    const index = indexRunning([
      experiment(1, 'checkout', 'production', ['buy']),
      experiment(2, 'search', 'production', ['search', 'buy']),
      experiment(3, 'checkout', 'development', ['buy']),
    ]);
    expect(index.byEnvironment.get('production')?.get('search')?.id).toBe(2);
    expect(index.byEnvironment.has('staging')).toBe(false);
    expect(index.eventNames.get('production')).toEqual(new Set(['buy', 'search']));
  });
});
