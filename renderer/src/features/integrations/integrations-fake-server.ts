import type { Addon, AddonType, IntegrationEvent } from '../../../../server/contract';
import { createFakeServer, type FakeServer, unleashError } from '../../test-utils/fake-server';

/** Test data for the integrations screens: a webhook and a Slack app provider, one webhook configured. */
export const WEBHOOK: AddonType = {
  name: 'webhook',
  displayName: 'Webhook',
  documentationUrl: 'https://docs.getunleash.io/docs/addons/webhook',
  description: 'A webhook is a generic way to post event messages to other systems.',
  events: ['feature-created', 'feature-updated', 'feature-environment-enabled'],
  parameters: [
    {
      name: 'url',
      displayName: 'Webhook URL',
      type: 'url',
      required: true,
      sensitive: false,
      placeholder: 'https://hooks.example.com/flags',
    },
    {
      name: 'authorization',
      displayName: 'Authorization',
      type: 'text',
      description: 'Sent as the Authorization header.',
      required: false,
      sensitive: true,
    },
    {
      name: 'bodyTemplate',
      displayName: 'Body template',
      type: 'textfield',
      required: false,
      sensitive: false,
    },
    { name: 'signingSecret', displayName: 'Signing secret', type: 'text', required: false, sensitive: true },
  ],
};

export const SLACK_APP: AddonType = {
  name: 'slack-app',
  displayName: 'Slack App',
  documentationUrl: 'https://docs.getunleash.io/docs/addons/slack-app',
  description: 'The Unleash Slack App posts messages to the channels you choose.',
  events: ['feature-created'],
  tagTypes: [
    {
      name: 'slack',
      description: 'Slack tag used by the slack-app addon to specify the slack channel.',
      icon: null,
    },
  ],
  parameters: [
    { name: 'accessToken', displayName: 'Access token', type: 'text', required: true, sensitive: true },
  ],
  alerts: [{ type: 'warning', text: 'Invite the app to each channel it posts to.' }],
  deprecated: 'Use the Slack App with tags instead of channel names.',
};

export function savedWebhook(overrides: Partial<Addon> = {}): Addon {
  return {
    id: 1,
    provider: 'webhook',
    description: 'Deploy bot',
    enabled: true,
    parameters: { url: 'https://hooks.example.com/flags', authorization: '*****' },
    events: ['feature-created'],
    projects: [],
    environments: ['production'],
    delivery: {
      state: 'paused',
      pausedUntil: '2026-11-22T10:05:00Z',
      lastError: 'connect ECONNREFUSED',
      pendingEvents: 3,
      lastDeliveredAt: '2026-11-22T09:00:00Z',
    },
    ...overrides,
  };
}

export function delivery(id: number, overrides: Partial<IntegrationEvent> = {}): IntegrationEvent {
  return {
    id: String(id),
    integrationId: 1,
    createdAt: '2026-11-22T09:59:00Z',
    state: 'success',
    stateDetails: 'Webhook request was successful with status code: 200.',
    event: {
      id: 100 + id,
      type: 'feature-environment-enabled',
      createdAt: '2026-11-22T09:58:00Z',
      createdBy: 'admin',
      createdByUserId: 1,
      data: null,
      preData: null,
      tags: [],
      project: 'default',
      environment: 'production',
      featureName: `flag-${id}`,
    },
    details: {
      attempt: 1,
      statusCode: 200,
      error: null,
      durationMs: 12,
      url: 'https://hooks.example.com/flags',
      nextAttemptAt: null,
    },
    ...overrides,
  };
}

/** The admin API of the integrations screens: addons, projects and environments, with a 400 for a bad URL. */
export function integrationsServer(addons: Addon[] = [savedWebhook()]): FakeServer {
  return createFakeServer()
    .on('GET', '/api/admin/addons', () => ({ body: { addons, providers: [WEBHOOK, SLACK_APP] } }))
    .on('GET', '/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'Default' }] })
    .on('GET', '/api/admin/environments', {
      version: 1,
      environments: [
        { name: 'development', type: 'development', enabled: true, sortOrder: 1, protected: false },
        { name: 'production', type: 'production', enabled: true, sortOrder: 2, protected: false },
      ],
    })
    .on('POST', '/api/admin/addons', (request) => {
      const body = request.body as Addon;
      if (String(body.parameters.url).includes('internal')) {
        return unleashError(400, 'BadDataError', 'Request validation failed', [
          // The service's own checks name fields as dotted paths, not JSON pointers.
          { path: 'parameters.url', message: 'This address is not allowed.' },
        ]);
      }
      const created = { ...body, id: addons.length + 1 };
      addons.push(created);
      // As the server does for a webhook without one: a generated signing secret, shown this once.
      const parameters = {
        ...body.parameters,
        ...(body.parameters.authorization ? { authorization: '*****' } : {}),
        signingSecret: body.parameters.signingSecret ? '*****' : 'whsec_generated',
      };
      return { body: { ...created, parameters } };
    })
    .on('PUT', '/api/admin/addons/1', (request) => {
      const saved = { ...(request.body as Addon), id: 1 };
      addons[0] = saved;
      return { body: saved };
    });
}
