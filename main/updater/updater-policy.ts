import type { UpdaterState } from '../../server/contract';

/** The parts of electron-updater's autoUpdater the policy drives. */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'update-not-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdaterPolicyOptions {
  autoUpdater: AutoUpdaterLike;
  /** app.isPackaged: development runs have no update metadata to check. */
  isPackaged: boolean;
  /** Portable builds are replaced by hand; electron-updater cannot update them in place. */
  isPortable: boolean;
  /** An on-prem mirror (generic provider); null keeps the URL from electron-builder's publish config. */
  feedUrl?: string | null;
  /** The publish URL packaged in app-update.yml, shown to the user when no mirror is set. */
  builtInFeedUrl?: string | null;
  firstCheckDelayMs?: number;
  checkIntervalMs?: number;
  /** Runs before quitAndInstall, e.g. stopping the hosted server cleanly. */
  beforeInstall?: () => Promise<void>;
  log?: (message: string, error?: unknown) => void;
  now?: () => number;
}

export interface UpdaterPolicy {
  state(): UpdaterState;
  /** Schedules the first check and the periodic ones; does nothing when updates are disabled. */
  start(): void;
  stop(): void;
  checkNow(): Promise<UpdaterState>;
  /** Installs a downloaded update; only ever called from an explicit user action. */
  installNow(): Promise<boolean>;
  onStateChange(listener: (state: UpdaterState) => void): () => void;
}

/** electron-builder's portable Windows target sets these for the running app. */
export function isPortableBuild(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.PORTABLE_EXECUTABLE_DIR || env.PORTABLE_EXECUTABLE_FILE);
}

/**
 * Only https: on Linux, AppImage and deb updates are not signature-checked, so
 * the transport is what protects the download.
 */
export function checkFeedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`The update feed URL is not a URL: ${url}`);
  }
  if (parsed.protocol !== 'https:')
    throw new TypeError(`The update feed URL must use https: ${parsed.origin}`);
  if (parsed.username !== '' || parsed.password !== '') {
    throw new TypeError('The update feed URL must not carry credentials.');
  }
  return parsed.toString();
}

/**
 * The `url:` of electron-builder's app-update.yml (generic provider). A line-level read is enough
 * for a file electron-builder writes itself; anything unexpected yields null.
 */
export function readBuiltInFeedUrl(appUpdateYml: string): string | null {
  const match = /^url:\s*['"]?([^'"\s#]+)['"]?\s*$/m.exec(appUpdateYml);
  if (!match?.[1]) return null;
  try {
    return checkFeedUrl(match[1]);
  } catch {
    return null;
  }
}

function disabledReason(options: UpdaterPolicyOptions): string | null {
  if (!options.isPackaged) return 'Updates are checked only in packaged builds.';
  if (options.isPortable) return 'Portable builds are updated by downloading the new version.';
  return null;
}

/**
 * The update policy: check shortly after start and then periodically, download
 * in the background, and install only when the user says so. Installing on quit
 * is off because a new version migrates the flag database, and the person
 * running the server should choose when that happens.
 */
interface UpdaterStateSink {
  update(patch: Partial<UpdaterState>): void;
  log?: (message: string, error?: unknown) => void;
}

/** Turns autoUpdater's events into state: downloads start by themselves, installing never does. */
function wireAutoUpdater(
  updater: AutoUpdaterLike,
  feedUrl: string | null,
  sink: UpdaterStateSink & { onDownloaded(): void },
): void {
  const { update } = sink;
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  if (feedUrl !== null) updater.setFeedURL({ provider: 'generic', url: feedUrl });
  updater.on('checking-for-update', () => update({ phase: 'checking', message: null }));
  updater.on('update-not-available', () => update({ phase: 'not-available', version: null, percent: null }));
  updater.on('update-available', (info) =>
    update({ phase: 'downloading', version: info.version, percent: 0 }),
  );
  updater.on('download-progress', (progress) =>
    update({ phase: 'downloading', percent: Math.min(100, Math.max(0, progress.percent)) }),
  );
  updater.on('update-downloaded', (info) => {
    update({ phase: 'downloaded', version: info.version, percent: 100, message: null });
    sink.onDownloaded();
  });
  updater.on('error', (error) => {
    sink.log?.('update check failed', error);
    update({ phase: 'error', percent: null, message: error.message.split('\n')[0] ?? 'Update failed.' });
  });
}

/** One check; resolves with the state after it, a rejection turned into the error phase. */
function checkForUpdates(
  updater: AutoUpdaterLike,
  state: () => UpdaterState,
  sink: UpdaterStateSink,
): Promise<UpdaterState> {
  return updater.checkForUpdates().then(
    () => state(),
    (error: unknown) => {
      // electron-updater also emits 'error'; this covers rejections it does not emit.
      if (state().phase !== 'error') {
        sink.log?.('update check failed', error);
        sink.update({ phase: 'error', percent: null, message: 'The update check failed.' });
      }
      return state();
    },
  );
}

/** Disabled with its reason, or idle showing the feed that will be checked. */
function initialState(reason: string | null, feedUrl: string | null): UpdaterState {
  return {
    phase: reason === null ? 'idle' : 'disabled',
    version: null,
    percent: null,
    message: reason,
    lastCheckAt: null,
    feedUrl,
  };
}

export function createUpdaterPolicy(options: UpdaterPolicyOptions): UpdaterPolicy {
  const updater = options.autoUpdater;
  const firstCheckDelayMs = options.firstCheckDelayMs ?? 30_000;
  const checkIntervalMs = options.checkIntervalMs ?? 6 * 60 * 60 * 1000;
  const now = options.now ?? Date.now;
  const listeners = new Set<(state: UpdaterState) => void>();
  const reason = disabledReason(options);
  const feedUrl = reason === null && options.feedUrl ? checkFeedUrl(options.feedUrl) : null;

  let state = initialState(reason, reason === null ? (feedUrl ?? options.builtInFeedUrl ?? null) : null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let checking: Promise<UpdaterState> | null = null;
  let started = false;

  function update(patch: Partial<UpdaterState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener(state);
  }
  const sink: UpdaterStateSink = { update, ...(options.log === undefined ? {} : { log: options.log }) };
  function clearTimer(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  // Nothing left to look for once an update is downloaded, until the user installs it.
  if (reason === null) wireAutoUpdater(updater, feedUrl, { ...sink, onDownloaded: clearTimer });

  function schedule(delay: number): void {
    clearTimer();
    timer = setTimeout(() => {
      timer = undefined;
      void policy.checkNow().finally(() => {
        if (state.phase !== 'downloaded' && started) schedule(checkIntervalMs);
      });
    }, delay);
  }

  const policy: UpdaterPolicy = {
    state: () => state,

    start() {
      if (reason !== null || started) return;
      started = true;
      schedule(firstCheckDelayMs);
    },

    stop() {
      started = false;
      clearTimer();
    },

    checkNow() {
      if (reason !== null || state.phase === 'downloaded') return Promise.resolve(state);
      if (checking !== null) return checking;
      update({ lastCheckAt: new Date(now()).toISOString() });
      checking = checkForUpdates(updater, () => state, sink).finally(() => {
        checking = null;
      });
      return checking;
    },

    async installNow() {
      if (state.phase !== 'downloaded') return false;
      policy.stop();
      await options.beforeInstall?.();
      updater.quitAndInstall(false, true);
      return true;
    },

    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return policy;
}
