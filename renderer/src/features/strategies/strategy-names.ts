import type { StrategyDefinition } from './strategies-api';

/** What Unleash's console calls the built-in strategies; their API names stay in small print. */
const BUILT_IN_NAMES: Readonly<Record<string, string>> = {
  flexibleRollout: 'Gradual rollout',
  default: 'Standard',
  userWithId: 'User IDs',
  remoteAddress: 'IPs',
  applicationHostname: 'Hosts',
};

/** The name people use for a strategy: the built-in's display name, a custom definition's, or its API name. */
export function strategyDisplayName(
  name: string,
  definitions: readonly Pick<StrategyDefinition, 'name' | 'displayName'>[] = [],
): string {
  const builtIn = BUILT_IN_NAMES[name];
  if (builtIn) return builtIn;
  const displayName = definitions.find((definition) => definition.name === name)?.displayName?.trim();
  return displayName ? displayName : name;
}

/** A strategy on a flag as people know it: its own title first, else the strategy's display name. */
export function strategyLabel(
  strategy: { name: string; title?: string | null },
  definitions: readonly Pick<StrategyDefinition, 'name' | 'displayName'>[] = [],
): string {
  return strategy.title ? strategy.title : strategyDisplayName(strategy.name, definitions);
}
