import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../contract';
import { buildGrants, callerHas, permissionDenied } from '../features/access';
import type { Caller } from '../lib/caller';
import { registerAuthGuard, WRONG_TOKEN_TYPE } from './auth-guard';
import { registerErrorHandling } from './error-handler';

// The guard with fake credential lookups: every decision it makes, without a database.
const token = (type: 'admin' | 'client' | 'frontend'): Caller => ({
  kind: 'api-token',
  tokenId: 1,
  tokenName: type,
  userId: type === 'admin' ? -42 : null,
  scope: {
    type,
    tokenName: type,
    projects: ['*'],
    allProjects: true,
    environment: type === 'admin' ? '*' : 'development',
  },
});
const user = (
  id: number,
  rows: Parameters<typeof buildGrants>[0],
  via: 'session' | 'pat' = 'session',
): Caller => ({
  kind: 'user',
  id,
  username: `user${id}`,
  name: null,
  email: null,
  isService: false,
  via,
  grants: buildGrants(rows),
});

const callers: Record<string, Caller> = {
  'admin-token': token('admin'),
  'client-token': token('client'),
  'frontend-token': token('frontend'),
  'user:viewer': user(3, [], 'pat'),
  'user:owner-p1': user(
    4,
    [
      { project: 'p1', permission: 'CREATE_FEATURE', environment: '' },
      { project: 'p1', permission: 'UPDATE_FEATURE', environment: '' },
      { project: 'p1', permission: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'development' },
    ],
    'pat',
  ),
};
const sessions: Record<string, Caller> = {
  viewer: user(3, []),
  editor: user(2, [{ project: null, permission: 'READ_CLIENT_API_TOKEN', environment: '' }]),
};

async function buildGuardedApp(): Promise<{ app: FastifyInstance; readyCalls: () => number }> {
  const app = Fastify();
  registerErrorHandling(app, '');
  let readyCalls = 0;
  await registerAuthGuard(app, {
    baseUriPath: '',
    ready: async () => {
      readyCalls++;
    },
    fromAuthorization: async (secret) => callers[secret] ?? null,
    fromSession: async (id) => sessions[id] ?? null,
    allows: callerHas,
    denied: permissionDenied,
    projectOfFeature: async (name) => (name === 'f-in-p1' ? 'p1' : undefined),
    hiddenProjects: async () => new Set(),
    signInMethods: async () => [
      { type: 'password', path: '/auth/simple/login', message: 'Password', defaultHidden: true },
      { type: 'oidc', path: '/auth/oidc/login', message: 'Sign in with OIDC' },
    ],
  });
  const route = (url: string, permission: Permission | Permission[]) =>
    app.get(
      url,
      { config: { permission }, schema: { response: { 200: Type.Object({ kind: Type.String() }) } } },
      async (request) => ({
        kind: request.caller.kind,
      }),
    );
  route('/public', 'NONE');
  route('/api/admin/any', 'AUTHENTICATED');
  route('/api/admin/me', 'USER');
  route('/api/admin/admin-only', 'ADMIN');
  route('/api/admin/tokens', ['READ_CLIENT_API_TOKEN', 'READ_FRONTEND_API_TOKEN']);
  route('/api/admin/projects/:projectId/features', 'CREATE_FEATURE');
  route('/api/admin/features/:featureName', 'UPDATE_FEATURE');
  route('/api/admin/projects/:projectId/environments/:environment/on', 'UPDATE_FEATURE_ENVIRONMENT');
  route('/api/client/features', 'CLIENT');
  route('/api/client/register', 'AUTHENTICATED');
  route('/api/frontend', 'FRONTEND');
  await app.ready();
  return { app, readyCalls: () => readyCalls };
}

