import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithConsole } from '../../test-utils/render';
import { IntegrationsScreen } from './IntegrationsScreen';
import { integrationsServer } from './integrations-fake-server';

const TEST_ANSWER = {
  ok: true,
  statusCode: 202,
  responseBody: '{"received":true}',
  error: null,
  durationMs: 41,
};

// The form is the console's largest: its first render in happy-dom takes seconds on a busy machine.
describe('configuring an integration', { timeout: 20_000 }, () => {
  it('generates the fields from the provider and refuses a missing required one or no events', async () => {
    const server = integrationsServer([]);
    await renderWithConsole(<IntegrationsScreen />, { server, path: '/integrations/create/webhook' });
    expect(await screen.findByRole('heading', { name: 'New Webhook integration' })).toBeTruthy();
    const url = screen.getByLabelText(/^Webhook URL/) as HTMLInputElement;
    expect(url.type).toBe('url');
    expect(url.placeholder).toBe('https://hooks.example.com/flags');
    expect((screen.getByLabelText(/^Authorization/) as HTMLInputElement).type).toBe('password');
    expect(screen.getByLabelText(/^Body template/).tagName).toBe('TEXTAREA');
    fireEvent.click(screen.getByRole('button', { name: 'Create integration' }));
    expect(await screen.findByText('Webhook URL is required')).toBeTruthy();
    expect(screen.getByText('Choose at least one event to send')).toBeTruthy();
    fireEvent.change(url, { target: { value: 'hooks.example.com' } });
    expect(screen.getByText('Enter a full http:// or https:// address')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/addons')).toHaveLength(0);
  });

  it('sends a test event for the unsaved form, shows the answer, and shows the server refusal by the field', async () => {
    const server = integrationsServer([]).on('POST', '/api/admin/addons/test', TEST_ANSWER);
    await renderWithConsole(<IntegrationsScreen />, { server, path: '/integrations/create/webhook' });
    fireEvent.change(await screen.findByLabelText(/^Webhook URL/), {
      target: { value: 'https://internal.example.com/hook' },
    });
    fireEvent.change(screen.getByLabelText(/^Authorization/), { target: { value: 'Bearer s3cret' } });
    const events = screen.getByRole('combobox', { name: /^Events/ });
    fireEvent.focus(events);
    fireEvent.click(events);
    fireEvent.click(await screen.findByRole('option', { name: 'feature-created' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    const result = await screen.findByTestId('test-event-result');
    expect(result.textContent).toContain('Delivered: the receiver answered 202');
    expect(within(result).getByTestId('test-event-response-body').textContent).toBe('{"received":true}');
    expect(server.calls('POST', '/api/admin/addons/test')[0]?.body).toEqual({
      provider: 'webhook',
      description: '',
      enabled: true,
      parameters: { url: 'https://internal.example.com/hook', authorization: 'Bearer s3cret' },
      events: ['feature-created'],
      projects: [],
      environments: [],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create integration' }));
    expect(await screen.findByText('This address is not allowed.')).toBeTruthy();
    expect(screen.getByLabelText(/^Webhook URL/).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText(/^Webhook URL/), {
      target: { value: 'https://hooks.example.com/in' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create integration' }));
    const created = await screen.findByRole('dialog', { name: 'Integration created' });
    expect(within(created).getByTestId('token-secret').textContent).toBe('whsec_generated');
    expect(within(created).getByText(/Signing secret/)).toBeTruthy();
  });

  it('keeps the masked secret when an edit leaves it unchanged, and tests the saved configuration', async () => {
    const server = integrationsServer().on('POST', '/api/admin/addons/1/test', TEST_ANSWER);
    await renderWithConsole(<IntegrationsScreen />, { server, path: '/integrations/edit/1' });
    expect(await screen.findByRole('heading', { name: 'Configure Webhook: Deploy bot' })).toBeTruthy();
    const secret = screen.getByLabelText(/^Authorization/) as HTMLInputElement;
    expect(secret.value).toBe('*****');
    expect(screen.getByText(/The stored value is kept unless you type a new one/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    await screen.findByTestId('test-event-result');
    expect(server.calls('POST', '/api/admin/addons/1/test')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Deploy bot v2' } });
    expect(screen.getByText(/save your changes to test them/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save integration' }));
    await waitFor(() => expect(server.calls('PUT', '/api/admin/addons/1')).toHaveLength(1));
    expect(server.calls('PUT', '/api/admin/addons/1')[0]?.body).toMatchObject({
      description: 'Deploy bot v2',
      parameters: { url: 'https://hooks.example.com/flags', authorization: '*****' },
      environments: ['production'],
    });
  });

  it('shows the tag types a Slack app routes by, and disables writes while offline', async () => {
    const server = integrationsServer([]);
    const { console: app } = await renderWithConsole(<IntegrationsScreen />, {
      server,
      path: '/integrations/create/slack-app',
    });
    expect((await screen.findByTestId('tag-type-help')).textContent).toContain('slack');
    server.offline = true;
    await act(async () => {
      await app.checkConnection();
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Create integration' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect((screen.getByRole('button', { name: 'Send test event' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('says before the form is filled in that a server without a secrets key cannot save or deliver', async () => {
    const server = integrationsServer([]).on('GET', '/api/admin/ui-config', { canStoreSecrets: false });
    await renderWithConsole(<IntegrationsScreen />, { server, path: '/integrations/create/webhook' });
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('This server cannot save secrets');
    expect(notice.textContent).toContain(
      'Integrations are not delivered, and saving one holding a secret (Authorization, Signing secret) is refused.',
    );
    expect(notice.textContent).toContain('SECRETS_ENCRYPTION_KEY');
    expect((screen.getByLabelText(/^Webhook URL/) as HTMLInputElement).value).toBe('');
  });

  it('shows no such notice when the server can save secrets', async () => {
    const server = integrationsServer([]).on('GET', '/api/admin/ui-config', { canStoreSecrets: true });
    await renderWithConsole(<IntegrationsScreen />, { server, path: '/integrations/create/webhook' });
    await screen.findByRole('heading', { name: 'New Webhook integration' });
    await waitFor(() => expect(server.calls('GET', '/api/admin/ui-config')).toHaveLength(1));
    expect(screen.queryByText('This server cannot save secrets')).toBeNull();
  });

  it('deletes an integration after asking', async () => {
    const server = integrationsServer().on('DELETE', '/api/admin/addons/1', {});
    await renderWithConsole(<IntegrationsScreen />, { server, path: '/integrations/edit/1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete integration' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete integration' }));
    await waitFor(() => expect(server.calls('DELETE', '/api/admin/addons/1')).toHaveLength(1));
  });
});
