import type {
  Constraint,
  CreateFeatureStrategy,
  ExportResult,
  ExportStrategy,
  LegalValue,
  StrategyVariant,
  Tag,
  Variant,
} from '../../../contract';
import { exportConstraint } from './export-builder';

/**
 * The import plan (pure): what one file changes in a project environment, compared with the
 * target's current state. Unleash 8.2's semantics (its export-import service), existing flags
 * included: flags are created or updated (type, description, impression data, stale); in the
 * environment the strategies become the file's, the on/off state the file's where the file has an
 * environment row, the variants the file's where it lists some (an empty list leaves them); tags
 * become the file's; links become the file's for flags the file has links for; dependencies the
 * file names are added or updated, others stay; archived flags are left alone. What already
 * matches is left alone too, so a re-import writes nothing and records no event.
 */

export interface ExistingStrategy {
  id: string;
  name: string;
  title: string | null;
  parameters: Record<string, string>;
  constraints: Constraint[];
  variants: StrategyVariant[];
  disabled: boolean;
  segmentNames: string[];
}

export interface ExistingFlag {
  name: string;
  project: string;
  type: string;
  description: string | null;
  stale: boolean;
  impressionData: boolean;
  archived: boolean;
  environment: { enabled: boolean; variants: Variant[] } | null;
  strategies: ExistingStrategy[];
  tags: Tag[];
  dependencies: Array<{ feature: string; enabled: boolean; variants: string[] }>;
  links: Array<{ id: string; url: string; title: string | null }>;
}

export interface ImportState {
  flags: Map<string, ExistingFlag>;
  /** Dependency parents outside the file that are live flags of the target project. */
  parentsInProject: Set<string>;
  contextFields: Map<string, LegalValue[]>;
  /** Segment ids by name. */
  segments: Map<string, number>;
  tagTypes: Set<string>;
  /** Strategy types by name, with whether they are built in. */
  strategyTypes: Map<string, boolean>;
  projectExists: boolean;
  environmentInProject: boolean;
}

/** A strategy to add, its segments by name (segments the import creates get their ids later). */
export type PlannedStrategy = Omit<CreateFeatureStrategy, 'segments'> & { segmentNames: string[] };

export interface FlagPlan {
  name: string;
  outcome: 'created' | 'changed' | 'unchanged';
  create?: { type: string; description: string | null; impressionData: boolean };
  metadata?: { type?: string; description?: string | null; impressionData?: boolean };
  stale?: boolean;
  /** The environment's changes; undefined parts stay as they are. */
  enabled?: boolean;
  replaceStrategies?: { deleteIds: string[]; add: PlannedStrategy[] };
  variants?: Variant[];
  tags?: { added: Tag[]; removed: Tag[] };
  dependencies?: {
    remove: string[];
    add: Array<{ feature: string; enabled: boolean; variants: string[] }>;
  };
  links?: { removeIds: string[]; add: Array<{ url: string; title: string | null }> };
}

export interface ImportPlan {
  contextFieldsToCreate: NonNullable<ExportResult['contextFields']>;
  contextFieldsUnchanged: string[];
  segmentsToCreate: Array<{ name: string; description: string | null; constraints: Constraint[] }>;
  segmentsUnchanged: string[];
  tagTypesToCreate: ExportResult['tagTypes'];
  tagTypesUnchanged: string[];
  flags: FlagPlan[];
  skippedArchived: string[];
}

const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

/** Every context field a constraint of the file's strategies or segments names. */
export function constraintContextNames(file: ExportResult): string[] {
  const names = new Set<string>();
  for (const strategy of file.featureStrategies)
    for (const c of strategy.constraints ?? []) names.add(c.contextName);
  for (const segment of file.segments ?? [])
    for (const c of segment.constraints ?? []) names.add(c.contextName);
  return [...names];
}

/** The file's segment names by the ids it uses in strategies. */
function segmentNamesById(file: ExportResult): Map<number, string> {
  return new Map((file.segments ?? []).map((segment) => [segment.id, segment.name]));
}

function plannedStrategy(strategy: ExportStrategy, segmentNames: Map<number, string>): PlannedStrategy {
  return {
    name: strategy.name,
    title: strategy.title ?? null,
    disabled: strategy.disabled ?? false,
    parameters: strategy.parameters ?? {},
    constraints: (strategy.constraints ?? []).map(exportConstraint),
    variants: strategy.variants ?? [],
    segmentNames: (strategy.segments ?? [])
      .map((id) => segmentNames.get(id))
      .filter((name): name is string => name !== undefined)
      .sort(),
  };
}

