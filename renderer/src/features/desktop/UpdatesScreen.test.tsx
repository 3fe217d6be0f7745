import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UpdaterState } from '../../../../server/contract/ipc';
import { createFakeServer } from '../../test-utils/fake-server';
import { renderWithConsole } from '../../test-utils/render';
import { createFakeBridge } from './fake-bridge';
import { UpdatesScreen } from './UpdatesScreen';

const IDLE: UpdaterState = {
  phase: 'not-available',
  version: null,
  percent: null,
  message: null,
  lastCheckAt: '2026-11-22T09:00:00.000Z',
  feedUrl: 'https://mirror.corp.example/switchyard',
};

function setup(state: UpdaterState = IDLE) {
  const server = createFakeServer();
  const fake = createFakeBridge(server)
    .answer('switchyard:updater:status', () => state)
    .answer('switchyard:app:info', () => ({
      name: 'Switchyard',
      version: '0.1.0',
      platform: 'linux',
      packaged: true,
    }))
    .answer('switchyard:updater:check', () => ({ ...state, phase: 'checking' }))
    .answer('switchyard:updater:install', () => ({ accepted: true }));
  return { server, fake };
}

describe('updates screen', () => {
  it('shows the status, the installed version and the feed in use', async () => {
    const { server, fake } = setup();
    await renderWithConsole(<UpdatesScreen />, { server, platform: fake.platform });
    expect((await screen.findByTestId('updater-phase')).textContent).toBe('Up to date');
    expect(screen.getByTestId('feed-url').textContent).toBe('https://mirror.corp.example/switchyard');
    expect((await screen.findByTestId('installed-version')).textContent).toBe('Switchyard 0.1.0');
    expect(screen.queryByRole('button', { name: 'Restart to install' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Check for updates' }));
    await waitFor(() => expect(fake.callsTo('switchyard:updater:check')).toEqual([{}]));
    expect((await screen.findByTestId('updater-phase')).textContent).toBe('Checking');
  });

  it('follows the updater and offers "Restart to install" once the download is ready', async () => {
    const { server, fake } = setup();
    await renderWithConsole(<UpdatesScreen />, { server, platform: fake.platform });
    await screen.findByTestId('updater-phase');

    fake.emit('switchyard:updater:state-changed', {
      ...IDLE,
      phase: 'downloading',
      version: '0.2.0',
      percent: 40,
    });
    expect(await screen.findByRole('progressbar', { name: 'Download progress' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restart to install' })).toBeNull();

    fake.emit('switchyard:updater:state-changed', {
      ...IDLE,
      phase: 'downloaded',
      version: '0.2.0',
      percent: 100,
    });
    const install = await screen.findByRole('button', { name: 'Restart to install' });
    expect(screen.getByText('Version 0.2.0')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Check for updates' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(install);
    await waitFor(() => expect(fake.callsTo('switchyard:updater:install')).toEqual([{}]));
  });

  it('shows a failed check with its message', async () => {
    const { server, fake } = setup({ ...IDLE, phase: 'error', message: 'net::ERR_NAME_NOT_RESOLVED' });
    await renderWithConsole(<UpdatesScreen />, { server, platform: fake.platform });
    expect((await screen.findByTestId('updater-phase')).textContent).toBe('Check failed');
    expect(screen.getByText('net::ERR_NAME_NOT_RESOLVED')).toBeTruthy();
  });

  it('says when updates are off and why', async () => {
    const { server, fake } = setup({
      phase: 'disabled',
      version: null,
      percent: null,
      message: 'Updates are checked only in packaged builds.',
      lastCheckAt: null,
      feedUrl: null,
    });
    await renderWithConsole(<UpdatesScreen />, { server, platform: fake.platform });
    expect((await screen.findByTestId('updater-phase')).textContent).toBe('Updates off');
    expect(screen.getByText('Updates are checked only in packaged builds.')).toBeTruthy();
    expect(screen.getByTestId('feed-url').textContent).toBe('none (updates are off)');
    expect((screen.getByRole('button', { name: 'Check for updates' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('explains in a browser that the screen belongs to the desktop app', async () => {
    await renderWithConsole(<UpdatesScreen />);
    const notice = await screen.findByTestId('desktop-only');
    expect(within(notice).getByText('Only in the desktop app')).toBeTruthy();
    expect(notice.textContent).toContain('App updates belong to the Switchyard desktop app');
  });
});
