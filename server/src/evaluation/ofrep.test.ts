import { describe, expect, it } from 'vitest';
import type { ClientFeature, VariantPayload } from '../../contract';
import { createFlagRepository } from './flag-repository';
import { evaluateOfrepFlag, evaluateOfrepFlags } from './ofrep';

const withVariant = (name: string, payload?: VariantPayload): ClientFeature => ({
  name,
  enabled: true,
  project: 'web',
  strategies: [
    {
      name: 'default',
      parameters: {},
      variants: [
        {
          name: 'v1',
          weight: 1000,
          weightType: 'variable',
          stickiness: 'default',
          ...(payload ? { payload } : {}),
        },
      ],
    },
  ],
});

const features: ClientFeature[] = [
  { name: 'off', enabled: false, strategies: [{ name: 'default', parameters: {} }] },
  { name: 'on', enabled: true, impressionData: true, strategies: [{ name: 'default', parameters: {} }] },
  {
    name: 'only-alice',
    enabled: true,
    strategies: [{ name: 'userWithId', parameters: { userIds: 'alice' } }],
  },
  withVariant('text', { type: 'string', value: 'blue' }),
  withVariant('csv', { type: 'csv', value: 'a,b' }),
  withVariant('count', { type: 'number', value: '42.5' }),
  withVariant('settings', { type: 'json', value: '{"limit":3,"tags":["x"]}' }),
  withVariant('named'),
  withVariant('broken-json', { type: 'json', value: '{oops' }),
  withVariant('json-null', { type: 'json', value: 'null' }),
  withVariant('not-a-number', { type: 'number', value: 'many' }),
];
const deps = { repository: createFlagRepository({ features }), random: () => 0.5 };
const evaluate = (key: string, userId?: string) => evaluateOfrepFlag(key, { userId, properties: {} }, deps);

describe('OFREP evaluation of Unleash flags', () => {
  it('answers booleans: DISABLED when off, DEFAULT when no strategy matches, TARGETING_MATCH when on', () => {
    expect(evaluate('off')).toEqual({
      ok: true,
      evaluation: {
        key: 'off',
        reason: 'DISABLED',
        variant: 'disabled',
        value: false,
        metadata: { project: 'default', impressionData: false },
      },
    });
    expect(evaluate('only-alice', 'bob')).toMatchObject({
      ok: true,
      evaluation: { reason: 'DEFAULT', value: false },
    });
    expect(evaluate('only-alice', 'alice')).toMatchObject({
      ok: true,
      evaluation: { reason: 'TARGETING_MATCH', value: true, variant: 'disabled' },
    });
    expect(evaluate('on')).toMatchObject({ evaluation: { value: true, metadata: { impressionData: true } } });
  });

  it('answers a variant as its payload, typed, or its name without a payload', () => {
    expect(evaluate('text')).toMatchObject({
      evaluation: {
        value: 'blue',
        variant: 'v1',
        reason: 'TARGETING_MATCH',
        metadata: { payloadType: 'string', project: 'web' },
      },
    });
    expect(evaluate('csv')).toMatchObject({ evaluation: { value: 'a,b' } });
    expect(evaluate('count')).toMatchObject({ evaluation: { value: 42.5 } });
    expect(evaluate('settings')).toMatchObject({ evaluation: { value: { limit: 3, tags: ['x'] } } });
    expect(evaluate('named')).toMatchObject({ evaluation: { value: 'v1', variant: 'v1' } });
  });

  it('reports a payload that is not of its type as PARSE_ERROR, and an unknown flag as null', () => {
    for (const key of ['broken-json', 'json-null', 'not-a-number']) {
      expect(evaluate(key)).toMatchObject({ ok: false, failure: { key, errorCode: 'PARSE_ERROR' } });
    }
    expect(evaluate('missing')).toBeNull();
  });

  it('evaluates every flag of the repository in its order for a bulk request', () => {
    const results = evaluateOfrepFlags({ userId: 'alice', properties: {} }, deps);
    expect(results.map((result) => (result.ok ? result.evaluation.key : result.failure.key))).toEqual(
      features.map((flag) => flag.name),
    );
  });
});
