import {
  normaliseVariantWeights,
  type StrategyVariant,
  TOTAL_WEIGHT,
  type Variant,
  variantWeightProblems,
} from '../../../contract';
import { invalidField, invalidRequest } from '../../lib/validation-errors';

export { TOTAL_WEIGHT };

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
 * Unleash's weight normalisation (server/contract/variant-weights.ts, shared with the console):
 * refuses what Unleash refuses with Unleash's messages, then distributes the weights.
 */
export function normaliseVariants<V extends Variant | StrategyVariant>(variants: readonly V[]): V[] {
  const [problem] = variantWeightProblems(variants);
  if (problem === 'no-variable-variant') throw invalidRequest(NEEDS_VARIABLE);
  if (problem === 'fixed-over-total') throw invalidRequest(OVER_100);
  return normaliseVariantWeights(variants);
}
