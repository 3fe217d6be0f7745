import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../lib/errors';
import { frontendContext, MAX_CONTEXT_FIELDS, MAX_CONTEXT_VALUE_LENGTH } from './frontend-context';

const facts = { ip: '203.0.113.9', newSessionId: () => 'fresh-session' };

describe('frontend context', () => {
  it('applies Unleash defaults to an empty request', () => {
    expect(frontendContext({}, facts)).toEqual({
      appName: 'frontend-api',
      environment: 'default',
      sessionId: 'fresh-session',
      remoteAddress: '203.0.113.9',
      properties: {},
    });
  });

  it('keeps the five top-level fields and moves every other key into properties', () => {
    expect(
      frontendContext(
        {
          appName: 'web',
          environment: 'production',
          userId: 'u1',
          sessionId: 's1',
          remoteAddress: '10.0.0.1',
          currentTime: '2020-01-01T00:00:00Z',
          country: 'SE',
          'properties[plan]': 'pro',
        },
        facts,
      ),
    ).toEqual({
      appName: 'web',
      environment: 'production',
      userId: 'u1',
      sessionId: 's1',
      remoteAddress: '10.0.0.1',
      properties: { currentTime: '2020-01-01T00:00:00Z', country: 'SE', plan: 'pro' },
    });
  });

  it('reads a POST body properties object and stringifies scalar values', () => {
    const context = frontendContext(
      { userId: 42, properties: { beta: true, tier: 3, nested: { no: 1 } } },
      facts,
    );
    expect(context.userId).toBe('42');
    expect(context.properties).toEqual({ beta: 'true', tier: '3' });
  });

  describe('bounds (issue 12)', () => {
    /** The refusal's name, status and detail, or undefined when the context was built. */
    function refusal(input: Record<string, unknown>) {
      try {
        frontendContext(input, facts);
        return undefined;
      } catch (error) {
        const apiError = error as ApiError;
        return {
          name: apiError.errorName,
          status: apiError.statusCode,
          detail: apiError.details[0]?.message,
        };
      }
    }

    it('takes values up to 10,000 characters and refuses longer ones with 400', () => {
      const longest = 'u'.repeat(MAX_CONTEXT_VALUE_LENGTH);
      expect(frontendContext({ userId: longest }, facts).userId).toBe(longest);
      expect(refusal({ userId: `${longest}u` })).toEqual({
        name: 'BadDataError',
        status: 400,
        detail: 'The context field "userId" must not be longer than 10000 characters. You sent 10001.',
      });
      expect(refusal({ properties: { plan: 'p'.repeat(100_000) } })?.detail).toBe(
        'The context field "plan" must not be longer than 10000 characters. You sent 100000.',
      );
      expect(refusal({ 'properties[plan]': ['p'.repeat(20_000)] })?.status).toBe(400);
      expect(refusal({ ['k'.repeat(MAX_CONTEXT_VALUE_LENGTH + 1)]: 'v' })?.detail).toBe(
        'A context field name must not be longer than 10000 characters. You sent 10001.',
      );
    });

    it('takes up to 1,000 fields, top-level and properties together, and refuses more with 400', () => {
      const fields = (count: number) =>
        Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, 'v']));
      expect(Object.keys(frontendContext(fields(MAX_CONTEXT_FIELDS), facts).properties ?? {})).toHaveLength(
        1000,
      );
      expect(refusal({ ...fields(999), properties: { a: '1', b: '2' } })).toEqual({
        name: 'BadDataError',
        status: 400,
        detail: 'The context must not have more than 1000 fields.',
      });
      // Fields that carry no string (objects, null) are not counted: they are dropped anyway.
      expect(refusal({ ...fields(MAX_CONTEXT_FIELDS), nested: { no: 1 }, gone: null })).toBeUndefined();
    });

    it('reads the first of a list, one level deep, so deep nesting costs nothing', () => {
      let deep: unknown = 'inner';
      for (let level = 0; level < 100_000; level += 1) deep = [deep];
      const context = frontendContext({ userId: ['u1', 'u2'], properties: { deep, list: [['x']] } }, facts);
      expect(context.userId).toBe('u1');
      expect(context.properties).toEqual({});
    });

    it('refuses 10,000 properties in a few milliseconds', () => {
      const properties = Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`p${index}`, 'v']));
      // The fastest of three: a shared machine may stall one run, not the refusal's own cost.
      let fastest = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const started = performance.now();
        expect(refusal({ properties })?.status).toBe(400);
        fastest = Math.min(fastest, performance.now() - started);
      }
      expect(fastest).toBeLessThan(100);
    });
  });
});
