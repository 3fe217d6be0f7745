import { describe, expect, it } from 'vitest';
import { IPC_INVOKE_CHANNELS, type ServerStatus } from '../../server/contract';
import { SafeIpcError } from './ipc-errors';
import {
  checkSender,
  dispatchInvoke,
  type InvokeSender,
  type IpcDispatchOptions,
  type IpcHandlers,
  type IpcMainLike,
  registerIpcHandlers,
} from './ipc-registry';

const APP_ORIGIN = 'http://127.0.0.1:4242';

const stoppedStatus: ServerStatus = {
  state: 'stopped',
  url: null,
  pid: null,
  restarts: 0,
  lastExit: null,
  nextRestartAt: null,
  message: null,
};

function unexpected(): never {
  throw new Error('handler should not run');
}

function handlers(overrides: Partial<IpcHandlers> = {}): IpcHandlers {
  return {
    'switchyard:app:info': () => ({
      name: 'Switchyard',
      version: '0.1.0',
      platform: 'linux',
      packaged: false,
    }),
    'switchyard:app:open-external': unexpected,
    'switchyard:app:relaunch': unexpected,
    'switchyard:server:status': () => stoppedStatus,
    'switchyard:server:logs': unexpected,
    'switchyard:server:restart': unexpected,
    'switchyard:secrets:availability': unexpected,
    'switchyard:secrets:list': unexpected,
    'switchyard:secrets:set': unexpected,
    'switchyard:secrets:delete': unexpected,
    'switchyard:auth:sign-in-with-browser': unexpected,
    'switchyard:network:get': unexpected,
    'switchyard:network:set': unexpected,
    'switchyard:profiles:origins': unexpected,
    'switchyard:profiles:register-origin': unexpected,
    'switchyard:profiles:unregister-origin': unexpected,
    'switchyard:updater:status': unexpected,
    'switchyard:updater:check': unexpected,
    'switchyard:updater:install': unexpected,
    ...overrides,
  };
}

function sender(url: string, parent: unknown = null): InvokeSender {
  return { senderFrame: { url, parent } };
}

function options(overrides: Partial<IpcHandlers> = {}, logged: string[] = []): IpcDispatchOptions {
  return { appOrigin: APP_ORIGIN, handlers: handlers(overrides), log: (message) => logged.push(message) };
}

