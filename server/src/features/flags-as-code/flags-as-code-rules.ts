import type {
  CodeFlag,
  CodeStrategy,
  Constraint,
  FlagsAsCodeChange,
  FlagsAsCodeDocument,
  FlagsAsCodeFieldChange,
  StrategyVariant,
  Variant,
} from '../../../contract';
import { normaliseVariants, stringifyParameters, withFlexibleRolloutDefaults } from '../feature-toggles';

/**
 * The pure half of flags as code (issue 36 §2): the desired document and the server's state in
 * one canonical shape, and the field-by-field difference between them. No I/O: the store reads,
 * the service applies.
 */

export interface StateStrategy {
  name: string;
  title: string | null;
  parameters: Record<string, string>;
  constraints: Constraint[];
  /** Segment names, sorted (a strategy's segments are a set). */
  segments: string[];
  variants: StrategyVariant[];
  disabled: boolean;
}

export interface StateEnvironment {
  enabled: boolean;
  strategies: StateStrategy[];
  variants: Variant[];
}

export interface StateDependency {
  feature: string;
  enabled: boolean;
  variants: string[];
}

export interface StateFlag {
  name: string;
  type: string;
  description: string | null;
  impressionData: boolean;
  /** `type:value`, sorted and unique. */
  tags: string[];
  environments: Record<string, StateEnvironment>;
  dependencies: StateDependency[];
}

/** A flag as the server holds it: also its project, whether it is archived, its strategies' ids. */
export interface CurrentFlag extends StateFlag {
  project: string;
  archived: boolean;
  strategyIds: Record<string, string[]>;
}

export const DEFAULT_FLAG_TYPE = 'release';

/** JSON with object keys sorted and undefined dropped: equal content gives equal text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, sortKeys(item)]));
}

export const sameContent = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);

/** A constraint with its defaults made explicit (`values: []`) and its false flags left out. */
export function canonicalConstraint(constraint: Constraint): Constraint {
  return {
    contextName: constraint.contextName,
    operator: constraint.operator,
    values: constraint.values ?? [],
    ...(constraint.value !== undefined ? { value: constraint.value } : {}),
    ...(constraint.caseInsensitive ? { caseInsensitive: true } : {}),
    ...(constraint.inverted ? { inverted: true } : {}),
  };
}

/** A variant without the empty lists the server may store for it. */
function canonicalVariant<V extends Variant | StrategyVariant>(variant: V): V {
  const { overrides, ...rest } = variant as Variant;
  return (overrides && overrides.length > 0 ? { ...rest, overrides } : rest) as V;
}

/** What the server stores for a strategy the document asks for (defaults filled as on save). */
export function desiredStrategy(strategy: CodeStrategy, flag: string, stickiness: string): StateStrategy {
  const parameters = stringifyParameters(strategy.parameters);
  return {
    name: strategy.name,
    title: strategy.title ?? null,
    parameters: withFlexibleRolloutDefaults(strategy.name, parameters, { featureName: flag, stickiness }),
    constraints: (strategy.constraints ?? []).map(canonicalConstraint),
    segments: [...new Set(strategy.segments ?? [])].sort(),
    variants: normaliseVariants(strategy.variants ?? []).map(canonicalVariant),
    disabled: strategy.disabled ?? false,
  };
}

/** The document's flag in the canonical shape, defaults filled in (see docs/automation.md). */
export function desiredFlag(flag: CodeFlag, stickiness: string): StateFlag {
  const environments: Record<string, StateEnvironment> = {};
  for (const [name, environment] of Object.entries(flag.environments ?? {})) {
    environments[name] = {
      enabled: environment.enabled,
      strategies: (environment.strategies ?? []).map((s) => desiredStrategy(s, flag.name, stickiness)),
      variants: normaliseVariants(environment.variants ?? []).map(canonicalVariant),
    };
  }
  return {
    name: flag.name,
    type: flag.type ?? DEFAULT_FLAG_TYPE,
    description: flag.description ?? null,
    impressionData: flag.impressionData ?? false,
    tags: [...new Set(flag.tags ?? [])].sort(),
    environments,
    dependencies: (flag.dependencies ?? [])
      .map((dependency) => ({
        feature: dependency.feature,
        enabled: dependency.enabled ?? true,
        variants: dependency.enabled === false ? [] : [...(dependency.variants ?? [])].sort(),
      }))
      .sort((a, b) => (a.feature < b.feature ? -1 : a.feature > b.feature ? 1 : 0)),
  };
}

