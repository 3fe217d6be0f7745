import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithConsole } from '../../test-utils/render';
import { ProjectsScreen } from '../projects/ProjectsScreen';
import { BASE, changeRequestServer, FLAG, newRequest } from './change-request-test-server';

const DRAFT = `${BASE}/environments/production/change-requests`;
const open = (server: ReturnType<typeof changeRequestServer>['server']) =>
  renderWithConsole(<ProjectsScreen />, { server, path: '/projects/default/features/checkout' });

describe('flag page in change-request mode', () => {
  it('adds a switch in production to the draft instead of turning the flag on, and counts it', async () => {
    const { server } = changeRequestServer();
    await open(server);
    const production = await screen.findByTestId('environment-production');
    expect(
      await within(production).findByText('Change requests required', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(production).getByText(/are added to your draft/)).toBeTruthy();
    // Production is off, so its block starts closed (as Unleash's flag page): open it.
    fireEvent.click(within(production).getByRole('button', { name: 'production' }));
    expect(await within(production).findByRole('button', { name: 'Add strategy to draft' })).toBeTruthy();

    fireEvent.click(screen.getByLabelText('checkout on in production'));
    await waitFor(() => expect(server.calls('POST', DRAFT)).toHaveLength(1));
    expect(server.calls('POST', DRAFT)[0]?.body).toEqual({
      feature: 'checkout',
      action: 'updateEnabled',
      payload: { enabled: true },
    });
    expect(server.calls('POST', `${FLAG}/environments/production/on`)).toHaveLength(0);
    const link = await within(production).findByRole('link', { name: '1 change in your draft — review' });
    expect(link.getAttribute('href')).toBe('/projects/default/change-requests/1');
    // The flag stays off until the request is applied.
    expect((screen.getByLabelText('checkout on in production') as HTMLInputElement).checked).toBe(false);
  });

  it('adds to the author’s approved request, saying beforehand that it goes back to review', async () => {
    const { server, requests } = changeRequestServer();
    requests.push({
      ...newRequest(4, 'production', 'Approved'),
      features: [
        { name: 'checkout', changes: [{ id: 40, action: 'updateEnabled', payload: { enabled: true } }] },
      ],
      approvals: [{ createdBy: { id: 2, username: 'grace' }, createdAt: '2026-11-22T10:00:00.000Z' }],
    });
    await open(server);
    const production = await screen.findByTestId('environment-production');
    expect(
      await within(production).findByRole(
        'link',
        { name: '1 change in your change request (Approved) — review' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(within(production).getByTestId('approved-request-warning-production').textContent).toBe(
      'A further change here joins it, sends it back to review and withdraws its approvals.',
    );
    fireEvent.click(screen.getByLabelText('checkout on in production'));
    await waitFor(() => expect(server.calls('POST', DRAFT)).toHaveLength(1));
    const link = await within(production).findByRole('link', {
      name: '2 changes in your change request (In review) — review',
    });
    expect(link.getAttribute('href')).toBe('/projects/default/change-requests/4');
    expect(within(production).queryByTestId('approved-request-warning-production')).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('writes development directly, where change requests are not required', async () => {
    const { server } = changeRequestServer();
    await open(server);
    const development = await screen.findByTestId('environment-development');
    await screen.findByText('Change requests required', {}, { timeout: 5000 });
    expect(within(development).queryByText('Change requests required')).toBeNull();
    fireEvent.click(screen.getByLabelText('checkout on in development'));
    await waitFor(() => expect(server.calls('POST', `${FLAG}/environments/development/off`)).toHaveLength(1));
    expect(server.calls('POST', `${BASE}/environments/development/change-requests`)).toHaveLength(0);
  });

  it('queues a draft change made offline, shows it as pending and sends it on reconnect', async () => {
    const { server } = changeRequestServer();
    const { console: app } = await open(server);
    const production = await screen.findByTestId('environment-production');
    await within(production).findByText('Change requests required', {}, { timeout: 5000 });
    server.offline = true;
    fireEvent.click(screen.getByLabelText('checkout on in production'));
    await waitFor(() =>
      expect(app.store.getState().outbox[0]).toMatchObject({
        kind: 'change-request-change',
        request: { method: 'POST', path: DRAFT },
      }),
    );
    expect(await within(production).findByText('1 pending')).toBeTruthy();
    server.offline = false;
    await act(async () => {
      await app.checkConnection();
      await app.replayOutbox();
    });
    await waitFor(() => expect(server.calls('POST', DRAFT)).toHaveLength(1));
    expect(app.store.getState().outbox).toHaveLength(0);
    expect(
      await within(production).findByRole('link', { name: '1 change in your draft — review' }),
    ).toBeTruthy();
  });

  it('lists the flag’s pending change requests with their state', async () => {
    const { server, requests } = changeRequestServer();
    requests.push({ ...newRequest(4, 'production', 'In review'), title: 'Roll out to Norway' });
    await open(server);
    const list = await screen.findByTestId('flag-change-requests', {}, { timeout: 5000 });
    expect(list.textContent).toContain('#4 Roll out to Norway');
    expect(list.textContent).toContain('In review');
    expect(within(list).getByRole('link').getAttribute('href')).toBe('/projects/default/change-requests/4');
  });

  it('adds archiving to the production draft instead of archiving the flag', async () => {
    const { server } = changeRequestServer();
    await open(server);
    await screen.findByText('Change requests required', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/archiving is added to your draft there/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add archiving to draft' }));
    await waitFor(() => expect(server.calls('POST', DRAFT)).toHaveLength(1));
    expect(server.calls('POST', DRAFT)[0]?.body).toEqual({ feature: 'checkout', action: 'archiveFeature' });
    expect(server.calls('DELETE', FLAG)).toHaveLength(0);
  });
});
