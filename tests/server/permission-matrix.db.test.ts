import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../server/contract';
import { as, createApiToken, createPat, createUser, login } from '../helpers/identity';
import { createTestApp, TEST_ADMIN_TOKEN } from '../helpers/test-app';

/**
 * Every registered /api/admin route × every kind of caller (issue 3). The routes come from the
 * app's own route table, so a route another domain adds later is covered without touching this
 * file; the expectation comes from the route's declared permission and Unleash's built-in role
 * matrix (shared/unleash/API.md §7.2), written out here independently of the server's tables.
 */

const EDITOR_ROOT = new Set<string>([
  'CREATE_ADDON',
  'UPDATE_ADDON',
  'DELETE_ADDON',
  'CREATE_CONTEXT_FIELD',
  'UPDATE_CONTEXT_FIELD',
  'DELETE_CONTEXT_FIELD',
  'CREATE_PROJECT',
  'CREATE_SEGMENT',
  'UPDATE_SEGMENT',
  'DELETE_SEGMENT',
  'CREATE_STRATEGY',
  'UPDATE_STRATEGY',
  'DELETE_STRATEGY',
  'CREATE_TAG_TYPE',
  'UPDATE_TAG_TYPE',
  'DELETE_TAG_TYPE',
  'READ_CLIENT_API_TOKEN',
  'READ_FRONTEND_API_TOKEN',
  'RELEASE_PLAN_TEMPLATE_CREATE',
  'RELEASE_PLAN_TEMPLATE_UPDATE',
  'UPDATE_APPLICATION',
]);
const FLAG_WORK = [
  'CREATE_FEATURE',
  'UPDATE_FEATURE',
  'DELETE_FEATURE',
  'UPDATE_FEATURE_VARIANTS',
  'UPDATE_FEATURE_DEPENDENCY',
  'READ_PROJECT_API_TOKEN',
  'CREATE_PROJECT_API_TOKEN',
  'DELETE_PROJECT_API_TOKEN',
];
/** Whoever may update a project may manage its access, settings and defaults. */
const PROJECT_ADMIN = [
  'PROJECT_USER_ACCESS_READ',
  'PROJECT_USER_ACCESS_WRITE',
  'PROJECT_DEFAULT_STRATEGY_READ',
  'PROJECT_DEFAULT_STRATEGY_WRITE',
  'PROJECT_CHANGE_REQUEST_READ',
  'PROJECT_CHANGE_REQUEST_WRITE',
  'PROJECT_SETTINGS_READ',
  'PROJECT_SETTINGS_WRITE',
];
const ENV_WORK = [
  'CREATE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_STRATEGY',
  'DELETE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_ENVIRONMENT',
  'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
];
/** Editor in the default project, Owner in their project. */
const EDITOR_IN_DEFAULT = new Set<string>([
  ...FLAG_WORK,
  'UPDATE_PROJECT',
  'DELETE_PROJECT',
  'MOVE_FEATURE_TOGGLE',
  ...PROJECT_ADMIN,
  ...ENV_WORK,
]);
const OWNER_IN_PROJECT = new Set<string>([
  ...EDITOR_IN_DEFAULT,
  'UPDATE_PROJECT_SEGMENT',
  'UPDATE_PROJECT_CONTEXT',
  'UPDATE_PROJECT_RELEASE_TEMPLATE',
]);
const CUSTOM_ROOT = [
  'CREATE_SEGMENT',
  'UPDATE_SEGMENT',
  'READ_ROLE',
  'READ_CLIENT_API_TOKEN',
  'CREATE_CONTEXT_FIELD',
];

const OTHER_PROJECT = 'matrix-other';

type CallerName =
  | 'anonymous'
  | 'viewer'
  | 'editor'
  | 'admin'
  | 'custom-root-role'
  | 'owner-of-other-project'
  | 'client-token'
  | 'frontend-token'
  | 'admin-token'
  | 'editor-pat';

type Verdict = 'allowed' | 401 | 403;

/** What a caller holds, per the Unleash role matrix: root permissions, and per project. */
function holds(caller: CallerName, permission: string, project: string): boolean {
  switch (caller) {
    case 'admin':
    case 'admin-token':
      return true;
    case 'editor':
    case 'editor-pat':
      return EDITOR_ROOT.has(permission) || (project === 'default' && EDITOR_IN_DEFAULT.has(permission));
    case 'custom-root-role':
      return CUSTOM_ROOT.includes(permission);
    case 'owner-of-other-project':
      return project === OTHER_PROJECT && OWNER_IN_PROJECT.has(permission);
    default:
      return false;
  }
}

/** Callers that send a session cookie rather than an Authorization header. */
const SESSION_CALLERS: readonly CallerName[] = [
  'viewer',
  'editor',
  'admin',
  'custom-root-role',
  'owner-of-other-project',
];