/** Problems the schema cannot see: the same flag twice, a flag depending on itself. */
export function documentProblems(document: FlagsAsCodeDocument): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  const seen = new Set<string>();
  document.flags.forEach((flag, index) => {
    if (seen.has(flag.name)) {
      problems.push({ path: `/flags/${index}/name`, message: `Flag "${flag.name}" is listed twice.` });
    }
    seen.add(flag.name);
    (flag.dependencies ?? []).forEach((dependency, at) => {
      if (dependency.feature === flag.name) {
        problems.push({
          path: `/flags/${index}/dependencies/${at}/feature`,
          message: `Flag "${flag.name}" cannot depend on itself.`,
        });
      }
    });
  });
  return problems;
}

function field(changes: FlagsAsCodeFieldChange[], path: string, from: unknown, to: unknown): void {
  if (!sameContent(from, to)) changes.push({ path, from, to });
}

/** The differences of one environment (an environment the document leaves out is not managed). */
function environmentChanges(
  changes: FlagsAsCodeFieldChange[],
  name: string,
  desired: StateEnvironment,
  current: StateEnvironment | undefined,
): void {
  const path = `environments.${name}`;
  field(changes, `${path}.enabled`, current?.enabled ?? null, desired.enabled);
  field(changes, `${path}.strategies`, current?.strategies ?? null, desired.strategies);
  field(changes, `${path}.variants`, current?.variants ?? null, desired.variants);
}

/** Field by field, what applying `desired` changes in `current` (null: the flag does not exist). */
export function flagFieldChanges(desired: StateFlag, current: StateFlag | null): FlagsAsCodeFieldChange[] {
  const changes: FlagsAsCodeFieldChange[] = [];
  field(changes, 'type', current?.type ?? null, desired.type);
  field(changes, 'description', current?.description ?? null, desired.description);
  field(changes, 'impressionData', current?.impressionData ?? false, desired.impressionData);
  field(changes, 'tags', current?.tags ?? [], desired.tags);
  for (const [name, environment] of Object.entries(desired.environments)) {
    environmentChanges(changes, name, environment, current?.environments[name]);
  }
  field(changes, 'dependencies', current?.dependencies ?? [], desired.dependencies);
  return changes;
}

/**
 * The plan: flags to create, change (an archived flag is revived) and archive (live flags of
 * the project the document leaves out). Strategies compare as ordered lists by content.
 */
export function planChanges(
  desired: readonly StateFlag[],
  current: readonly CurrentFlag[],
): FlagsAsCodeChange[] {
  const byName = new Map(current.map((flag) => [flag.name, flag]));
  const changes: FlagsAsCodeChange[] = [];
  for (const flag of desired) {
    const existing = byName.get(flag.name);
    if (!existing) {
      changes.push({ flag: flag.name, action: 'create', fields: flagFieldChanges(flag, null) });
      continue;
    }
    const fields = flagFieldChanges(flag, existing);
    if (existing.archived) fields.unshift({ path: 'archived', from: true, to: false });
    if (fields.length > 0) changes.push({ flag: flag.name, action: 'change', fields });
  }
  const wanted = new Set(desired.map((flag) => flag.name));
  for (const flag of current) {
    if (!flag.archived && !wanted.has(flag.name)) {
      changes.push({
        flag: flag.name,
        action: 'archive',
        fields: [{ path: 'archived', from: false, to: true }],
      });
    }
  }
  return changes;
}

function compactStrategy(strategy: StateStrategy): CodeStrategy {
  return {
    name: strategy.name,
    ...(strategy.title ? { title: strategy.title } : {}),
    parameters: strategy.parameters,
    ...(strategy.constraints.length ? { constraints: strategy.constraints } : {}),
    ...(strategy.segments.length ? { segments: strategy.segments } : {}),
    ...(strategy.variants.length ? { variants: strategy.variants } : {}),
    ...(strategy.disabled ? { disabled: true } : {}),
  };
}

/** The document `export` writes: the live flags, defaults left out so the file stays short. */
export function toDocument(project: string, flags: readonly CurrentFlag[]): FlagsAsCodeDocument {
  const live = flags.filter((flag) => !flag.archived);
  return {
    project,
    flags: live.map((flag) => ({
      name: flag.name,
      type: flag.type,
      ...(flag.description !== null ? { description: flag.description } : {}),
      ...(flag.impressionData ? { impressionData: true } : {}),
      ...(flag.tags.length ? { tags: flag.tags } : {}),
      environments: Object.fromEntries(
        Object.entries(flag.environments).map(([name, environment]) => [
          name,
          {
            enabled: environment.enabled,
            strategies: environment.strategies.map(compactStrategy),
            ...(environment.variants.length ? { variants: environment.variants } : {}),
          },
        ]),
      ),
      ...(flag.dependencies.length ? { dependencies: flag.dependencies } : {}),
    })),
  };
}

export { canonicalVariant };
