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

function toClientFeature(
  feature: SnapshotFeature,
  segmentConstraints: ReadonlyMap<number, Constraint[]>,
  inline: boolean,
): ClientFeature {
  return {
    name: feature.name,
    type: feature.type,
    enabled: feature.enabled,
    project: feature.project,
    stale: feature.stale,
    strategies: feature.strategies
      .filter((strategy) => !strategy.disabled)
      .map((strategy) => toClientStrategy(strategy, segmentConstraints, inline)),
    variants: [...feature.variants],
    description: feature.description,
    impressionData: feature.impressionData,
    ...(feature.dependencies.length ? { dependencies: feature.dependencies.map((d) => ({ ...d })) } : {}),
  };
}

/** Segments a served strategy uses, ordered by name (as observed on Unleash 8.2). */
function usedSegmentsOf(source: PayloadSource, features: readonly SnapshotFeature[]): ClientSegment[] {
  const used = new Set<number>();
  for (const feature of features) {
    for (const strategy of feature.strategies) {
      if (!strategy.disabled) for (const id of strategy.segments) used.add(id);
    }
  }
  return source.segments
    .filter((segment) => used.has(segment.id))
    .map(
      (segment): ClientSegment => ({ id: segment.id, name: segment.name, constraints: segment.constraints }),
    );
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
  const served = source.features.filter((feature) => matchesQuery(feature, query, source));
  const features = served.map((feature) =>
    toClientFeature(feature, segmentConstraints, query.inlineSegmentConstraints),
  );
  const body: ClientFeatures = { version: 2, features, query: echoQuery(query), meta };
  if (!query.inlineSegmentConstraints) body.segments = usedSegmentsOf(source, served);
  return body;
}

// One serialisation per snapshot flag and segment mode, kept as UTF-8 bytes. A snapshot updated
// in place keeps the objects of unchanged flags, so after a change only the changed flags are
// serialised again, and the body is one copy of bytes already encoded.
const fragments = [new WeakMap<SnapshotFeature, Buffer>(), new WeakMap<SnapshotFeature, Buffer>()];
const COMMA = Buffer.from(',');

/**
 * `JSON.stringify(buildClientFeatures(...))` as UTF-8, assembled from per-flag serialisations
 * cached by snapshot object: with 10,000 flags (11 MB), serialising the whole body, or even
 * encoding it from one string, was most of the time between a commit and the new body.
 */
export function serializeClientFeatures(
  source: PayloadSource,
  query: ClientQuery,
  meta: ClientFeaturesMeta,
): Buffer {
  const inline = query.inlineSegmentConstraints;
  const cache = fragments[inline ? 1 : 0] as WeakMap<SnapshotFeature, Buffer>;
  let segmentConstraints: Map<number, Constraint[]> | null = null;
  const served = source.features.filter((feature) => matchesQuery(feature, query, source));
  const parts: Buffer[] = [Buffer.from('{"version":2,"features":[')];
  for (const feature of served) {
    let json = cache.get(feature);
    if (json === undefined) {
      segmentConstraints ??= new Map(source.segments.map((segment) => [segment.id, segment.constraints]));
      const text = JSON.stringify(toClientFeature(feature, segmentConstraints, inline));
      // Outside Node's shared 8 KiB pool: a kept pool slice would keep its whole slab alive.
      json = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
      json.write(text);
      cache.set(feature, json);
    }
    if (parts.length > 1) parts.push(COMMA);
    parts.push(json);
  }
  const tail = `"query":${JSON.stringify(echoQuery(query))},"meta":${JSON.stringify(meta)}`;
  const segments = inline ? '' : `,"segments":${JSON.stringify(usedSegmentsOf(source, served))}`;
  parts.push(Buffer.from(`],${tail}${segments}}`));
  return Buffer.concat(parts);
}