describe('auth guard', async () => {
  const { app, readyCalls } = await buildGuardedApp();
  afterAll(() => app.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('lets anyone through a NONE route without looking at credentials', async () => {
    const response = await get('/public', { authorization: 'garbage' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kind: 'anonymous' });
    expect(readyCalls()).toBe(0);
  });

  it('answers 401 AuthenticationRequired, pointing at the login, when the admin API gets no credentials', async () => {
    const response = await get('/api/admin/any');
    expect(response.statusCode).toBe(401);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'AuthenticationRequired',
      path: '/auth/simple/login',
      type: 'password',
      defaultHidden: true,
      // The other sign-in methods, as Unleash lists them for its sign-in screen.
      options: [{ type: 'oidc', path: '/auth/oidc/login', message: 'Sign in with OIDC' }],
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.details).toEqual([{ message: body.message }]);
  });

  it('answers 401 UnauthorizedError for unknown credentials', async () => {
    expect((await get('/api/admin/any', { authorization: 'nope' })).json().name).toBe('UnauthorizedError');
    expect((await get('/api/admin/any', { cookie: 'unleash-session=nope' })).statusCode).toBe(401);
  });

  it('accepts the token with or without Bearer, in any letter case', async () => {
    for (const authorization of ['admin-token', 'Bearer admin-token', 'bearer   admin-token']) {
      const response = await get('/api/admin/admin-only', { authorization });
      expect(response.statusCode, authorization).toBe(200);
      expect(response.json()).toEqual({ kind: 'api-token' });
    }
  });

  it('refuses SDK tokens on the admin API with 403 and the wrong-type message', async () => {
    for (const authorization of ['client-token', 'frontend-token']) {
      const response = await get('/api/admin/any', { authorization });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ name: 'ForbiddenError', message: WRONG_TOKEN_TYPE });
    }
  });

  it('serves the client API to client tokens only', async () => {
    expect((await get('/api/client/features', { authorization: 'client-token' })).statusCode).toBe(200);
    for (const authorization of ['admin-token', 'frontend-token', 'user:viewer']) {
      const response = await get('/api/client/features', { authorization });
      expect(response.statusCode, authorization).toBe(403);
      expect(response.json().message).toBe(WRONG_TOKEN_TYPE);
    }
    expect((await get('/api/client/features')).json()).toMatchObject({ name: 'AuthenticationRequired' });
    expect((await get('/api/client/features', { authorization: 'nope' })).statusCode).toBe(401);
    // A session does not count on the SDK APIs.
    expect((await get('/api/client/features', { cookie: 'unleash-session=viewer' })).statusCode).toBe(401);
  });

  it('treats every guarded route under /api/client as the client surface', async () => {
    expect((await get('/api/client/register', { authorization: 'client-token' })).statusCode).toBe(200);
    expect((await get('/api/client/register', { authorization: 'admin-token' })).statusCode).toBe(403);
  });

  it('serves the frontend API to frontend tokens only', async () => {
    expect((await get('/api/frontend', { authorization: 'frontend-token' })).statusCode).toBe(200);
    expect((await get('/api/frontend', { authorization: 'client-token' })).statusCode).toBe(403);
    expect((await get('/api/frontend', { authorization: 'admin-token' })).statusCode).toBe(403);
  });

  it('answers a missing permission with 403 PermissionError naming it', async () => {
    const response = await get('/api/admin/admin-only', { cookie: 'unleash-session=viewer' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ name: 'PermissionError', permissions: ['ADMIN'] });
    expect(response.json().message).toContain('"ADMIN"');
  });

  it('accepts any one permission of a list', async () => {
    expect((await get('/api/admin/tokens', { cookie: 'unleash-session=editor' })).statusCode).toBe(200);
    const denied = await get('/api/admin/tokens', { cookie: 'unleash-session=viewer' });
    expect(denied.json().permissions).toEqual(['READ_CLIENT_API_TOKEN', 'READ_FRONTEND_API_TOKEN']);
  });

  it('refuses USER routes to API tokens but lets sessions and PATs through', async () => {
    const byToken = await get('/api/admin/me', { authorization: 'admin-token' });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().name).toBe('ForbiddenError');
    expect((await get('/api/admin/me', { cookie: 'unleash-session=viewer' })).statusCode).toBe(200);
    expect((await get('/api/admin/me', { authorization: 'user:viewer' })).statusCode).toBe(200);
  });

  it('checks project permissions in the :projectId of the route', async () => {
    const owner = { authorization: 'user:owner-p1' };
    expect((await get('/api/admin/projects/p1/features', owner)).statusCode).toBe(200);
    expect((await get('/api/admin/projects/p2/features', owner)).statusCode).toBe(403);
  });

  it('finds the project of a :featureName when the route has no :projectId', async () => {
    const owner = { authorization: 'user:owner-p1' };
    expect((await get('/api/admin/features/f-in-p1', owner)).statusCode).toBe(200);
    // Unknown flags resolve against the default project.
    expect((await get('/api/admin/features/unknown', owner)).statusCode).toBe(403);
  });

  it('checks environment permissions in the :environment of the route', async () => {
    const owner = { authorization: 'user:owner-p1' };
    expect((await get('/api/admin/projects/p1/environments/development/on', owner)).statusCode).toBe(200);
    expect((await get('/api/admin/projects/p1/environments/production/on', owner)).statusCode).toBe(403);
  });

  it('waits for first-start preparation before resolving credentials', () => {
    expect(readyCalls()).toBeGreaterThan(0);
  });

  it('leaves unrouted requests to the 404 handler', async () => {
    expect((await get('/api/admin/nothing-here')).statusCode).toBe(404);
  });
});
