import type { Context, Override, VariantPayload } from '../../contract';
import { resolveContextValue } from './context';
import { normalizedVariantValue, prefixedHash32, VARIANT_SEED } from './hashing';

/** The part of a flag or strategy variant that selection reads. */
export interface VariantDefinition {
  name: string;
  weight: number;
  stickiness?: string;
  payload?: VariantPayload;
  overrides?: readonly Override[];
}

/**
 * The variant the SDKs return (shared/unleash/API.md §5.5): `feature_enabled` tells whether the
 * flag itself was on, `featureEnabled` is its deprecated twin that clients still read.
 */
export interface VariantResult {
  name: string;
  enabled: boolean;
  payload?: VariantPayload;
  feature_enabled: boolean;
  featureEnabled: boolean;
}

/** The "no variant" answer; `featureEnabled` distinguishes a disabled flag from an enabled one without variants. */
export function disabledVariant(featureEnabled: boolean): VariantResult {
  return { name: 'disabled', enabled: false, feature_enabled: featureEnabled, featureEnabled };
}

export function enabledVariant(definition: VariantDefinition): VariantResult {
  return {
    name: definition.name,
    enabled: true,
    ...(definition.payload === undefined ? {} : { payload: definition.payload }),
    feature_enabled: true,
    featureEnabled: true,
  };
}

/** The fields `default` stickiness tries, in order, before falling back to a random seed. */
const DEFAULT_STICKINESS_FIELDS = ['userId', 'sessionId', 'remoteAddress'] as const;

/** Same range as the Node SDK's random seed, so unsticky variants spread identically. */
function randomSeed(random: () => number): string {
  return String(Math.round(random() * 100000));
}

function stickinessSeed(context: Context, stickiness: string, random: () => number): string {
  if (stickiness !== 'default') return resolveContextValue(context, stickiness) || randomSeed(random);
  for (const field of DEFAULT_STICKINESS_FIELDS) {
    const value = context[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return randomSeed(random);
}

function overrideMatches(override: Override, context: Context): boolean {
  const value = resolveContextValue(context, override.contextName);
  return override.values.some((candidate) => candidate === value);
}

/**
 * Picks a variant: null when the weights sum to zero; otherwise the first variant with a
 * matching override, else the one whose cumulative weight first reaches the hashed bucket
 * (weight-0 variants are never picked).
 */
export function selectVariant(
  variants: readonly VariantDefinition[],
  groupId: string,
  stickiness: string | undefined,
  context: Context,
  random: () => number,
): VariantDefinition | null {
  const totalWeight = variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (totalWeight <= 0) return null;
  const overridden = variants.find((variant) =>
    variant.overrides?.some((override) => overrideMatches(override, context)),
  );
  if (overridden) return overridden;
  const target = normalizedVariantValue(
    stickinessSeed(context, stickiness || 'default', random),
    groupId,
    totalWeight,
  );
  let cumulative = 0;
  for (const variant of variants) {
    if (variant.weight === 0) continue;
    cumulative += variant.weight;
    if (cumulative >= target) return variant;
  }
  return null;
}

/**
 * selectVariant for one variant list, prepared once (compiled evaluation): the total weight, the
 * cumulative weights and the `groupId:` hash prefix computed ahead, overrides looked at only
 * when some variant has them. Picks exactly what selectVariant picks.
 */
export function compileVariantSelection(
  variants: readonly VariantDefinition[],
  groupId: string,
  stickiness: string | undefined,
): (context: Context, random: () => number) => VariantDefinition | null {
  const totalWeight = variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (totalWeight <= 0) return () => null;
  const weighted = variants.filter((variant) => variant.weight !== 0);
  const bounds: number[] = [];
  let cumulative = 0;
  for (const variant of weighted) {
    cumulative += variant.weight;
    bounds.push(cumulative);
  }
  const overridden = variants.filter((variant) => (variant.overrides?.length ?? 0) > 0);
  const bucket = prefixedHash32(`${groupId}:`, VARIANT_SEED);
  const field = stickiness || 'default';
  return (context, random) => {
    for (const variant of overridden) {
      if (variant.overrides!.some((override) => overrideMatches(override, context))) return variant;
    }
    const target = (bucket(stickinessSeed(context, field, random)) % totalWeight) + 1;
    for (let i = 0; i < bounds.length; i++) if (bounds[i]! >= target) return weighted[i]!;
    return null;
  };
}
