import { describeEvent } from './event-message';
import { TEAMS_EVENT_TYPES } from './provider-events';
import {
  type AddonProvider,
  CUSTOM_HEADERS_PARAMETER,
  customHeadersProblems,
  displayUrlOf,
  parseCustomHeaders,
  type Rendered,
  urlProblems,
} from './provider-types';

/**
 * Microsoft Teams incoming webhook (Unleash's `teams`): a legacy actionable MessageCard
 * (learn.microsoft.com, "Create and send messages" for Office 365 connectors) with the sentence,
 * who and what as facts, and a button to the flag.
 */
export const teamsProvider: AddonProvider = {
  definition: {
    name: 'teams',
    displayName: 'Microsoft Teams',
    description: 'Posts events to a Microsoft Teams channel through an incoming webhook.',
    documentationUrl: 'https://docs.getunleash.io/reference/integrations/teams',
    parameters: [
      {
        name: 'url',
        displayName: 'Microsoft Teams webhook URL',
        type: 'url',
        description: 'The incoming webhook URL of the channel.',
        required: true,
        sensitive: true,
      },
      CUSTOM_HEADERS_PARAMETER,
    ],
    events: TEAMS_EVENT_TYPES,
  },

  validate(parameters) {
    return [...urlProblems('url', parameters.url, true), ...customHeadersProblems(parameters.customHeaders)];
  },

  render(event, parameters, context) {
    const message = describeEvent(event, context.publicUrl, 'markdown');
    const card = {
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      themeColor: '0076D7',
      summary: 'Message',
      sections: [
        {
          activityTitle: message.text,
          activitySubtitle: 'Switchyard notification update',
          facts: [
            { name: 'User', value: event.createdBy },
            { name: 'Action', value: event.type },
          ],
        },
      ],
      potentialAction: message.url
        ? [{ '@type': 'OpenUri', name: 'Go to feature', targets: [{ os: 'default', uri: message.url }] }]
        : [],
    };
    return teamsPost(parameters, card);
  },
};

/** One JSON POST to the channel's webhook URL (a secret: logs show its origin only), for both Teams types. */
export function teamsPost(parameters: Readonly<Record<string, string>>, payload: unknown): Rendered {
  const custom = parseCustomHeaders(parameters.customHeaders);
  const url = parameters.url ?? '';
  return {
    requests: [
      {
        method: 'POST',
        url,
        headers: { 'Content-Type': 'application/json', ...custom.headers },
        body: JSON.stringify(payload),
        displayUrl: displayUrlOf(url, true),
      },
    ],
    warnings: custom.warning ? [custom.warning] : [],
  };
}