function expected(
  caller: CallerName,
  declared: Permission | readonly Permission[],
  project: string,
  path: string,
): Verdict {
  const permissions: readonly string[] = typeof declared === 'string' ? [declared] : declared;
  if (permissions.includes('NONE')) return 'allowed';
  if (caller === 'anonymous') return 401;
  // OFREP (issue 17) takes either SDK token: its providers run on servers and in browsers.
  const sdk: readonly CallerName[] | undefined = /^\/ofrep(\/|$)/.test(path)
    ? ['client-token', 'frontend-token']
    : permissions.includes('CLIENT') || /^\/api\/client(\/|$)/.test(path)
      ? ['client-token']
      : permissions.includes('FRONTEND') || /^\/api\/frontend(\/|$)/.test(path)
        ? ['frontend-token']
        : undefined;
  // The SDK APIs read the Authorization header only: a session alone is no credential there.
  if (sdk) return sdk.includes(caller) ? 'allowed' : SESSION_CALLERS.includes(caller) ? 401 : 403;
  if (caller === 'client-token' || caller === 'frontend-token') return 403;
  if (permissions.includes('AUTHENTICATED')) return 'allowed';
  const isUser = caller !== 'admin-token';
  if (permissions.includes('USER') && isUser) return 'allowed';
  return permissions.some((p) => p !== 'USER' && holds(caller, p, project)) ? 'allowed' : 403;
}

/**
 * The guard's error name: Unleash's body carries it at the top; OpenFeature's manifest API answers
 * its own protocol's body (`{error: {message, status, name}}`), which keeps it inside.
 */
function errorName(response: LightMyRequestResponse): unknown {
  const body = response.json();
  return body.name ?? body.error?.name;
}

/** Denials of the guard: 401, or 403 with the guard's error names; anything else got through. */
function verdictOf(response: LightMyRequestResponse): Verdict {
  if (response.statusCode === 401) return 401;
  if (response.statusCode === 403) {
    const name = errorName(response);
    if (name === 'PermissionError' || name === 'ForbiddenError') return 403;
  }
  return 'allowed';
}

