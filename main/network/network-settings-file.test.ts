import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_SETTINGS } from './network-exposure';
import { createNetworkSettingsFile } from './network-settings-file';

describe('the network settings file', () => {
  let dir: string;
  let file: string;
  const logged: string[] = [];
  const open = () =>
    createNetworkSettingsFile({
      file,
      baseUriPath: '',
      interfaces: () => ({}),
      log: (message) => logged.push(message),
    });

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'switchyard-network-'));
    file = path.join(dir, 'network.json');
    logged.length = 0;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('runs with the defaults when the file is missing, corrupt, or holds settings it would refuse (logged)', async () => {
    expect((await open()).running).toEqual(DEFAULT_NETWORK_SETTINGS);
    await writeFile(file, '{"adminHost": ');
    expect((await open()).running).toEqual(DEFAULT_NETWORK_SETTINGS);
    expect(logged).toEqual([]);
    const clash = {
      ...DEFAULT_NETWORK_SETTINGS,
      sdkEnabled: true,
      sdkPort: DEFAULT_NETWORK_SETTINGS.adminPort,
    };
    await writeFile(file, JSON.stringify(clash));
    expect((await open()).running).toEqual(DEFAULT_NETWORK_SETTINGS);
    expect(logged).toEqual(['ignoring invalid network settings']);
  });

  it('saves an edit, shows it as needing a restart, and runs with it on the next start', async () => {
    const settings = await open();
    const edited = { ...DEFAULT_NETWORK_SETTINGS, sdkEnabled: true };
    expect(await settings.set(edited)).toMatchObject({ settings: edited, restartRequired: true });
    expect(settings.get()).toMatchObject({ settings: edited, restartRequired: true });
    expect(settings.running).toEqual(DEFAULT_NETWORK_SETTINGS);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(edited);

    const next = await open();
    expect(next.running).toEqual(edited);
    expect(next.get().restartRequired).toBe(false);
  });

  it('refuses an SDK listener on the admin port without writing anything', async () => {
    const settings = await open();
    await expect(
      settings.set({
        ...DEFAULT_NETWORK_SETTINGS,
        sdkEnabled: true,
        sdkPort: DEFAULT_NETWORK_SETTINGS.adminPort,
      }),
    ).rejects.toThrow('The SDK listener needs a port of its own.');
    await expect(readFile(file, 'utf8')).rejects.toThrow();
    expect(settings.get().restartRequired).toBe(false);
  });
});
