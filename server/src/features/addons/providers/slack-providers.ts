import type { AuditEvent } from '../../../../contract';
import { describeEvent } from './event-message';
import { SLACK_APP_EVENT_TYPES, SLACK_EVENT_TYPES } from './provider-events';
import {
  type AddonProvider,
  CUSTOM_HEADERS_PARAMETER,
  displayUrlOf,
  parseCustomHeaders,
  urlKeyAndHeadersProblems,
  withBaseUrl,
} from './provider-types';

/** A flag tagged `slack:<channel>` also goes to that channel (Unleash's tag type "slack"). */
const SLACK_TAG_TYPE = {
  name: 'slack',
  description: 'Slack channels an event about a flag with this tag is posted to (the value is the channel).',
  icon: 'S',
};

function taggedChannels(event: AuditEvent): string[] {
  return event.tags.filter((tag) => tag.type === 'slack').map((tag) => tag.value);
}

/** Bound on the channels of one event, so one event cannot turn into thousands of requests. */
export const MAX_SLACK_CHANNELS = 20;

const unique = (values: string[]) =>
  [...new Set(values.map((value) => value.trim()).filter(Boolean))].slice(0, MAX_SLACK_CHANNELS);

export const SLACK_POST_MESSAGE_URL = 'https://slack.com/api/chat.postMessage';

/**
 * Slack app (Unleash's `slack-app`): Slack's Web API chat.postMessage (api.slack.com/methods/
 * chat.postMessage) with the bot token as Bearer, once per channel: the default channels plus
 * the `slack` tags of the flag.
 */
export const slackAppProvider: AddonProvider = {
  definition: {
    name: 'slack-app',
    displayName: 'Slack App',
    description: 'Posts events to Slack channels through a Slack app (bot token).',
    documentationUrl: 'https://docs.getunleash.io/reference/integrations/slack-app',
    howTo:
      'Install a Slack app with the chat:write scope, invite it to the channels and paste its bot token.',
    tagTypes: [SLACK_TAG_TYPE],
    parameters: [
      {
        name: 'accessToken',
        displayName: 'Access token',
        type: 'text',
        description: 'The bot user OAuth token of the Slack app (xoxb-...).',
        required: true,
        sensitive: true,
      },
      {
        name: 'defaultChannels',
        displayName: 'Channels',
        type: 'text',
        placeholder: 'releases, flags',
        description:
          'Comma-separated channels every event goes to, besides those of the flag\u2019s slack tags.',
        required: false,
        sensitive: false,
      },
    ],
    events: SLACK_APP_EVENT_TYPES,
  },

  validate(parameters) {
    const channels = (parameters.defaultChannels ?? '').split(',').filter((c) => c.trim());
    return [
      ...(parameters.accessToken ? [] : ['accessToken is required']),
      ...(channels.length > MAX_SLACK_CHANNELS ? [`at most ${MAX_SLACK_CHANNELS} defaultChannels`] : []),
    ];
  },

  render(event, parameters, context) {
    const channels = unique([...taggedChannels(event), ...(parameters.defaultChannels ?? '').split(',')]);
    if (channels.length === 0) {
      return { requests: [], warnings: [`No Slack channels found for event ${event.type}.`] };
    }
    const message = describeEvent(event, context.publicUrl, 'slack');
    const text = message.text.slice(0, 3000);
    const blocks: unknown[] = [{ type: 'section', text: { type: 'mrkdwn', text } }];
    if (message.url) {
      blocks.push({
        type: 'actions',
        elements: [
          { type: 'button', url: message.url, text: { type: 'plain_text', text: 'Open in Switchyard' } },
        ],
      });
    }
    const url = withBaseUrl(SLACK_POST_MESSAGE_URL, 'slack-app', context);
    return {
      requests: channels.map((channel) => ({
        method: 'POST' as const,
        url,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          Authorization: `Bearer ${parameters.accessToken ?? ''}`,
        },
        body: JSON.stringify({ channel, text, blocks, unfurl_links: false }),
        displayUrl: `${displayUrlOf(url)} #${channel}`,
        okField: true,
      })),
      warnings: [],
    };
  },
};

/**
 * Slack incoming webhook (Unleash's `slack`, api.slack.com/messaging/webhooks): a JSON message
 * posted to the webhook URL, once per channel (the flag's slack tags, else the default channel).
 */
export const slackWebhookProvider: AddonProvider = {
  definition: {
    name: 'slack',
    displayName: 'Slack',
    description: 'Posts events to Slack through an incoming webhook.',
    documentationUrl: 'https://docs.getunleash.io/reference/integrations/slack',
    deprecated: 'Slack recommends apps over incoming webhooks: consider the Slack App integration.',
    tagTypes: [SLACK_TAG_TYPE],
    parameters: [
      {
        name: 'url',
        displayName: 'Slack webhook URL',
        type: 'url',
        description: 'The incoming webhook URL Slack gave you (https://hooks.slack.com/services/...).',
        required: true,
        sensitive: true,
      },
      {
        name: 'username',
        displayName: 'Username',
        type: 'text',
        placeholder: 'Switchyard',
        description: 'The name the messages are posted under.',
        required: false,
        sensitive: false,
      },
      {
        name: 'emojiIcon',
        displayName: 'Emoji icon',
        type: 'text',
        placeholder: ':triangular_flag_on_post:',
        description: 'The emoji shown as the poster\u2019s picture.',
        required: false,
        sensitive: false,
      },
      {
        name: 'defaultChannel',
        displayName: 'Default channel',
        type: 'text',
        description: 'The channel of events whose flag has no slack tag.',
        required: true,
        sensitive: false,
      },
      CUSTOM_HEADERS_PARAMETER,
    ],
    events: SLACK_EVENT_TYPES,
  },

  validate: (parameters) =>
    urlKeyAndHeadersProblems(parameters, { urlRequired: true, key: 'defaultChannel' }),

  render(event, parameters, context) {
    const custom = parseCustomHeaders(parameters.customHeaders);
    const tagged = unique(taggedChannels(event));
    const channels = tagged.length > 0 ? tagged : unique([parameters.defaultChannel ?? '']);
    const message = describeEvent(event, context.publicUrl, 'slack');
    const attachments = message.url
      ? [
          {
            actions: [
              {
                name: 'featureToggle',
                text: 'Open in Switchyard',
                type: 'button',
                value: 'featureToggle',
                url: message.url,
              },
            ],
          },
        ]
      : [];
    const url = parameters.url ?? '';
    return {
      requests: channels.map((channel) => ({
        method: 'POST' as const,
        url,
        headers: { 'Content-Type': 'application/json', ...custom.headers },
        body: JSON.stringify({
          username: parameters.username || 'Switchyard',
          icon_emoji: parameters.emojiIcon || ':triangular_flag_on_post:',
          text: message.text,
          channel: channel.startsWith('#') ? channel : `#${channel}`,
          attachments,
        }),
        displayUrl: `${displayUrlOf(url, true)} #${channel}`,
      })),
      warnings: custom.warning ? [custom.warning] : [],
    };
  },
};
