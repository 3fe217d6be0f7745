// Composition root of the Electron main process: the only module that imports
// electron values. Everything it wires takes its Electron objects as parameters
// and is unit-tested without Electron (STYLE.md convention 8).
import { readFile } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  Notification,
  nativeImage,
  nativeTheme,
  type Session,
  screen,
  session,
  shell,
  Tray,
  utilityProcess,
} from 'electron';
import electronUpdater from 'electron-updater';
import { buildConsoleHandlers } from './ipc/console-handlers';
import { createEventSender, type EventSender } from './ipc/event-sender';
import { registerIpcHandlers } from './ipc/ipc-registry';
import { buildAppMenuTemplate } from './menu/app-menu';
import { createTrayController } from './menu/tray-controller';
import { listSdkAddresses } from './network/network-exposure';
import { readStartupNetwork, type StartupNetwork } from './network/startup-network';
import { createKeytarSecretStore } from './secrets/keytar-secret-store';
import { profileOriginHandlers } from './secrets/profile-origins';
import type { SecretStore } from './secrets/secret-store';
import { utilityProcessSpawner } from './server-host/hosted-process';
import { buildServerEnv } from './server-host/server-env';
import { createServerHost, type ServerHost } from './server-host/server-host';
import { readServerSecrets } from './server-host/server-secrets';
import { createBrowserSignInHandler } from './sso/browser-sign-in-handler';
import {
  createUpdaterPolicy,
  isPortableBuild,
  readBuiltInFeedUrl,
  type UpdaterPolicy,
} from './updater/updater-policy';
import { type ConsoleSessionWiring, wireConsoleSession } from './window/console-session';
import {
  createExternalLinkOpener,
  type ExternalLinkOpener,
  isSameOrigin,
  lockNavigation,
} from './window/navigation-guard';
import {
  type WindowController as BaseWindowController,
  createWindowController,
} from './window/window-controller';
import { createWindowOptions } from './window/window-options';
import {
  DEFAULT_WINDOW_STATE,
  fitWindowState,
  loadWindowState,
  saveWindowState,
} from './window/window-state';

const APP_NAME = 'Switchyard';
/** The embedded server's profile; remote profiles get their own ids. */
const LOCAL_PROFILE = 'local';
const BASE_URI_PATH = '';
const DOCUMENTATION_URL = 'https://docs.getunleash.io/';
const EXTERNAL_LINK_HOSTS = ['docs.getunleash.io', 'github.com'];

function log(message: string, error?: unknown): void {
  if (error === undefined) console.warn(`[main] ${message}`);
  else console.warn(`[main] ${message}`, error instanceof Error ? error.message : error);
}

/** The publish URL electron-builder packaged, to show which feed is checked; null in development. */
async function builtInFeedUrl(): Promise<string | null> {
  if (!app.isPackaged) return null;
  try {
    return readBuiltInFeedUrl(await readFile(path.join(process.resourcesPath, 'app-update.yml'), 'utf8'));
  } catch {
    return null;
  }
}

/** The files in userData that this process reads and writes (never secrets). */
interface StartupFiles {
  userData: string;
  windowState: string;
  profileOrigins: string;
}

/** State the start-up steps share: set when the app quits on purpose, so before-quit lets it. */
interface Lifecycle {
  quitting: boolean;
}

/** The main window, created on demand and re-shown when it exists. */
type WindowController = BaseWindowController<BrowserWindow>;

async function createHostedServer(
  files: StartupFiles,
  startup: StartupNetwork,
  secrets: SecretStore,
): Promise<ServerHost> {
  const databaseUrl = process.env.SWITCHYARD_DATABASE_URL ?? null;
  return createServerHost({
    spawn: utilityProcessSpawner(utilityProcess),
    entryPath: path.join(app.getAppPath(), 'dist', 'server', 'main.js'),
    env: buildServerEnv({
      inherit: process.env,
      dataDir: path.join(files.userData, 'server'),
      network: startup.running,
      databaseUrl,
      ...(await readServerSecrets(secrets, { profile: LOCAL_PROFILE, databaseUrl, log })),
      logLevel: process.env.SWITCHYARD_LOG_LEVEL ?? 'info',
      baseUriPath: BASE_URI_PATH,
    }),
    serverUrl: startup.serverUrl,
  });
}

