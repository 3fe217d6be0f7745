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
      tokens: [{ id: 6, signalEndpointId: 1, name: 'pd-old', createdAt: at, createdByUserId: 1 }] as object[],
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
    .on('PUT', '/api/admin/signal-endpoints/1', (request) => {
      const body = request.body as { name: string; description: string | null };
      if (body.name === 'datadog') {
        return unleashError(409, 'NameExistsError', 'A signal endpoint named datadog already exists.');
      }
      Object.assign(endpoints[0] ?? {}, body);
      return { body: endpoints[0] };
    })
    .on('PUT', '/api/admin/signal-endpoints/1/tokens/6', (request) => {
      const { name } = request.body as { name: string };
      if (name.length > 100) {
        return unleashError(400, 'BadDataError', 'The token name is longer than 100 characters.');
      }
      const token = endpoints[0]?.tokens[0] as { name: string };
      token.name = name;
      return { body: token };
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

  it('edits an endpoint, pre-filled, showing a name clash in place and sending name and description', async () => {
    const server = signalServer();
    await renderWithConsole(<SignalEndpointsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit pagerduty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit pagerduty' });
    const name = within(dialog).getByLabelText(/^Name/) as HTMLInputElement;
    const description = within(dialog).getByLabelText('Description') as HTMLInputElement;
    expect(name.value).toBe('pagerduty');
    expect(description.value).toBe('Incidents');
    fireEvent.change(name, { target: { value: 'datadog' } });
    expect(within(dialog).getByText(/Renaming changes the endpoint URL/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save endpoint' }));
    expect(await within(dialog).findByText(/already exists/)).toBeTruthy();
    expect(within(dialog).getByText('The endpoint was not saved')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'pagerduty-prod' } });
    fireEvent.change(description, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save endpoint' }));
    const row = await screen.findByTestId('signal-endpoint-pagerduty-prod');
    expect(row.textContent).toContain('https://flags.example.com/api/signal-endpoint/pagerduty-prod');
    expect(row.textContent).not.toContain('Incidents');
    expect(server.calls('PUT', '/api/admin/signal-endpoints/1').map((call) => call.body)).toEqual([
      { name: 'datadog', description: 'Incidents' },
      { name: 'pagerduty-prod', description: null },
    ]);
  });

  it('renames a token, showing a refused name in place', async () => {
    const server = signalServer();
    await renderWithConsole(<SignalEndpointsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'pagerduty' }));
    const details = await screen.findByTestId('signal-endpoint-details');
    fireEvent.click(within(details).getByRole('button', { name: 'Rename token pd-old' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename token' });
    const name = within(dialog).getByLabelText(/^Token name/) as HTMLInputElement;
    expect(name.value).toBe('pd-old');
    expect(within(dialog).getByRole('button', { name: 'Rename token' })).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename token' }));
    expect(await within(dialog).findByText(/longer than 100 characters/)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'pd-webhook' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename token' }));
    expect(await within(details).findByRole('button', { name: 'Rename token pd-webhook' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls('PUT', '/api/admin/signal-endpoints/1/tokens/6').map((call) => call.body)).toEqual([
      { name: 'x'.repeat(101) },
      { name: 'pd-webhook' },
    ]);
  });
});
