import type { Context, PlaygroundFeature, PlaygroundStrategy } from '../../../contract';
import type { Db } from '../../db/database';
import {
  createFlagRepository,
  type ExplainableFlag,
  explainFlag,
  type FlagRepository,
  type StrategyExplanation,
} from '../../evaluation';
import { buildClientFeatures } from '../client-api';
import { type ClientSnapshot, getClientSnapshot } from '../feature-toggles';

/** One environment's flags as the playground evaluates them. */
export interface EnvironmentModel {
  environment: string;
  /** Every non-archived flag with all its strategies (disabled ones too) and its project. */
  flags: ReadonlyArray<ExplainableFlag & { project: string }>;
  /** The SDK payload of the same state (disabled strategies left out): parents and segments are read here. */
  repository: FlagRepository;
}

/**
 * Builds the model from a client snapshot, the same read model the SDK APIs serve from, and the
 * repository from the very payload builder of the client API, so the playground evaluates what
 * an SDK would receive.
 */
export function modelFromSnapshot(snapshot: ClientSnapshot): EnvironmentModel {
  const payload = buildClientFeatures(
    { features: snapshot.features, segments: snapshot.segments, tagsOf: () => [] },
    { environment: snapshot.environment, projects: null, inlineSegmentConstraints: false },
    { revisionId: snapshot.revision, etag: '', queryHash: '' },
  );
  const segments = snapshot.segments.map((segment) => ({
    id: segment.id,
    name: segment.name,
    constraints: segment.constraints,
  }));
  const repository = createFlagRepository({ features: payload.features, segments });
  const flags = snapshot.features.map((feature) => {
    const client = repository.getFlag(feature.name);
    return {
      name: feature.name,
      project: feature.project,
      enabled: feature.enabled,
      variants: [...feature.variants],
      ...(client?.dependencies ? { dependencies: client.dependencies } : {}),
      strategies: feature.strategies.map((strategy) => ({
        id: strategy.id,
        name: strategy.name,
        title: strategy.title,
        disabled: strategy.disabled,
        constraints: strategy.constraints,
        parameters: stringParameters(strategy.parameters),
        variants: strategy.variants,
        segments: strategy.segments,
      })),
    };
  });
  return { environment: snapshot.environment, flags, repository };
}

/** Parameters are strings on the wire; the client API's payload turns other JSON into text the same way. */
function stringParameters(parameters: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(parameters)) {
    result[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return result;
}

export async function loadEnvironmentModel(db: Db, environment: string): Promise<EnvironmentModel> {
  return modelFromSnapshot(await getClientSnapshot(db, environment));
}

/** The console path of a strategy's editor, as Unleash links it from the playground. */
function editLink(project: string, flag: string, environment: string, strategyId: string): string {
  const query = new URLSearchParams({ environmentId: environment, strategyId });
  return `/projects/${encodeURIComponent(project)}/features/${encodeURIComponent(flag)}/strategies/edit?${query}`;
}

function withLinks(
  data: StrategyExplanation[],
  project: string,
  flag: string,
  environment: string,
): PlaygroundStrategy[] {
  return data.map((strategy) => ({
    ...strategy,
    links: { edit: editLink(project, flag, environment, strategy.id) },
  }));
}

/** Every flag of the model that `visible` lets through, evaluated and explained for one context. */
export function evaluateModel(
  model: EnvironmentModel,
  context: Context,
  visible: (project: string) => boolean,
): PlaygroundFeature[] {
  const features: PlaygroundFeature[] = [];
  for (const flag of model.flags) {
    if (!visible(flag.project)) continue;
    const explanation = explainFlag(flag, context, { repository: model.repository });
    features.push({
      name: flag.name,
      projectId: flag.project,
      strategies: {
        result: explanation.strategies.result,
        data: withLinks(explanation.strategies.data, flag.project, flag.name, model.environment),
      },
      hasUnsatisfiedDependency: explanation.hasUnsatisfiedDependency,
      isEnabledInCurrentEnvironment: explanation.isEnabledInCurrentEnvironment,
      isEnabled: explanation.isEnabled,
      variant: explanation.variant,
      variants: explanation.variants.map((variant) => ({ ...variant })),
    });
  }
  return features;
}
