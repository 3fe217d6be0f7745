import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { selfSignedCertificate, startTestSamlIdp } from '../../../../tests/helpers/saml-idp';
import { createTestApp } from '../../../../tests/helpers/test-app';

const PUBLIC_URL = 'http://127.0.0.1:4998';

describe('SAML 2.0 sign-in against an identity provider on loopback', async () => {
  const idp = await startTestSamlIdp();
  const t = await createTestApp({ publicUrl: PUBLIC_URL, loginRateLimitPerMinute: 1000 });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });
  beforeEach(() => {
    idp.next = { email: 'someone@example.com' };
  });

  const configure = (overrides: Record<string, unknown> = {}) =>
    t.request('POST', '/api/admin/auth/saml/settings', {
      enabled: true,
      entityId: idp.entityId,
      signOnUrl: idp.ssoUrl,
      certificate: idp.certificate,
      autoCreate: true,
      defaultRootRole: 'Viewer',
      emailDomains: 'example.com',
      enableGroupSyncing: true,
      groupJsonPath: 'groups',
      ...overrides,
    });

  /** SP login → IdP answer → the browser posts the form to our ACS. */
  async function signIn(redirect = '/projects') {
    const start = await t.app.inject({
      method: 'GET',
      url: `/auth/saml/login?redirect=${encodeURIComponent(redirect)}`,
    });
    expect(start.statusCode).toBe(302);
    const form = await idp.answer(start.headers.location as string);
    expect(form.action).toBe(`${PUBLIC_URL}/auth/saml/callback`);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/saml/callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          SAMLResponse: form.SAMLResponse,
          RelayState: form.RelayState,
        }).toString(),
      });
    return { response: await post(), post };
  }
  /** The SP's answer to an IdP-initiated LogoutRequest: back to the IdP with a successful LogoutResponse. */
  function expectSuccessfulLogoutResponse(
    answered: { statusCode: number; headers: Record<string, unknown> },
    inResponseTo: string,
    relayState: string,
  ) {
    expect(answered.statusCode).toBe(302);
    const back = new URL(answered.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(idp.sloUrl);
    expect(back.searchParams.get('RelayState')).toBe(relayState);
    const response = inflateRawSync(
      Buffer.from(back.searchParams.get('SAMLResponse') ?? '', 'base64'),
    ).toString();
    expect(response).toContain(`InResponseTo="${inResponseTo}"`);
    expect(response).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');
  }
  const sessionOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((c) => c.name === 'unleash-session' && c.value)?.value;
  const refusal = (response: { headers: Record<string, unknown> }) =>
    decodeURIComponent(String(response.headers.location ?? ''));

  it('stores the settings as Unleash names them and publishes SP metadata', async () => {
    const saved = await configure();
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, entityId: idp.entityId, defaultRootRoleId: 3 });
    expect((await t.request('GET', '/api/admin/auth/saml/settings')).json().signOnUrl).toBe(idp.ssoUrl);
    expect((await configure({ signOnUrl: '' })).statusCode).toBe(400);
    const metadata = await t.app.inject({ method: 'GET', url: '/auth/saml/metadata' });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(metadata.body).toContain(`entityID="${PUBLIC_URL}"`);
    expect(metadata.body).toContain(`Location="${PUBLIC_URL}/auth/saml/callback"`);
  });

  it('signs in with a signed assertion, auto-creates the user and syncs groups', async () => {
    const group = await t.request('POST', '/api/admin/groups', { name: 'Ops', mappingsSSO: ['ops'] });
    idp.next = { email: 'grace@example.com', groups: ['ops'] };
    const { response } = await signIn();
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/projects');
    const session = sessionOf(response) ?? '';
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { 'unleash-session': session },
    });
    expect(me.json().user).toMatchObject({ email: 'grace@example.com', rootRole: 3 });
    const members = (await t.request('GET', `/api/admin/groups/${group.json().id}`)).json().users;
    expect(members.map((m: { user: { email: string } }) => m.user.email)).toEqual(['grace@example.com']);
  });

  it('refuses an assertion signed with another key', async () => {
    idp.next = { email: 'heidi@example.com', signWith: 'stranger' };
    const { response } = await signIn();
    expect(refusal(response)).toContain('could not be verified');
    expect(sessionOf(response)).toBeUndefined();
  });

  it('refuses an expired assertion and one for another audience', async () => {
    idp.next = { email: 'ivan@example.com', expired: true };
    const expired = await signIn();
    expect(refusal(expired.response)).toContain('could not be verified');
    idp.next = { email: 'ivan@example.com', audience: 'https://someone-else.example' };
    const elsewhere = await signIn();
    expect(refusal(elsewhere.response)).toContain('could not be verified');
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ivan@example.com')
      .execute();
    expect(users).toEqual([]);
  });

  it('refuses a replayed answer and a known assertion id in a new answer', async () => {
    idp.next = { email: 'judy@example.com', assertionId: '_fixed-assertion-id' };
    const first = await signIn();
    expect(sessionOf(first.response)).toBeTruthy();
    const replay = await first.post();
    expect(refusal(replay)).toContain('could not be verified');
    expect(sessionOf(replay)).toBeUndefined();
    // A fresh request answered with the same assertion id (a captured assertion re-wrapped).
    const again = await signIn();
    expect(refusal(again.response)).toContain('could not be verified');
  });

  it('refuses a domain outside the allow-list and leaves the 401 listing SAML', async () => {
    idp.next = { email: 'ken@elsewhere.org' };
    const { response } = await signIn();
    expect(refusal(response)).toContain('domain');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/user' });
    expect(anonymous.json().options).toContainEqual({
      type: 'saml',
      message: 'Sign in with SAML 2.0',
      path: '/auth/saml/login',
    });
  });

  it('hands the desktop app a PKCE-bound one-time code on its loopback URL (RFC 8252)', async () => {
    const verifier = 'd'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    idp.next = { email: 'desk@example.com' };
    const loopback = 'http://127.0.0.1:53125/callback?state=abc';
    const start = await t.app.inject({
      method: 'GET',
      url: `/auth/saml/login?desktop=${encodeURIComponent(loopback)}&desktopChallenge=${challenge}`,
    });
    const form = await idp.answer(start.headers.location as string);
    const done = await t.app.inject({
      method: 'POST',
      url: '/auth/saml/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        SAMLResponse: form.SAMLResponse,
        RelayState: form.RelayState,
      }).toString(),
    });
    expect(sessionOf(done)).toBeUndefined();
    const target = new URL(done.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('http://127.0.0.1:53125/callback');
    expect(target.searchParams.get('state')).toBe('abc');
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/auth/desktop/token',
      headers: { 'content-type': 'application/json' },
      payload: { code: target.searchParams.get('code'), codeVerifier: verifier },
    });
    expect(exchange.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { 'unleash-session': exchange.json().token },
    });
    expect(me.json().user.email).toBe('desk@example.com');
  });

  describe('SP signing key and single logout', () => {
    const spKey = selfSignedCertificate('switchyard-sp');
    const stranger = selfSignedCertificate('not-the-sp');
    const certBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    afterAll(() => {
      idp.spCertificate = undefined;
    });

    it('keeps the SP private key write-only and sealed, and refuses a key that is not the certificate’s', async () => {
      const mismatch = await configure({ spCertificate: stranger.cert, spPrivateKey: spKey.key });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().details[0]).toMatchObject({ path: 'spPrivateKey' });
      expect((await configure({ spPrivateKey: spKey.key })).statusCode).toBe(400);
      expect((await configure({ spCertificate: spKey.cert, spPrivateKey: 'not a key' })).statusCode).toBe(
        400,
      );

      const saved = await configure({ spCertificate: spKey.cert, spPrivateKey: spKey.key });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().spPrivateKey).toBe('********');
      expect((await t.request('GET', '/api/admin/auth/saml/settings')).json().spPrivateKey).toBe('********');
      const row = await t.db
        .selectFrom('settings')
        .select('content')
        .where('name', '=', 'unleash.enterprise.auth.saml')
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row.content)).not.toContain(certBody(spKey.key).slice(0, 40));
      const events = await t.db
        .selectFrom('events')
        .select('data')
        .where('type', '=', 'setting-updated')
        .execute();
      expect(JSON.stringify(events)).not.toContain(certBody(spKey.key).slice(0, 40));
      // Sending the mask back keeps the key.
      expect((await configure({ spCertificate: spKey.cert, spPrivateKey: '********' })).statusCode).toBe(200);
    });

    it('publishes the signing certificate and signs AuthnRequests the IdP verifies', async () => {
      const metadata = await t.app.inject({ method: 'GET', url: '/auth/saml/metadata' });
      expect(metadata.body).toContain('AuthnRequestsSigned="true"');
      expect(metadata.body).toMatch(/<KeyDescriptor use="signing">/);
      expect(metadata.body.replace(/\s+/g, '')).toContain(certBody(spKey.cert));
      expect(metadata.body).toContain(`Location="${PUBLIC_URL}/auth/saml/logout"`);

      const start = await t.app.inject({ method: 'GET', url: '/auth/saml/login' });
      const location = new URL(start.headers.location as string);
      expect(location.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
      expect(location.searchParams.get('Signature')).toBeTruthy();

      idp.spCertificate = spKey.cert;
      idp.next = { email: 'mia@example.com' };
      expect(sessionOf((await signIn()).response)).toBeTruthy();
      // The IdP checks for real: against another certificate the same kind of request is refused.
      idp.spCertificate = stranger.cert;
      const refusedStart = await t.app.inject({ method: 'GET', url: '/auth/saml/login' });
      expect((await fetch(refusedStart.headers.location as string)).status).toBe(403);
      idp.spCertificate = spKey.cert;
    });

    it('logs out at the IdP with a signed LogoutRequest naming the session, and takes its LogoutResponse', async () => {
      idp.spLogoutUrl = `${PUBLIC_URL}/auth/saml/logout`;
      expect(
        (await configure({ signOutUrl: idp.sloUrl, spCertificate: spKey.cert, spPrivateKey: '********' }))
          .statusCode,
      ).toBe(200);
      idp.next = { email: 'lou@example.com' };
      const session = sessionOf((await signIn()).response) ?? '';
      const out = await t.app.inject({
        method: 'POST',
        url: '/logout',
        cookies: { 'unleash-session': session },
      });
      expect(out.statusCode).toBe(302);
      const toIdp = out.headers.location as string;
      expect(toIdp.startsWith(`${idp.sloUrl}?SAMLRequest=`)).toBe(true);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/admin/user',
        cookies: { 'unleash-session': session },
      });
      expect(me.statusCode).toBe(401);

      const atIdp = await fetch(toIdp, { redirect: 'manual' });
      expect(atIdp.status).toBe(302);
      expect(idp.logoutRequests.at(-1)).toEqual({
        nameId: 'lou@example.com',
        sessionIndex: idp.sessionIndexes.get('lou@example.com'),
        issuer: PUBLIC_URL,
        signed: true,
        signatureValid: true,
      });
      const back = new URL(atIdp.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/auth/saml/logout`);
      const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe('/signed-out');
      // The LogoutResponse answers one request: played again, it is not taken.
      const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      expect(refusal(replay)).toContain('did not confirm');
      const garbage = await t.app.inject({ method: 'GET', url: '/auth/saml/logout?SAMLResponse=bm90LXhtbA' });
      expect(refusal(garbage)).toContain('did not confirm');
    });

    it('a desktop session gets single logout too; a desktop RelayState without a valid challenge is refused', async () => {
      const verifier = 'e'.repeat(43);
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const loopback = 'http://127.0.0.1:53126/callback';
      const desktopAnswer = async (email: string, relay?: (relayState: string) => string) => {
        idp.next = { email };
        const start = await t.app.inject({
          method: 'GET',
          url: `/auth/saml/login?desktop=${encodeURIComponent(loopback)}&desktopChallenge=${challenge}`,
        });
        const form = await idp.answer(start.headers.location as string);
        return t.app.inject({
          method: 'POST',
          url: '/auth/saml/callback',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            SAMLResponse: form.SAMLResponse,
            RelayState: relay ? relay(form.RelayState) : form.RelayState,
          }).toString(),
        });
      };
      const done = await desktopAnswer('desk-out@example.com');
      const code = new URL(done.headers.location as string).searchParams.get('code');
      const exchange = await t.app.inject({
        method: 'POST',
        url: '/auth/desktop/token',
        headers: { 'content-type': 'application/json' },
        payload: { code, codeVerifier: verifier },
      });
      expect(exchange.statusCode).toBe(200);
      const out = await t.app.inject({
        method: 'POST',
        url: '/logout',
        cookies: { 'unleash-session': exchange.json().token },
      });
      expect((out.headers.location as string).startsWith(`${idp.sloUrl}?SAMLRequest=`)).toBe(true);

      const withoutChallenge = (relayState: string) => {
        const { c: _dropped, ...rest } = JSON.parse(relayState) as Record<string, string>;
        return JSON.stringify(rest);
      };
      const unbound = await desktopAnswer('desk-unbound@example.com', withoutChallenge);
      expect(refusal(unbound)).toContain('PKCE');
      const unboundStart = await t.app.inject({
        method: 'GET',
        url: `/auth/saml/login?desktop=${encodeURIComponent(loopback)}`,
      });
      expect(unboundStart.statusCode).toBe(400);
      expect(unboundStart.json().details[0]).toMatchObject({ path: 'desktopChallenge' });
    });

    it('takes the LogoutResponse on the HTTP-POST binding its metadata publishes', async () => {
      idp.postLogoutResponse = true;
      try {
        idp.next = { email: 'posty@example.com' };
        const session = sessionOf((await signIn()).response) ?? '';
        const out = await t.app.inject({
          method: 'POST',
          url: '/logout',
          cookies: { 'unleash-session': session },
        });
        const form = await (await fetch(out.headers.location as string)).text();
        const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(form)?.[1] ?? '';
        const post = (body: Record<string, string>) =>
          t.app.inject({
            method: 'POST',
            url: '/auth/saml/logout',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(body).toString(),
          });
        const done = await post({ SAMLResponse: samlResponse });
        expect(done.statusCode).toBe(303);
        expect(done.headers.location).toBe('/signed-out');
        // Once only, and a forged (unsigned) one is not taken.
        expect(refusal(await post({ SAMLResponse: samlResponse }))).toContain('did not confirm');
        const unsigned = Buffer.from(
          Buffer.from(samlResponse, 'base64')
            .toString('utf8')
            .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, ''),
        ).toString('base64');
        expect(refusal(await post({ SAMLResponse: unsigned }))).toContain('did not confirm');
        const empty = await post({ RelayState: 'x' });
        expect(empty.statusCode).toBe(400);
        expect(empty.json()).toMatchObject({ name: 'BadDataError' });
      } finally {
        idp.postLogoutResponse = false;
      }
    });

    it('IdP-initiated single logout ends the user’s sessions and answers a LogoutResponse', async () => {
      idp.next = { email: 'ida@example.com' };
      const session = sessionOf((await signIn()).response) ?? '';
      const me = () =>
        t.app.inject({ method: 'GET', url: '/api/admin/user', cookies: { 'unleash-session': session } });
      expect((await me()).statusCode).toBe(200);
      const post = (body: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/saml/logout',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(body).toString(),
        });
      // Unsigned, or sent as an unsigned redirect: refused with a 400 and nothing ended.
      const unsigned = await post({ SAMLRequest: idp.logoutRequest('ida@example.com', { signed: false }) });
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json()).toMatchObject({ name: 'BadDataError' });
      const redirectUnsigned = await t.app.inject({
        method: 'GET',
        url: `/auth/saml/logout?SAMLRequest=${encodeURIComponent(deflateRawSync('<samlp:LogoutRequest/>').toString('base64'))}`,
      });
      expect(redirectUnsigned.statusCode).toBe(400);
      expect((await me()).statusCode).toBe(200);

      const signed = idp.logoutRequest('ida@example.com', { id: '_idp-logout-1' });
      const answered = await post({ SAMLRequest: signed, RelayState: 'idp-state' });
      expectSuccessfulLogoutResponse(answered, '_idp-logout-1', 'idp-state');
      expect((await me()).statusCode).toBe(401);
      // Taken once.
      expect((await post({ SAMLRequest: signed })).statusCode).toBe(400);
    });

    it('IdP-initiated single logout on the HTTP-Redirect binding: a signed query ends the sessions, a tampered one does not', async () => {
      idp.next = { email: 'ira@example.com' };
      const session = sessionOf((await signIn()).response) ?? '';
      const me = () =>
        t.app.inject({ method: 'GET', url: '/api/admin/user', cookies: { 'unleash-session': session } });
      expect((await me()).statusCode).toBe(200);
      const get = (query: string) => t.app.inject({ method: 'GET', url: `/auth/saml/logout?${query}` });

      // The signature covers RelayState: changing it after signing is refused, and nothing ends.
      const query = idp.logoutRedirectQuery('ira@example.com', {
        id: '_idp-redirect-1',
        relayState: 'idp-state',
      });
      const tampered = await get(query.replace('RelayState=idp-state', 'RelayState=other-state'));
      expect(tampered.statusCode).toBe(400);
      expect(tampered.json()).toMatchObject({ name: 'BadDataError' });
      expect((await me()).statusCode).toBe(200);

      const answered = await get(query);
      expectSuccessfulLogoutResponse(answered, '_idp-redirect-1', 'idp-state');
      expect((await me()).statusCode).toBe(401);
      // Taken once.
      expect((await get(query)).statusCode).toBe(400);
    });

    it('without an SP key, sends an unsigned LogoutRequest', async () => {
      idp.spCertificate = undefined;
      expect(
        (await configure({ signOutUrl: idp.sloUrl, spCertificate: '', spPrivateKey: '' })).json(),
      ).not.toHaveProperty('spPrivateKey');
      const metadata = await t.app.inject({ method: 'GET', url: '/auth/saml/metadata' });
      expect(metadata.body).not.toContain('use="signing"');
      idp.next = { email: 'noor@example.com' };
      const session = sessionOf((await signIn()).response) ?? '';
      const out = await t.app.inject({
        method: 'POST',
        url: '/logout',
        cookies: { 'unleash-session': session },
      });
      expect(new URL(out.headers.location as string).searchParams.get('Signature')).toBeNull();
      await fetch(out.headers.location as string, { redirect: 'manual' });
      expect(idp.logoutRequests.at(-1)).toMatchObject({ nameId: 'noor@example.com', signed: false });
    });
  });
});
