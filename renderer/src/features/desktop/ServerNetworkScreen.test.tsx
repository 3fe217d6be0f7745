import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NetworkInfo, NetworkSettings } from '../../../../server/contract/ipc';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { createFakeBridge, FakeIpcFailure } from './fake-bridge';
import { isLoopbackHost, ServerNetworkScreen, sdkEndpoints } from './ServerNetworkScreen';

const SETTINGS: NetworkSettings = {
  adminHost: '127.0.0.1',
  adminPort: 4242,
  sdkEnabled: true,
  sdkHost: '0.0.0.0',
  sdkPort: 4243,
};

const INFO: NetworkInfo = {
  settings: SETTINGS,
  addresses: [
    { interface: 'eth0', family: 'IPv4', address: '192.168.1.20', url: 'http://192.168.1.20:4243/api' },
  ],
  restartRequired: false,
};

function setup(info: NetworkInfo = INFO) {
  const server = createFakeServer();
  const fake = createFakeBridge(server)
    .answer('switchyard:network:get', () => info)
    .answer('switchyard:network:set', (settings) => ({
      settings,
      addresses: info.addresses,
      restartRequired: JSON.stringify(settings) !== JSON.stringify(info.settings),
    }))
    .answer('switchyard:app:relaunch', () => ({ relaunching: true }));
  return { server, fake };
}

describe('server & network screen', () => {
  it('shows the SDK addresses applications should use and the server status', async () => {
    const { server, fake } = setup();
    await renderWithConsole(<ServerNetworkScreen />, { server, platform: fake.platform });
    const row = await screen.findByTestId('sdk-address-192.168.1.20');
    expect(within(row).getByText('http://192.168.1.20:4243/api/client')).toBeTruthy();
    expect(within(row).getByText('http://192.168.1.20:4243/api/frontend')).toBeTruthy();
    expect(within(row).getByText('http://192.168.1.20:4243/health')).toBeTruthy();
    const status = await screen.findByTestId('server-status');
    expect(within(status).getByText('running')).toBeTruthy();
    expect(within(status).getByText(`Admin API and console at ${server.origin}`)).toBeTruthy();

    fake.emit('switchyard:server:status-changed', {
      state: 'crashed',
      url: null,
      pid: null,
      restarts: 1,
      lastExit: { code: 1, signal: null, at: '2026-11-22T10:00:00Z' },
      nextRestartAt: '2026-11-22T10:00:02Z',
      message: 'The server exited with code 1.',
    });
    expect(await within(status).findByText('crashed')).toBeTruthy();
  });

  it('shows the current exposure and saves a change through the network IPC, then offers a restart', async () => {
    const { server, fake } = setup();
    await renderWithConsole(<ServerNetworkScreen />, { server, platform: fake.platform });
    const loopbackOnly = (await screen.findByRole('switch', {
      name: /answer this machine only/,
    })) as HTMLInputElement;
    expect(loopbackOnly.checked).toBe(true);
    expect((screen.getByLabelText('SDK bind address') as HTMLInputElement).value).toBe('0.0.0.0');
    expect((screen.getByLabelText('SDK port') as HTMLInputElement).value).toBe('4243');
    expect(screen.queryByTestId('restart-required')).toBeNull();

    fireEvent.change(screen.getByLabelText('SDK port'), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save network settings' }));
    await waitFor(() =>
      expect(fake.callsTo('switchyard:network:set')).toEqual([{ ...SETTINGS, sdkPort: 5000 }]),
    );
    const notice = await screen.findByTestId('restart-required');
    expect(within(notice).getByText(/take effect when Switchyard restarts/)).toBeTruthy();

    fireEvent.click(within(notice).getByRole('button', { name: 'Restart Switchyard now' }));
    await waitFor(() => expect(fake.callsTo('switchyard:app:relaunch')).toEqual([{}]));
  });

  it('opens the admin API to the network only when asked, with a warning', async () => {
    const { server, fake } = setup();
    await renderWithConsole(<ServerNetworkScreen />, { server, platform: fake.platform });
    fireEvent.click(await screen.findByRole('switch', { name: /answer this machine only/ }));
    expect((screen.getByLabelText('Admin listener address') as HTMLInputElement).value).toBe('0.0.0.0');
    expect(screen.getByText(/will accept connections from other machines/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save network settings' }));
    await waitFor(() =>
      expect(fake.callsTo('switchyard:network:set')).toEqual([{ ...SETTINGS, adminHost: '0.0.0.0' }]),
    );
  });

  it("shows main's refusal next to the field it concerns, and checks fields before sending", async () => {
    const { server, fake } = setup();
    fake.answer('switchyard:network:set', () => {
      throw new FakeIpcFailure({
        name: 'InvalidSettingsError',
        message: 'The SDK listener needs a port of its own.',
        field: 'sdkPort',
      });
    });
    await renderWithConsole(<ServerNetworkScreen />, { server, platform: fake.platform });
    fireEvent.change(await screen.findByLabelText('SDK bind address'), { target: { value: 'my-laptop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save network settings' }));
    expect(await screen.findByText('Enter an IP address such as 0.0.0.0')).toBeTruthy();
    expect(fake.callsTo('switchyard:network:set')).toEqual([]);

    fireEvent.change(screen.getByLabelText('SDK bind address'), { target: { value: '0.0.0.0' } });
    fireEvent.change(screen.getByLabelText('SDK port'), { target: { value: '4242' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save network settings' }));
    expect(await screen.findByText('The SDK listener needs a port of its own.')).toBeTruthy();
    expect(screen.getByLabelText('SDK port').getAttribute('aria-invalid')).toBe('true');
  });

  it('says a restart is pending when main reports one on load', async () => {
    const { server, fake } = setup({ ...INFO, restartRequired: true });
    await renderWithConsole(<ServerNetworkScreen />, { server, platform: fake.platform });
    expect(await screen.findByTestId('restart-required')).toBeTruthy();
  });

  it('explains in a browser that the screen belongs to the desktop app', async () => {
    await renderWithConsole(<ServerNetworkScreen />);
    expect((await screen.findByTestId('desktop-only')).textContent).toContain('Only in the desktop app');
  });
});

describe('network helpers', () => {
  it('derives the SDK endpoints from the API base, keeping a base path', () => {
    expect(
      sdkEndpoints({
        interface: 'eth0',
        family: 'IPv6',
        address: 'fd00::1',
        url: 'http://[fd00::1]:4243/flags/api',
      }),
    ).toEqual({
      client: 'http://[fd00::1]:4243/flags/api/client',
      frontend: 'http://[fd00::1]:4243/flags/api/frontend',
      health: 'http://[fd00::1]:4243/flags/health',
    });
  });

  it('knows loopback addresses as main does', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('127.1.2.3')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('192.168.1.2')).toBe(false);
  });
});
