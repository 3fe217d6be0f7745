import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, hasChromium, type SignedInPage, screenshot, signInWithPassword } from './support';

/**
 * Issue 33: the console shows each role what it may do. One server; a browser context per role
 * (Viewer, Editor, project Owner, a custom root + project role, Admin) visits the navigation, the
 * users screen, a project, a flag and a change request: hidden, disabled (with its reason) or
 * offered, and no enabled control the server would answer with 403.
 */
const ADMIN = { username: 'perm-admin', password: 'Permissions-e2e-1' };
const TOKEN = '*:*.switchyard-e2e-permissions-admin-token';
const P = '/api/admin/projects/shop';
const PASSWORD = 'Permissions-e2e-2';

interface Role {
  name: string;
  username: string;
  users: boolean;
  deleteProject: boolean;
  toggle: boolean;
  approve: boolean;
}
const ROLES: Role[] = [
  { name: 'Viewer', username: 'vic', users: false, deleteProject: false, toggle: false, approve: false },
  { name: 'Editor', username: 'eddie', users: false, deleteProject: false, toggle: false, approve: false },
  { name: 'Owner', username: 'olga', users: false, deleteProject: true, toggle: true, approve: false },
  { name: 'Custom', username: 'cora', users: false, deleteProject: false, toggle: false, approve: true },
  { name: 'Admin', username: ADMIN.username, users: true, deleteProject: true, toggle: true, approve: true },
];

