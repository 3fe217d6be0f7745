import type {
  ClientFeature,
  ClientFeatures,
  ClientFeaturesMeta,
  ClientSegment,
  ClientStrategy,
  Constraint,
} from '../../../contract';
import type { SnapshotFeature, SnapshotStrategy } from '../feature-toggles';

/** What one client-API request asks for, after the token has overridden the query (API.md §2.2). */
export interface ClientQuery {
  environment: string;
  /** `null` means every project. */
  projects: readonly string[] | null;
  namePrefix?: string | undefined;
  /** `type:value` pairs; a flag must carry one of them. */
  tags?: ReadonlyArray<readonly [string, string]> | undefined;
  /** Old SDKs (no or < 4.2.0 client spec) get segment constraints inlined into each strategy. */
  inlineSegmentConstraints: boolean;
}

export interface PayloadSource {
  features: readonly SnapshotFeature[];
  segments: ReadonlyArray<{ id: number; name: string; constraints: Constraint[] }>;
  /** Tags per flag name, for the `tag` filter. */
  tagsOf(featureName: string): ReadonlyArray<{ type: string; value: string }>;
}

/** The normalised query echoed in the response (and hashed into the ETag). */
export function echoQuery(query: ClientQuery): ClientFeatures['query'] {
  return {
    environment: query.environment,
    inlineSegmentConstraints: query.inlineSegmentConstraints,
    ...(query.projects ? { project: [...query.projects] } : {}),
    ...(query.namePrefix ? { namePrefix: query.namePrefix } : {}),
    ...(query.tags?.length ? { tag: query.tags.map(([type, value]) => [type, value]) } : {}),
  };
}

function stringParameters(parameters: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(parameters)) {
    result[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return result;
}

function toClientStrategy(
  strategy: SnapshotStrategy,
  segmentConstraints: ReadonlyMap<number, Constraint[]>,
  inline: boolean,
): ClientStrategy {
  // Only these keys: an `id` breaks old Go SDKs, and title/sortOrder/disabled are admin-only.
  const base = {
    name: strategy.name,
    constraints: inline
      ? [...strategy.constraints, ...strategy.segments.flatMap((id) => segmentConstraints.get(id) ?? [])]
      : [...strategy.constraints],
    parameters: stringParameters(strategy.parameters),
    variants: [...strategy.variants],
  };
  return !inline && strategy.segments.length ? { ...base, segments: [...strategy.segments] } : base;
}

function matchesQuery(feature: SnapshotFeature, query: ClientQuery, source: PayloadSource): boolean {
  if (query.projects && !query.projects.includes(feature.project)) return false;
  if (query.namePrefix && !feature.name.startsWith(query.namePrefix)) return false;
  if (query.tags?.length) {
    const tags = source.tagsOf(feature.name);
    if (!query.tags.some(([type, value]) => tags.some((tag) => tag.type === type && tag.value === value))) {
      return false;
    }
  }
  return true;
}

/**
 * The client API body for one query: the flags visible to the token with their strategies for
 * the environment, disabled strategies left out, and segments inlined or listed by the client
 * spec the SDK speaks. Pure, so it is computed once per revision and query, never per request.
 */
export function buildClientFeatures(
  source: PayloadSource,
  query: ClientQuery,
  meta: ClientFeaturesMeta,
): ClientFeatures {
  const segmentConstraints = new Map(source.segments.map((segment) => [segment.id, segment.constraints]));
  const usedSegments = new Set<number>();
  const features: ClientFeature[] = [];
  for (const feature of source.features) {
    if (!matchesQuery(feature, query, source)) continue;
    const strategies = feature.strategies
      .filter((strategy) => !strategy.disabled)
      .map((strategy) => {
        for (const id of strategy.segments) usedSegments.add(id);
        return toClientStrategy(strategy, segmentConstraints, query.inlineSegmentConstraints);
      });
    features.push({
      name: feature.name,
      type: feature.type,
      enabled: feature.enabled,
      project: feature.project,
      stale: feature.stale,
      strategies,
      variants: [...feature.variants],
      description: feature.description,
      impressionData: feature.impressionData,
      ...(feature.dependencies.length ? { dependencies: feature.dependencies.map((d) => ({ ...d })) } : {}),
    });
  }
  const body: ClientFeatures = { version: 2, features, query: echoQuery(query), meta };
  if (!query.inlineSegmentConstraints) {
    // Only segments that a served strategy uses, ordered by name (as observed on Unleash 8.2).
    body.segments = source.segments
      .filter((segment) => usedSegments.has(segment.id))
      .map(
        (segment): ClientSegment => ({
          id: segment.id,
          name: segment.name,
          constraints: segment.constraints,
        }),
      );
  }
  return body;
}
