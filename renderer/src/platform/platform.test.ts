import { describe, expect, it, vi } from 'vitest';
import type { IpcInvokeChannel, IpcResult, SwitchyardBridge } from '../../../server/contract/ipc';
import { BridgeError, findBridge } from './bridge';
import { createBrowserCredentialStore, tokenKindOf } from './credentials';
import { createBrowserPlatform, createDesktopPlatform, detectPlatform, pageServerUrl } from './platform';

function fakeBridge(answers: Partial<Record<IpcInvokeChannel, IpcResult<unknown>>>) {
  const calls: Array<[string, unknown]> = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  const bridge: SwitchyardBridge = {
    invoke: (async (channel: IpcInvokeChannel, payload: unknown) => {
      calls.push([channel, payload]);
      return answers[channel] ?? { ok: true, value: {} };
    }) as SwitchyardBridge['invoke'],
    on: ((channel: string, listener: (payload: unknown) => void) => {
      listeners.set(channel, listener);
      return () => listeners.delete(channel);
    }) as SwitchyardBridge['on'],
  };
  return { bridge, calls, listeners };
}

const runningStatus = {
  state: 'running',
  url: 'http://127.0.0.1:4242/',
  pid: 10,
  restarts: 0,
  lastExit: null,
  nextRestartAt: null,
  message: null,
} as const;

describe('browser credentials', () => {
  it('keeps a token in memory only, unless asked to keep it for the tab (sessionStorage, never localStorage)', async () => {
    const store = createBrowserCredentialStore(window.sessionStorage);
    await store.store('local', 'admin-token', ' *:*.abc ');
    expect(store.authorization('local')).toBe('*:*.abc');
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.length).toBe(0);

    await store.store('local', 'admin-token', '*:*.abc', { keepForTab: true });
    expect(window.sessionStorage.getItem('switchyard.token.local')).toBe('*:*.abc');
    expect(window.localStorage.length).toBe(0);
    // A reload: a new store in the same tab finds it again.
    expect(createBrowserCredentialStore(window.sessionStorage).authorization('local')).toBe('*:*.abc');

    await store.clear('local');
    expect(store.authorization('local')).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    expect(await store.has('local')).toBe(false);
    expect(store.heldOutside).toBe(false);
  });

  it('tells personal access tokens from admin tokens', () => {
    expect(tokenKindOf('user:0123abcd')).toBe('personal-access-token');
    expect(tokenKindOf('*:*.0123abcd')).toBe('admin-token');
  });
});

describe('browser platform', () => {
  it('finds the embedded server from the page base, including BASE_URI_PATH', () => {
    expect(pageServerUrl({ baseURI: 'http://127.0.0.1:4242/unleash/#/flags' } as Document)).toBe(
      'http://127.0.0.1:4242/unleash',
    );
    expect(pageServerUrl({ baseURI: 'http://127.0.0.1:4242/' } as Document)).toBe('http://127.0.0.1:4242');
    expect(pageServerUrl({ baseURI: 'file:///opt/switchyard/index.html' } as Document)).toBeNull();
  });

  it('is what a window without the preload bridge gets', async () => {
    const platform = detectPlatform(window);
    expect(platform.kind).toBe('browser');
    expect(findBridge(window)).toBeNull();
    expect(await createBrowserPlatform(window).embeddedServerUrl()).toBe(pageServerUrl(window.document));
  });
});

describe('desktop platform', () => {
  it('sends tokens to main for the keychain and never holds them', async () => {
    const { bridge, calls } = fakeBridge({
      'switchyard:secrets:list': { ok: true, value: { keys: ['admin-token'] } },
    });
    const platform = createDesktopPlatform(bridge);
    expect(platform.kind).toBe('desktop');
    await platform.credentials.store('local', 'personal-access-token', ' user:abc ');
    expect(calls).toEqual([
      ['switchyard:secrets:set', { profile: 'local', key: 'personal-access-token', value: 'user:abc' }],
    ]);
    expect(platform.credentials.authorization('local')).toBeNull();
    expect(platform.credentials.heldOutside).toBe(true);
    expect(await platform.credentials.has('local')).toBe(true);
    await platform.credentials.clear('local');
    expect(calls.slice(-3)).toEqual([
      ['switchyard:secrets:delete', { profile: 'local', key: 'personal-access-token' }],
      ['switchyard:secrets:delete', { profile: 'local', key: 'admin-token' }],
      ['switchyard:secrets:delete', { profile: 'local', key: 'sso-session' }],
    ]);
  });

  it('counts only tokens as held credentials, not main’s own secrets or a browser sign-in session', async () => {
    const { bridge } = fakeBridge({
      'switchyard:secrets:list': {
        ok: true,
        value: { keys: ['embedded-database-password', 'secrets-encryption-key', 'sso-session'] },
      },
    });
    expect(await createDesktopPlatform(bridge).credentials.has('local')).toBe(false);
  });

  it('asks main for the embedded server and follows its restarts', async () => {
    const { bridge, listeners } = fakeBridge({
      'switchyard:server:status': { ok: true, value: runningStatus },
    });
    const platform = createDesktopPlatform(bridge);
    expect(await platform.embeddedServerUrl()).toBe('http://127.0.0.1:4242');
    const seen = vi.fn();
    const stop = platform.onEmbeddedServerChange(seen);
    listeners.get('switchyard:server:status-changed')?.({ ...runningStatus, state: 'crashed', url: null });
    listeners.get('switchyard:server:status-changed')?.({ ...runningStatus, url: 'http://127.0.0.1:5000' });
    expect(seen.mock.calls).toEqual([[null], ['http://127.0.0.1:5000']]);
    stop();
    expect(listeners.size).toBe(0);
  });

  it("turns main's error answer into a BridgeError with its stable name", async () => {
    const { bridge } = fakeBridge({
      'switchyard:secrets:set': {
        ok: false,
        error: { name: 'KeychainUnavailableError', message: 'No keychain' },
      },
    });
    const error = await createDesktopPlatform(bridge)
      .credentials.store('local', 'admin-token', 'x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).ipcName).toBe('KeychainUnavailableError');
  });

  it('is detected from window.switchyard', () => {
    const { bridge } = fakeBridge({});
    const win = { switchyard: bridge } as unknown as Window;
    expect(detectPlatform(win).kind).toBe('desktop');
  });
});
