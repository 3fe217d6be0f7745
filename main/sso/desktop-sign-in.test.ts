import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSecretStore } from '../secrets/fake-secret-store';
import { createBrowserSignInHandler } from './browser-sign-in-handler';
import { desktopStartUrl, pkcePair, signInWithBrowser, storedSsoSession } from './desktop-sign-in';
import { restoreSsoSessions, ssoSessionCookie } from './sso-session-cookie';

/** A stand-in server: /auth/desktop/token accepts the code "good" once. */
let serverUrl = '';
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const { code, codeVerifier } = JSON.parse(body || '{}') as { code?: string; codeVerifier?: string };
    if (request.url === '/auth/desktop/token' && code === 'good' && codeVerifier?.length === 43) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ token: 'session-token', expiresAt: '2099-01-01T00:00:00.000Z' }));
    } else {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{"name":"UnauthorizedError"}');
    }
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A browser that lands on the loopback URL with `code` (as the server would redirect it). */
function browserReturning(code: string, pages: string[], edit?: (url: URL) => void) {
  return async (startUrl: string) => {
    const loopback = new URL(new URL(startUrl).searchParams.get('desktop') ?? '');
    loopback.searchParams.set('code', code);
    edit?.(loopback);
    setImmediate(() => void fetch(loopback).then(async (r) => pages.push(`${r.status} ${await r.text()}`)));
  };
}

describe('browser sign-in over a loopback listener', () => {
  it('builds the start URL with the loopback redirect', () => {
    expect(
      desktopStartUrl('https://flags.example.com/base/', 'saml', 'http://127.0.0.1:5/callback?state=s'),
    ).toBe(
      'https://flags.example.com/base/auth/saml/login?desktop=http%3A%2F%2F127.0.0.1%3A5%2Fcallback%3Fstate%3Ds',
    );
  });

  it('makes an RFC 7636 S256 pair and puts the challenge in the start URL', () => {
    const { verifier, challenge } = pkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(
      new URL(desktopStartUrl('http://x', 'oidc', 'http://127.0.0.1:1/callback', challenge)).searchParams.get(
        'desktopChallenge',
      ),
    ).toBe(challenge);
  });

  it('exchanges the code, keeps the session in the keychain and shows the closing page', async () => {
    const secrets = new FakeSecretStore();
    const pages: string[] = [];
    const session = await signInWithBrowser({
      serverUrl,
      method: 'oidc',
      profile: 'local',
      openExternal: browserReturning('good', pages),
      secrets,
    });
    expect(session).toEqual({ token: 'session-token', expiresAt: '2099-01-01T00:00:00.000Z' });
    expect(JSON.parse((await secrets.get('local', 'sso-session')) ?? '')).toEqual(session);
    await expect.poll(() => pages[0]).toMatch(/^200 .*You can close this tab/s);
  });

  it('fails with a safe error and a failure page when the server refuses the code', async () => {
    const secrets = new FakeSecretStore();
    const pages: string[] = [];
    await expect(
      signInWithBrowser({
        serverUrl,
        method: 'saml',
        profile: 'local',
        openExternal: browserReturning('spent', pages),
        secrets,
      }),
    ).rejects.toMatchObject({ name: 'SignInError', message: expect.stringContaining('HTTP 401') });
    await expect.poll(() => pages[0]).toMatch(/^502 .*could not finish signing in/s);
    expect(await secrets.list('local')).toEqual([]);
  });

  it('answers 404 off the callback path and keeps waiting; stops on abort and when the browser cannot open', async () => {
    const pages: string[] = [];
    const controller = new AbortController();
    const pending = signInWithBrowser({
      serverUrl,
      method: 'oidc',
      profile: 'local',
      openExternal: browserReturning('good', pages, (url) => {
        url.pathname = '/elsewhere';
      }),
      secrets: new FakeSecretStore(),
      signal: controller.signal,
    });
    await expect.poll(() => pages[0]).toMatch(/^404 /);
    controller.abort();
    await expect(pending).rejects.toMatchObject({
      name: 'SignInError',
      message: 'Signing in was cancelled.',
    });

    await expect(
      signInWithBrowser({
        serverUrl,
        method: 'oidc',
        profile: 'local',
        openExternal: async () => {
          throw new Error('no browser at /usr/bin/xdg-open');
        },
        secrets: new FakeSecretStore(),
      }),
    ).rejects.toMatchObject({ name: 'SignInError', message: expect.not.stringContaining('xdg-open') });
  });

  it('cancels a waiting sign-in when the console starts another, and refuses unknown profiles', async () => {
    const opened: string[] = [];
    const handler = createBrowserSignInHandler({
      serverUrlOf: (profile) => (profile === 'local' ? serverUrl : undefined),
      openExternal: async (url) => void opened.push(url),
      secrets: new FakeSecretStore(),
      cookies: { set: async () => {} },
      timeoutMs: 1_500,
    });
    const first = handler({ profile: 'local', method: 'oidc' });
    await expect.poll(() => opened.length).toBe(1);
    const second = handler({ profile: 'local', method: 'oidc' });
    await expect(first).rejects.toMatchObject({ message: 'Signing in was cancelled.' });
    await expect(handler({ profile: 'remote', method: 'oidc' })).rejects.toMatchObject({
      name: 'ValidationError',
      field: 'profile',
    });
    const third = handler({ profile: 'local', method: 'saml' });
    await expect(second).rejects.toMatchObject({ message: 'Signing in was cancelled.' });
    await expect(third).rejects.toMatchObject({ message: expect.stringContaining('took too long') });
  });
});

describe('stored single sign-on sessions', () => {
  it('puts unexpired sessions back as session cookies and drops expired or unreadable ones', async () => {
    const secrets = new FakeSecretStore();
    await secrets.set(
      'local',
      'sso-session',
      JSON.stringify({ token: 't1', expiresAt: '2099-01-01T00:00:00Z' }),
    );
    await secrets.set(
      'old',
      'sso-session',
      JSON.stringify({ token: 't2', expiresAt: '2001-01-01T00:00:00Z' }),
    );
    await secrets.set('junk', 'sso-session', 'not json');
    const set: unknown[] = [];
    const restored = await restoreSsoSessions(secrets, { set: async (details) => void set.push(details) }, [
      { profile: 'local', serverUrl: 'http://127.0.0.1:4242' },
      { profile: 'old', serverUrl: 'https://old.example.com' },
      { profile: 'junk', serverUrl: 'https://junk.example.com' },
      { profile: 'none', serverUrl: 'https://none.example.com' },
    ]);
    expect(restored).toBe(1);
    expect(set).toEqual([
      {
        url: 'http://127.0.0.1:4242/',
        name: 'unleash-session',
        value: 't1',
        path: '/',
        httpOnly: true,
        secure: false,
        sameSite: 'lax',
      },
    ]);
    expect(await secrets.list('old')).toEqual([]);
    expect(await secrets.list('junk')).toEqual([]);
    expect(await storedSsoSession(secrets, 'local')).toEqual({
      token: 't1',
      expiresAt: '2099-01-01T00:00:00Z',
    });
  });

  it('scopes the cookie to the base path and marks it secure on https', () => {
    expect(
      ssoSessionCookie('https://flags.example.com/unleash', { token: 't', expiresAt: 'x' }),
    ).toMatchObject({
      path: '/unleash',
      secure: true,
    });
  });
});
