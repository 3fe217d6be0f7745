import { describe, expect, it } from 'vitest';
import {
  distributeVariantWeights,
  normaliseVariantWeights,
  TOTAL_WEIGHT,
  variantWeightProblems,
  type WeightedVariant,
} from './variant-weights';

const variable = (name: string): WeightedVariant => ({ name, weight: 0, weightType: 'variable' });
const fix = (name: string, weight: number): WeightedVariant => ({ name, weight, weightType: 'fix' });

describe('variant weights (Unleash 8.2)', () => {
  it('splits 1000 evenly, the remainder one by one to the first variable variants in the order given', () => {
    expect(distributeVariantWeights([variable('c'), variable('b'), variable('a')])).toEqual([334, 333, 333]);
    expect(distributeVariantWeights(['a', 'b', 'c', 'd', 'e', 'f'].map(variable))).toEqual([
      167, 167, 167, 167, 166, 166,
    ]);
  });

  it('keeps fixed weights and splits only what they leave, skipping fixed variants for the remainder', () => {
    expect(distributeVariantWeights([fix('a', 100), variable('b'), variable('c'), fix('d', 7)])).toEqual([
      100, 447, 446, 7,
    ]);
  });

  it('gives variable variants nothing when fixed ones take all of it, and never a negative weight', () => {
    expect(distributeVariantWeights([fix('a', 1000), variable('b')])).toEqual([1000, 0]);
    expect(distributeVariantWeights([fix('a', 1200), variable('b')])).toEqual([1200, 0]);
  });

  it('adds up to exactly 1000 whenever a variable variant exists and fixed ones fit', () => {
    for (let count = 1; count <= 12; count += 1) {
      const variants = [...Array.from({ length: count }, (_, i) => variable(`v${i}`)), fix('f', 7)];
      expect(distributeVariantWeights(variants).reduce((a, b) => a + b, 0)).toBe(TOTAL_WEIGHT);
    }
  });

  it('normalises by dropping variants without a weight type and sorting by name', () => {
    const result = normaliseVariantWeights([variable('c'), { name: 'b', weight: 400 }, fix('a', 100)]);
    expect(result).toEqual([fix('a', 100), { name: 'c', weight: 900, weightType: 'variable' }]);
    expect(normaliseVariantWeights([])).toEqual([]);
  });

  it('names what Unleash refuses: no variable variant, fixed weights over 100%', () => {
    expect(variantWeightProblems([])).toEqual([]);
    expect(variantWeightProblems([fix('a', 500)])).toEqual(['no-variable-variant']);
    expect(variantWeightProblems([{ name: 'a', weight: 0 }])).toEqual(['no-variable-variant']);
    expect(variantWeightProblems([fix('a', 600), fix('b', 401), variable('c')])).toEqual([
      'fixed-over-total',
    ]);
    expect(variantWeightProblems([fix('a', 600), fix('b', 401)])).toEqual([
      'no-variable-variant',
      'fixed-over-total',
    ]);
    expect(variantWeightProblems([fix('a', 1000), variable('c')])).toEqual([]);
  });
});
