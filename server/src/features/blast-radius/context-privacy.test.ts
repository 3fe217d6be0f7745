import { describe, expect, it } from 'vitest';
import {
  contextHash,
  MAX_STORED_PROPERTIES,
  MAX_STORED_VALUE_LENGTH,
  sanitizeContext,
} from './context-privacy';
import { createContextReservoir } from './context-reservoir';

const policy = {
  sensitiveFields: new Set(['userId', 'sessionId', 'email']),
  mode: 'hash' as const,
  secret: 's3cret',
};

describe('sanitizeContext', () => {
  it('hashes sensitive fields with the secret, top-level and properties alike, and keeps the rest', () => {
    const stored = sanitizeContext(
      { appName: 'web', userId: 'alice', sessionId: 'x', properties: { email: 'a@b.c', country: 'NO' } },
      policy,
    );
    expect(stored.appName).toBe('web');
    expect(stored.userId).toMatch(/^hmac:[0-9a-f]{32}$/);
    expect(stored.properties?.email).toMatch(/^hmac:[0-9a-f]{32}$/);
    expect(stored.properties?.country).toBe('NO');
    expect(JSON.stringify(stored)).not.toContain('alice');
    // Same value, same hash (rollouts keep their spread); another secret, another hash.
    expect(sanitizeContext({ userId: 'alice' }, policy).userId).toBe(stored.userId);
    expect(sanitizeContext({ userId: 'alice' }, { ...policy, secret: 'other' }).userId).not.toBe(
      stored.userId,
    );
  });

  it('drops sensitive fields in drop mode', () => {
    const stored = sanitizeContext(
      { userId: 'alice', properties: { email: 'a@b.c' } },
      { ...policy, mode: 'drop' },
    );
    expect(stored).toEqual({ properties: {} });
  });

  it('bounds what one context can store', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 500 }, (_, i) => [`p${String(i).padStart(3, '0')}`, 'v']),
    );
    properties.long = 'x'.repeat(MAX_STORED_VALUE_LENGTH + 1);
    const stored = sanitizeContext({ appName: 'y'.repeat(10_000), properties }, policy);
    expect(Object.keys(stored.properties ?? {})).toHaveLength(MAX_STORED_PROPERTIES);
    expect(stored.properties?.long).toBeUndefined();
    expect(stored.appName).toBeUndefined();
  });

  it('hashes equal contexts equally, whatever the property order', () => {
    expect(contextHash({ userId: 'a', properties: { x: '1', y: '2' } })).toBe(
      contextHash({ properties: { y: '2', x: '1' }, userId: 'a' }),
    );
    expect(contextHash({ userId: 'a' })).not.toBe(contextHash({ userId: 'b' }));
  });
});

describe('createContextReservoir', () => {
  it('keeps at most its capacity per environment, counts what it saw, and starts over on drain', () => {
    const reservoir = createContextReservoir({ capacityPerEnvironment: 10, maxEnvironments: 2 });
    for (let i = 0; i < 1000; i += 1) reservoir.offer('production', { userId: String(i) });
    reservoir.offer('development', { userId: 'd' });
    reservoir.offer('third', { userId: 't' });
    expect(reservoir.seen('production')).toBe(1000);
    const drained = reservoir.drain();
    expect(drained.get('production')).toHaveLength(10);
    expect(drained.get('development')).toEqual([{ userId: 'd' }]);
    expect(drained.has('third')).toBe(false);
    expect(reservoir.drain().size).toBe(0);
  });

  it('samples uniformly: late contexts get in as often as early ones', () => {
    const reservoir = createContextReservoir({ capacityPerEnvironment: 100, maxEnvironments: 1 });
    let late = 0;
    for (let round = 0; round < 50; round += 1) {
      for (let i = 0; i < 1000; i += 1) reservoir.offer('p', { userId: String(i) });
      late += (reservoir.drain().get('p') ?? []).filter((context) => Number(context.userId) >= 500).length;
    }
    // Half of the 5,000 kept contexts should come from the second half of each stream.
    expect(late).toBeGreaterThan(2200);
    expect(late).toBeLessThan(2800);
  });
});
