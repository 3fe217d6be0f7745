import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithConsole } from '../../test-utils/render';
import { IntegrationsScreen } from './IntegrationsScreen';
import { integrationsServer, savedWebhook } from './integrations-fake-server';

describe('integrations gallery', () => {
  it('shows a card per provider with its description, documentation, notices and a way to configure it', async () => {
    await renderWithConsole(<IntegrationsScreen />, { server: integrationsServer(), path: '/integrations' });
    const webhook = await screen.findByRole('article', { name: 'Webhook' });
    expect(within(webhook).getByText(/generic way to post event messages/)).toBeTruthy();
    expect(
      within(webhook).getByRole('link', { name: 'Documentation for Webhook' }).getAttribute('href'),
    ).toBe('https://docs.getunleash.io/docs/addons/webhook');
    expect(within(webhook).getByRole('link', { name: 'Configure Webhook' }).getAttribute('href')).toBe(
      '/integrations/create/webhook',
    );
    const slack = screen.getByRole('article', { name: /Slack App/ });
    expect(within(slack).getByText('Deprecated')).toBeTruthy();
    expect(within(slack).getByText('Use the Slack App with tags instead of channel names.')).toBeTruthy();
    expect(within(slack).getByText('Invite the app to each channel it posts to.')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Signals' })).toBeTruthy();
  });

  it('lists a configured integration with its delivery state, and resumes a paused one', async () => {
    const server = integrationsServer().on('POST', '/api/admin/addons/1/resume', savedWebhook());
    await renderWithConsole(<IntegrationsScreen />, { server, path: '/integrations' });
    const card = await screen.findByTestId('integration-1');
    expect(within(card).getByRole('heading', { name: 'Webhook' })).toBeTruthy();
    expect(within(card).getByText('Deploy bot')).toBeTruthy();
    const state = within(card).getByTestId('delivery-state');
    expect(within(state).getByText('Paused')).toBeTruthy();
    expect(state.textContent).toContain('connect ECONNREFUSED');
    expect(state.textContent).toContain('3 pending');
    expect(state.textContent).toContain('last delivered 1 hour ago');
    expect(within(card).getByText(/1 event · all projects · production/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Resume Webhook: Deploy bot' }));
    await waitFor(() => expect(server.calls('POST', '/api/admin/addons/1/resume')).toHaveLength(1));
  });

  it('disables an integration with a PUT of its full body, the masked secret sent back as it came', async () => {
    const server = integrationsServer();
    await renderWithConsole(<IntegrationsScreen />, { server, path: '/integrations' });
    fireEvent.click(await screen.findByRole('switch', { name: 'Enable Webhook: Deploy bot' }));
    await waitFor(() => expect(server.calls('PUT', '/api/admin/addons/1')).toHaveLength(1));
    expect(server.calls('PUT', '/api/admin/addons/1')[0]?.body).toEqual({
      provider: 'webhook',
      description: 'Deploy bot',
      enabled: false,
      parameters: { url: 'https://hooks.example.com/flags', authorization: '*****' },
      events: ['feature-created'],
      projects: [],
      environments: ['production'],
    });
  });

  it('shows a disabled integration as disabled, and refuses switching it while offline', async () => {
    const server = integrationsServer([savedWebhook({ id: 1, delivery: undefined, enabled: false })]);
    const { console: app } = await renderWithConsole(<IntegrationsScreen />, {
      server,
      path: '/integrations',
    });
    const toggle = await screen.findByRole('switch', { name: 'Enable Webhook: Deploy bot' });
    expect(within(screen.getByTestId('integration-1')).getByText('Disabled')).toBeTruthy();
    server.offline = true;
    await act(async () => {
      await app.checkConnection();
    });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(true));
  });
});
