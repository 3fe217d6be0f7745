import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, unleashError } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { SignalEndpointsScreen } from './SignalEndpointsScreen';

const SECRET = 'ab'.repeat(32);
const at = '2026-11-25T10:00:00Z';

function signalServer() {
  const endpoints: Array<Record<string, unknown> & { tokens: object[] }> = [
    {
      id: 1,
      name: 'pagerduty',
      enabled: true,
      description: 'Incidents',
      createdAt: at,
      createdByUserId: 1,
      tokens: [] as object[],
    },
  ];
  return createFakeServer()
    .on('GET', '/api/admin/ui-config', { unleashUrl: 'https://flags.example.com' })
    .on('GET', '/api/admin/signal-endpoints', () => ({ body: { signalEndpoints: endpoints } }))
    .on('POST', '/api/admin/signal-endpoints', (request) => {
      const body = request.body as { name: string };
      if (body.name === 'sixth') {
        return unleashError(
          400,
          'ExceedsLimitError',
          "You can't create more than the established limit of 5.",
        );
      }
      const created = {
        id: 2,
        enabled: true,
        description: null,
        createdAt: at,
        createdByUserId: 1,
        tokens: [],
        ...body,
      };
      endpoints.push(created);
      return { status: 201, body: created };
    })
    .on('POST', '/api/admin/signal-endpoints/1/off', () => {
      if (endpoints[0]) endpoints[0].enabled = false;
      return { body: endpoints[0] };
    })
    .on('POST', '/api/admin/signal-endpoints/1/tokens', (request) => {
      const token = {
        id: 7,
        signalEndpointId: 1,
        createdAt: at,
        createdByUserId: 1,
        name: (request.body as { name: string }).name,
      };
      endpoints[0]?.tokens.push(token);
      return { status: 201, body: { ...token, token: SECRET } };
    })
    .on('GET', '/api/admin/signal-endpoints/1/signals', {
      signalEndpointSignals: [
        { id: 3, payload: { type: 'incident', service: 'checkout' }, createdAt: at, tokenName: 'pd-webhook' },
      ],
    });
}

describe('signals screen', () => {
  it('lists endpoints with their public URL and switches one off', async () => {
    const server = signalServer();
    await renderWithConsole(<SignalEndpointsScreen />, { server });
    const row = await screen.findByTestId('signal-endpoint-pagerduty');
    await waitFor(() =>
      expect(row.textContent).toContain('https://flags.example.com/api/signal-endpoint/pagerduty'),
    );
    fireEvent.click(within(row).getByRole('switch', { name: 'Enable pagerduty' }));
    await waitFor(() => expect(server.calls('POST', '/api/admin/signal-endpoints/1/off')).toHaveLength(1));
  });

  it('creates an endpoint, refusing a name that is not URL-safe and showing the limit error', async () => {
    const server = signalServer();
    await renderWithConsole(<SignalEndpointsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'New signal endpoint' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'with space' } });
    expect(within(dialog).getByText('Use only letters, digits, - _ . ~')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create endpoint' })).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: 'sixth' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    expect(await within(dialog).findByText(/established limit of 5/)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'grafana' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    expect(await screen.findByTestId('signal-endpoint-grafana')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/signal-endpoints').at(-1)?.body).toEqual({
      name: 'grafana',
      description: null,
    });
  });

  it('creates a token whose secret is shown once, with a curl example and the latest signals', async () => {
    const server = signalServer();
    await renderWithConsole(<SignalEndpointsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'pagerduty' }));
    const details = await screen.findByTestId('signal-endpoint-details');
    expect(details.textContent).toContain(
      "curl --request POST 'https://flags.example.com/api/signal-endpoint/pagerduty'",
    );
    expect((await within(details).findAllByTestId('signal'))[0]?.textContent).toContain(
      '"service": "checkout"',
    );
    fireEvent.change(within(details).getByLabelText('New token name'), { target: { value: 'pd-webhook' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Create token' }));
    expect((await screen.findByTestId('token-secret')).textContent).toBe(SECRET);
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    expect(details.textContent).toContain(`Authorization: Bearer ${SECRET}`);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('token-secret')).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(server.calls('POST', '/api/admin/signal-endpoints/1/tokens')[0]?.body).toEqual({
      name: 'pd-webhook',
    });
  });
});
