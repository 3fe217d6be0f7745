/**
 * How Unleash turns variant weights into stored weights (shared/unleash/API.md §5.5, measured on
 * 8.2). The server applies it before saving and the console to show what will be saved, so the
 * rule lives here, pure and free of I/O, imported by both.
 */

/** The total weight split between a flag's (or strategy's) variants: 1000 is 100%. */
export const TOTAL_WEIGHT = 1000;

export type VariantWeightType = 'variable' | 'fix';

/** What a variant contributes to the split. */
export interface WeightedVariant {
  name: string;
  weight: number;
  weightType?: VariantWeightType;
}

/** Why Unleash refuses a set of variants: nothing takes the rest, or fixed ones exceed 100%. */
export type VariantWeightProblem = 'no-variable-variant' | 'fixed-over-total';

function fixedSum(variants: readonly WeightedVariant[]): number {
  return variants.reduce((sum, variant) => sum + (variant.weightType === 'fix' ? variant.weight : 0), 0);
}

/**
 * Why Unleash would refuse these variants, in the order it checks (the first is the one it
 * reports); empty when they are fine. An empty list of variants is fine.
 */
export function variantWeightProblems(variants: readonly WeightedVariant[]): VariantWeightProblem[] {
  if (variants.length === 0) return [];
  const problems: VariantWeightProblem[] = [];
  if (!variants.some((variant) => variant.weightType === 'variable')) problems.push('no-variable-variant');
  if (fixedSum(variants) > TOTAL_WEIGHT) problems.push('fixed-over-total');
  return problems;
}

/**
 * The weight each variant gets, in the order given: `fix` variants keep theirs; what is left of
 * 1000 (never less than 0) is split evenly over the `variable` ones, the remainder going one by
 * one to the first variable variants in the order given. A variant without a weight type takes
 * no part (Unleash 8.2 drops it) and gets 0.
 */
export function distributeVariantWeights(variants: readonly WeightedVariant[]): number[] {
  const variableCount = variants.filter((variant) => variant.weightType === 'variable').length;
  const rest = Math.max(0, TOTAL_WEIGHT - fixedSum(variants));
  const share = variableCount ? Math.floor(rest / variableCount) : 0;
  let remainder = variableCount ? rest - share * variableCount : 0;
  return variants.map((variant) => {
    if (variant.weightType === 'fix') return variant.weight;
    if (variant.weightType !== 'variable') return 0;
    const extra = remainder > 0 ? 1 : 0;
    remainder -= extra;
    return share + extra;
  });
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The variants as Unleash stores them: weights distributed, variants without a weight type
 * dropped, sorted by name. Check variantWeightProblems first: this does not refuse anything.
 */
export function normaliseVariantWeights<V extends WeightedVariant>(variants: readonly V[]): V[] {
  const weights = distributeVariantWeights(variants);
  return variants
    .map((variant, index) => ({ ...variant, weight: weights[index]! }))
    .filter((variant) => variant.weightType === 'variable' || variant.weightType === 'fix')
    .sort(byName);
}
