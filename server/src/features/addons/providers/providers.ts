import type { AddonType } from '../../../../contract';
import { datadogProvider } from './datadog-provider';
import { newRelicProvider } from './new-relic-provider';
import type { AddonProvider } from './provider-types';
import { slackAppProvider, slackWebhookProvider } from './slack-providers';
import { teamsProvider } from './teams-provider';
import { teamsWorkflowProvider } from './teams-workflow-provider';
import { webhookProvider } from './webhook-provider';

/** Every provider, by Unleash's name. */
export const PROVIDERS: ReadonlyMap<string, AddonProvider> = new Map(
  [
    webhookProvider,
    slackAppProvider,
    slackWebhookProvider,
    teamsProvider,
    teamsWorkflowProvider,
    datadogProvider,
    newRelicProvider,
  ].map((provider) => [provider.definition.name, provider]),
);

export function providerDefinitions(): AddonType[] {
  return [...PROVIDERS.values()].map((provider) => provider.definition);
}

/** Names of a provider's sensitive parameters (stored sealed, answered masked). */
export function sensitiveParameters(provider: AddonProvider): Set<string> {
  return new Set((provider.definition.parameters ?? []).filter((p) => p.sensitive).map((p) => p.name));
}
