import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdaterState } from '../../server/contract';
import {
  type AutoUpdaterLike,
  checkFeedUrl,
  createUpdaterPolicy,
  isPortableBuild,
  readBuiltInFeedUrl,
  type UpdaterPolicyOptions,
} from './updater-policy';

/** Emits what electron-updater emits, in the order it does, when a check runs. */
class FakeAutoUpdater extends EventEmitter implements AutoUpdaterLike {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  feeds: Array<{ provider: 'generic'; url: string }> = [];
  checks = 0;
  installs: Array<[boolean | undefined, boolean | undefined]> = [];
  nextResult: 'none' | 'update' | 'error' = 'none';

  setFeedURL(options: { provider: 'generic'; url: string }): void {
    this.feeds.push(options);
  }

  async checkForUpdates(): Promise<unknown> {
    this.checks += 1;
    this.emit('checking-for-update');
    await Promise.resolve();
    if (this.nextResult === 'error') {
      const error = new Error('net::ERR_NAME_NOT_RESOLVED\n    at stack');
      this.emit('error', error);
      throw error;
    }
    if (this.nextResult === 'none') {
      this.emit('update-not-available', { version: '0.1.0' });
      return null;
    }
    this.emit('update-available', { version: '0.2.0' });
    this.emit('download-progress', { percent: 42.5 });
    this.emit('update-downloaded', { version: '0.2.0' });
    return { updateInfo: { version: '0.2.0' } };
  }

  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}

function makePolicy(overrides: Partial<UpdaterPolicyOptions> = {}) {
  const autoUpdater = new FakeAutoUpdater();
  const policy = createUpdaterPolicy({
    autoUpdater,
    isPackaged: true,
    isPortable: false,
    firstCheckDelayMs: 10_000,
    checkIntervalMs: 60_000,
    ...overrides,
  });
  const phases: string[] = [];
  policy.onStateChange((state: UpdaterState) => phases.push(state.phase));
  return { autoUpdater, policy, phases };
}

