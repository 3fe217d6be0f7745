import { describe, expect, it } from 'vitest';
import { disabledVariant, enabledVariant, selectVariant, type VariantDefinition } from './variants';

// normalizedVariantValue('123', 'f1', 1000) is 427 (shared/unleash/API.md §5.7).
const random = () => 0.5;

describe('selectVariant', () => {
  it('picks the first variant whose cumulative weight reaches the bucket', () => {
    const at427: VariantDefinition[] = [
      { name: 'a', weight: 427 },
      { name: 'b', weight: 573 },
    ];
    const at426: VariantDefinition[] = [
      { name: 'a', weight: 426 },
      { name: 'b', weight: 574 },
    ];
    expect(selectVariant(at427, 'f1', 'default', { userId: '123' }, random)?.name).toBe('a');
    expect(selectVariant(at426, 'f1', 'default', { userId: '123' }, random)?.name).toBe('b');
  });

  it('returns null when the weights sum to zero, and never picks a zero weight', () => {
    expect(selectVariant([{ name: 'a', weight: 0 }], 'f1', 'default', { userId: '123' }, random)).toBeNull();
    const variants: VariantDefinition[] = [
      { name: 'zero', weight: 0 },
      { name: 'all', weight: 1000 },
    ];
    expect(selectVariant(variants, 'f1', 'default', { userId: '1' }, random)?.name).toBe('all');
  });

  it('lets the first matching override win over hashing', () => {
    const variants: VariantDefinition[] = [
      { name: 'a', weight: 1000 },
      { name: 'b', weight: 0, overrides: [{ contextName: 'tenant', values: ['t1'] }] },
    ];
    expect(selectVariant(variants, 'f1', 'default', { properties: { tenant: 't1' } }, random)?.name).toBe(
      'b',
    );
  });

  it('default stickiness falls back to sessionId then remoteAddress', () => {
    const variants: VariantDefinition[] = [
      { name: 'a', weight: 427 },
      { name: 'b', weight: 573 },
    ];
    expect(selectVariant(variants, 'f1', 'default', { sessionId: '123', userId: '' }, random)?.name).toBe(
      'a',
    );
    expect(selectVariant(variants, 'f1', undefined, { remoteAddress: '123' }, random)?.name).toBe('a');
    expect(selectVariant(variants, 'f1', 'tenant', { properties: { tenant: '123' } }, random)?.name).toBe(
      'a',
    );
  });
});

describe('variant shapes', () => {
  it('spells the flag state twice and omits an absent payload', () => {
    expect(disabledVariant(true)).toStrictEqual({
      name: 'disabled',
      enabled: false,
      feature_enabled: true,
      featureEnabled: true,
    });
    expect(enabledVariant({ name: 'a', weight: 1 })).toStrictEqual({
      name: 'a',
      enabled: true,
      feature_enabled: true,
      featureEnabled: true,
    });
    expect(
      enabledVariant({ name: 'a', weight: 1, payload: { type: 'json', value: '{}' } }).payload,
    ).toStrictEqual({
      type: 'json',
      value: '{}',
    });
  });
});