async function createUpdater(host: ServerHost, lifecycle: Lifecycle): Promise<UpdaterPolicy> {
  return createUpdaterPolicy({
    autoUpdater: electronUpdater.autoUpdater,
    isPackaged: app.isPackaged,
    isPortable: isPortableBuild(process.env),
    feedUrl: process.env.SWITCHYARD_UPDATE_URL ?? null,
    builtInFeedUrl: await builtInFeedUrl(),
    beforeInstall: async () => {
      lifecycle.quitting = true;
      await host.stop();
    },
    log,
  });
}

async function openWindowController(
  files: StartupFiles,
  startup: StartupNetwork,
  host: ServerHost,
  events: EventSender,
): Promise<WindowController> {
  const savedWindow = (await loadWindowState(files.windowState)) ?? DEFAULT_WINDOW_STATE;
  return createWindowController({
    windowState: fitWindowState(
      savedWindow,
      screen.getAllDisplays().map((display) => display.workArea),
    ),
    openWindow: (bounds) =>
      new BrowserWindow(
        createWindowOptions({
          preloadPath: path.join(import.meta.dirname, 'preload.cjs'),
          bounds,
          title: APP_NAME,
          dark: nativeTheme.shouldUseDarkColors,
        }),
      ),
    serverRunning: () => host.status().state === 'running',
    consoleUrl: startup.consoleUrl,
    saveState: (state) => saveWindowState(files.windowState, state),
    sendShowView: (view) => events.send('switchyard:app:show-view', { view }),
    log,
  });
}

/** The tray icon; the returned function rebuilds its tooltip and menu from the current state. */
function createTray(
  startup: StartupNetwork,
  host: ServerHost,
  updater: UpdaterPolicy,
  windows: WindowController,
): () => void {
  return createTrayController({
    tray: new Tray(nativeImage.createFromPath(path.join(import.meta.dirname, 'assets', 'tray-icon.png'))),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    appName: APP_NAME,
    status: () => host.status(),
    sdkAddresses: () => listSdkAddresses(networkInterfaces(), startup.running, BASE_URI_PATH),
    updaterState: () => updater.state(),
    actions: {
      showConsole: () => windows.showWindow(),
      copyToClipboard: (text) => clipboard.writeText(text),
      restartServer: () => void host.restart(),
      installUpdate: () => void updater.installNow(),
    },
  });
}

/** Server status, server logs and updater state go to the console, the tray and notifications. */
function forwardStateChanges(deps: {
  appOrigin: string;
  host: ServerHost;
  updater: UpdaterPolicy;
  events: EventSender;
  windows: WindowController;
  refreshTray: () => void;
}): void {
  const { host, updater, events, windows, refreshTray } = deps;
  host.onStatus((status) => {
    events.send('switchyard:server:status-changed', status);
    refreshTray();
    if (status.state !== 'running') return;
    for (const win of BrowserWindow.getAllWindows()) {
      if (!isSameOrigin(win.webContents.getURL(), deps.appOrigin)) windows.showConsoleIn(win);
    }
  });
  host.onLog((line) => events.send('switchyard:server:log', line));
  updater.onStateChange((state) => {
    events.send('switchyard:updater:state-changed', state);
    refreshTray();
    if (state.phase === 'downloaded' && Notification.isSupported()) {
      const notice = new Notification({
        title:
          state.version === null ? `A ${APP_NAME} update is ready` : `${APP_NAME} ${state.version} is ready`,
        body: 'Restart from the tray menu when it suits you; the server stops briefly while it updates.',
      });
      notice.on('click', () => windows.showWindow());
      notice.show();
    }
  });
}

function registerConsoleIpc(deps: {
  startup: StartupNetwork;
  host: ServerHost;
  secrets: SecretStore;
  wiring: ConsoleSessionWiring<Session>;
  links: ExternalLinkOpener;
  updater: UpdaterPolicy;
  windows: WindowController;
}): void {
  const { startup, host, secrets, wiring, links, updater, windows } = deps;
  const handlers = buildConsoleHandlers({
    appInfo: () => ({
      name: APP_NAME,
      version: app.getVersion(),
      platform: process.platform,
      packaged: app.isPackaged,
    }),
    openExternal: (url) => links.open(url),
    relaunch: () => {
      app.relaunch();
      app.quit();
    },
    host,
    secrets,
    invalidateSigner: (profile) => wiring.signer.invalidate(profile),
    network: startup.network,
    profiles: profileOriginHandlers(wiring.profileOrigins),
    signInWithBrowser: createBrowserSignInHandler({
      serverUrlOf: wiring.serverUrlOf,
      // The system browser, on purpose (RFC 8252): the server's own sign-in URL, not a link allowlist case.
      openExternal: (url) => shell.openExternal(url),
      secrets,
      cookies: wiring.consoleSession.cookies,
      onSignedIn: () => windows.showWindow(),
      log,
    }),
    updater,
  });
  registerIpcHandlers(ipcMain, { appOrigin: startup.appOrigin, handlers, log });
}