describe('updater policy', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never checks in a development run', async () => {
    const { autoUpdater, policy } = makePolicy({ isPackaged: false });
    policy.start();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(autoUpdater.checks).toBe(0);
    expect(await policy.checkNow()).toEqual({
      phase: 'disabled',
      version: null,
      percent: null,
      message: 'Updates are checked only in packaged builds.',
      lastCheckAt: null,
      feedUrl: null,
    });
    expect(autoUpdater.listenerCount('update-downloaded')).toBe(0);
  });

  it('never checks in a portable build', async () => {
    const { autoUpdater, policy } = makePolicy({ isPortable: true });
    policy.start();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(autoUpdater.checks).toBe(0);
    expect(policy.state().message).toBe('Portable builds are updated by downloading the new version.');
  });

  it('downloads in the background but never installs on quit', () => {
    const { autoUpdater } = makePolicy();
    expect(autoUpdater.autoDownload).toBe(true);
    expect(autoUpdater.autoInstallOnAppQuit).toBe(false);
  });

  it('checks shortly after start, then on every interval', async () => {
    const { autoUpdater, policy, phases } = makePolicy();
    policy.start();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(autoUpdater.checks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(autoUpdater.checks).toBe(1);
    expect(policy.state()).toMatchObject({ phase: 'not-available', lastCheckAt: '2025-03-01T12:00:10.000Z' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(autoUpdater.checks).toBe(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(autoUpdater.checks).toBe(4);
    expect(phases.slice(0, 3)).toEqual(['idle', 'checking', 'not-available']);
    policy.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(autoUpdater.checks).toBe(4);
  });

  it('notifies when downloaded, stops checking, and installs only on request', async () => {
    const events: string[] = [];
    const { autoUpdater, policy, phases } = makePolicy({
      beforeInstall: async () => {
        events.push(`server stopped before install (installs so far: ${autoUpdater.installs.length})`);
      },
    });
    autoUpdater.nextResult = 'update';
    policy.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(policy.state()).toEqual({
      phase: 'downloaded',
      version: '0.2.0',
      percent: 100,
      message: null,
      lastCheckAt: '2025-03-01T12:00:10.000Z',
      feedUrl: null,
    });
    expect(phases).toEqual(['idle', 'checking', 'downloading', 'downloading', 'downloaded']);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(autoUpdater.checks).toBe(1);
    expect(autoUpdater.installs).toEqual([]);

    expect(await policy.installNow()).toBe(true);
    expect(events).toEqual(['server stopped before install (installs so far: 0)']);
    expect(autoUpdater.installs).toEqual([[false, true]]);
  });

  it('refuses to install before a download finished', async () => {
    const { autoUpdater, policy } = makePolicy();
    expect(await policy.installNow()).toBe(false);
    expect(autoUpdater.installs).toEqual([]);
  });

  it('reports a failed check and keeps the periodic schedule', async () => {
    const logged: string[] = [];
    const { autoUpdater, policy } = makePolicy({ log: (message) => logged.push(message) });
    autoUpdater.nextResult = 'error';
    policy.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(policy.state()).toMatchObject({ phase: 'error', message: 'net::ERR_NAME_NOT_RESOLVED' });
    expect(logged).toEqual(['update check failed']);
    autoUpdater.nextResult = 'none';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(policy.state().phase).toBe('not-available');
  });

  it('does not overlap checks', async () => {
    const { autoUpdater, policy } = makePolicy();
    const first = policy.checkNow();
    const second = policy.checkNow();
    expect(second).toBe(first);
    await first;
    expect(autoUpdater.checks).toBe(1);
  });

  it('points the generic provider at an on-prem mirror', () => {
    const { autoUpdater } = makePolicy({ feedUrl: 'https://mirror.corp.example/switchyard/' });
    expect(autoUpdater.feeds).toEqual([
      { provider: 'generic', url: 'https://mirror.corp.example/switchyard/' },
    ]);
    const { autoUpdater: untouched } = makePolicy({ feedUrl: null });
    expect(untouched.feeds).toEqual([]);
  });

  it('reports the feed in use: the mirror over the packaged publish URL', () => {
    const builtInFeedUrl = 'https://updates.example.com/switchyard';
    expect(makePolicy({ builtInFeedUrl }).policy.state().feedUrl).toBe(builtInFeedUrl);
    expect(
      makePolicy({ builtInFeedUrl, feedUrl: 'https://mirror.corp.example/sy' }).policy.state().feedUrl,
    ).toBe('https://mirror.corp.example/sy');
    expect(makePolicy({ builtInFeedUrl, isPackaged: false }).policy.state().feedUrl).toBeNull();
  });
});

describe('readBuiltInFeedUrl', () => {
  it("reads the generic provider's url from app-update.yml", () => {
    const yml = 'provider: generic\nurl: https://updates.example.com/switchyard\nupdaterCacheDirName: x\n';
    expect(readBuiltInFeedUrl(yml)).toBe('https://updates.example.com/switchyard');
    expect(readBuiltInFeedUrl("url: 'https://updates.example.com/a'\n")).toBe(
      'https://updates.example.com/a',
    );
    expect(readBuiltInFeedUrl('provider: github\nowner: someone\n')).toBeNull();
    expect(readBuiltInFeedUrl('url: http://plain.example/\n')).toBeNull();
  });
});

describe('checkFeedUrl', () => {
  it('accepts https and rejects anything else', () => {
    expect(checkFeedUrl('https://mirror.example/updates')).toBe('https://mirror.example/updates');
    expect(() => checkFeedUrl('http://mirror.example/updates')).toThrow(
      'The update feed URL must use https: http://mirror.example',
    );
    expect(() => checkFeedUrl('https://u:p@mirror.example/')).toThrow('must not carry credentials');
    expect(() => checkFeedUrl('mirror.example')).toThrow('is not a URL');
  });
});

describe('isPortableBuild', () => {
  it('recognises electron-builder portable variables', () => {
    expect(isPortableBuild({ PORTABLE_EXECUTABLE_DIR: 'C:\\Apps' })).toBe(true);
    expect(isPortableBuild({})).toBe(false);
  });
});