function strategyKey(strategy: {
  name: string;
  sortOrder?: number;
  title?: string | null;
  parameters?: Record<string, string>;
  constraints?: Constraint[];
  variants?: StrategyVariant[];
  disabled?: boolean | null;
  segmentNames: string[];
}): string {
  return stable({
    name: strategy.name,
    title: strategy.title ?? null,
    parameters: strategy.parameters ?? {},
    constraints: (strategy.constraints ?? []).map(exportConstraint),
    variants: strategy.variants ?? [],
    disabled: strategy.disabled ?? false,
    segments: strategy.segmentNames,
  });
}

const tagKey = (tag: Tag) => `${tag.type}:${tag.value}`;

function group<T>(rows: readonly T[] | undefined, key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows ?? []) {
    const name = key(row);
    groups.set(name, [...(groups.get(name) ?? []), row]);
  }
  return groups;
}

function planFlag(
  feature: ExportResult['features'][number],
  existing: ExistingFlag | undefined,
  parts: {
    /** The file's environment row; undefined: the file has none for this flag. */
    environment: { enabled: boolean; variants: Variant[] } | undefined;
    strategies: PlannedStrategy[];
    tags: Tag[];
    dependencies: Array<{ feature: string; enabled: boolean; variants: string[] }>;
    /** undefined: the file has no links entry for this flag (its links stay). */
    links: Array<{ url: string; title: string | null }> | undefined;
  },
): FlagPlan {
  const plan: FlagPlan = { name: feature.name, outcome: existing ? 'unchanged' : 'created' };
  const type = feature.type ?? 'release';
  const description =
    feature.description === undefined ? (existing?.description ?? null) : feature.description;
  const impressionData = feature.impressionData ?? false;
  if (!existing) {
    plan.create = { type, description, impressionData };
    if (feature.stale) plan.stale = true;
  } else {
    const metadata: NonNullable<FlagPlan['metadata']> = {};
    if (existing.type !== type) metadata.type = type;
    if (existing.description !== description) metadata.description = description;
    if (existing.impressionData !== impressionData) metadata.impressionData = impressionData;
    if (Object.keys(metadata).length) plan.metadata = metadata;
    // Unleash's flag update takes stale from the file, false when the file leaves it out.
    if (existing.stale !== (feature.stale ?? false)) plan.stale = feature.stale ?? false;
  }
  const current = existing?.environment ?? { enabled: false, variants: [] };
  if (parts.environment && current.enabled !== parts.environment.enabled)
    plan.enabled = parts.environment.enabled;
  const variants = parts.environment?.variants ?? [];
  if (variants.length > 0 && stable(current.variants) !== stable(variants)) plan.variants = variants;
  const currentStrategies = existing?.strategies ?? [];
  if (
    stable(currentStrategies.map(strategyKey)) !== stable(parts.strategies.map(strategyKey)) &&
    (currentStrategies.length > 0 || parts.strategies.length > 0)
  ) {
    plan.replaceStrategies = { deleteIds: currentStrategies.map((s) => s.id), add: parts.strategies };
  }
  const currentTags = new Set((existing?.tags ?? []).map(tagKey));
  const wantedTags = new Set(parts.tags.map(tagKey));
  const added = parts.tags.filter((tag) => !currentTags.has(tagKey(tag)));
  const removed = (existing?.tags ?? []).filter((tag) => !wantedTags.has(tagKey(tag)));
  if (added.length || removed.length) plan.tags = { added, removed };
  // Dependencies are upserted, as Unleash does: the file's are added or updated, others stay.
  const currentDependencies = new Map((existing?.dependencies ?? []).map((d) => [d.feature, stable(d)]));
  const upserts = parts.dependencies.filter((d) => currentDependencies.get(d.feature) !== stable(d));
  if (upserts.length) plan.dependencies = { remove: [], add: upserts };
  const currentLinks = (existing?.links ?? []).map((link) => ({ url: link.url, title: link.title }));
  if (parts.links && stable(currentLinks) !== stable(parts.links)) {
    plan.links = { removeIds: (existing?.links ?? []).map((link) => link.id), add: parts.links };
  }
  if (existing) {
    const { name: _name, outcome: _outcome, ...changes } = plan;
    if (Object.keys(changes).length > 0) plan.outcome = 'changed';
  }
  return plan;
}

