import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../offline/kv-store';
import { createFakeServer } from '../../test-utils/fake-server';
import { createTestConsole, renderWithConsole } from '../../test-utils/render';
import { ConnectionsScreen } from '../connections/ConnectionsScreen';
import { createFakeBridge, FakeIpcFailure } from './fake-bridge';

async function addConnection(name: string, url: string) {
  fireEvent.change(await screen.findByLabelText('Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Server URL'), { target: { value: url } });
  fireEvent.click(screen.getByRole('button', { name: 'Add connection' }));
}

describe('remote connections in the desktop app', () => {
  it("registers the new server's origin with main, then reloads so the page gets the wider CSP", async () => {
    const server = createFakeServer();
    const fake = createFakeBridge(server).answer(
      'switchyard:profiles:register-origin',
      ({ profile, origin }) => ({
        reloadRequired: true,
        origins: [{ profile, origin }],
      }),
    );
    const { console: app } = await renderWithConsole(<ConnectionsScreen />, {
      server,
      platform: fake.platform,
    });
    await addConnection('Production', 'https://flags.example.com/unleash/');

    await screen.findByTestId('connection-remote-id0001');
    expect(fake.callsTo('switchyard:profiles:register-origin')).toEqual([
      { profile: 'remote-id0001', origin: 'https://flags.example.com' },
    ]);
    // Saved before the reload, so the connection is there when the console starts again.
    expect(app.store.getState().profiles.map((profile) => profile.url)).toContain(
      'https://flags.example.com/unleash',
    );
    expect(fake.reloads).toBe(1);
  });

  it("shows main's refusal next to the URL field and keeps the connection out", async () => {
    const server = createFakeServer();
    const fake = createFakeBridge(server).answer('switchyard:profiles:register-origin', () => {
      throw new FakeIpcFailure({
        name: 'InvalidSettingsError',
        message: 'The desktop app sends tokens to a remote server only over https.',
        field: 'origin',
      });
    });
    const { console: app } = await renderWithConsole(<ConnectionsScreen />, {
      server,
      platform: fake.platform,
    });
    await addConnection('LAN', 'http://192.168.1.20:4242');

    expect(
      await screen.findByText('The desktop app sends tokens to a remote server only over https.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Server URL').getAttribute('aria-invalid')).toBe('true');
    expect(app.store.getState().profiles.map((profile) => profile.id)).toEqual(['local']);
    expect(fake.reloads).toBe(0);
  });

  it('unregisters the origin when the connection is removed, without a reload when none is needed', async () => {
    const server = createFakeServer();
    const fake = createFakeBridge(server)
      .answer('switchyard:profiles:register-origin', ({ profile, origin }) => ({
        reloadRequired: false,
        origins: [{ profile, origin }],
      }))
      .answer('switchyard:profiles:unregister-origin', () => ({ removed: true }))
      .answer('switchyard:secrets:delete', () => ({ deleted: false }));
    await renderWithConsole(<ConnectionsScreen />, { server, platform: fake.platform });
    await addConnection('Staging', 'https://staging.example.com');
    const row = await screen.findByTestId('connection-remote-id0001');
    expect(fake.reloads).toBe(0);

    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('connection-remote-id0001')).toBeNull());
    expect(fake.callsTo('switchyard:profiles:unregister-origin')).toEqual([{ profile: 'remote-id0001' }]);
  });

  it('tells main the saved remote servers again at start, reloading when the active one was unknown', async () => {
    const server = createFakeServer();
    const kv = createMemoryStore();
    await kv.put('settings', 'profiles', [
      { id: 'remote-prod', name: 'Production', url: 'https://flags.example.com' },
      { id: 'remote-stage', name: 'Staging', url: 'https://stage.example.com' },
    ]);
    await kv.put('settings', 'active-profile', 'remote-prod');
    const fake = createFakeBridge(server).answer(
      'switchyard:profiles:register-origin',
      ({ profile, origin }) => ({
        reloadRequired: profile === 'remote-prod',
        origins: [{ profile, origin }],
      }),
    );
    const { console: app } = createTestConsole({ server, kv, platform: fake.platform });
    await app.start();
    expect(fake.callsTo('switchyard:profiles:register-origin')).toEqual([
      { profile: 'remote-prod', origin: 'https://flags.example.com' },
      { profile: 'remote-stage', origin: 'https://stage.example.com' },
    ]);
    expect(fake.reloads).toBe(1);
  });
});
