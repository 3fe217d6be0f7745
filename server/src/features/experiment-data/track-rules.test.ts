import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../lib/errors';
import {
  CallerBuckets,
  EventNameBudget,
  eventsOf,
  eventTime,
  exposureInputs,
  MAX_EVENT_AGE_MS,
  trackedEvents,
  userKeyOf,
} from './track-rules';

const now = new Date('2026-11-29T12:00:00.000Z');

function refusal(run: () => unknown) {
  try {
    run();
    return undefined;
  } catch (error) {
    const apiError = error as ApiError;
    return { status: apiError.statusCode, path: apiError.details[0]?.path };
  }
}

describe('track rules', () => {
  it('reads one event, {events} and a bare array alike', () => {
    const event = { eventName: 'signup' };
    expect(eventsOf(event)).toEqual([event]);
    expect(eventsOf({ events: [event, event] })).toHaveLength(2);
    expect(eventsOf([event])).toEqual([event]);
  });

  it('keys users by userId, else sessionId, else nobody', () => {
    expect(userKeyOf({ userId: 'u1', sessionId: 's1' })).toBe('u1');
    expect(userKeyOf({ sessionId: 's1' })).toBe('s1');
    expect(userKeyOf({})).toBeNull();
    expect(userKeyOf(undefined)).toBeNull();
  });

  it('takes ISO dates and unix milliseconds within [now − 7 days, now + 5 minutes]', () => {
    expect(eventTime(undefined, now)).toBe(now);
    expect(eventTime('2026-11-29T11:00:00Z', now)?.toISOString()).toBe('2026-11-29T11:00:00.000Z');
    expect(eventTime(String(now.getTime() - 1000), now)?.getTime()).toBe(now.getTime() - 1000);
    expect(eventTime('2026-11-29T12:04:59Z', now)).toBeDefined();
    expect(eventTime('2026-11-29T12:05:01Z', now)).toBeUndefined();
    expect(eventTime(new Date(now.getTime() - MAX_EVENT_AGE_MS - 1).toISOString(), now)).toBeUndefined();
    expect(eventTime('yesterday', now)).toBeUndefined();
    // Seconds are not milliseconds: 1970 is too old.
    expect(eventTime('1764417600', now)).toBeUndefined();
  });

  it('resolves events (value 1 when absent) and refuses the first out of time with its path', () => {
    expect(trackedEvents({ eventName: 'buy', context: { userId: 'u1' }, value: 12.5 }, now)).toEqual([
      { eventName: 'buy', userKey: 'u1', value: 12.5, at: now },
    ]);
    expect(trackedEvents([{ eventName: 'view' }], now)).toEqual([
      { eventName: 'view', userKey: null, value: 1, at: now },
    ]);
    const future = '2027-01-01T00:00:00Z';
    expect(refusal(() => trackedEvents({ eventName: 'x', timestamp: future }, now))).toEqual({
      status: 400,
      path: '/body/timestamp',
    });
    expect(
      refusal(() =>
        trackedEvents({ events: [{ eventName: 'x' }, { eventName: 'y', timestamp: future }] }, now),
      ),
    ).toEqual({ status: 400, path: '/body/events/1/timestamp' });
    expect(refusal(() => trackedEvents([{ eventName: 'x', value: Number.POSITIVE_INFINITY }], now))).toEqual({
      status: 400,
      path: '/body/0/value',
    });
  });

  it('requires a user on every exposure', () => {
    const exposure = { featureName: 'f', variant: 'a', context: { sessionId: 's' } };
    expect(exposureInputs([exposure], now)).toEqual([
      { featureName: 'f', variant: 'a', userKey: 's', at: now },
    ]);
    expect(refusal(() => exposureInputs([exposure, { ...exposure, context: {} }], now))).toEqual({
      status: 400,
      path: '/body/exposures/1/context',
    });
  });

  it('lets a caller burst to capacity, then refills at its rate, each caller on its own', () => {
    const buckets = new CallerBuckets(10, 2);
    expect(buckets.take('a', 10, 0)).toBe(0);
    expect(buckets.take('a', 1, 0)).toBe(1);
    expect(buckets.take('b', 5, 0)).toBe(0);
    // Half a second later one token is back; four need two seconds.
    expect(buckets.take('a', 1, 500)).toBe(0);
    expect(buckets.take('a', 4, 500)).toBe(2);
    expect(buckets.take('a', 4, 2500)).toBe(0);
  });

  it('remembers a bounded number of callers, forgetting refilled ones first', () => {
    const buckets = new CallerBuckets(10, 1, 2);
    expect(buckets.take('a', 10, 0)).toBe(0);
    expect(buckets.take('b', 1, 0)).toBe(0);
    // Both still owe tokens: a third caller waits.
    expect(buckets.take('c', 1, 0)).toBeGreaterThan(0);
    // Ten seconds on, both have refilled and are forgotten.
    expect(buckets.take('c', 1, 10_000)).toBe(0);
    expect(buckets.size).toBe(1);
  });

  it('bounds the distinct event names per environment, counting stored and buffered ones', () => {
    const budget = new EventNameBudget(3);
    expect(budget.admit('prod', ['a', 'b'])).toBe(true);
    expect(budget.admit('prod', ['a', 'c'])).toBe(true);
    expect(budget.admit('prod', ['d'])).toBe(false);
    expect(budget.admit('prod', ['a', 'b', 'c'])).toBe(true);
    expect(budget.admit('dev', ['d'])).toBe(true);
    // Stored names were read again: `b` and `c` aged out, `x` is still buffered.
    budget.replace(new Map([['prod', ['a']]]), new Map([['prod', new Set(['x'])]]));
    expect(budget.admit('prod', ['d'])).toBe(true);
    expect(budget.admit('prod', ['e'])).toBe(false);
  });
});
