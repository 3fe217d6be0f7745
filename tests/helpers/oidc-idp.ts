import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`, a certified implementation) on 127.0.0.1 for tests,
 * with its development login pages (any login name signs in as that account). `tamper` makes its
 * token endpoint hand out a broken ID token: a forged signature, or an expired token correctly
 * signed, to prove the relying party refuses both.
 */
export interface TestAccount {
  email?: string;
  name?: string;
  groups?: string[];
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  tamper: 'none' | 'signature' | 'expired';
  /** Signs with a new key from now on and publishes only that key, as a provider rotating its keys. */
  rotateKey(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestIdp(options: {
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}): Promise<TestIdp> {
  const newSigningKey = async (kid: string) => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    return { privateKey, kid, jwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' } };
  };
  let signingKey = await newSigningKey('test-key');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();
  const clientId = 'switchyard';
  const clientSecret = 'a-test-client-secret-of-some-length';

  const makeProvider = () => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: options.redirectUris,
          post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [signingKey.jwk] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
      scopes: ['openid', 'email', 'profile', 'groups'],
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
      cookies: { keys: ['test-cookie-key'] },
      findAccount: async (_ctx, id) => ({
        accountId: id,
        claims: async () => ({ sub: id, email_verified: true, ...accounts.get(id) }),
      }),
    });
    // Koa middleware of the provider: rewrites the ID token of a token answer on demand.
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.path !== '/token' || idp.tamper === 'none') return;
      const body = ctx.body as { id_token?: string } | undefined;
      if (!body?.id_token) return;
      if (idp.tamper === 'signature') {
        const [header, , signature] = body.id_token.split('.') as [string, string, string];
        const claims = { ...decodeJwt(body.id_token), email: 'intruder@example.com' };
        const forged = Buffer.from(JSON.stringify(claims)).toString('base64url');
        body.id_token = `${header}.${forged}.${signature}`;
      } else {
        const claims = decodeJwt(body.id_token);
        const past = Math.floor(Date.now() / 1000) - 3600;
        body.id_token = await new SignJWT({ ...claims, iat: past - 60, exp: past })
          .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid })
          .sign(signingKey.privateKey);
      }
    });
    return provider.callback();
  };

  let handle = makeProvider();
  let rotations = 0;
  const idp: TestIdp = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamper: 'none',
    async rotateKey() {
      rotations += 1;
      signingKey = await newSigningKey(`test-key-${rotations}`);
      handle = makeProvider();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  server.on('request', (request, response) => handle(request, response));
  return idp;
}

/** A tiny cookie jar for driving the provider's pages over HTTP (paths are not told apart). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = (pair ?? '').indexOf('=');
      if (eq < 0) continue;
      const name = (pair as string).slice(0, eq).trim();
      const value = (pair as string).slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs in at the provider as `login` through its real login and consent pages, starting at its
 * authorization URL, and returns the redirect back to the relying party (with code and state).
 */
export async function signInAtIdp(
  authorizationUrl: string,
  login: string,
  callbackPrefix: string,
): Promise<URL> {
  const jar = new CookieJar();
  let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = {
    url: authorizationUrl,
    method: 'GET',
  };
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(next.body ? { body: next.body } : {}),
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url);
      if (target.href.startsWith(callbackPrefix)) return target;
      next = { url: target.href, method: 'GET' };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`Unexpected provider page (${response.status}): ${html.slice(0, 300)}`);
    const body = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      body.set('login', login);
      body.set('password', 'any');
    }
    next = { url: new URL(action.replace(/&amp;/g, '&'), next.url).href, method: 'POST', body };
  }
  throw new Error('Too many steps at the provider');
}