function installAppMenu(
  host: ServerHost,
  updater: UpdaterPolicy,
  links: ExternalLinkOpener,
  windows: WindowController,
): void {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildAppMenuTemplate({
        platform: process.platform,
        appName: APP_NAME,
        isPackaged: app.isPackaged,
        actions: {
          showConsole: () => windows.showWindow(),
          showServerLogs: () => windows.showView('server-logs'),
          restartServer: () => void host.restart(),
          checkForUpdates: () => void updater.checkNow(),
          openDocumentation: () => links.open(DOCUMENTATION_URL),
        },
      }),
    ),
  );
}

function handleAppLifecycle(
  host: ServerHost,
  updater: UpdaterPolicy,
  windows: WindowController,
  lifecycle: Lifecycle,
): void {
  app.on('second-instance', () => windows.showWindow());
  app.on('activate', () => windows.showWindow());
  // Closing the window keeps the app in the tray: SDKs still need the server.
  app.on('window-all-closed', () => {});
  app.on('before-quit', (event) => {
    if (lifecycle.quitting) return;
    event.preventDefault();
    lifecycle.quitting = true;
    updater.stop();
    void host.stop().finally(() => app.quit());
  });
}

/** Starts the hosted server; a failed start shows its last log lines. */
async function startHostedServer(host: ServerHost): Promise<void> {
  const status = await host.start();
  if (status.state === 'failed') {
    const tail = host
      .logs({ limit: 15 })
      .map((line) => line.text)
      .join('\n');
    dialog.showErrorBox('The Switchyard server did not start', `${status.message ?? ''}\n\n${tail}`);
  }
}

async function run(): Promise<void> {
  await app.whenReady();

  const userData = app.getPath('userData');
  const files: StartupFiles = {
    userData,
    windowState: path.join(userData, 'window-state.json'),
    profileOrigins: path.join(userData, 'server-profiles.json'),
  };
  const startup = await readStartupNetwork({
    userData,
    baseUriPath: BASE_URI_PATH,
    interfaces: networkInterfaces,
    log,
  });
  const secrets = createKeytarSecretStore({ serviceName: APP_NAME });
  const host = await createHostedServer(files, startup, secrets);
  const links = createExternalLinkOpener(
    { allowedHosts: EXTERNAL_LINK_HOSTS },
    (url) => shell.openExternal(url),
    log,
  );
  const wiring = await wireConsoleSession(session.defaultSession, {
    profileOriginsFile: files.profileOrigins,
    appOrigin: startup.appOrigin,
    serverUrl: startup.serverUrl,
    localProfile: LOCAL_PROFILE,
    secrets,
    log,
  });
  // Every web contents, including any a future feature creates, stays on the console origin.
  app.on('web-contents-created', (_event, contents) => lockNavigation(contents, startup.appOrigin, links));

  const events = createEventSender({
    appOrigin: startup.appOrigin,
    targets: () => BrowserWindow.getAllWindows().map((win) => win.webContents),
    log,
  });
  const lifecycle: Lifecycle = { quitting: false };
  const updater = await createUpdater(host, lifecycle);
  const windows = await openWindowController(files, startup, host, events);
  const refreshTray = createTray(startup, host, updater, windows);
  forwardStateChanges({ appOrigin: startup.appOrigin, host, updater, events, windows, refreshTray });
  registerConsoleIpc({ startup, host, secrets, wiring, links, updater, windows });
  installAppMenu(host, updater, links, windows);
  handleAppLifecycle(host, updater, windows, lifecycle);

  refreshTray();
  windows.showWindow();
  updater.start();
  await startHostedServer(host);
}

if (app.requestSingleInstanceLock()) {
  run().catch((error: unknown) => {
    console.error('[main] startup failed', error);
    dialog.showErrorBox('Switchyard could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });
} else {
  // Another instance owns the server's port and data directory; it gets focused instead.
  app.quit();
}
