import type { NetworkInterfaceInfo } from 'node:os';
import { type NetworkInfo, type NetworkSettings, NetworkSettingsSchema } from '../../server/contract';
import { readJsonFile, writeJsonFileAtomic } from '../settings/json-file';
import { DEFAULT_NETWORK_SETTINGS, listSdkAddresses, validateNetworkSettings } from './network-exposure';

/**
 * The network settings file: the server runs with what was read at start (`running`); edits are
 * saved and shown with "restart required" until the next launch.
 */
export async function createNetworkSettingsFile(options: {
  file: string;
  baseUriPath: string;
  interfaces: () => NodeJS.Dict<NetworkInterfaceInfo[]>;
  log: (message: string, error?: unknown) => void;
}): Promise<{
  running: NetworkSettings;
  get(): NetworkInfo;
  set(settings: NetworkSettings): Promise<NetworkInfo>;
}> {
  const running = await load();
  let saved = running;

  async function load(): Promise<NetworkSettings> {
    const stored = await readJsonFile(options.file, NetworkSettingsSchema);
    if (stored === null) return DEFAULT_NETWORK_SETTINGS;
    try {
      return validateNetworkSettings(stored);
    } catch (error) {
      options.log('ignoring invalid network settings', error);
      return DEFAULT_NETWORK_SETTINGS;
    }
  }

  function infoOf(settings: NetworkSettings): NetworkInfo {
    return {
      settings,
      addresses: listSdkAddresses(options.interfaces(), settings, options.baseUriPath),
      restartRequired: JSON.stringify(settings) !== JSON.stringify(running),
    };
  }

  return {
    running,
    get: () => infoOf(saved),
    async set(settings) {
      const valid = validateNetworkSettings(settings);
      await writeJsonFileAtomic(options.file, valid);
      saved = valid;
      return infoOf(valid);
    },
  };
}