describe.skipIf(!hasChromium)('the console by permission', () => {
  const suite = e2eSuite('permissions', ADMIN, { INIT_ADMIN_API_TOKENS: TOKEN });
  const ids = new Map<string, number>();
  let requestId = 0;

  async function api<T>(method: string, route: string, body?: unknown, cookie?: string): Promise<T> {
    const response = await fetch(`${suite.url}${route}`, {
      method,
      headers: { ...(cookie ? { cookie } : { authorization: TOKEN }), 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status >= 400)
      throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json().catch(() => undefined)) as T;
  }

  beforeAll(async () => {
    await api('POST', '/api/admin/projects', { id: 'shop', name: 'Shop' });
    await api('POST', `${P}/features`, { name: 'checkout' });
    await api('PUT', `${P}/environments/production/change-requests/config`, {
      changeRequestsEnabled: true,
      requiredApprovals: 1,
    });
    // Unleash answers a created role as { version, roles: role }.
    const { roles: custom } = await api<{ roles: { id: number } }>('POST', '/api/admin/roles', {
      name: 'Approver',
      type: 'custom',
      permissions: [{ name: 'APPROVE_CHANGE_REQUEST', environment: 'production' }],
    });
    const { roles: segmenter } = await api<{ roles: { id: number } }>('POST', '/api/admin/roles', {
      name: 'Segmenter',
      type: 'root-custom',
      permissions: [{ name: 'CREATE_SEGMENT' }],
    });
    // A custom root role is named by its id, the built-in ones by name.
    const rootRole: Record<string, string | number> = {
      Viewer: 'Viewer',
      Editor: 'Editor',
      Owner: 'Viewer',
      Custom: segmenter.id,
    };
    for (const role of ROLES.filter((candidate) => candidate.name !== 'Admin')) {
      const user = await api<{ id: number }>('POST', '/api/admin/user-admin', {
        username: role.username,
        password: PASSWORD,
        rootRole: rootRole[role.name],
        sendEmail: false,
      });
      ids.set(role.name, user.id);
    }
    await api('POST', `${P}/access`, { roles: [4], groups: [], users: [ids.get('Owner')] });
    await api('POST', `${P}/access`, { roles: [custom.id], groups: [], users: [ids.get('Custom')] });
    // The admin's change request, waiting for review in production.
    const login = await fetch(`${suite.url}/auth/simple/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const draft = await api<{ id: number }>(
      'POST',
      `${P}/environments/production/change-requests`,
      { feature: 'checkout', action: 'updateEnabled', payload: { enabled: true } },
      cookie,
    );
    requestId = draft.id;
    await api('PUT', `${P}/change-requests/${requestId}/state`, { state: 'In review' }, cookie);
  }, 120_000);

  async function visit(
    role: Role,
    options: { width?: number; dark?: boolean } = {},
  ): Promise<SignedInPage & { denied: string[] }> {
    const context = await suite.browser.newContext({
      viewport: { width: options.width ?? 1360, height: 1000 },
      colorScheme: options.dark ? 'dark' : 'light',
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    const denied: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() === 403) denied.push(`${response.request().method()} ${response.url()}`);
    });
    await page.goto(`${suite.url}/login`);
    await signInWithPassword(
      page,
      role.username,
      role.username === ADMIN.username ? ADMIN.password : PASSWORD,
    );
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
    return { context, page, errors, denied, api: async () => undefined as never };
  }

  const disabled = async (page: Page, name: string, scope = page.locator('body')) =>
    (await scope.getByRole('button', { name, exact: true }).first().getAttribute('aria-disabled')) === 'true';

  it('shows each role what it may do, and nothing that would be refused', async () => {
    const reviewers = await api<{ reviewers: { id: number }[] }>(
      'GET',
      `${P}/change-requests/available-reviewers/production`,
    );
    const reviewerIds = reviewers.reviewers.map((reviewer) => reviewer.id);
    expect(reviewerIds).toContain(ids.get('Custom'));
    for (const name of ['Viewer', 'Editor', 'Owner']) expect(reviewerIds).not.toContain(ids.get(name));

    for (const role of ROLES) {
      const { context, page, errors, denied } = await visit(role);
      const nav = page.getByRole('navigation', { name: 'Console areas' });
      await page.goto(`${suite.url}/admin/users`);
      // Either answer needs the grants: the navigation below is then final.
      if (role.users) await page.getByRole('button', { name: 'New user' }).waitFor();
      else await page.getByText('Not available to you').waitFor();
      await nav.getByRole('link', { name: 'Projects' }).waitFor();
      expect({
        role: role.name,
        users: await nav.getByRole('link', { name: 'Users', exact: true }).count(),
      }).toEqual({
        role: role.name,
        users: role.users ? 1 : 0,
      });

      await page.goto(`${suite.url}/projects/shop`);
      await page.getByRole('button', { name: 'Project status' }).waitFor({ timeout: 15_000 });
      expect({ role: role.name, deletable: !(await disabled(page, 'Delete')) }).toEqual({
        role: role.name,
        deletable: role.deleteProject,
      });

      await page.goto(`${suite.url}/projects/shop/features/checkout`);
      const development = page.getByTestId('environment-development');
      await development.waitFor({ timeout: 15_000 });
      await expect
        .poll(async () => (await development.locator('[data-disabled-reason]').count()) === 0, {
          timeout: 10_000,
        })
        .toBe(role.toggle);
      if (!role.toggle) {
        const wrapper = development.locator('span[data-disabled-reason]').first();
        expect(await wrapper.getAttribute('data-disabled-reason')).toContain('UPDATE_FEATURE_ENVIRONMENT');
        expect(await disabled(page, 'Add strategy', development)).toBe(true);
      }

      await page.goto(`${suite.url}/projects/shop/change-requests/${requestId}`);
      const approve = page.getByRole('button', { name: 'Approve', exact: true });
      await approve.waitFor({ timeout: 15_000 });
      await expect
        .poll(async () => (await approve.getAttribute('aria-disabled')) !== 'true', { timeout: 10_000 })
        .toBe(role.approve);
      expect(await page.getByRole('button', { name: 'Cancel request' }).count()).toBe(
        role.name === 'Admin' ? 1 : 0,
      );

      if (role.name === 'Viewer') {
        await screenshot(page, '90-permissions-viewer-change-request');
      }
      expect({ role: role.name, denied, errors }).toEqual({ role: role.name, denied: [], errors: [] });
      await context.close();
    }
  }, 120_000);

  it('reads well for a Viewer at 360 px in dark mode', async () => {
    const viewer = ROLES[0] as Role;
    const { context, page } = await visit(viewer, { width: 360, dark: true });
    for (const [path, name, ready] of [
      ['/projects/shop', 'project', 'Project status'],
      ['/projects/shop/features/checkout', 'flag', 'Archive'],
      ['/admin/groups', 'groups', null],
    ] as const) {
      await page.goto(`${suite.url}${path}`);
      if (ready) await page.getByRole('button', { name: ready }).first().waitFor({ timeout: 15_000 });
      else await page.waitForTimeout(1500);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `91-permissions-viewer-${name}-360-dark`);
    }
    await context.close();
  }, 60_000);
});
