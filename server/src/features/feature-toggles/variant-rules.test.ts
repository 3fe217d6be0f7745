import { describe, expect, it } from 'vitest';
import type { Variant } from '../../../contract';
import type { ApiError } from '../../lib/errors';
import { replaceGroupId, stringifyParameters, withFlexibleRolloutDefaults } from './strategy-rules';
import { normaliseVariants, validateVariantShapes } from './variant-rules';

const variable = (name: string, extra: Partial<Variant> = {}): Variant => ({
  name,
  weight: 0,
  weightType: 'variable',
  ...extra,
});

function detail(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as ApiError).details[0]!.message;
  }
  throw new Error('expected an error');
}

describe('normaliseVariants (Unleash 8.2 weights)', () => {
  it('splits 1000 evenly, giving the remainder to the first variable variants as given, sorted by name', () => {
    const result = normaliseVariants([variable('c'), variable('b'), variable('a')]);
    expect(result.map((v) => [v.name, v.weight])).toEqual([
      ['a', 333],
      ['b', 333],
      ['c', 334],
    ]);
    const six = normaliseVariants(['c', 'b', 'a', 'd', 'e', 'f'].map((name) => variable(name)));
    expect(six.map((v) => v.weight)).toEqual([167, 167, 167, 167, 166, 166]);
  });

  it('keeps fixed weights and shares the rest', () => {
    const result = normaliseVariants([variable('b'), { name: 'a', weight: 100, weightType: 'fix' }]);
    expect(result).toEqual([
      { name: 'a', weight: 100, weightType: 'fix' },
      { name: 'b', weight: 900, weightType: 'variable' },
    ]);
  });

  it('always totals 1000', () => {
    for (let n = 1; n <= 13; n += 1) {
      const variants = Array.from({ length: n }, (_, i) => variable(`v${i}`));
      const total = normaliseVariants([...variants, { name: 'fixed', weight: 7, weightType: 'fix' }]).reduce(
        (sum, v) => sum + v.weight,
        0,
      );
      expect(total).toBe(1000);
    }
  });

  it('needs a variable variant, and drops variants without a weight type as Unleash does', () => {
    expect(detail(() => normaliseVariants([{ name: 'a', weight: 500, weightType: 'fix' }]))).toBe(
      'There must be at least one "variable" variant',
    );
    expect(detail(() => normaliseVariants([{ name: 'a', weight: 0 }]))).toBe(
      'There must be at least one "variable" variant',
    );
    expect(normaliseVariants([variable('c'), { name: 'b', weight: 0 }]).map((v) => v.name)).toEqual(['c']);
    expect(normaliseVariants([])).toEqual([]);
  });

  it('refuses fixed weights over 1000', () => {
    const message = detail(() =>
      normaliseVariants([
        { name: 'a', weight: 600, weightType: 'fix' },
        { name: 'b', weight: 600, weightType: 'fix' },
        variable('c'),
      ]),
    );
    expect(message).toBe('The traffic distribution total must equal 100%');
  });
});

describe('validateVariantShapes', () => {
  it('refuses empty and duplicate names and invalid JSON payloads', () => {
    expect(detail(() => validateVariantShapes([variable('')]))).toBe(
      '"[0].name" is not allowed to be empty.',
    );
    expect(detail(() => validateVariantShapes([variable('a'), variable('a')]))).toMatch(
      /^"\[1\]" contains a duplicate value/,
    );
    expect(
      detail(() => validateVariantShapes([variable('a', { payload: { type: 'json', value: '{bad' } })])),
    ).toBe(`'value' must be a valid json string when 'type' is json. You provided "{bad".`);
    expect(() =>
      validateVariantShapes([variable('a', { payload: { type: 'json', value: '{"a":1}' } })]),
    ).not.toThrow();
  });
});

describe('strategy parameter rules', () => {
  it('stores parameters as strings', () => {
    expect(stringifyParameters({ rollout: 50, on: true, text: 'x', gone: null })).toEqual({
      rollout: '50',
      on: 'true',
      text: 'x',
    });
  });

  it('fills flexibleRollout defaults only where missing', () => {
    expect(
      withFlexibleRolloutDefaults('flexibleRollout', {}, { featureName: 'f1', stickiness: 'userId' }),
    ).toEqual({
      rollout: '100',
      stickiness: 'userId',
      groupId: 'f1',
    });
    expect(
      withFlexibleRolloutDefaults(
        'flexibleRollout',
        { rollout: '5', groupId: 'g' },
        { featureName: 'f1', stickiness: 'default' },
      ),
    ).toEqual({ rollout: '5', stickiness: 'default', groupId: 'g' });
    expect(withFlexibleRolloutDefaults('default', {}, { featureName: 'f1', stickiness: 'default' })).toEqual(
      {},
    );
  });

  it('moves the group id to the clone', () => {
    expect(replaceGroupId({ groupId: 'f1', rollout: '5' }, 'f2')).toEqual({ groupId: 'f2', rollout: '5' });
    expect(replaceGroupId({ userIds: 'a' }, 'f2')).toEqual({ userIds: 'a' });
  });
});
