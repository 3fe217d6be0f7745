import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_INVOKE_CHANNELS } from '../server/contract';
import { freePort } from './test-support/free-port';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const support = fileURLToPath(new URL('./test-support/', import.meta.url));

/**
 * The composition root cannot run under Electron here, so this builds it with
 * main/build-main.mjs and runs the bundle under Node with stand-ins for the
 * electron modules (test-support/electron-stand-in.mjs), hosting the fake server.
 */
describe('main.ts wired together (bundled, with electron stand-ins)', () => {
  let work: string;
  let outdir: string;
  let port: number;
  let result: Record<string, unknown>;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'switchyard-main-'));
    // Inside the repository so the bundle's bare imports resolve from its node_modules.
    outdir = await mkdtemp(join(root, 'node_modules', '.cache-switchyard-main-'));
    port = await freePort();
    const appPath = join(work, 'app');
    const userData = join(work, 'user-data');
    await mkdir(join(appPath, 'dist', 'server'), { recursive: true });
    await mkdir(userData, { recursive: true });
    await writeFile(join(appPath, 'package.json'), '{"type":"module"}');
    await cp(join(support, 'fake-server.mjs'), join(appPath, 'dist', 'server', 'main.js'));
    await writeFile(
      join(userData, 'network-settings.json'),
      JSON.stringify({
        adminHost: '127.0.0.1',
        adminPort: port,
        sdkEnabled: false,
        sdkHost: '0.0.0.0',
        sdkPort: 4243,
      }),
    );

    await run(process.execPath, [join(root, 'main', 'build-main.mjs'), '--outdir', outdir], { cwd: root });
    const { stdout } = await run(
      process.execPath,
      ['--import', join(support, 'register-stand-ins.mjs'), join(support, 'drive-main.mjs')],
      {
        cwd: root,
        timeout: 30_000,
        // No D-Bus and no display: the keychain is reliably unavailable and no real one is touched.
        env: {
          PATH: process.env.PATH ?? '',
          HOME: work,
          STAND_IN_MAIN: join(outdir, 'main.js'),
          STAND_IN_APP_PATH: appPath,
          STAND_IN_USER_DATA: userData,
          STAND_IN_ORIGIN: `http://127.0.0.1:${port}`,
          // An external database needs no keychain-held password, so main starts without a keychain
          // (the embedded case refuses to start then: server-host/database-password.test.ts).
          SWITCHYARD_DATABASE_URL: 'postgres://stand-in@127.0.0.1:1/none',
        },
      },
    );
    const line = stdout.split('\n').find((entry) => entry.startsWith('STAND_IN_RESULT '));
    if (line === undefined) throw new Error(`no result from the driver:\n${stdout}`);
    result = JSON.parse(line.slice('STAND_IN_RESULT '.length));
  }, 60_000);

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
    await rm(outdir, { recursive: true, force: true });
  });

  it('registers every declared channel and starts the hosted server', () => {
    const origin = `http://127.0.0.1:${port}`;
    expect(result.channels).toEqual(Object.keys(IPC_INVOKE_CHANNELS).sort());
    expect(result.status).toMatchObject({ state: 'running', url: origin, restarts: 0 });
    expect(result.log).toEqual(
      expect.arrayContaining([
        'utilityProcess.fork Switchyard server',
        'loadURL data:',
        `loadURL ${origin}/`,
      ]),
    );
    expect(result.logs).toEqual(
      expect.arrayContaining([
        'stdout: fake server starting in healthy mode',
        `host: server is healthy at ${origin}`,
      ]),
    );
  });

  it('passes the network settings to the server as environment', () => {
    expect(result.serverEnv).toMatchObject({
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_LOOPBACK_ONLY: 'true',
      NODE_ENV: 'production',
      BASE_URI_PATH: '',
    });
    expect(result.serverEnv).not.toHaveProperty('SDK_HOST');
    expect((result.serverEnv as Record<string, string>).DATA_DIR).toMatch(/user-data[/\\]server$/);
  });

  it('validates IPC and keeps secrets out of reach', () => {
    expect(result.foreignSender).toMatchObject({ ok: false, error: { name: 'ForbiddenSenderError' } });
    expect(result.badPayload).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
    expect(result.openExternal).toEqual({ ok: true, value: { opened: false } });
    if (process.platform === 'linux') {
      expect(result.secretsSet).toMatchObject({ ok: false, error: { name: 'KeychainUnavailableError' } });
    }
    expect(result.signerFilter).toEqual({ urls: [`http://127.0.0.1:${port}/*`] });
  });

  it('allows and signs a registered remote profile origin, saved without secrets', () => {
    const origins = [{ profile: 'remote-a', origin: 'https://flags.example.com' }];
    expect(result.registerOrigin).toEqual({ ok: true, value: { reloadRequired: true, origins } });
    expect(result.signerFilterAfterRegister).toEqual({
      urls: [`http://127.0.0.1:${port}/*`, 'https://flags.example.com/*'],
    });
    expect((result.cspAfterRegister as string[])[0]).toContain(
      "connect-src 'self' https://flags.example.com;",
    );
    expect(result.profileOriginsFile).toEqual({ version: 1, origins });
  });

  it('hardens the window and locks navigation', () => {
    expect(result.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    expect((result.webPreferences as { preload: string }).preload).toMatch(/preload\.cjs$/);
    expect(result.navigationPrevented).toBe(true);
    expect(result.windowOpen).toEqual({ action: 'deny' });
    expect(result.log).toContain('openExternal https://docs.getunleash.io/');
    expect((result.csp as string[])[0]).toMatch(/^default-src 'none'; script-src 'self';/);
  });

  it('shows status and SDK URL in the tray and offers the server menu', () => {
    const sdkUrl = `http://127.0.0.1:${port}/api`;
    expect(result.tooltip).toBe(`Switchyard: Server running\nSDK URL: ${sdkUrl}`);
    expect(result.trayLabels).toEqual([
      'Server running',
      `Copy SDK URL ${sdkUrl}`,
      'separator',
      'Open Console',
      'Restart Server',
      'separator',
      'Quit Switchyard',
    ]);
    expect(result.appMenuLabels).toContain('Server');
    expect(result.network).toMatchObject({ restartRequired: false, addresses: [{ url: sdkUrl }] });
  });

  it('stops the server before letting the app quit', () => {
    expect(result.statusAfterQuit).toBe('stopped');
    const log = result.log as string[];
    expect(log.indexOf('app.quit')).toBeLessThan(log.indexOf('quit went ahead'));
    expect(log.filter((entry) => entry === 'app.quit')).toHaveLength(2);
  });
});
