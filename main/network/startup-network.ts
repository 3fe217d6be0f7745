import type { NetworkInterfaceInfo } from 'node:os';
import path from 'node:path';
import { adminBaseUrl } from './network-exposure';
import { createNetworkSettingsFile } from './network-settings-file';

export type NetworkSettingsFile = Awaited<ReturnType<typeof createNetworkSettingsFile>>;

/** Where the server listens and how the console reaches it; read once, edits apply on relaunch. */
export interface StartupNetwork {
  network: NetworkSettingsFile;
  running: NetworkSettingsFile['running'];
  serverUrl: string;
  appOrigin: string;
  consoleUrl: string;
}

/** Reads the network settings in `userData`: the server runs with them, edits apply on relaunch. */
export async function readStartupNetwork(options: {
  userData: string;
  baseUriPath: string;
  interfaces: () => NodeJS.Dict<NetworkInterfaceInfo[]>;
  log: (message: string, error?: unknown) => void;
}): Promise<StartupNetwork> {
  const network = await createNetworkSettingsFile({
    file: path.join(options.userData, 'network-settings.json'),
    baseUriPath: options.baseUriPath,
    interfaces: options.interfaces,
    log: options.log,
  });
  const serverUrl = adminBaseUrl(network.running, options.baseUriPath);
  return {
    network,
    running: network.running,
    serverUrl,
    appOrigin: new URL(serverUrl).origin,
    consoleUrl: `${serverUrl}/`,
  };
}
