/**
 * The shape of a client-specification file and how files are grouped onto servers.
 * https://github.com/Unleash/client-specification (npm @unleash/client-specification)
 */

export interface SpecConstraint {
  contextName: string;
  operator: string;
  values?: string[];
  value?: string;
  inverted?: boolean;
  caseInsensitive?: boolean;
}

export interface SpecVariant {
  name: string;
  weight: number;
  weightType?: string;
  stickiness?: string;
  payload?: { type: string; value: string };
  overrides?: { contextName: string; values: string[] }[];
}

export interface SpecStrategy {
  name: string;
  parameters?: Record<string, string>;
  constraints?: SpecConstraint[];
  segments?: number[];
  variants?: SpecVariant[];
}

export interface SpecDependency {
  feature: string;
  enabled?: boolean;
  variants?: string[];
}

export interface SpecFeature {
  name: string;
  enabled: boolean;
  description?: string | null;
  type?: string;
  project?: string;
  stale?: boolean;
  impressionData?: boolean;
  strategies?: SpecStrategy[];
  variants?: SpecVariant[];
  dependencies?: SpecDependency[];
}

export interface SpecSegment {
  id: number;
  name?: string;
  constraints: SpecConstraint[];
}

export type SpecEvent =
  | { eventId: number; type: 'hydration'; features: SpecFeature[]; segments?: SpecSegment[] }
  | { eventId: number; type: 'feature-updated'; feature: SpecFeature }
  | { eventId: number; type: 'feature-removed'; featureName: string; project?: string }
  | { eventId: number; type: 'segment-updated'; segment: SpecSegment }
  | { eventId: number; type: 'segment-removed'; segmentId: number };

export type SpecState = { features: SpecFeature[]; segments?: SpecSegment[] } | { events: SpecEvent[] };

export interface SpecCase<T> {
  description: string;
  context: Record<string, unknown>;
  toggleName: string;
  expectedResult: T;
}

export interface SpecFile {
  name: string;
  state: SpecState;
  tests?: SpecCase<boolean>[];
  variantTests?: SpecCase<Record<string, unknown>>[];
}

/** Every flag name a file's state creates, delta events included. */
export function flagNames(spec: SpecFile): Set<string> {
  const state = spec.state;
  const features =
    'events' in state
      ? state.events.flatMap((event) =>
          event.type === 'hydration'
            ? event.features
            : event.type === 'feature-updated'
              ? [event.feature]
              : [],
        )
      : state.features;
  return new Set(features.map((feature) => feature.name));
}

/**
 * Files share a server (one fresh database per group) when no flag name appears in two of them:
 * flag names are unique per instance. Each file gets its own project and project-scoped token.
 */
export function groupFiles(files: { file: string; spec: SpecFile }[]) {
  const groups: { names: Set<string>; files: { file: string; spec: SpecFile }[] }[] = [];
  for (const entry of files) {
    const names = flagNames(entry.spec);
    let group = groups.find((candidate) => [...names].every((name) => !candidate.names.has(name)));
    if (!group) {
      group = { names: new Set(), files: [] };
      groups.push(group);
    }
    for (const name of names) group.names.add(name);
    group.files.push(entry);
  }
  return groups.map((group) => group.files);
}

/** The environment every spec state is built in; the client token is scoped to it. */
export const SPEC_ENVIRONMENT = 'development';

/** The context fields, stickiness values and strategy types (with their parameters) a state names. */
export function namedDefinitions(events: SpecEvent[]) {
  const features: SpecFeature[] = [];
  const segments: SpecSegment[] = [];
  for (const event of events) {
    if (event.type === 'hydration') {
      features.push(...event.features);
      segments.push(...(event.segments ?? []));
    } else if (event.type === 'feature-updated') features.push(event.feature);
    else if (event.type === 'segment-updated') segments.push(event.segment);
  }
  const contextNames = new Set<string>();
  const stickinessNames = new Set<string>();
  const strategyParameters = new Map<string, Set<string>>();
  const addConstraints = (constraints: SpecConstraint[] | undefined) => {
    for (const constraint of constraints ?? []) contextNames.add(constraint.contextName);
  };
  for (const segment of segments) addConstraints(segment.constraints);
  for (const feature of features) {
    for (const variant of feature.variants ?? []) {
      if (variant.stickiness) stickinessNames.add(variant.stickiness);
      for (const override of variant.overrides ?? []) contextNames.add(override.contextName);
    }
    for (const strategy of feature.strategies ?? []) {
      addConstraints(strategy.constraints);
      const parameters = strategyParameters.get(strategy.name) ?? new Set<string>();
      for (const key of Object.keys(strategy.parameters ?? {})) parameters.add(key);
      strategyParameters.set(strategy.name, parameters);
      if (strategy.parameters?.stickiness) stickinessNames.add(strategy.parameters.stickiness);
      for (const variant of strategy.variants ?? [])
        if (variant.stickiness) stickinessNames.add(variant.stickiness);
    }
  }
  return { contextNames, stickinessNames, strategyParameters };
}
