import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, renderWithConsole } from '../../test-utils/render';
import { IntegrationsScreen } from './IntegrationsScreen';
import { delivery, integrationsServer } from './integrations-fake-server';

describe('delivery history', () => {
  it('shows a page of deliveries in a captioned table and pages to older ones', async () => {
    const page = Array.from({ length: 20 }, (_, index) => delivery(index + 1));
    page[0] = delivery(1, {
      state: 'failed',
      stateDetails: 'Webhook request failed with status code: 503.',
      details: {
        attempt: 2,
        statusCode: 503,
        error: 'The receiver answered 503',
        durationMs: 30,
        url: 'https://hooks.example.com/flags',
        nextAttemptAt: '2026-11-22T10:10:00Z',
      },
    });
    const server = integrationsServer().on('GET', '/api/admin/addons/1/events', (request) => ({
      body: { integrationEvents: request.query.get('offset') === '20' ? [delivery(21)] : page },
    }));
    await renderWithConsole(<IntegrationsScreen />, { server, path: '/integrations/edit/1/history' });
    const table = await screen.findByRole('table', { name: /Deliveries of Webhook: Deploy bot, 1 to 20/ });
    const rows = within(table).getAllByTestId('delivery-row');
    expect(rows).toHaveLength(20);
    const failed = rows[0] as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('503')).toBeTruthy();
    expect(within(failed).getByText('The receiver answered 503')).toBeTruthy();
    expect(within(failed).getByText('in 10 minutes')).toBeTruthy();
    expect(within(failed).getByText('flag-1 · default · production')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Success')).toBeTruthy();
    expect(server.calls('GET', '/api/admin/addons/1/events')[0]?.query.get('limit')).toBe('20');

    expect((screen.getByRole('button', { name: 'Newer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByTestId('delivery-row')).toHaveLength(1),
    );
    expect(currentPath()).toBe('/integrations/edit/1/history?offset=20');
    expect(screen.getByRole('table', { name: /21 to 21/ })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when nothing was delivered yet', async () => {
    const server = integrationsServer().on('GET', '/api/admin/addons/1/events', { integrationEvents: [] });
    await renderWithConsole(<IntegrationsScreen />, { server, path: '/integrations/edit/1/history' });
    expect(await screen.findByText('Nothing was delivered yet.')).toBeTruthy();
  });
});
