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
  screen,
  session,
  shell,
  Tray,
  utilityProcess,
} from 'electron';
import electronUpdater from 'electron-updater';
import type { ProfileOrigin } from '../server/contract';
import { buildConsoleHandlers } from './ipc/console-handlers';
import { createEventSender } from './ipc/event-sender';
import { registerIpcHandlers } from './ipc/ipc-registry';
import { buildAppMenuTemplate } from './menu/app-menu';
import { buildTrayMenuTemplate, trayTooltip } from './menu/tray-menu';
import { adminBaseUrl, listSdkAddresses } from './network/network-exposure';
import { createNetworkSettingsFile } from './network/network-settings-file';
import { createKeytarSecretStore } from './secrets/keytar-secret-store';
import {
  acceptedProfileOrigins,
  createProfileOriginRegistry,
  ProfileOriginsFileSchema,
  profileOriginHandlers,
} from './secrets/profile-origins';
import { installRequestSigner } from './secrets/request-signer';
import {
  ensureBundleSigningKey,
  ensureEmbeddedDatabasePassword,
  ensureSecretsEncryptionKey,
} from './server-host/database-password';
import { utilityProcessSpawner } from './server-host/hosted-process';
import { buildServerEnv } from './server-host/server-env';
import { createServerHost } from './server-host/server-host';
import { readJsonFile, writeJsonFileAtomic } from './settings/json-file';
import { createBrowserSignInHandler } from './sso/browser-sign-in-handler';
import { restoreSsoSessions } from './sso/sso-session-cookie';
import { createUpdaterPolicy, isPortableBuild, readBuiltInFeedUrl } from './updater/updater-policy';
import { buildContentSecurityPolicy, installContentSecurityPolicy } from './window/content-security-policy';
import { createExternalLinkOpener, isSameOrigin, lockNavigation } from './window/navigation-guard';
import { denyAllPermissions } from './window/session-hardening';
import { createWindowOptions } from './window/window-options';
import {
  DEFAULT_WINDOW_STATE,
  fitWindowState,
  loadWindowState,
  saveWindowState,
  trackWindowState,
} from './window/window-state';

const APP_NAME = 'Switchyard';
/** The embedded server's profile; remote profiles get their own ids. */
const LOCAL_PROFILE = 'local';
const BASE_URI_PATH = '';
const DOCUMENTATION_URL = 'https://docs.getunleash.io/';
const EXTERNAL_LINK_HOSTS = ['docs.getunleash.io', 'github.com'];

const STARTING_PAGE = `data:text/html;charset=utf-8,${encodeURIComponent(
  '<!doctype html><meta charset="utf-8"><title>Switchyard</title>' +
    '<body style="font:16px system-ui;display:grid;place-items:center;height:90vh;color:#444">' +
    '<p>Starting the Switchyard server…</p></body>',
)}`;

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

