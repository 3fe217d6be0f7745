import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, TEST_ORIGIN } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { createFakeBridge } from '../desktop/fake-bridge';
import { ConnectSdkGuide } from './ConnectSdkGuide';
import { CONNECTION_POLL_MS } from './use-sdk-connection';

const CLIENT_SECRET = 'checkout:development.5f2a9c0e1b7d4e3f8a6b';
const FRONTEND_SECRET = 'checkout:development.frontend0c1b7d4e3f8a';

function guideServer() {
  let registered = false;
  const server = createFakeServer()
    .on('GET', '/api/admin/environments', {
      version: 1,
      environments: [
        {
          name: 'development',
          type: 'development',
          enabled: true,
          protected: false,
          sortOrder: 1,
          requiredApprovals: null,
        },
        {
          name: 'production',
          type: 'production',
          enabled: true,
          protected: false,
          sortOrder: 2,
          requiredApprovals: null,
        },
        {
          name: 'retired',
          type: 'test',
          enabled: false,
          protected: false,
          sortOrder: 3,
          requiredApprovals: null,
        },
      ],
    })
    .on('POST', '/api/admin/api-tokens', (request) => {
      const body = request.body as { type: string; environment: string };
      return {
        status: 201,
        body: {
          secret: body.type === 'frontend' ? FRONTEND_SECRET : CLIENT_SECRET,
          tokenName: 'my-app-sdk',
          type: body.type,
          environment: body.environment,
          project: 'checkout',
          projects: ['checkout'],
          expiresAt: null,
          createdAt: '2026-11-22T10:00:00.000Z',
          alias: null,
          seenAt: null,
        },
      };
    })
    .on('GET', '/api/admin/metrics/applications/my-app', () =>
      registered
        ? { body: { appName: 'my-app', sdkVersion: 'unleash-client-node:6.1.0', strategies: [] } }
        : {
            status: 404,
            body: {
              id: 'x',
              name: 'NotFoundError',
              message: 'No application',
              details: [{ message: 'none' }],
            },
          },
    )
    .on('GET', '/api/admin/metrics/applications/my-app/overview', {
      projects: ['checkout'],
      featureCount: 0,
      environments: [
        {
          name: 'development',
          instanceCount: 1,
          sdks: ['unleash-client-node:6.1.0'],
          frontendSdks: [],
          backendSdks: ['unleash-client-node:6.1.0'],
          lastSeen: '2026-11-22T10:00:05.000Z',
          issues: { missingFeatures: [] },
        },
      ],
      issues: { missingStrategies: [] },
    });
  return { server, register: () => (registered = true) };
}

const snippetText = () => screen.getByTestId('sdk-snippet').textContent ?? '';

