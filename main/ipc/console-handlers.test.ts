import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNetworkSettingsFile } from '../network/network-settings-file';
import { FakeSecretStore } from '../secrets/fake-secret-store';
import { buildConsoleHandlers, type ConsoleHandlerDeps } from './console-handlers';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function networkFile(content?: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'switchyard-network-'));
  dirs.push(dir);
  const file = path.join(dir, 'network-settings.json');
  if (content !== undefined) await writeFile(file, content);
  const log = vi.fn();
  const network = await createNetworkSettingsFile({ file, baseUriPath: '', interfaces: () => ({}), log });
  return { file, network, log };
}

function handlersWith(overrides: Partial<ConsoleHandlerDeps> = {}) {
  const invalidated: string[] = [];
  const relaunch = vi.fn();
  const deps: ConsoleHandlerDeps = {
    appInfo: () => ({ name: 'Switchyard', version: '1.2.3', platform: 'linux', packaged: false }),
    openExternal: (url) => url.startsWith('https://docs.getunleash.io/'),
    relaunch,
    host: {
      status: () => ({ state: 'running' }) as never,
      logs: () => [],
      restart: async () => ({ state: 'running' }) as never,
    },
    secrets: new FakeSecretStore(),
    invalidateSigner: (profile) => invalidated.push(profile),
    network: { get: () => ({}) as never, set: async () => ({}) as never },
    profiles: {} as never,
    signInWithBrowser: async () => ({}) as never,
    updater: {
      state: () => ({}) as never,
      checkNow: async () => ({}) as never,
      installNow: async () => true,
    },
    ...overrides,
  };
  return { handlers: buildConsoleHandlers(deps), invalidated, relaunch };
}

describe('console IPC handlers', () => {
  it('forgets the signer’s cached token whenever a profile’s secrets change', async () => {
    const { handlers, invalidated } = handlersWith();
    expect(
      await handlers['switchyard:secrets:set']({ profile: 'local', key: 'admin-token', value: 'secret' }),
    ).toEqual({ stored: true });
    expect(await handlers['switchyard:secrets:list']({ profile: 'local' })).toEqual({
      keys: ['admin-token'],
    });
    expect(await handlers['switchyard:secrets:delete']({ profile: 'local', key: 'admin-token' })).toEqual({
      deleted: true,
    });
    expect(invalidated).toEqual(['local', 'local']);
  });

  it('answers a relaunch before quitting, and opens only the links the opener allows', async () => {
    const { handlers, relaunch } = handlersWith();
    expect(await handlers['switchyard:app:relaunch'](undefined as never)).toEqual({ relaunching: true });
    expect(relaunch).not.toHaveBeenCalled();
    await new Promise((resolve) => setImmediate(resolve));
    expect(relaunch).toHaveBeenCalledOnce();
    expect(await handlers['switchyard:app:open-external']({ url: 'https://evil.example/' })).toEqual({
      opened: false,
    });
  });
});

describe('network settings file', () => {
  it('runs with what was read at start and marks saved edits as needing a restart', async () => {
    const { file, network } = await networkFile();
    expect(network.running.adminPort).toBe(4242);
    expect(network.get().restartRequired).toBe(false);
    const edited = await network.set({ ...network.running, sdkEnabled: true });
    expect(edited.restartRequired).toBe(true);
    expect(JSON.parse(await readFile(file, 'utf8')).sdkEnabled).toBe(true);
    expect(network.running.sdkEnabled).toBe(false);
  });

  it('falls back to the defaults, with a log line, on an invalid file', async () => {
    const { network, log } = await networkFile(
      JSON.stringify({
        adminHost: '127.0.0.1',
        adminPort: 4242,
        sdkEnabled: true,
        sdkHost: '0.0.0.0',
        sdkPort: 4242,
      }),
    );
    expect(network.running.sdkEnabled).toBe(false);
    expect(log).toHaveBeenCalledWith('ignoring invalid network settings', expect.anything());
  });
});
