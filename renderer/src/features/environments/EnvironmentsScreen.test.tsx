import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Environment } from '../../api/types';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { EnvironmentsScreen } from './EnvironmentsScreen';

function environmentServer() {
  const environments: Environment[] = [
    {
      name: 'development',
      type: 'development',
      enabled: true,
      protected: false,
      sortOrder: 1,
      projectCount: 1,
      requiredApprovals: null,
      enabledToggleCount: 2,
    },
    {
      name: 'production',
      type: 'production',
      enabled: true,
      protected: true,
      sortOrder: 2,
      projectCount: 1,
      requiredApprovals: null,
      enabledToggleCount: 0,
    },
    {
      name: 'staging',
      type: 'test',
      enabled: false,
      protected: false,
      sortOrder: 3,
      projectCount: 0,
      requiredApprovals: null,
      enabledToggleCount: 0,
    },
  ];
  const server = createFakeServer().on('GET', '/api/admin/environments', () => ({
    body: { version: 1, environments },
  }));
  for (const environment of environments) {
    server.on('GET', `/api/admin/environments/${environment.name}`, () => ({ body: environment }));
    for (const state of ['on', 'off'] as const) {
      server.on('POST', `/api/admin/environments/${environment.name}/${state}`, () => {
        environment.enabled = state === 'on';
        return { status: 204 };
      });
    }
  }
  server.on('PUT', '/api/admin/environments/sort-order', (request) => {
    for (const [name, order] of Object.entries(request.body as Record<string, number>)) {
      const environment = environments.find((e) => e.name === name);
      if (environment) environment.sortOrder = order;
    }
    return { status: 200 };
  });
  return { server, environments };
}

const names = () =>
  screen
    .getAllByTestId(/^environment-/)
    .map((row) => row.getAttribute('data-testid')!.replace('environment-', ''));

describe('environments screen', () => {
  it('lists environments in their order', async () => {
    await renderWithConsole(<EnvironmentsScreen />, environmentServer());
    await screen.findByTestId('environment-development');
    expect(names()).toEqual(['development', 'production', 'staging']);
    expect(within(screen.getByTestId('environment-production')).getByText('protected')).toBeTruthy();
  });

  it('enables and disables an environment', async () => {
    const { server, environments } = environmentServer();
    await renderWithConsole(<EnvironmentsScreen />, { server });
    const toggle = await screen.findByRole('switch', { name: 'staging enabled' });
    fireEvent.click(toggle);
    await waitFor(() => expect(environments[2]?.enabled).toBe(true));
    expect(server.calls('POST', '/api/admin/environments/staging/on')).toHaveLength(1);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'staging enabled' }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
  });

  it('reorders with the arrows', async () => {
    const { server } = environmentServer();
    await renderWithConsole(<EnvironmentsScreen />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Move staging up' }));
    await waitFor(() => expect(names()).toEqual(['development', 'staging', 'production']));
    expect(server.calls('PUT', '/api/admin/environments/sort-order')[0]?.body).toEqual({
      development: 1,
      staging: 2,
      production: 3,
    });
    expect((screen.getByRole('button', { name: 'Move development up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('shows offline changes as pending and sends them on reconnect', async () => {
    const { server, environments } = environmentServer();
    const { console: app } = await renderWithConsole(<EnvironmentsScreen />, { server });
    await screen.findByTestId('environment-development');
    server.offline = true;
    fireEvent.click(screen.getByRole('switch', { name: 'development enabled' }));
    expect(await screen.findByText(/your change is pending/)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'development enabled' }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
    expect(within(screen.getByTestId('environment-development')).getByTestId('pending-badge')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move staging up' }));
    await waitFor(() => expect(names()).toEqual(['development', 'staging', 'production']));
    expect(app.store.getState().outbox.map((e) => e.kind)).toEqual(['environment', 'environment-order']);
    expect(environments[0]?.enabled).toBe(true);

    server.offline = false;
    await app.checkConnection();
    await waitFor(() => expect(app.store.getState().outbox).toEqual([]));
    expect(environments[0]?.enabled).toBe(false);
    expect(environments.find((e) => e.name === 'staging')?.sortOrder).toBe(2);
  });
});