describe('connect an SDK', () => {
  it('creates a project client token and puts it, with the real server URL, into the Node snippet', async () => {
    const { server } = guideServer();
    await renderWithConsole(<ConnectSdkGuide project="checkout" />, { server });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create token' })).toHaveProperty('disabled', false),
    );
    expect(snippetText()).toContain(`url: "${TEST_ORIGIN}/api/"`);
    expect(snippetText()).toContain('Authorization: "<client API token>"');
    // Only environments that are on are offered.
    expect(
      Array.from(screen.getByLabelText('Environment').querySelectorAll('option')).map((o) => o.textContent),
    ).toEqual(['development', 'production']);

    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByTestId('sdk-token-secret');
    expect(server.calls('POST', '/api/admin/api-tokens').map((call) => call.body)).toEqual([
      { tokenName: 'my-app-sdk', type: 'client', environment: 'development', projects: ['checkout'] },
    ]);
    expect(screen.getByTestId('sdk-token-secret').textContent).toBe(CLIENT_SECRET);
    expect(snippetText()).toContain(`customHeaders: { Authorization: "${CLIENT_SECRET}" }`);
    expect(snippetText()).toContain('appName: "my-app"');
    expect(screen.queryByRole('button', { name: 'Create token' })).toBeNull();
  });

  it('gives browser SDKs the frontend URL and a frontend token for all projects outside a project', async () => {
    const { server } = guideServer();
    await renderWithConsole(<ConnectSdkGuide />, { server });
    fireEvent.click(screen.getByLabelText('React'));
    expect(snippetText()).toContain(`url: "${TEST_ORIGIN}/api/frontend"`);
    expect(snippetText()).toContain('clientKey: "<frontend API token>"');
    await screen.findByRole('option', { name: 'production' });
    fireEvent.change(screen.getByLabelText('Environment'), { target: { value: 'production' } });
    fireEvent.change(screen.getByLabelText('Application name'), { target: { value: 'shop-web' } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create token' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByTestId('sdk-token-secret');
    expect(server.calls('POST', '/api/admin/api-tokens').map((call) => call.body)).toEqual([
      { tokenName: 'shop-web-frontend', type: 'frontend', environment: 'production', projects: ['*'] },
    ]);
    expect(snippetText()).toContain(`clientKey: "${FRONTEND_SECRET}"`);
    expect(snippetText()).toContain('appName: "shop-web"');
    expect(snippetText()).toContain('<FlagProvider config={config}>');
    // A backend SDK needs its own (client) token: the frontend one is not offered to it.
    fireEvent.click(screen.getByLabelText('Python'));
    expect(snippetText()).toContain(`url="${TEST_ORIGIN}/api/"`);
    expect(snippetText()).toContain('custom_headers={"Authorization": "<client API token>"}');
    expect(screen.getByRole('button', { name: 'Create token' })).toBeTruthy();
  });

  it('waits for the SDK, then shows it connected once the server has seen the application', async () => {
    const { server, register } = guideServer();
    await renderWithConsole(<ConnectSdkGuide project="checkout" />, { server });
    const status = await screen.findByTestId('sdk-connection');
    await waitFor(() => expect(server.calls('GET', '/api/admin/metrics/applications/my-app').length).toBe(1));
    expect(status.dataset.state).toBe('waiting');
    expect(status.textContent).toContain('Waiting for your SDK… the server has not seen my-app yet');

    register();
    await waitFor(() => expect(screen.getByTestId('sdk-connection').dataset.state).toBe('connected'), {
      timeout: CONNECTION_POLL_MS * 3,
    });
    expect(screen.getByTestId('sdk-connection').textContent).toContain(
      'Connected: my-app (unleash-client-node:6.1.0) seen',
    );
    // Connected: the guide stops asking.
    const asked = server.calls('GET', '/api/admin/metrics/applications/my-app').length;
    await new Promise((resolve) => setTimeout(resolve, CONNECTION_POLL_MS + 500));
    expect(server.calls('GET', '/api/admin/metrics/applications/my-app').length).toBe(asked);
  }, 20_000);

  it('in the desktop app, gives the SDK listener’s network address when it is exposed', async () => {
    const { server } = guideServer();
    const settings = { adminHost: '127.0.0.1', adminPort: 4242, sdkHost: '0.0.0.0', sdkPort: 4243 };
    const addresses = [
      {
        interface: 'eth0',
        family: 'IPv4' as const,
        address: '192.168.1.20',
        url: 'http://192.168.1.20:4243/api',
      },
      { interface: 'wlan0', family: 'IPv4' as const, address: '10.0.0.9', url: 'http://10.0.0.9:4243/api' },
    ];
    const fake = createFakeBridge(server).answer('switchyard:network:get', () => ({
      settings: { ...settings, sdkEnabled: true },
      addresses,
      restartRequired: false,
    }));
    await renderWithConsole(<ConnectSdkGuide />, { server, platform: fake.platform });
    await waitFor(() => expect(snippetText()).toContain('url: "http://192.168.1.20:4243/api/"'));
    fireEvent.change(screen.getByLabelText('SDK address'), { target: { value: '1' } });
    expect(snippetText()).toContain('url: "http://10.0.0.9:4243/api/"');
    fireEvent.click(screen.getByLabelText('Go'));
    expect(snippetText()).toContain('unleash.WithUrl("http://10.0.0.9:4243/api/")');
  });

  it('in the desktop app, keeps the console’s own server URL while the SDK listener is off', async () => {
    const { server } = guideServer();
    const fake = createFakeBridge(server).answer('switchyard:network:get', () => ({
      settings: {
        adminHost: '127.0.0.1',
        adminPort: 4242,
        sdkEnabled: false,
        sdkHost: '0.0.0.0',
        sdkPort: 4243,
      },
      addresses: [],
      restartRequired: false,
    }));
    await renderWithConsole(<ConnectSdkGuide />, { server, platform: fake.platform });
    await waitFor(() => expect(fake.callsTo('switchyard:network:get')).toHaveLength(1));
    expect(snippetText()).toContain(`url: "${TEST_ORIGIN}/api/"`);
    expect(screen.queryByLabelText('SDK address')).toBeNull();
  });

  it('does not take an earlier run of the same application for the SDK being connected now', async () => {
    const { server, register } = guideServer();
    register();
    server.on('GET', '/api/admin/metrics/applications/my-app/overview', {
      projects: [],
      featureCount: 0,
      environments: [
        { name: 'development', instanceCount: 1, sdks: [], lastSeen: '2026-11-21T09:00:00.000Z' },
      ],
      issues: { missingStrategies: [] },
    });
    await renderWithConsole(<ConnectSdkGuide />, { server });
    await waitFor(() =>
      expect(screen.getByTestId('sdk-connection').textContent).toContain('the server last saw my-app'),
    );
    expect(screen.getByTestId('sdk-connection').dataset.state).toBe('waiting');
    expect(screen.getByTestId('sdk-connection').textContent).toContain('before this guide opened');
  });
});
