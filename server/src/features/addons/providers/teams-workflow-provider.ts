import { describeEvent } from './event-message';
import { TEAMS_EVENT_TYPES } from './provider-events';
import type { AddonProvider } from './provider-types';
import { teamsPost, teamsProvider } from './teams-provider';

/**
 * Microsoft Teams through a Workflows webhook (Unleash's `teamsworkflow`; Power Automate's "When a
 * Teams webhook request is received", which replaces the retired Office 365 connectors). The
 * workflow posts each attachment of a `message` as a card, so the event is one Adaptive Card
 * (adaptivecards.io, schema 1.4): the sentence, who and what as facts, and a button to the flag.
 */
export const teamsWorkflowProvider: AddonProvider = {
  definition: {
    ...teamsProvider.definition,
    name: 'teamsworkflow',
    displayName: 'Microsoft Teams (Workflows)',
    description: 'Posts events to a Microsoft Teams channel through a Teams Workflows webhook.',
    documentationUrl: 'https://docs.getunleash.io/reference/integrations/teams',
    parameters: (teamsProvider.definition.parameters ?? []).map((parameter) =>
      parameter.name === 'url'
        ? {
            ...parameter,
            displayName: 'Teams Workflows webhook URL',
            description: 'The URL of the workflow "When a Teams webhook request is received".',
          }
        : parameter,
    ),
    events: TEAMS_EVENT_TYPES,
  },

  validate: (parameters) => teamsProvider.validate?.(parameters) ?? [],

  render(event, parameters, context) {
    const message = describeEvent(event, context.publicUrl, 'markdown');
    const card = {
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      type: 'AdaptiveCard',
      version: '1.4',
      body: [
        { type: 'TextBlock', text: message.text, wrap: true, weight: 'Bolder' },
        {
          type: 'FactSet',
          facts: [
            { title: 'User', value: event.createdBy },
            { title: 'Action', value: event.type },
          ],
        },
      ],
      actions: message.url ? [{ type: 'Action.OpenUrl', title: 'Go to feature', url: message.url }] : [],
    };
    return teamsPost(parameters, {
      type: 'message',
      attachments: [
        { contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card },
      ],
    });
  },
};
