import {
  distributeVariantWeights,
  TOTAL_WEIGHT,
  variantWeightProblems,
} from '../../../../server/contract/variant-weights';
import type { StrategyVariant } from './strategies-api';

export { TOTAL_WEIGHT };

export type PayloadType = 'string' | 'json' | 'csv' | 'number';

/** A variant as the form edits it: a fixed share typed in percent, the payload split in two. */
export interface VariantDraft {
  name: string;
  weightType: 'variable' | 'fix';
  /** Percent for fixed variants, as typed ("12.5"); ignored for variable ones. */
  percent: string;
  stickiness: string;
  payloadType: PayloadType | 'none';
  payloadValue: string;
}

export function newVariantDraft(name: string, stickiness: string): VariantDraft {
  return { name, weightType: 'variable', percent: '', stickiness, payloadType: 'none', payloadValue: '' };
}

/** A typed percent as weight (one decimal, 12.5% is 125), or null when it is no percentage. */
export function percentToWeight(percent: string): number | null {
  const text = percent.trim();
  if (!/^\d{1,3}(\.\d)?$/.test(text)) return null;
  const weight = Math.round(Number(text) * 10);
  return weight <= TOTAL_WEIGHT ? weight : null;
}

export function formatPercent(weight: number): string {
  return `${(weight / 10).toFixed(weight % 10 === 0 ? 0 : 1)}%`;
}

/** The variants' weights as the server weighs them: a fixed share typed in percent, 0 when unreadable. */
function weighted(variants: readonly VariantDraft[]) {
  return variants.map((variant) => ({
    name: variant.name,
    weightType: variant.weightType,
    weight: variant.weightType === 'fix' ? (percentToWeight(variant.percent) ?? 0) : 0,
  }));
}

/** The weight of each variant as the server will store it (server/contract/variant-weights.ts). */
export function distributeWeights(variants: readonly VariantDraft[]): number[] {
  return distributeVariantWeights(weighted(variants));
}

export interface VariantProblems {
  /** About the set as a whole: the weights do not add up. */
  overall: string | null;
  byIndex: Record<number, Partial<Record<'name' | 'percent' | 'payloadValue', string>>>;
}

export function variantProblems(variants: readonly VariantDraft[]): VariantProblems {
  const byIndex: VariantProblems['byIndex'] = {};
  const add = (index: number, field: 'name' | 'percent' | 'payloadValue', message: string) => {
    byIndex[index] = { ...byIndex[index], [field]: message };
  };
  const names = new Set<string>();
  variants.forEach((variant, index) => {
    const name = variant.name.trim();
    if (!name) add(index, 'name', 'A variant needs a name');
    else if (names.has(name)) add(index, 'name', `Another variant is already called ${name}`);
    names.add(name);
    if (variant.weightType === 'fix' && percentToWeight(variant.percent) === null)
      add(index, 'percent', 'A percentage from 0 to 100, at most one decimal');
    if (variant.payloadType === 'json') {
      try {
        JSON.parse(variant.payloadValue);
      } catch {
        add(index, 'payloadValue', 'Not valid JSON');
      }
    }
    if (
      variant.payloadType === 'number' &&
      (!variant.payloadValue.trim() || Number.isNaN(Number(variant.payloadValue)))
    )
      add(index, 'payloadValue', 'Enter a number');
  });
  const weights = weighted(variants);
  const weightProblems = variantWeightProblems(weights);
  const fixedSum = weights.reduce((sum, variant) => sum + variant.weight, 0);
  const overall =
    // The form names the sum first: it is the number the user typed.
    weightProblems.includes('fixed-over-total')
      ? `Fixed weights add up to ${formatPercent(fixedSum)}, more than 100%`
      : weightProblems.includes('no-variable-variant')
        ? 'At least one variant must have a variable weight, to take the rest of the 100%'
        : null;
  return { overall, byIndex };
}

export function hasVariantProblems(problems: VariantProblems): boolean {
  return problems.overall !== null || Object.keys(problems.byIndex).length > 0;
}

/** The variants as the server takes them, each with the weight it will get. */
export function toStrategyVariants(variants: readonly VariantDraft[]): StrategyVariant[] {
  const weights = distributeWeights(variants);
  return variants.map((variant, index) => ({
    name: variant.name.trim(),
    weightType: variant.weightType,
    weight: weights[index] ?? 0,
    stickiness: variant.stickiness,
    ...(variant.payloadType === 'none'
      ? {}
      : { payload: { type: variant.payloadType, value: variant.payloadValue } }),
  }));
}

export function fromStrategyVariants(variants: readonly StrategyVariant[]): VariantDraft[] {
  return variants.map((variant) => ({
    name: variant.name,
    weightType: variant.weightType,
    percent: variant.weightType === 'fix' ? String(variant.weight / 10) : '',
    stickiness: variant.stickiness,
    payloadType: variant.payload?.type ?? 'none',
    payloadValue: variant.payload?.value ?? '',
  }));
}
