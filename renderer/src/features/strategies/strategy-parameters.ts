import { isIpOrCidr } from '../../components/ConstraintEditor/constraint-operators';
import type { StrategyDefinition } from './strategies-api';

type ParameterDefinition = StrategyDefinition['parameters'][number];

/** Stickiness every SDK understands; context fields marked `stickiness` are offered besides. */
export const BUILT_IN_STICKINESS = ['default', 'userId', 'sessionId', 'random'] as const;

const LABELS: Record<string, string> = {
  rollout: 'Rollout',
  stickiness: 'Stickiness',
  groupId: 'Group id',
  userIds: 'User IDs',
  IPs: 'IP addresses',
  hostNames: 'Hostnames',
};

export function parameterLabel(name: string): string {
  return LABELS[name] ?? name;
}

/** List parameters travel as one comma-separated string (shared/unleash/API.md §5.3). */
export function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function joinList(values: readonly string[]): string {
  return values
    .map((item) => item.trim())
    .filter(Boolean)
    .join(',');
}

/**
 * The parameters a new strategy of this definition starts with. For flexibleRollout these are
 * what the server would fill in anyway (rollout 100, the flag's name as group id), so the form
 * shows them instead of leaving them implicit.
 */
export function defaultParameters(
  definition: StrategyDefinition | undefined,
  flagName: string,
  previous: Record<string, string> = {},
): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const parameter of definition?.parameters ?? []) {
    const kept = previous[parameter.name];
    if (kept !== undefined) parameters[parameter.name] = kept;
    else if (parameter.name === 'rollout') parameters.rollout = '100';
    else if (parameter.name === 'stickiness') parameters.stickiness = 'default';
    else if (parameter.name === 'groupId') parameters.groupId = flagName;
    else if (parameter.type === 'boolean') parameters[parameter.name] = 'false';
    else parameters[parameter.name] = '';
  }
  return parameters;
}

/** Parameters as saved: list items trimmed, group id defaulting to the flag's name. */
export function cleanParameters(
  definition: StrategyDefinition | undefined,
  parameters: Record<string, string>,
  flagName: string,
): Record<string, string> {
  const cleaned: Record<string, string> = { ...parameters };
  for (const parameter of definition?.parameters ?? []) {
    const value = cleaned[parameter.name] ?? '';
    if (parameter.type === 'list') cleaned[parameter.name] = joinList(splitList(value));
    else cleaned[parameter.name] = value.trim();
  }
  if (definition?.name === 'flexibleRollout' && !cleaned.groupId) cleaned.groupId = flagName;
  return cleaned;
}

/** What the server or the SDKs would not accept in one parameter, or null. */
export function parameterProblem(parameter: ParameterDefinition, value: string | undefined): string | null {
  const text = (value ?? '').trim();
  switch (parameter.type) {
    case 'percentage': {
      const number = Number(text);
      return text === '' || !Number.isInteger(number) || number < 0 || number > 100
        ? 'A whole percentage from 0 to 100'
        : null;
    }
    case 'number':
      return text !== '' && Number.isNaN(Number(text)) ? 'Enter a number' : null;
    case 'list': {
      const items = splitList(text);
      if (parameter.required && items.length === 0) return 'Add at least one';
      const badAddress = parameter.name === 'IPs' ? items.find((item) => !isIpOrCidr(item)) : undefined;
      return badAddress === undefined ? null : `"${badAddress}" is not an IP address or a CIDR range`;
    }
    default:
      // The server fills in stickiness and group id when they are blank.
      return parameter.required && text === '' && !['stickiness', 'groupId'].includes(parameter.name)
        ? 'Required'
        : null;
  }
}

export function parameterProblems(
  definition: StrategyDefinition | undefined,
  parameters: Record<string, string>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const parameter of definition?.parameters ?? []) {
    const problem = parameterProblem(parameter, parameters[parameter.name]);
    if (problem) problems[parameter.name] = problem;
  }
  return problems;
}
