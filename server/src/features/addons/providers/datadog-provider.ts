import Mustache from 'mustache';
import { describeEvent } from './event-message';
import { METRICS_VENDOR_EVENT_TYPES } from './provider-events';
import {
  type AddonProvider,
  CUSTOM_HEADERS_PARAMETER,
  displayUrlOf,
  parseCustomHeaders,
  urlKeyAndHeadersProblems,
  withBaseUrl,
} from './provider-types';

export const DATADOG_EVENTS_URL = 'https://api.datadoghq.com/api/v1/events';

/**
 * Datadog Events API v1 (docs.datadoghq.com/api/latest/events/#post-an-event): POST with the
 * DD-API-KEY header; `title`, `text` (Markdown between `%%%` markers) and `tags` (`type:value`
 * of the flag's tags), `source_type_name` when set.
 */
export const datadogProvider: AddonProvider = {
  definition: {
    name: 'datadog',
    displayName: 'Datadog',
    description: 'Sends events to Datadog\u2019s event stream, tagged with the flag\u2019s tags.',
    documentationUrl: 'https://docs.getunleash.io/reference/integrations/datadog',
    parameters: [
      {
        name: 'url',
        displayName: 'Datadog events URL',
        type: 'url',
        placeholder: DATADOG_EVENTS_URL,
        description: 'The Events API of your Datadog site; the US1 site when empty.',
        required: false,
        sensitive: false,
      },
      {
        name: 'apiKey',
        displayName: 'Datadog API key',
        type: 'text',
        description: 'An API key of your Datadog organisation (sent as DD-API-KEY).',
        required: true,
        sensitive: true,
      },
      {
        name: 'sourceTypeName',
        displayName: 'Datadog source type name',
        type: 'text',
        placeholder: 'my_apps',
        description: 'Sent as source_type_name; see Datadog\u2019s list of sources.',
        required: false,
        sensitive: false,
      },
      CUSTOM_HEADERS_PARAMETER,
      {
        name: 'bodyTemplate',
        displayName: 'Text template',
        type: 'textfield',
        placeholder: '{{event.createdBy}} changed {{event.featureName}} ({{event.type}})',
        description: 'A Mustache template of the event\u2019s text, with the event as `event`.',
        required: false,
        sensitive: false,
      },
    ],
    events: METRICS_VENDOR_EVENT_TYPES,
  },

  validate: (parameters) => urlKeyAndHeadersProblems(parameters, { urlRequired: false, key: 'apiKey' }),

  render(event, parameters, context) {
    const custom = parseCustomHeaders(parameters.customHeaders);
    const text = parameters.bodyTemplate
      ? Mustache.render(parameters.bodyTemplate, { event })
      : describeEvent(event, context.publicUrl, 'markdown').text;
    const body = {
      text: `%%% \n ${text} \n %%% `,
      title: 'Switchyard notification update',
      tags: event.tags.map((tag) => `${tag.type}:${tag.value}`),
      ...(parameters.sourceTypeName ? { source_type_name: parameters.sourceTypeName } : {}),
    };
    const url = parameters.url || withBaseUrl(DATADOG_EVENTS_URL, 'datadog', context);
    return {
      requests: [
        {
          method: 'POST',
          url,
          headers: {
            'Content-Type': 'application/json',
            'DD-API-KEY': parameters.apiKey ?? '',
            ...custom.headers,
          },
          body: JSON.stringify(body),
          displayUrl: displayUrlOf(url),
        },
      ],
      warnings: custom.warning ? [custom.warning] : [],
    };
  },
};