async function run(): Promise<void> {
  await app.whenReady();

  const userData = app.getPath('userData');
  const networkSettingsFile = path.join(userData, 'network-settings.json');
  const windowStateFile = path.join(userData, 'window-state.json');
  const profileOriginsFile = path.join(userData, 'server-profiles.json');

  // The server runs with the settings read now; edits apply on relaunch.
  const network = await createNetworkSettingsFile({
    file: networkSettingsFile,
    baseUriPath: BASE_URI_PATH,
    interfaces: networkInterfaces,
    log,
  });
  const runningNetwork = network.running;
  const serverUrl = adminBaseUrl(runningNetwork, BASE_URI_PATH);
  const appOrigin = new URL(serverUrl).origin;
  const consoleUrl = `${serverUrl}/`;

  const secrets = createKeytarSecretStore({ serviceName: APP_NAME });
  const databaseUrl = process.env.SWITCHYARD_DATABASE_URL ?? null;
  const embeddedDatabasePassword = databaseUrl
    ? null
    : await ensureEmbeddedDatabasePassword(secrets, LOCAL_PROFILE);
  // Without a keychain the server still starts (on an external database): only storing
  // integration and SSO secrets is refused, with the reason, until a keychain is there.
  const secretsEncryptionKey = await ensureSecretsEncryptionKey(secrets, LOCAL_PROFILE).catch((error) => {
    log('no secrets encryption key: integrations and SSO cannot store secrets', error);
    return null;
  });
  // Bundles this desktop exports are signed with a key that lives in the keychain only.
  const bundleSigningKey = await ensureBundleSigningKey(secrets, LOCAL_PROFILE).catch((error) => {
    log('no bundle signing key in the keychain: the server keeps its own, sealed', error);
    return null;
  });

  const host = createServerHost({
    spawn: utilityProcessSpawner(utilityProcess),
    entryPath: path.join(app.getAppPath(), 'dist', 'server', 'main.js'),
    env: buildServerEnv({
      inherit: process.env,
      dataDir: path.join(userData, 'server'),
      network: runningNetwork,
      databaseUrl,
      embeddedDatabasePassword,
      secretsEncryptionKey,
      bundleSigningKey,
      logLevel: process.env.SWITCHYARD_LOG_LEVEL ?? 'info',
      baseUriPath: BASE_URI_PATH,
    }),
    serverUrl,
  });

  const links = createExternalLinkOpener(
    { allowedHosts: EXTERNAL_LINK_HOSTS },
    (url) => shell.openExternal(url),
    log,
  );

  // Remote server profiles the console registered earlier: re-applied before the window loads.
  const savedOrigins = acceptedProfileOrigins(
    (await readJsonFile(profileOriginsFile, ProfileOriginsFileSchema))?.origins ?? [],
    { appOrigin, localProfile: LOCAL_PROFILE },
    log,
  );
  const signedOrigins = (origins: readonly ProfileOrigin[]) =>
    new Map([[appOrigin, LOCAL_PROFILE], ...origins.map((entry) => [entry.origin, entry.profile] as const)]);
  const policyFor = (origins: readonly ProfileOrigin[]) =>
    buildContentSecurityPolicy({ connectOrigins: origins.map((entry) => entry.origin) });
  let contentSecurityPolicy = policyFor(savedOrigins);

  const consoleSession = session.defaultSession;
  installContentSecurityPolicy(consoleSession, () => contentSecurityPolicy);
  denyAllPermissions(consoleSession);
  const signer = installRequestSigner(consoleSession, {
    secrets,
    profiles: signedOrigins(savedOrigins),
    log,
  });
  const profileOrigins = createProfileOriginRegistry({
    appOrigin,
    localProfile: LOCAL_PROFILE,
    initial: savedOrigins,
    persist: (origins) => writeJsonFileAtomic(profileOriginsFile, { version: 1, origins }),
    onChange: (origins) => {
      contentSecurityPolicy = policyFor(origins);
      signer.setProfiles(signedOrigins(origins));
    },
  });
  const serverUrlOf = (profile: string) =>
    profile === LOCAL_PROFILE
      ? serverUrl
      : profileOrigins.list().find((entry) => entry.profile === profile)?.origin;
  // Single sign-on sessions live in the keychain; the console's cookie jar gets them back each start.
  await restoreSsoSessions(
    secrets,
    consoleSession.cookies,
    [LOCAL_PROFILE, ...savedOrigins.map((entry) => entry.profile)].flatMap((profile) => {
      const url = serverUrlOf(profile);
      return url === undefined ? [] : [{ profile, serverUrl: url }];
    }),
    log,
  );
  // Every web contents, including any a future feature creates, stays on the console origin.
  app.on('web-contents-created', (_event, contents) => lockNavigation(contents, appOrigin, links));

  const events = createEventSender({
    appOrigin,
    targets: () => BrowserWindow.getAllWindows().map((win) => win.webContents),
    log,
  });

  let quitting = false;
  const updater = createUpdaterPolicy({
    autoUpdater: electronUpdater.autoUpdater,
    isPackaged: app.isPackaged,
    isPortable: isPortableBuild(process.env),
    feedUrl: process.env.SWITCHYARD_UPDATE_URL ?? null,
    builtInFeedUrl: await builtInFeedUrl(),
    beforeInstall: async () => {
      quitting = true;
      await host.stop();
    },
    log,
  });

  const savedWindow = (await loadWindowState(windowStateFile)) ?? DEFAULT_WINDOW_STATE;
  const windowState = fitWindowState(
    savedWindow,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  let mainWindow: BrowserWindow | null = null;

  function showConsoleIn(win: BrowserWindow): void {
    const target = host.status().state === 'running' ? consoleUrl : STARTING_PAGE;
    void win.loadURL(target).catch((error: unknown) => log('could not load the console', error));
  }

  function showWindow(): BrowserWindow {
    if (mainWindow !== null && !mainWindow.isDestroyed()) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.show();
      mainWindow.focus();
      return mainWindow;
    }
    const win = new BrowserWindow(
      createWindowOptions({
        preloadPath: path.join(import.meta.dirname, 'preload.cjs'),
        bounds: windowState,
        title: APP_NAME,
        dark: nativeTheme.shouldUseDarkColors,
      }),
    );
    if (windowState.maximized) win.maximize();
    trackWindowState(win, (state) => {
      Object.assign(windowState, state);
      saveWindowState(windowStateFile, state).catch((error: unknown) =>
        log('could not save window state', error),
      );
    });
    win.once('ready-to-show', () => win.show());
    win.on('closed', () => {
      if (mainWindow === win) mainWindow = null;
    });
    mainWindow = win;
    showConsoleIn(win);
    return win;
  }

  function showView(view: 'server-logs' | 'settings'): void {
    showWindow();
    events.send('switchyard:app:show-view', { view });
  }

  const tray = new Tray(
    nativeImage.createFromPath(path.join(import.meta.dirname, 'assets', 'tray-icon.png')),
  );
  tray.on('click', () => showWindow());
  function refreshTray(): void {
    const status = host.status();
    const sdkAddresses = listSdkAddresses(networkInterfaces(), runningNetwork, BASE_URI_PATH);
    tray.setToolTip(trayTooltip({ appName: APP_NAME, status, sdkAddresses }));
    tray.setContextMenu(
      Menu.buildFromTemplate(
        buildTrayMenuTemplate({
          appName: APP_NAME,
          status,
          sdkAddresses,
          updater: updater.state(),
          actions: {
            showConsole: () => showWindow(),
            copyToClipboard: (text) => clipboard.writeText(text),
            restartServer: () => void host.restart(),
            installUpdate: () => void updater.installNow(),
          },
        }),
      ),
    );
  }

  host.onStatus((status) => {
    events.send('switchyard:server:status-changed', status);
    refreshTray();
    if (status.state !== 'running') return;
    for (const win of BrowserWindow.getAllWindows()) {
      if (!isSameOrigin(win.webContents.getURL(), appOrigin)) showConsoleIn(win);
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
      notice.on('click', () => showWindow());
      notice.show();
    }
  });

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
    invalidateSigner: (profile) => signer.invalidate(profile),
    network,
    profiles: profileOriginHandlers(profileOrigins),
    signInWithBrowser: createBrowserSignInHandler({
      serverUrlOf,
      // The system browser, on purpose (RFC 8252): the server's own sign-in URL, not a link allowlist case.
      openExternal: (url) => shell.openExternal(url),
      secrets,
      cookies: consoleSession.cookies,
      onSignedIn: () => showWindow(),
      log,
    }),
    updater,
  });
  registerIpcHandlers(ipcMain, { appOrigin, handlers, log });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildAppMenuTemplate({
        platform: process.platform,
        appName: APP_NAME,
        isPackaged: app.isPackaged,
        actions: {
          showConsole: () => showWindow(),
          showServerLogs: () => showView('server-logs'),
          restartServer: () => void host.restart(),
          checkForUpdates: () => void updater.checkNow(),
          openDocumentation: () => links.open(DOCUMENTATION_URL),
        },
      }),
    ),
  );

  app.on('second-instance', () => showWindow());
  app.on('activate', () => showWindow());
  // Closing the window keeps the app in the tray: SDKs still need the server.
  app.on('window-all-closed', () => {});
  app.on('before-quit', (event) => {
    if (quitting) return;
    event.preventDefault();
    quitting = true;
    updater.stop();
    void host.stop().finally(() => app.quit());
  });

  refreshTray();
  showWindow();
  updater.start();
  const status = await host.start();
  if (status.state === 'failed') {
    const tail = host
      .logs({ limit: 15 })
      .map((line) => line.text)
      .join('\n');
    dialog.showErrorBox('The Switchyard server did not start', `${status.message ?? ''}\n\n${tail}`);
  }
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
