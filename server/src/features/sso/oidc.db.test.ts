import { createHash } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eventsOfType } from '../../../../tests/helpers/identity';
import { signInAtIdp, startTestIdp } from '../../../../tests/helpers/oidc-idp';
import { createTestApp } from '../../../../tests/helpers/test-app';

const PUBLIC_URL = 'http://127.0.0.1:4999';
const CALLBACK = `${PUBLIC_URL}/auth/oidc/callback`;

describe('OpenID Connect sign-in against a real provider on loopback', async () => {
  const idp = await startTestIdp({
    redirectUris: [CALLBACK],
    postLogoutRedirectUris: [`${PUBLIC_URL}/signed-out`],
  });
  const t = await createTestApp({ publicUrl: PUBLIC_URL, loginRateLimitPerMinute: 1000 });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });
  beforeEach(() => {
    idp.tamper = 'none';
  });

  const settings = (overrides: Record<string, unknown> = {}) =>
    t.request('POST', '/api/admin/auth/oidc/settings', {
      enabled: true,
      discoverUrl: `${idp.issuer}/.well-known/openid-configuration`,
      clientId: idp.clientId,
      secret: idp.clientSecret,
      autoCreate: true,
      defaultRootRole: 'Editor',
      emailDomains: 'example.com',
      enableGroupSyncing: true,
      groupJsonPath: 'groups',
      addGroupsScope: true,
      enableSingleSignOut: true,
      ...overrides,
    });

  /** The whole browser round trip: our login → provider pages → our callback. */
  async function signIn(login: string) {
    const start = await t.app.inject({ method: 'GET', url: '/auth/oidc/login?redirect=/projects' });
    expect(start.statusCode).toBe(302);
    const pending = start.cookies.find((c) => c.name === 'switchyard-sso');
    expect(pending?.httpOnly).toBe(true);
    const back = await signInAtIdp(start.headers.location as string, login, CALLBACK);
    return t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: { 'switchyard-sso': pending?.value ?? '' },
    });
  }
  const sessionOf = (response: Awaited<ReturnType<typeof signIn>>) =>
    response.cookies.find((c) => c.name === 'unleash-session' && c.value)?.value;

  it('keeps the client secret write-only and sealed; lists OIDC in the 401 options', async () => {
    const saved = await settings();
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      enabled: true,
      clientId: 'switchyard',
      secret: '********',
      defaultRootRoleId: 2,
    });
    const row = await t.db
      .selectFrom('settings')
      .select('content')
      .where('name', '=', 'unleash.enterprise.auth.oidc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row.content)).not.toContain(idp.clientSecret);
    expect((await t.request('GET', '/api/admin/auth/oidc/settings')).json().secret).toBe('********');
    // Saving again with the mask keeps the stored secret.
    expect((await settings({ secret: '********' })).statusCode).toBe(200);
    const [event] = await eventsOfType(t, 'setting-updated');
    expect(JSON.stringify(event?.data)).not.toContain(idp.clientSecret);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().options).toEqual([
      { type: 'oidc', message: 'Sign in with OpenID Connect', path: '/auth/oidc/login' },
    ]);
  });

  it('refuses to enable without a client id (400) and without a key names SECRETS_ENCRYPTION_KEY', async () => {
    const missing = await settings({ clientId: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().name).toBe('BadDataError');
    const keyless = await createTestApp({ secretsKey: null });
    try {
      const refused = await keyless.request('POST', '/api/admin/auth/oidc/settings', {
        enabled: false,
        secret: 'x',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('SECRETS_ENCRYPTION_KEY');
    } finally {
      await keyless.close();
    }
  });

  it('signs in through the provider, auto-creates the user with the default role, and syncs groups', async () => {
    const group = await t.request('POST', '/api/admin/groups', {
      name: 'Platform',
      mappingsSSO: ['platform-team'],
    });
    expect(group.statusCode).toBe(201);
    idp.accounts.set('alice', { email: 'Alice@Example.com', name: 'Alice', groups: ['platform-team'] });
    const done = await signIn('alice');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/projects');
    const session = sessionOf(done);
    expect(session).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { 'unleash-session': session ?? '' },
    });
    expect(me.json().user).toMatchObject({ email: 'alice@example.com', name: 'Alice', rootRole: 2 });
    const members = await t.request('GET', `/api/admin/groups/${group.json().id}`);
    expect(members.json().users.map((u: { user: { email: string } }) => u.user.email)).toEqual([
      'alice@example.com',
    ]);

    // The provider drops the group: the next sign-in removes the membership.
    idp.accounts.set('alice', { email: 'alice@example.com', name: 'Alice', groups: [] });
    const again = await signIn('alice');
    expect(sessionOf(again)).toBeTruthy();
    expect((await t.request('GET', `/api/admin/groups/${group.json().id}`)).json().users).toEqual([]);
    expect((await eventsOfType(t, 'group-user-removed')).length).toBe(1);
  });

  it('refuses an e-mail domain outside the allow-list, and unknown users when auto-create is off', async () => {
    idp.accounts.set('mallory', { email: 'mallory@elsewhere.org' });
    const refused = await signIn('mallory');
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toMatch(/^\/login\?errorMsg=.*domain/);
    expect(sessionOf(refused)).toBeUndefined();

    await settings({ autoCreate: false });
    idp.accounts.set('bob', { email: 'bob@example.com' });
    const unknown = await signIn('bob');
    expect(decodeURIComponent(unknown.headers.location as string)).toContain('automatic creation is off');
    expect(sessionOf(unknown)).toBeUndefined();
    await settings();
  });

  it('refuses an ID token with a forged signature and an expired one', async () => {
    idp.accounts.set('carol', { email: 'carol@example.com' });
    idp.tamper = 'signature';
    const forged = await signIn('carol');
    expect(decodeURIComponent(forged.headers.location as string)).toContain('could not be verified');
    expect(sessionOf(forged)).toBeUndefined();
    idp.tamper = 'expired';
    const expired = await signIn('carol');
    expect(decodeURIComponent(expired.headers.location as string)).toContain('could not be verified');
    expect(sessionOf(expired)).toBeUndefined();
    const users = await t.db
      .selectFrom('users')
      .select('email')
      .where('email', '=', 'carol@example.com')
      .execute();
    expect(users).toEqual([]);
  });

  it('follows a key rotation at the provider: one refused sign-in, then the new key is fetched', async () => {
    // Settings that differ from the earlier tests' start a discovery of this test's own, so the JWKS
    // is fetched by the first sign-in below, moments before the rotation (not minutes ago).
    expect((await settings({ idTokenSigningAlgorithm: 'RS256' })).statusCode).toBe(200);
    idp.accounts.set('rita', { email: 'rita@example.com' });
    expect(sessionOf(await signIn('rita'))).toBeTruthy();
    // The provider now signs with a key our cached JWKS (fetched by that sign-in) does not hold.
    await idp.rotateKey();
    const during = await signIn('rita');
    expect(decodeURIComponent(during.headers.location as string)).toContain('could not be verified');
    expect(sessionOf(during)).toBeUndefined();
    // Not a minute later, as openid-client alone would need: the very next sign-in works.
    expect(sessionOf(await signIn('rita'))).toBeTruthy();
    // The forged-signature check still holds under the new key.
    idp.tamper = 'signature';
    expect(sessionOf(await signIn('rita'))).toBeUndefined();
  });

  it('uses a pending login once: a replayed callback is refused', async () => {
    idp.accounts.set('dave', { email: 'dave@example.com' });
    const start = await t.app.inject({ method: 'GET', url: '/auth/oidc/login' });
    const pending = start.cookies.find((c) => c.name === 'switchyard-sso')?.value ?? '';
    const back = await signInAtIdp(start.headers.location as string, 'dave', CALLBACK);
    const url = `${back.pathname}${back.search}`;
    const first = await t.app.inject({ method: 'GET', url, cookies: { 'switchyard-sso': pending } });
    expect(sessionOf(first)).toBeTruthy();
    const replay = await t.app.inject({ method: 'GET', url, cookies: { 'switchyard-sso': pending } });
    expect(decodeURIComponent(replay.headers.location as string)).toContain('expired or was already used');
  });

  it('logs out at the provider too when single sign-out is on', async () => {
    idp.accounts.set('erin', { email: 'erin@example.com' });
    const session = sessionOf(await signIn('erin')) ?? '';
    const out = await t.app.inject({
      method: 'POST',
      url: '/logout',
      cookies: { 'unleash-session': session },
    });
    expect(out.statusCode).toBe(302);
    const location = new URL(out.headers.location as string);
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('id_token_hint')).toBeTruthy();
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/signed-out`);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { 'unleash-session': session },
    });
    expect(me.statusCode).toBe(401);
  });

  it('hands the desktop app a one-time code on its loopback URL, exchanged once for a session', async () => {
    idp.accounts.set('frank', { email: 'frank@example.com' });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/auth/oidc/login?desktop=https://evil.example/cb',
    });
    expect(refused.statusCode).toBe(400);
    // Without a PKCE challenge the code could be redeemed by anyone who sees the redirect.
    const unbound = await t.app.inject({
      method: 'GET',
      url: '/auth/oidc/login?desktop=http://127.0.0.1:53123/callback',
    });
    expect(unbound.statusCode).toBe(400);
    expect(unbound.json()).toMatchObject({ name: 'BadDataError', details: [{ path: 'desktopChallenge' }] });
    const verifier = 'f'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const start = await t.app.inject({
      method: 'GET',
      url: `/auth/oidc/login?desktop=http://127.0.0.1:53123/callback&desktopChallenge=${challenge}`,
    });
    const pending = start.cookies.find((c) => c.name === 'switchyard-sso')?.value ?? '';
    const back = await signInAtIdp(start.headers.location as string, 'frank', CALLBACK);
    const done = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: { 'switchyard-sso': pending },
    });
    const loopback = new URL(done.headers.location as string);
    expect(loopback.origin).toBe('http://127.0.0.1:53123');
    const code = loopback.searchParams.get('code') ?? '';
    const exchange = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/desktop/token',
        payload: { code, codeVerifier: verifier },
        headers: { 'content-type': 'application/json' },
      });
    const first = await exchange();
    expect(first.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { 'unleash-session': first.json().token },
    });
    expect(me.json().user.email).toBe('frank@example.com');
    expect((await exchange()).statusCode).toBe(401);
    // The desktop session signs out at the provider like a browser's (single sign-out).
    const out = await t.app.inject({
      method: 'POST',
      url: '/logout',
      cookies: { 'unleash-session': first.json().token },
    });
    expect(out.statusCode).toBe(302);
    const location = new URL(out.headers.location as string);
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('id_token_hint')).toBeTruthy();
  });

  it('binds a desktop code to the PKCE challenge it was started with (RFC 7636 S256)', async () => {
    idp.accounts.set('gina', { email: 'gina@example.com' });
    const verifier = 'v'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const codeFor = async () => {
      const start = await t.app.inject({
        method: 'GET',
        url: `/auth/oidc/login?desktop=${encodeURIComponent('http://127.0.0.1:53124/callback')}&desktopChallenge=${challenge}`,
      });
      const pending = start.cookies.find((c) => c.name === 'switchyard-sso')?.value ?? '';
      const back = await signInAtIdp(start.headers.location as string, 'gina', CALLBACK);
      const done = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        cookies: { 'switchyard-sso': pending },
      });
      return new URL(done.headers.location as string).searchParams.get('code') ?? '';
    };
    const exchange = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/desktop/token',
        payload,
        headers: { 'content-type': 'application/json' },
      });
    expect((await exchange({ code: await codeFor(), codeVerifier: 'w'.repeat(43) })).statusCode).toBe(401);
    expect((await exchange({ code: await codeFor() })).statusCode).toBe(401);
    expect((await exchange({ code: await codeFor(), codeVerifier: verifier })).statusCode).toBe(200);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/auth/oidc/login?desktop=http://127.0.0.1:1/c&desktopChallenge=short',
    });
    expect(malformed.statusCode).toBe(400);
  });
});
