import { chiSquareSurvival } from './gamma';

/** Under this p-value the split of users does not match the weights: the result is untrustworthy. */
export const SRM_THRESHOLD = 0.001;

/**
 * Sample-ratio mismatch: Pearson's χ² = Σ (users_v − E_v)²/E_v of users per variant against
 * E_v = total · weight_v/Σweight, with k − 1 degrees of freedom for the k variants of positive
 * weight. Users in a variant of weight 0 are a mismatch by themselves (p = 0). Null when fewer
 * than two variants have a positive weight or nobody was exposed.
 */
export function srmPValue(variants: readonly { users: number; weight: number }[]): number | null {
  const weighted = variants.filter((v) => v.weight > 0);
  const total = variants.reduce((sum, v) => sum + v.users, 0);
  if (weighted.length < 2 || !(total > 0)) return null;
  if (variants.some((v) => v.weight === 0 && v.users > 0)) return 0;
  const totalWeight = weighted.reduce((sum, v) => sum + v.weight, 0);
  let chiSquare = 0;
  for (const v of weighted) {
    const expected = total * (v.weight / totalWeight);
    if (!(expected > 0)) return null;
    chiSquare += ((v.users - expected) * (v.users - expected)) / expected;
  }
  const p = chiSquareSurvival(chiSquare, weighted.length - 1);
  return Number.isFinite(p) ? p : null;
}
