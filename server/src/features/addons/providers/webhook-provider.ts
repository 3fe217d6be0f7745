import Mustache from 'mustache';
import type { AuditEvent } from '../../../../contract';
import { WEBHOOK_EVENT_TYPES } from './provider-events';
import {
  type AddonProvider,
  customHeadersProblems,
  displayUrlOf,
  parseCustomHeaders,
  urlProblems,
} from './provider-types';

/**
 * Unleash's generic webhook (docs.getunleash.io, reference/integrations/webhook): a POST of the
 * event row, or of the Mustache `bodyTemplate` rendered with `event` and `eventJson`. Switchyard
 * adds the `signingSecret` parameter: every delivery carries a Switchyard-Signature header
 * (webhook-signature.ts) that receivers check.
 */
export const webhookProvider: AddonProvider = {
  definition: {
    name: 'webhook',
    displayName: 'Webhook',
    description: 'Posts each chosen event to an HTTP endpoint of yours, as JSON or in a body you shape.',
    documentationUrl: 'https://docs.getunleash.io/reference/integrations/webhook',
    howTo:
      'Switchyard signs every request (Switchyard-Signature header); see docs/configuration.md (Integrations) to verify it.',
    parameters: [
      {
        name: 'url',
        displayName: 'Webhook URL',
        type: 'url',
        description: 'Where each event is posted (HTTP POST).',
        required: true,
        sensitive: true,
      },
      {
        name: 'contentType',
        displayName: 'Content-Type',
        type: 'text',
        placeholder: 'application/json',
        description: 'The Content-Type header of the request; application/json when empty.',
        required: false,
        sensitive: false,
      },
      {
        name: 'authorization',
        displayName: 'Authorization',
        type: 'text',
        placeholder: 'Bearer <token>',
        description: 'Sent as the Authorization header when set.',
        required: false,
        sensitive: true,
      },
      {
        name: 'customHeaders',
        displayName: 'Extra HTTP headers',
        type: 'textfield',
        placeholder: '{ "X-Team": "checkout" }',
        description: 'A JSON object of header names and values sent with every request.',
        required: false,
        sensitive: true,
      },
      {
        name: 'bodyTemplate',
        displayName: 'Body template',
        type: 'textfield',
        placeholder:
          '{ "event": "{{event.type}}", "flag": "{{event.featureName}}", "by": "{{event.createdBy}}" }',
        description:
          'A Mustache template with the event as `event` (type, createdBy, featureName, project, environment, data...) and the whole event as a JSON string in `{{{eventJson}}}`. Empty: the event as JSON.',
        required: false,
        sensitive: false,
      },
      {
        name: 'signingSecret',
        displayName: 'Signing secret',
        type: 'text',
        description:
          'The HMAC-SHA256 key of the Switchyard-Signature header. Left empty, Switchyard generates one and shows it once, in the answer to the creation.',
        required: false,
        sensitive: true,
      },
    ],
    events: WEBHOOK_EVENT_TYPES,
  },

  validate(parameters) {
    const problems = [
      ...urlProblems('url', parameters.url, true),
      ...customHeadersProblems(parameters.customHeaders),
    ];
    if (parameters.bodyTemplate) {
      try {
        Mustache.parse(parameters.bodyTemplate);
      } catch (error) {
        problems.push(`bodyTemplate is not a valid Mustache template: ${(error as Error).message}`);
      }
    }
    return problems;
  },

  render(event, parameters) {
    const custom = parseCustomHeaders(parameters.customHeaders);
    const headers: Record<string, string> = {
      'Content-Type': parameters.contentType || 'application/json',
      ...(parameters.authorization ? { Authorization: parameters.authorization } : {}),
      ...custom.headers,
    };
    return {
      requests: [
        {
          method: 'POST',
          url: parameters.url ?? '',
          headers,
          body: webhookBody(event, parameters.bodyTemplate),
          displayUrl: displayUrlOf(parameters.url ?? '', true),
        },
      ],
      warnings: custom.warning ? [custom.warning] : [],
    };
  },
};

/** The event row as JSON, or the template rendered with `event` and `eventJson` (as Unleash). */
export function webhookBody(event: AuditEvent, bodyTemplate: string | undefined): string {
  if (!bodyTemplate) return JSON.stringify(event);
  return Mustache.render(bodyTemplate, { event, eventJson: JSON.stringify(JSON.stringify(event)) });
}