/**
 * The file's context fields, and the fields its constraints name that neither the target nor the
 * file defines: Unleash stores such constraints as they are, Switchyard needs the field, so the
 * import creates it bare.
 */
function contextFieldsOf(file: ExportResult) {
  const contextFields = [...(file.contextFields ?? [])];
  const defined = new Set(contextFields.map((field) => field.name));
  for (const name of constraintContextNames(file)) {
    if (!defined.has(name)) {
      defined.add(name);
      contextFields.push({ name, stickiness: false, legalValues: [] });
    }
  }
  return contextFields;
}

/** The tag types the file's tags use; a tag whose type the file does not define gets a bare type. */
function tagTypesOf(file: ExportResult) {
  const usedTagTypes = new Set((file.featureTags ?? []).map((tag) => tag.tagType ?? 'simple'));
  const tagTypes = file.tagTypes.filter((tagType) => usedTagTypes.has(tagType.name));
  for (const name of usedTagTypes) {
    if (!tagTypes.some((tagType) => tagType.name === name)) tagTypes.push({ name });
  }
  return tagTypes;
}

/**
 * What importing `file` into the project environment does, given the target's state. The file
 * is assumed valid (validateImportFile found no errors).
 */
export function planImport(file: ExportResult, state: ImportState): ImportPlan {
  const segmentNames = segmentNamesById(file);
  const strategies = group(file.featureStrategies, (row) => row.featureName ?? '');
  const environments = new Map(
    (file.featureEnvironments ?? []).map((row) => [row.featureName ?? row.name, row]),
  );
  const tags = group(file.featureTags, (row) => row.featureName);
  const dependencies = new Map((file.dependencies ?? []).map((row) => [row.feature, row.dependencies]));
  const links = new Map((file.links ?? []).map((row) => [row.feature, row.links]));
  const skippedArchived: string[] = [];
  const flags: FlagPlan[] = [];
  for (const feature of file.features) {
    const existing = state.flags.get(feature.name);
    if (existing?.archived) {
      skippedArchived.push(feature.name);
      continue;
    }
    const environment = environments.get(feature.name);
    flags.push(
      planFlag(feature, existing, {
        environment: environment
          ? { enabled: environment.enabled ?? false, variants: environment.variants ?? [] }
          : undefined,
        strategies: [...(strategies.get(feature.name) ?? [])]
          .map((row, index) => ({ row, order: row.sortOrder ?? index }))
          .sort((a, b) => a.order - b.order)
          .map(({ row }, index) => ({ ...plannedStrategy(row, segmentNames), sortOrder: index })),
        tags: (tags.get(feature.name) ?? []).map((row) => ({
          type: row.tagType ?? 'simple',
          value: row.tagValue,
        })),
        dependencies: (dependencies.get(feature.name) ?? [])
          .map((row) => ({
            feature: row.feature,
            enabled: row.enabled ?? true,
            variants: row.variants ?? [],
          }))
          .sort((a, b) => (a.feature < b.feature ? -1 : a.feature > b.feature ? 1 : 0)),
        links: links.get(feature.name)?.map((row) => ({ url: row.url, title: row.title ?? null })),
      }),
    );
  }
  const usedSegments = new Set(
    flags.flatMap((flag) => flag.replaceStrategies?.add.flatMap((s) => s.segmentNames) ?? []),
  );
  const fileSegments = (file.segments ?? []).filter((segment) => usedSegments.has(segment.name));
  const contextFields = contextFieldsOf(file);
  const tagTypes = tagTypesOf(file);
  return {
    contextFieldsToCreate: contextFields.filter((field) => !state.contextFields.has(field.name)),
    contextFieldsUnchanged: contextFields
      .filter((field) => state.contextFields.has(field.name))
      .map((f) => f.name),
    segmentsToCreate: fileSegments
      .filter((segment) => !state.segments.has(segment.name))
      .map((segment) => ({
        name: segment.name,
        description: segment.description ?? null,
        constraints: segment.constraints ?? [],
      })),
    segmentsUnchanged: fileSegments.filter((segment) => state.segments.has(segment.name)).map((s) => s.name),
    tagTypesToCreate: tagTypes.filter((tagType) => !state.tagTypes.has(tagType.name)),
    tagTypesUnchanged: tagTypes.filter((tagType) => state.tagTypes.has(tagType.name)).map((t) => t.name),
    flags,
    skippedArchived,
  };
}
