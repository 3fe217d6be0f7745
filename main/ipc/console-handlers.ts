import type { NetworkInfo, NetworkSettings } from '../../server/contract';
import type { ProfileOriginChannels } from '../secrets/profile-origins';
import type { SecretStore } from '../secrets/secret-store';
import type { ServerHost } from '../server-host/server-host';
import type { UpdaterPolicy } from '../updater/updater-policy';
import type { IpcHandlers } from './ipc-registry';

export interface ConsoleHandlerDeps {
  appInfo(): { name: string; version: string; platform: string; packaged: boolean };
  /** Opens an allowed external link; false when the link is refused. */
  openExternal(url: string): boolean;
  /** Quits and starts the app again (after the answer has gone out). */
  relaunch(): void;
  host: Pick<ServerHost, 'status' | 'logs' | 'restart'>;
  secrets: SecretStore;
  /** Forgets the request signer's cached token of a profile after its secrets changed. */
  invalidateSigner(profile: string): void;
  network: { get(): NetworkInfo; set(settings: NetworkSettings): Promise<NetworkInfo> };
  /** The profile-origin registry's channels (profileOriginHandlers). */
  profiles: Pick<IpcHandlers, ProfileOriginChannels>;
  signInWithBrowser: IpcHandlers['switchyard:auth:sign-in-with-browser'];
  updater: Pick<UpdaterPolicy, 'state' | 'checkNow' | 'installNow'>;
}

/**
 * Every IPC channel the console may invoke, over plain dependencies: main.ts passes the Electron
 * objects in, so this table is tested without Electron.
 */
export function buildConsoleHandlers(deps: ConsoleHandlerDeps): IpcHandlers {
  const { host, secrets, updater } = deps;
  return {
    'switchyard:app:info': () => deps.appInfo(),
    'switchyard:app:open-external': ({ url }) => ({ opened: deps.openExternal(url) }),
    'switchyard:app:relaunch': () => {
      // After the answer: the console learns the relaunch was accepted before the app quits.
      setImmediate(() => deps.relaunch());
      return { relaunching: true };
    },
    'switchyard:server:status': () => host.status(),
    'switchyard:server:logs': (request) => ({ lines: host.logs(request) }),
    'switchyard:server:restart': () => host.restart(),
    'switchyard:secrets:availability': () => secrets.availability(),
    'switchyard:secrets:list': async ({ profile }) => ({ keys: await secrets.list(profile) }),
    'switchyard:secrets:set': async ({ profile, key, value }) => {
      await secrets.set(profile, key, value);
      deps.invalidateSigner(profile);
      return { stored: true };
    },
    'switchyard:secrets:delete': async ({ profile, key }) => {
      const deleted = await secrets.delete(profile, key);
      deps.invalidateSigner(profile);
      return { deleted };
    },
    'switchyard:network:get': () => deps.network.get(),
    'switchyard:network:set': (settings) => deps.network.set(settings),
    ...deps.profiles,
    'switchyard:auth:sign-in-with-browser': deps.signInWithBrowser,
    'switchyard:updater:status': () => updater.state(),
    'switchyard:updater:check': () => updater.checkNow(),
    'switchyard:updater:install': async () => ({ accepted: await updater.installNow() }),
  };
}
