import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CookiesSetDetails } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeSecretStore } from '../secrets/fake-secret-store';
import type { ConsoleSessionLike } from './console-session';
import { wireConsoleSession } from './console-session';

type HeadersListener = Parameters<ConsoleSessionLike['webRequest']['onHeadersReceived']>[0];
type SendListener = Parameters<ConsoleSessionLike['webRequest']['onBeforeSendHeaders']>[1];

/** A session that records what was installed on it, as Electron's would hold it. */
function fakeSession() {
  const installed = {
    headers: null as HeadersListener | null,
    send: null as SendListener | null,
    sendUrls: [] as string[],
    permissionGranted: true,
    cookies: [] as CookiesSetDetails[],
  };
  const session: ConsoleSessionLike = {
    webRequest: {
      // Electron's overloads take (listener) or (filter, listener); the CSP installs the first.
      onHeadersReceived: ((listener: HeadersListener) => {
        installed.headers = listener;
      }) as ConsoleSessionLike['webRequest']['onHeadersReceived'],
      onBeforeSendHeaders: (filter, listener) => {
        installed.sendUrls = filter.urls;
        installed.send = listener;
      },
    },
    setPermissionRequestHandler: (handler) =>
      handler(null, 'notifications', (granted) => {
        installed.permissionGranted = granted;
      }),
    setPermissionCheckHandler: () => {},
    cookies: {
      set: async (details) => {
        installed.cookies.push(details);
      },
    },
  };
  return { session, installed };
}

/** The CSP the session answers a page with now. */
function cspOf(installed: ReturnType<typeof fakeSession>['installed']): string {
  let csp = '';
  installed.headers?.({ responseHeaders: {} } as never, (response) => {
    csp = response.responseHeaders?.['Content-Security-Policy']?.[0] ?? '';
  });
  return csp;
}

describe('wireConsoleSession', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'switchyard-console-session-'));
    file = path.join(dir, 'server-profiles.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const wire = async (session: ConsoleSessionLike) =>
    wireConsoleSession(session, {
      profileOriginsFile: file,
      appOrigin: 'http://127.0.0.1:4242',
      serverUrl: 'http://127.0.0.1:4242',
      localProfile: 'local',
      secrets: new FakeSecretStore(),
      log: () => {},
    });

  it('re-applies saved remote profiles: signed, reachable through the CSP, resolvable by profile', async () => {
    await writeFile(
      file,
      JSON.stringify({ version: 1, origins: [{ profile: 'prod', origin: 'https://flags.example.com' }] }),
    );
    const { session, installed } = fakeSession();
    const wiring = await wire(session);
    expect(installed.sendUrls).toEqual(['http://127.0.0.1:4242/*', 'https://flags.example.com/*']);
    expect(cspOf(installed)).toContain("connect-src 'self' https://flags.example.com");
    expect(installed.permissionGranted).toBe(false);
    expect(wiring.serverUrlOf('local')).toBe('http://127.0.0.1:4242');
    expect(wiring.serverUrlOf('prod')).toBe('https://flags.example.com');
    expect(wiring.serverUrlOf('other')).toBeUndefined();
  });

  it('widens the CSP and the signer when the console registers a profile, and saves it', async () => {
    const { session, installed } = fakeSession();
    const wiring = await wire(session);
    expect(cspOf(installed)).not.toContain('https://staging.example.com');
    await wiring.profileOrigins.register('staging', 'https://staging.example.com');
    expect(cspOf(installed)).toContain('https://staging.example.com');
    expect(installed.sendUrls).toContain('https://staging.example.com/*');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      origins: [{ profile: 'staging', origin: 'https://staging.example.com' }],
    });
  });
});
