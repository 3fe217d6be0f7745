import type {
  AppInfo,
  NetworkInfo,
  NetworkSettings,
  ServerLogLine,
  ServerLogsRequest,
  ServerStatus,
  ShowView,
  UpdaterState,
} from '../../../server/contract/ipc';
import { invokeBridge, type SwitchyardBridge } from './bridge';

/**
 * What only the desktop app offers: the embedded server's listeners, logs and updates, and the
 * registration of remote servers with main. Screens reach main through this, never the bridge.
 */
export interface DesktopShell {
  appInfo(): Promise<AppInfo>;
  network(): Promise<NetworkInfo>;
  /** Saved for the next start of the server; the answer says whether a restart is needed. */
  saveNetwork(settings: NetworkSettings): Promise<NetworkInfo>;
  /** Restarts the whole app, which starts the server with the saved network settings. */
  relaunch(): Promise<void>;
  serverStatus(): Promise<ServerStatus>;
  onServerStatus(listener: (status: ServerStatus) => void): () => void;
  restartServer(): Promise<ServerStatus>;
  serverLogs(request: ServerLogsRequest): Promise<ServerLogLine[]>;
  onServerLog(listener: (line: ServerLogLine) => void): () => void;
  updaterState(): Promise<UpdaterState>;
  checkForUpdates(): Promise<UpdaterState>;
  /** Quits and installs a downloaded update; false when there is none to install. */
  installUpdate(): Promise<boolean>;
  onUpdaterState(listener: (state: UpdaterState) => void): () => void;
  /**
   * Tells main a remote profile's server, so it allows the console to call it and signs those
   * requests with the profile's keychain token. Resolves to whether the page must reload first.
   */
  registerServerOrigin(profileId: string, serverUrl: string): Promise<{ reloadRequired: boolean }>;
  unregisterServerOrigin(profileId: string): Promise<void>;
  /**
   * Single sign-on in the system browser (RFC 8252 loopback): main keeps the session token in the
   * keychain and gives the console's requests the session cookie; the console only re-checks its session.
   */
  signInWithBrowser(profileId: string, method: 'oidc' | 'saml'): Promise<{ expiresAt: string }>;
  /** Reloads the console page, which then loads with main's current CSP. */
  reloadConsole(): void;
  /** The application menu and tray ask for a view (Server logs, Settings); returns an unsubscribe. */
  onShowView(listener: (view: ShowView['view']) => void): () => void;
}

/** The origin main registers: scheme, host and port of the profile's URL (its path is the console's concern). */
export function originOfServerUrl(serverUrl: string): string {
  return new URL(serverUrl).origin;
}

export function createDesktopShell(bridge: SwitchyardBridge, reload: () => void): DesktopShell {
  return {
    appInfo: () => invokeBridge(bridge, 'switchyard:app:info', {}),
    network: () => invokeBridge(bridge, 'switchyard:network:get', {}),
    saveNetwork: (settings) => invokeBridge(bridge, 'switchyard:network:set', settings),
    relaunch: async () => {
      await invokeBridge(bridge, 'switchyard:app:relaunch', {});
    },
    serverStatus: () => invokeBridge(bridge, 'switchyard:server:status', {}),
    onServerStatus: (listener) => bridge.on('switchyard:server:status-changed', listener),
    restartServer: () => invokeBridge(bridge, 'switchyard:server:restart', {}),
    serverLogs: async (request) => (await invokeBridge(bridge, 'switchyard:server:logs', request)).lines,
    onServerLog: (listener) => bridge.on('switchyard:server:log', listener),
    updaterState: () => invokeBridge(bridge, 'switchyard:updater:status', {}),
    checkForUpdates: () => invokeBridge(bridge, 'switchyard:updater:check', {}),
    installUpdate: async () => (await invokeBridge(bridge, 'switchyard:updater:install', {})).accepted,
    onUpdaterState: (listener) => bridge.on('switchyard:updater:state-changed', listener),
    onShowView: (listener) => bridge.on('switchyard:app:show-view', ({ view }) => listener(view)),
    registerServerOrigin: async (profileId, serverUrl) => {
      const { reloadRequired } = await invokeBridge(bridge, 'switchyard:profiles:register-origin', {
        profile: profileId,
        origin: originOfServerUrl(serverUrl),
      });
      return { reloadRequired };
    },
    unregisterServerOrigin: async (profileId) => {
      await invokeBridge(bridge, 'switchyard:profiles:unregister-origin', { profile: profileId });
    },
    signInWithBrowser: async (profileId, method) => {
      const { expiresAt } = await invokeBridge(bridge, 'switchyard:auth:sign-in-with-browser', {
        profile: profileId,
        method,
      });
      return { expiresAt };
    },
    reloadConsole: reload,
  };
}
