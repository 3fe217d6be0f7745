import { gzipSync } from 'node:zlib';
import Mustache from 'mustache';
import { METRICS_VENDOR_EVENT_TYPES } from './provider-events';
import {
  type AddonProvider,
  CUSTOM_HEADERS_PARAMETER,
  displayUrlOf,
  parseCustomHeaders,
  urlKeyAndHeadersProblems,
} from './provider-types';

/**
 * New Relic Event API (docs.newrelic.com, "Introduction to the Event API"): a gzipped JSON event
 * of type `UnleashServiceEvent` posted to the account's collector URL with the license key in
 * the Api-Key header, as Unleash's `new-relic` integration sends it.
 */
export const newRelicProvider: AddonProvider = {
  definition: {
    name: 'new-relic',
    displayName: 'New Relic',
    description: 'Records events as custom events in New Relic (Event API).',
    documentationUrl: 'https://docs.getunleash.io/reference/integrations/new-relic',
    parameters: [
      {
        name: 'url',
        displayName: 'New Relic Event URL',
        type: 'url',
        placeholder: 'https://insights-collector.newrelic.com/v1/accounts/<account id>/events',
        description: 'The Event API endpoint of your account (US or EU data center).',
        required: true,
        sensitive: false,
      },
      {
        name: 'licenseKey',
        displayName: 'New Relic license key',
        type: 'text',
        description: 'An ingest license key of the account (sent as Api-Key).',
        required: true,
        sensitive: true,
      },
      CUSTOM_HEADERS_PARAMETER,
      {
        name: 'bodyTemplate',
        displayName: 'Message template',
        type: 'textfield',
        placeholder: '{{event.createdBy}} changed {{event.featureName}}',
        description: 'A Mustache template with the event as `event`, sent as the `message` attribute.',
        required: false,
        sensitive: false,
      },
    ],
    events: METRICS_VENDOR_EVENT_TYPES,
  },

  validate: (parameters) => urlKeyAndHeadersProblems(parameters, { urlRequired: true, key: 'licenseKey' }),

  render(event, parameters) {
    const custom = parseCustomHeaders(parameters.customHeaders);
    const data = event.data && typeof event.data === 'object' && !Array.isArray(event.data) ? event.data : {};
    const attributes = {
      eventType: 'UnleashServiceEvent',
      unleashEventType: event.type,
      featureName: event.featureName,
      environment: event.environment,
      createdBy: event.createdBy,
      createdByUserId: event.createdByUserId,
      createdAt: Date.parse(event.createdAt),
      ...(parameters.bodyTemplate ? { message: Mustache.render(parameters.bodyTemplate, { event }) } : {}),
      ...data,
    };
    const url = parameters.url ?? '';
    return {
      requests: [
        {
          method: 'POST',
          url,
          headers: {
            'Api-Key': parameters.licenseKey ?? '',
            'Content-Type': 'application/json',
            'Content-Encoding': 'gzip',
            ...custom.headers,
          },
          body: gzipSync(JSON.stringify(attributes)),
          displayUrl: displayUrlOf(url),
        },
      ],
      warnings: custom.warning ? [custom.warning] : [],
    };
  },
};