describe('dispatchInvoke', () => {
  it('runs the handler for a declared channel from the console', async () => {
    const result = await dispatchInvoke(
      'switchyard:server:status',
      sender(`${APP_ORIGIN}/projects`),
      [{}],
      options(),
    );
    expect(result).toEqual({ ok: true, value: stoppedStatus });
  });

  it('refuses an undeclared channel', async () => {
    const result = await dispatchInvoke('switchyard:secrets:get', sender(`${APP_ORIGIN}/`), [{}], options());
    expect(result).toEqual({
      ok: false,
      error: { name: 'UnknownChannelError', message: 'Channel "switchyard:secrets:get" is not declared.' },
    });
  });

  it('refuses channels inherited from Object.prototype', async () => {
    const result = await dispatchInvoke('constructor', sender(`${APP_ORIGIN}/`), [{}], options());
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.name).toBe('UnknownChannelError');
  });

  it.each([
    ['another origin', sender('https://evil.example/')],
    ['another port on loopback', sender('http://127.0.0.1:9999/')],
    ['localhost instead of 127.0.0.1', sender('http://localhost:4242/')],
    ['a data: page', sender('data:text/html,hello')],
    ['a file: page', sender('file:///tmp/index.html')],
    ['an unparsable url', sender('not a url')],
  ])('refuses a sender from %s', async (_label, event) => {
    const logged: string[] = [];
    const result = await dispatchInvoke('switchyard:server:status', event, [{}], options({}, logged));
    expect(result).toEqual({
      ok: false,
      error: { name: 'ForbiddenSenderError', message: 'The sending page is not the Switchyard console.' },
    });
    expect(logged).toEqual([
      'refused switchyard:server:status: The sending page is not the Switchyard console.',
    ]);
  });

  it('refuses an undeclared channel from a foreign sender as a sender problem', async () => {
    const result = await dispatchInvoke(
      'switchyard:secrets:get',
      sender('https://evil.example/'),
      [{}],
      options(),
    );
    expect(!result.ok && result.error.name).toBe('ForbiddenSenderError');
  });

  it('refuses a subframe even on the app origin', async () => {
    const result = await dispatchInvoke(
      'switchyard:server:status',
      sender(`${APP_ORIGIN}/embedded`, { url: `${APP_ORIGIN}/` }),
      [{}],
      options(),
    );
    expect(!result.ok && result.error.name).toBe('ForbiddenSenderError');
  });

  it('refuses a sender whose frame is gone', async () => {
    const result = await dispatchInvoke('switchyard:server:status', { senderFrame: null }, [{}], options());
    expect(result).toEqual({
      ok: false,
      error: { name: 'ForbiddenSenderError', message: 'The sending frame is gone.' },
    });
  });

  it('refuses a payload that does not match the schema, without echoing its values', async () => {
    const result = await dispatchInvoke(
      'switchyard:secrets:set',
      sender(`${APP_ORIGIN}/`),
      [{ profile: 'Local Profile!', key: 'admin-token', value: 'super-secret-token' }],
      options(),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.name).toBe('ValidationError');
    expect(result.error.message).toContain('/profile');
    expect(result.error.message).not.toContain('super-secret-token');
    expect(result.error.message).not.toContain('Local Profile!');
  });

  it('refuses extra properties and missing payloads', async () => {
    const extra = await dispatchInvoke(
      'switchyard:server:status',
      sender(`${APP_ORIGIN}/`),
      [{ x: 1 }],
      options(),
    );
    const missing = await dispatchInvoke('switchyard:server:status', sender(`${APP_ORIGIN}/`), [], options());
    const twice = await dispatchInvoke(
      'switchyard:server:status',
      sender(`${APP_ORIGIN}/`),
      [{}, {}],
      options(),
    );
    expect(!extra.ok && extra.error.name).toBe('ValidationError');
    expect(!missing.ok && missing.error).toEqual({
      name: 'ValidationError',
      message: 'Channel switchyard:server:status takes exactly one payload argument.',
    });
    expect(!twice.ok && twice.error.name).toBe('ValidationError');
  });

  it('passes a SafeIpcError through and hides every other error', async () => {
    const safe = await dispatchInvoke(
      'switchyard:secrets:list',
      sender(`${APP_ORIGIN}/`),
      [{ profile: 'local' }],
      options({
        'switchyard:secrets:list': () => {
          throw new SafeIpcError('KeychainUnavailableError', 'No keychain.');
        },
      }),
    );
    const hidden = await dispatchInvoke(
      'switchyard:secrets:list',
      sender(`${APP_ORIGIN}/`),
      [{ profile: 'local' }],
      options({
        'switchyard:secrets:list': async () => {
          throw new Error('postgres://admin:hunter2@db/flags refused');
        },
      }),
    );
    expect(safe).toEqual({ ok: false, error: { name: 'KeychainUnavailableError', message: 'No keychain.' } });
    expect(hidden).toEqual({
      ok: false,
      error: {
        name: 'InternalError',
        message: 'The main process could not complete the request; details are in its log.',
      },
    });
  });

  it('passes the field a SafeIpcError names, so the console can show the message beside it', async () => {
    const result = await dispatchInvoke(
      'switchyard:secrets:list',
      sender(`${APP_ORIGIN}/`),
      [{ profile: 'local' }],
      options({
        'switchyard:secrets:list': () => {
          throw new SafeIpcError('InvalidSettingsError', 'Not that one.', { field: 'profile' });
        },
      }),
    );
    expect(result).toEqual({
      ok: false,
      error: { name: 'InvalidSettingsError', message: 'Not that one.', field: 'profile' },
    });
  });

  it('refuses to send a response with undeclared fields', async () => {
    const logged: string[] = [];
    const result = await dispatchInvoke(
      'switchyard:secrets:list',
      sender(`${APP_ORIGIN}/`),
      [{ profile: 'local' }],
      options(
        {
          'switchyard:secrets:list': () =>
            ({ keys: ['admin-token'], values: ['*:*.abc'] }) as unknown as { keys: ['admin-token'] },
        },
        logged,
      ),
    );
    expect(!result.ok && result.error.name).toBe('InternalError');
    expect(logged[0]).toMatch(/^handler for switchyard:secrets:list returned an undeclared shape/);
    expect(logged[0]).not.toContain('*:*.abc');
  });
});

describe('checkSender', () => {
  it('accepts the console top frame', () => {
    expect(checkSender(sender(`${APP_ORIGIN}/features?x=1#y`), APP_ORIGIN)).toBeNull();
  });
});

describe('registerIpcHandlers', () => {
  it('registers every declared channel and removes them again', async () => {
    const registered = new Map<string, (event: InvokeSender, ...args: unknown[]) => Promise<unknown>>();
    const removed: string[] = [];
    const ipcMain: IpcMainLike = {
      handle: (channel, listener) => registered.set(channel, listener),
      removeHandler: (channel) => removed.push(channel),
    };
    const dispose = registerIpcHandlers(ipcMain, options());
    expect([...registered.keys()].sort()).toEqual(Object.keys(IPC_INVOKE_CHANNELS).sort());
    for (const channel of registered.keys()) expect(channel.startsWith('switchyard:')).toBe(true);

    const info = await registered.get('switchyard:app:info')?.(sender(`${APP_ORIGIN}/`), {});
    expect(info).toEqual({
      ok: true,
      value: { name: 'Switchyard', version: '0.1.0', platform: 'linux', packaged: false },
    });

    dispose();
    expect(removed.sort()).toEqual(Object.keys(IPC_INVOKE_CHANNELS).sort());
  });
});
