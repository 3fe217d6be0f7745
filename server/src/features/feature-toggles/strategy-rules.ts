import type { StrategyParameters } from '../../../contract';

/**
 * Strategy parameters are strings on the wire (shared/unleash/API.md §5.3); numbers and booleans
 * sent by older clients are stored as their string form.
 */
export function stringifyParameters(parameters: Record<string, unknown> | undefined): StrategyParameters {
  const result: StrategyParameters = {};
  for (const [key, value] of Object.entries(parameters ?? {})) {
    if (value === undefined || value === null) continue;
    result[key] = typeof value === 'string' ? value : String(value);
  }
  return result;
}

/**
 * The defaults Unleash fills in when a `flexibleRollout` strategy is saved (API.md §5.3):
 * rollout 100, the project's default stickiness, and the flag's name as group id.
 */
export function withFlexibleRolloutDefaults(
  strategyName: string,
  parameters: StrategyParameters,
  defaults: { featureName: string; stickiness: string },
): StrategyParameters {
  if (strategyName !== 'flexibleRollout') return parameters;
  return {
    ...parameters,
    rollout: parameters.rollout ? parameters.rollout : '100',
    stickiness: parameters.stickiness ? parameters.stickiness : defaults.stickiness,
    groupId: parameters.groupId ? parameters.groupId : defaults.featureName,
  };
}

/** On clone, a strategy's `groupId` becomes the new flag's name (API.md §5.3), unless asked not to. */
export function replaceGroupId(parameters: StrategyParameters, newName: string): StrategyParameters {
  if (parameters.groupId === undefined) return parameters;
  return { ...parameters, groupId: newName };
}
