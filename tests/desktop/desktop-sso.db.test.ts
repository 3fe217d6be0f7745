import type { CookiesSetDetails } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSecretStore } from '../../main/secrets/fake-secret-store';
import { createBrowserSignInHandler } from '../../main/sso/browser-sign-in-handler';
import { storedSsoSession } from '../../main/sso/desktop-sign-in';
import { freePort } from '../../main/test-support/free-port';
import { CookieJar, signInAtIdp, startTestIdp, type TestIdp } from '../helpers/oidc-idp';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The desktop app's browser sign-in (RFC 8252) end to end over real HTTP: main's loopback module,
 * the real server listening on 127.0.0.1, and a real OpenID provider. The "system browser" is an
 * HTTP client with a cookie jar that follows every redirect: server start URL → provider's login
 * and consent pages → server callback → the app's loopback listener, whose page it reads.
 */

let idp: TestIdp;
let t: TestApp;
let serverUrl = '';
let callback = '';

beforeAll(async () => {
  const port = await freePort();
  serverUrl = `http://127.0.0.1:${port}`;
  callback = `${serverUrl}/auth/oidc/callback`;
  idp = await startTestIdp({ redirectUris: [callback] });
  t = await createTestApp({ publicUrl: serverUrl, loginRateLimitPerMinute: 1000 });
  await t.app.listen({ host: '127.0.0.1', port });
  const saved = await t.request('POST', '/api/admin/auth/oidc/settings', {
    enabled: true,
    discoverUrl: `${idp.issuer}/.well-known/openid-configuration`,
    clientId: idp.clientId,
    secret: idp.clientSecret,
    autoCreate: true,
    defaultRootRole: 'Editor',
    emailDomains: 'example.com',
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

interface BrowserVisit {
  loopbackUrl: URL;
  status: number;
  page: string;
}

/** A system browser that signs in as `login` at the provider and lands on the app's loopback page. */
function fakeBrowser(login: string, visits: BrowserVisit[], tamper?: (loopback: URL) => URL | Promise<URL>) {
  return async (startUrl: string) => {
    const jar = new CookieJar();
    const start = await fetch(startUrl, { redirect: 'manual' });
    jar.take(start);
    expect(start.status).toBe(302);
    const back = await signInAtIdp(start.headers.get('location') ?? '', login, callback);
    const done = await fetch(back.href, { redirect: 'manual', headers: { cookie: jar.header() } });
    expect(done.status).toBe(302);
    let loopbackUrl = new URL(done.headers.get('location') ?? '');
    if (tamper) loopbackUrl = await tamper(loopbackUrl);
    // Like a browser tab: the loopback page loads after openExternal has returned.
    setImmediate(() => {
      void fetch(loopbackUrl).then(async (response) => {
        visits.push({ loopbackUrl, status: response.status, page: await response.text() });
      });
    });
  };
}

describe('desktop sign-in through the system browser (RFC 8252 loopback)', () => {
  it('signs in at the provider, stores the session in the keychain and hands it to the console as a cookie', async () => {
    idp.accounts.set('dana', { email: 'dana@example.com', name: 'Dana' });
    const secrets = new FakeSecretStore();
    const cookies: CookiesSetDetails[] = [];
    const visits: BrowserVisit[] = [];
    const opened: string[] = [];
    const browser = fakeBrowser('dana', visits);
    let signedIn = '';
    const handler = createBrowserSignInHandler({
      serverUrlOf: (profile) => (profile === 'local' ? serverUrl : undefined),
      openExternal: async (url) => {
        opened.push(url);
        await browser(url);
      },
      secrets,
      cookies: { set: async (details) => void cookies.push(details) },
      onSignedIn: (profile) => {
        signedIn = profile;
      },
      timeoutMs: 20_000,
    });

    const result = await handler({ profile: 'local', method: 'oidc' });
    expect(result.signedIn).toBe(true);
    expect(Date.parse(result.expiresAt)).toBeGreaterThan(Date.now());
    expect(signedIn).toBe('local');

    // The browser was sent to the server's start path with a loopback redirect carrying a state.
    const start = new URL(opened[0] ?? '');
    expect(`${start.origin}${start.pathname}`).toBe(`${serverUrl}/auth/oidc/login`);
    const desktop = new URL(start.searchParams.get('desktop') ?? '');
    expect(desktop.hostname).toBe('127.0.0.1');
    expect(desktop.searchParams.get('state')?.length).toBeGreaterThanOrEqual(43);
    expect(start.searchParams.get('desktopChallenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The tab shows the closing page; the listener is gone afterwards (one-shot).
    await expect.poll(() => visits.length).toBe(1);
    expect(visits[0]?.status).toBe(200);
    expect(visits[0]?.page).toContain('You can close this tab');
    await expect(fetch(`${desktop.origin}/callback`)).rejects.toThrow();

    // Keychain holds the session; the console's cookie jar got the server's session cookie.
    const stored = await storedSsoSession(secrets, 'local');
    expect(stored?.expiresAt).toBe(result.expiresAt);
    expect(cookies).toEqual([
      expect.objectContaining({
        url: `${serverUrl}/`,
        name: 'unleash-session',
        value: stored?.token,
        httpOnly: true,
      }),
    ]);
    expect(cookies[0]).not.toHaveProperty('expirationDate');
    const me = await fetch(`${serverUrl}/api/admin/user`, {
      headers: { cookie: `unleash-session=${stored?.token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe('dana@example.com');

    // The one-time code was spent: exchanging it again is refused (even with some verifier).
    const code = visits[0]?.loopbackUrl.searchParams.get('code') ?? '';
    const replay = await fetch(`${serverUrl}/auth/desktop/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, codeVerifier: 'x'.repeat(43) }),
    });
    expect(replay.status).toBe(401);
  });

  it('refuses a code caught on the loopback by another process: without the PKCE verifier it is worthless', async () => {
    idp.accounts.set('finn', { email: 'finn@example.com' });
    const visits: BrowserVisit[] = [];
    let caught = '';
    // Another local process got to the code first (e.g. it squatted the port or read the browser
    // history) and tries to redeem it without or with a guessed verifier.
    const exchange = (body: object) =>
      fetch(`${serverUrl}/auth/desktop/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // The thief redeems before the browser tab reaches the app's loopback (awaited here, so the
    // order does not depend on timing).
    let thiefStatus = 0;
    const browser = fakeBrowser('finn', visits, async (loopback) => {
      caught = loopback.searchParams.get('code') ?? '';
      thiefStatus = (await exchange({ code: caught })).status;
      return loopback;
    });
    const secrets = new FakeSecretStore();
    const handler = createBrowserSignInHandler({
      serverUrlOf: () => serverUrl,
      openExternal: async (url) => {
        await browser(url);
        expect(thiefStatus).toBe(401);
      },
      secrets,
      cookies: { set: async () => {} },
      timeoutMs: 20_000,
    });
    // The thief's attempt used the code up: the app's own exchange is refused too, and nothing is stored.
    await expect(handler({ profile: 'local', method: 'oidc' })).rejects.toMatchObject({
      name: 'SignInError',
    });
    await expect.poll(() => visits[0]?.status).toBe(502);
    expect(await secrets.list('local')).toEqual([]);
    const sessions = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'finn@example.com')
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it('ignores a callback with the wrong state, then times out cleanly without storing anything', async () => {
    idp.accounts.set('eve', { email: 'eve@example.com' });
    const secrets = new FakeSecretStore();
    const visits: BrowserVisit[] = [];
    const browser = fakeBrowser('eve', visits, (loopback) => {
      const forged = new URL(loopback);
      forged.searchParams.set('state', 'not-the-state');
      return forged;
    });
    let loopbackOrigin = '';
    const handler = createBrowserSignInHandler({
      serverUrlOf: () => serverUrl,
      openExternal: async (url) => {
        loopbackOrigin = new URL(new URL(url).searchParams.get('desktop') ?? '').origin;
        await browser(url);
      },
      secrets,
      cookies: { set: async () => {} },
      timeoutMs: 3_000,
    });
    await expect(handler({ profile: 'local', method: 'oidc' })).rejects.toMatchObject({
      name: 'SignInError',
      message: expect.stringContaining('took too long'),
    });
    expect(visits[0]?.status).toBe(400);
    expect(await secrets.list('local')).toEqual([]);
    await expect(fetch(`${loopbackOrigin}/callback`)).rejects.toThrow();
  });
});
