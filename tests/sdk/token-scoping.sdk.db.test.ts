import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from './node-sdk';
import { addFlag, SDK_TEST_ADMIN_TOKEN, type SdkTestServer, startSdkTestServer } from './sdk-server';

// Token scoping over HTTP (API.md §2.2, §3, §4): the token, not the query, decides what an SDK
// sees; only the right kind of token opens each SDK surface; ETag and freshness of the answer.

const ADMIN_PASSWORD = 'Sdk-Test-Passw0rd!';

interface ClientFeatures {
  features: { name: string; project: string; enabled: boolean }[];
  query: { environment: string; project?: string[] };
}

describe('token scoping on the SDK APIs', () => {
  let s: SdkTestServer;
  let alphaToken: string;
  let allProjectsToken: string;
  let frontendDevelopment: string;
  let pat: string;

  beforeAll(async () => {
    s = await startSdkTestServer({ UNLEASH_DEFAULT_ADMIN_PASSWORD: ADMIN_PASSWORD });
    for (const project of ['alpha', 'beta']) {
      await s.adminOk('POST', '/api/admin/projects', { id: project, name: project }, 201);
      const added = await s.admin('POST', `/api/admin/projects/${project}/environments`, {
        environment: 'development',
      });
      expect([200, 409]).toContain(added.status);
    }
    await addFlag(s, { name: 'alpha.flag', project: 'alpha' });
    await addFlag(s, { name: 'beta.flag', project: 'beta' });
    await addFlag(s, { name: 'default.development', environments: ['development'] });
    await addFlag(s, { name: 'default.production', environments: ['production'] });
    // Enabled in production only for users of the list: a development token must not see it, whatever the context.
    await addFlag(s, {
      name: 'default.production-users',
      environments: ['production'],
      strategies: [{ name: 'userWithId', parameters: { userIds: 'p1' } }],
    });

    alphaToken = await s.createToken({ type: 'client', environment: 'development', projects: ['alpha'] });
    allProjectsToken = await s.createToken({ type: 'client', environment: 'development' });
    frontendDevelopment = await s.createToken({ type: 'frontend', environment: 'development' });

    const login = await s.http('POST', '/auth/simple/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .find((pair) => pair.startsWith('unleash-session='));
    expect(cookie).toBeDefined();
    const created = await s.http<{ secret: string }>('POST', '/api/admin/user/tokens', {
      headers: { cookie: cookie! },
      body: { description: 'sdk test', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(created.status).toBe(201);
    pat = created.body.secret;
  });

  afterAll(async () => {
    await s?.stop();
  });

  const clientFeatures = (token: string | undefined, query = '', headers: Record<string, string> = {}) =>
    s.http<ClientFeatures>('GET', `/api/client/features${query}`, {
      headers: { ...(token ? { authorization: token } : {}), ...headers },
    });

  it("a client token for project alpha never sees beta's flags in the Node SDK", async () => {
    const { unleash } = await startNodeSdk({ url: s.url, token: alphaToken, appName: 'scoping-alpha' });
    try {
      expect(unleash.getFeatureToggleDefinitions().map((definition) => definition.name)).toEqual([
        'alpha.flag',
      ]);
      expect(unleash.isEnabled('alpha.flag')).toBe(true);
      expect(unleash.isEnabled('beta.flag')).toBe(false);
    } finally {
      unleash.destroy();
    }
    // Asking for beta (or for everything) does not widen a project-scoped token.
    for (const query of ['?project=beta', '?project=beta&project=alpha', '?environment=production']) {
      const answer = await clientFeatures(alphaToken, query);
      expect(answer.status).toBe(200);
      expect(answer.body.features.map((feature) => feature.name)).toEqual(['alpha.flag']);
      expect(answer.body.query.environment).toBe('development');
    }
  });

  it('a token for all projects serves all projects, narrowed by the project query', async () => {
    const { unleash } = await startNodeSdk({ url: s.url, token: allProjectsToken, appName: 'scoping-all' });
    try {
      expect(
        unleash
          .getFeatureToggleDefinitions()
          .map((definition) => definition.name)
          .sort(),
      ).toEqual([
        'alpha.flag',
        'beta.flag',
        'default.development',
        'default.production',
        'default.production-users',
      ]);
      expect(unleash.isEnabled('default.development')).toBe(true);
      // Served in its development state: off.
      expect(unleash.isEnabled('default.production')).toBe(false);
    } finally {
      unleash.destroy();
    }
    const narrowed = await clientFeatures(allProjectsToken, '?project=beta');
    expect(narrowed.body.features.map((feature) => feature.name)).toEqual(['beta.flag']);
  });

  it("a frontend token for development never evaluates production's state", async () => {
    const seen = async (query: string) => {
      const answer = await s.http<{ toggles: { name: string }[] }>('GET', `/api/frontend${query}`, {
        headers: { authorization: frontendDevelopment },
      });
      expect(answer.status).toBe(200);
      return answer.body.toggles.map((toggle) => toggle.name).sort();
    };
    expect(await seen('')).toEqual(['alpha.flag', 'beta.flag', 'default.development']);
    // The context's environment is only a context field; the token's environment decides the state.
    expect(await seen('?environment=production&userId=p1')).toEqual([
      'alpha.flag',
      'beta.flag',
      'default.development',
    ]);

    const client = new UnleashClient({
      url: `${s.url}/api/frontend`,
      clientKey: frontendDevelopment,
      appName: 'scoping-frontend',
      environment: 'production',
      context: { userId: 'p1' },
      disableRefresh: true,
      disableMetrics: true,
      storageProvider: new InMemoryStorageProvider(),
      fetch: globalThis.fetch.bind(globalThis),
    });
    try {
      await client.start();
      expect(client.isEnabled('default.development')).toBe(true);
      expect(client.isEnabled('default.production')).toBe(false);
      expect(client.isEnabled('default.production-users')).toBe(false);
    } finally {
      client.stop();
    }
  });

  it('only client tokens open the client API: admin token and PAT 403, none or unknown 401', async () => {
    const forbidden = 'invalid token: expected a different token type for this endpoint';
    for (const token of [SDK_TEST_ADMIN_TOKEN, pat, frontendDevelopment]) {
      const answer = await clientFeatures(token);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ message: forbidden });
    }
    expect((await clientFeatures(`Bearer ${allProjectsToken}`)).status).toBe(200);
    expect((await clientFeatures(undefined)).status).toBe(401);
    expect((await clientFeatures('default:development.not-a-real-token')).status).toBe(401);
    // And the other way round: the frontend API takes only frontend tokens.
    for (const token of [SDK_TEST_ADMIN_TOKEN, pat, allProjectsToken]) {
      const answer = await s.http('GET', '/api/frontend', { headers: { authorization: token } });
      expect(answer.status).toBe(403);
    }
    expect((await s.http('GET', '/api/frontend')).status).toBe(401);
  });

  it('answers 304 to an unchanged ETag, and serves a committed change on the very next request', async () => {
    const first = await clientFeatures(allProjectsToken);
    const etag = first.headers.get('etag');
    // fetch asks for gzip: the compressed variant's tag is the weak form of the identity one.
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    const unchanged = await clientFeatures(allProjectsToken, '', { 'if-none-match': etag! });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    expect((await clientFeatures(allProjectsToken, '', { 'if-none-match': '"something-else"' })).status).toBe(
      200,
    );

    // No sleep between the admin change and the client request.
    await s.adminOk(
      'POST',
      '/api/admin/projects/beta/features/beta.flag/environments/development/off',
      undefined,
      200,
    );
    const changed = await clientFeatures(allProjectsToken, '', { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.features.find((feature) => feature.name === 'beta.flag')?.enabled).toBe(false);

    const frontend = await s.http<{ toggles: { name: string }[] }>('GET', '/api/frontend', {
      headers: { authorization: frontendDevelopment },
    });
    expect(frontend.body.toggles.map((toggle) => toggle.name)).not.toContain('beta.flag');

    // A new flag, created and turned on, is in the next answer too.
    await addFlag(s, { name: 'alpha.new', project: 'alpha' });
    const next = await clientFeatures(alphaToken);
    expect(next.body.features.map((feature) => feature.name).sort()).toEqual(['alpha.flag', 'alpha.new']);
  });
});