describe('permission matrix', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
  afterAll(() => t.close());

  const customRole = await t.request('POST', '/api/admin/roles', {
    name: 'Matrix custom root',
    type: 'root-custom',
    permissions: CUSTOM_ROOT.map((name) => ({ name })),
  });
  await createUser(t, { username: 'm-viewer', rootRole: 'Viewer' });
  await createUser(t, { username: 'm-editor', rootRole: 'Editor' });
  await createUser(t, { username: 'm-admin', rootRole: 'Admin' });
  await createUser(t, { username: 'm-custom', rootRole: customRole.json().roles.id });
  const ownerId = await createUser(t, { username: 'm-owner', rootRole: 'Viewer' });
  // The project of the owner need not exist for the guard; assigned directly so this file
  // depends on no project API.
  await t.db
    .insertInto('role_user')
    .values({ user_id: ownerId, role_id: 4, project: OTHER_PROJECT })
    .execute();
  const editorCookie = await login(t, 'm-editor');

  const headers: Record<CallerName, Record<string, string>> = {
    anonymous: {},
    viewer: { cookie: await login(t, 'm-viewer') },
    editor: { cookie: editorCookie },
    admin: { cookie: await login(t, 'm-admin') },
    'custom-root-role': { cookie: await login(t, 'm-custom') },
    'owner-of-other-project': { cookie: await login(t, 'm-owner') },
    'client-token': {
      authorization: await createApiToken(t, { type: 'client', environment: 'development' }),
    },
    'frontend-token': {
      authorization: await createApiToken(t, { type: 'frontend', environment: 'development' }),
    },
    'admin-token': { authorization: TEST_ADMIN_TOKEN },
    'editor-pat': { authorization: await createPat(t, editorCookie, 'matrix') },
  };
  const callers = Object.keys(headers) as CallerName[];

  const base = t.config.baseUriPath;
  const adminRoutes = t.app.declaredRoutes.filter((route) => route.url.startsWith(`${base}/api/admin/`));
  // A granted stream never ends, which app.inject would wait for: its callers are checked over
  // HTTP in tests/sdk/streaming.sdk.db.test.ts instead.
  const sdkRoutes = t.app.declaredRoutes.filter(
    (route) =>
      /^\/(api\/client|api\/frontend|ofrep)(\/|$)/.test(route.url.slice(base.length)) &&
      route.url.slice(base.length) !== '/api/client/streaming',
  );

  /** A concrete URL: the project under test, a real environment, harmless values elsewhere. */
  const concrete = (url: string, project: string) =>
    url
      .replace(/:projectId\b/g, project)
      .replace(/:environment\b/g, 'development')
      .replace(/:[A-Za-z_]+/g, 'matrix-404')
      .replace(/\*/g, 'matrix-404');

  async function check(route: (typeof adminRoutes)[number], project: string) {
    const url = concrete(route.url, project);
    const mismatches: string[] = [];
    for (const caller of callers) {
      const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: hasBody ? { ...headers[caller], 'content-type': 'application/json' } : headers[caller],
        ...(hasBody ? { payload: '{}' } : {}),
      });
      const want = expected(caller, route.permission, project, route.url.slice(base.length));
      const got = verdictOf(response);
      if (want !== got)
        mismatches.push(
          `${caller}: expected ${want}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
        );
      if (want === 401 && got === 401) expect(errorName(response)).toBe('AuthenticationRequired');
      if (want === 403 && (caller === 'client-token' || caller === 'frontend-token')) {
        const body = response.json();
        expect(body.message ?? body.error?.message).toBe(
          'invalid token: expected a different token type for this endpoint',
        );
      }
    }
    return mismatches;
  }

  it('finds the identity routes and more in the route table', () => {
    const urls = adminRoutes.map((route) => `${route.method} ${route.url.slice(base.length)}`);
    for (const url of [
      'GET /api/admin/user-admin',
      'POST /api/admin/api-tokens',
      'DELETE /api/admin/user/tokens/:id',
      'PUT /api/admin/roles/:roleId',
      'GET /api/admin/projects/:projectId/access',
      'DELETE /api/admin/release-plan-templates/:templateId/milestones/:milestoneId/strategies/:strategyId',
      // Running the instance (issue 19).
      'POST /api/admin/banners/:id/on',
      'POST /api/admin/maintenance',
      'POST /api/admin/splash/:id',
      'GET /api/admin/license/check',
      'POST /api/admin/record-ui-error',
      'GET /api/admin/ui-errors',
      // Issue 19: per-user operations (USER) and the admins' feedback list.
      'GET /api/admin/notifications',
      'POST /api/admin/notifications/read',
      'PUT /api/admin/email-subscription/:subscription',
      'POST /api/admin/feedback',
      'PUT /api/admin/feedback/:id',
      'GET /api/admin/feedback',
      'POST /api/admin/projects/:projectId/features/:featureName/favorites',
      'DELETE /api/admin/projects/:projectId/favorites',
      'GET /api/admin/logins',
      'GET /api/admin/instance-admin/statistics',
      'GET /api/admin/instance-admin/statistics/csv',
      'GET /api/admin/email/preview/html/:template',
      'GET /api/admin/email/preview/text/:template',
      'GET /api/admin/user-admin/inactive',
      'POST /api/admin/user-admin/inactive/delete',
      // Issue 18: signed air-gap bundles and trusted keys (ADMIN).
      'GET /api/admin/bundles/signing-key',
      'POST /api/admin/bundles/export',
      'POST /api/admin/bundles/verify',
      'POST /api/admin/bundles/plan',
      'POST /api/admin/bundles/apply',
      'GET /api/admin/bundles/trusted-keys',
      'POST /api/admin/bundles/trusted-keys',
      'PUT /api/admin/bundles/trusted-keys/:id',
      'DELETE /api/admin/bundles/trusted-keys/:id',
    ]) {
      expect(urls).toContain(url);
    }
    const adminCases =
      adminRoutes.reduce((sum, route) => sum + (route.url.includes(':projectId') ? 2 : 1), 0) *
      callers.length;
    const sdkCases = sdkRoutes.length * callers.length;
    // The size of the matrix, for the record (issue 3 asks for it in the closing note).
    console.info(
      `permission matrix: ${adminRoutes.length} admin routes (those with :projectId twice) and ` +
        `${sdkRoutes.length} SDK routes × ${callers.length} callers = ${adminCases + sdkCases} cases`,
    );
    expect(adminCases).toBeGreaterThanOrEqual(adminRoutes.length * callers.length);
  });

  for (const route of adminRoutes) {
    const projects = route.url.includes(':projectId') ? ['default', OTHER_PROJECT] : ['default'];
    for (const project of projects) {
      const label = `${route.method} ${route.url}${projects.length > 1 ? ` (project ${project})` : ''}`;
      it(label, async () => {
        expect(await check(route, project)).toEqual([]);
      });
    }
  }

  for (const route of sdkRoutes) {
    it(`SDK surface: ${route.method} ${route.url}`, async () => {
      expect(await check(route, 'default')).toEqual([]);
    });
  }

  it('answers as the callers claim to be (the fixtures are what they say)', async () => {
    const me = async (caller: CallerName) => (await as(t, headers[caller])('GET', '/api/admin/user')).json();
    expect((await me('editor-pat')).user.username).toBe('m-editor');
    expect((await me('owner-of-other-project')).permissions).toEqual(
      expect.arrayContaining([{ permission: 'UPDATE_PROJECT', project: OTHER_PROJECT }]),
    );
    expect(
      (await me('custom-root-role')).permissions.map((p: { permission: string }) => p.permission).sort(),
    ).toEqual([...CUSTOM_ROOT].sort());
  });
});
