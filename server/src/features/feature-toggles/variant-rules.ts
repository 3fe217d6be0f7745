import type { StrategyVariant, Variant } from '../../../contract';
import { invalidField, invalidRequest } from '../../lib/validation-errors';

/** The total weight Unleash distributes between a flag's (or strategy's) variants. */
export const TOTAL_WEIGHT = 1000;

const NEEDS_VARIABLE = 'There must be at least one "variable" variant';
const OVER_100 = 'The traffic distribution total must equal 100%';

/**
 * Checks variants as Unleash does before saving: non-empty unique names and, for `json`
 * payloads, a parseable value (shared/unleash/API.md §5.5).
 */
export function validateVariantShapes(variants: readonly (Variant | StrategyVariant)[]): void {
  const seen = new Set<string>();
  variants.forEach((variant, index) => {
    if (variant.name.trim() === '') throw invalidField(`"[${index}].name" is not allowed to be empty.`);
    if (seen.has(variant.name)) {
      throw invalidField(`"[${index}]" contains a duplicate value. You provided ${JSON.stringify(variant)}.`);
    }
    seen.add(variant.name);
    if (variant.payload?.type === 'json') {
      try {
        JSON.parse(variant.payload.value);
      } catch {
        throw invalidField(
          `'value' must be a valid json string when 'type' is json. You provided "${variant.payload.value}".`,
        );
      }
    }
  });
}

/**
 * Unleash's weight normalisation (shared/unleash/API.md §5.5, measured on 8.2): `fix` variants
 * keep their weight (their sum may not exceed 1000); the rest of the 1000 is split evenly over
 * the `variable` ones, the remainder going one by one to the first variable variants in the
 * order given; the result is sorted by name. Only variants that say `weightType: "variable"`
 * count as variable, and a variant with no weight type is dropped, exactly as Unleash 8.2
 * does for the legacy environment variants (strategy variants always carry one).
 */
export function normaliseVariants<V extends Variant | StrategyVariant>(variants: readonly V[]): V[] {
  if (variants.length === 0) return [];
  const variable = variants.filter((variant) => variant.weightType === 'variable');
  const fixed = variants.filter((variant) => variant.weightType === 'fix');
  if (variable.length === 0) throw invalidRequest(NEEDS_VARIABLE);
  const fixedSum = fixed.reduce((sum, variant) => sum + variant.weight, 0);
  if (fixedSum > TOTAL_WEIGHT) throw invalidRequest(OVER_100);
  const share = Math.floor((TOTAL_WEIGHT - fixedSum) / variable.length);
  let remainder = TOTAL_WEIGHT - fixedSum - share * variable.length;
  const weighted = variable.map((variant) => {
    const extra = remainder > 0 ? 1 : 0;
    remainder -= extra;
    return { ...variant, weight: share + extra };
  });
  return [...weighted, ...fixed.map((variant) => ({ ...variant }))].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
}
