import { beforeAll, describe, expect, it } from 'vitest';
import {
  blockingFindings,
  createFlagThroughApi,
  type E2eSuite,
  e2eSuite,
  hasChromium,
  screenshot,
  signInWithPassword,
  tokenAdminApi,
} from './support';

/**
 * Issue 19 in Debian's Chromium against the real headless server: a reviewer (an admin, who may
 * approve anywhere) watches the shell's bell; another user sends a change request to review, the
 * bell's unread count rises, and its notification opens the change request. Then the reviewer
 * stars a flag in the flag list and finds it under "My favorites" on the home screen.
 */
const REVIEWER = { username: 'bell-reviewer', password: 'Notifications-e2e-1' };
const AUTHOR = { username: 'bell-author', password: 'Notifications-e2e-2' };
const ADMIN_TOKEN = '*:*.notifications-e2e-admin-token-0123456789';
const P = '/api/admin/projects/default';

/** The author's own session, from the test process: the change request is theirs, not the token's. */
async function authorSession(
  suite: E2eSuite,
): Promise<(method: string, path: string, body?: unknown) => Promise<unknown>> {
  const login = await fetch(`${suite.url}/auth/simple/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(AUTHOR),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return async (method, path, body) => {
    const response = await fetch(`${suite.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

describe.skipIf(!hasChromium)('notifications and favourites in the console (issue 19)', () => {
  const suite = e2eSuite('notifications', REVIEWER, { INIT_ADMIN_API_TOKENS: ADMIN_TOKEN });

  beforeAll(async () => {
    const api = tokenAdminApi(() => suite.url, ADMIN_TOKEN);
    await api('PUT', `${P}/environments/production/change-requests/config`, {
      changeRequestsEnabled: true,
      requiredApprovals: 1,
    });
    await createFlagThroughApi(api, { project: 'default', name: 'new-checkout' });
    await createFlagThroughApi(api, { project: 'default', name: 'dark-mode' });
    await api('POST', '/api/admin/user-admin', { ...AUTHOR, rootRole: 'Editor', sendEmail: false });
  }, 120_000);

  it('raises the bell when a change request waits for review, opens it, and keeps a starred flag under My favorites', {
    timeout: 180_000,
  }, async () => {
    const context = await suite.browser.newContext({
      viewport: { width: 1360, height: 1000 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${suite.url}/login`);
    await signInWithPassword(page, REVIEWER.username, REVIEWER.password);
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor({ timeout: 15_000 });

    // Another user drafts a change in production and sends it to review.
    const author = await authorSession(suite);
    const draft = (await author('POST', `${P}/environments/production/change-requests`, {
      feature: 'new-checkout',
      action: 'updateEnabled',
      payload: { enabled: true },
    })) as { id: number };
    await author('PUT', `${P}/change-requests/${draft.id}/state`, { state: 'In review' });

    // The bell asks again on its own (every 15 s): no reload.
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 30_000 });
    await bell.click();
    const item = page.getByTestId('notification').first();
    await expect.poll(() => item.textContent()).toContain('bell-author asks you to review change request');
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '96-notification-bell-open');
    await item.click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/projects/default/change-requests/${draft.id}`);
    await page.getByText('new-checkout').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor({ timeout: 15_000 });

    // A star in the flag list puts the flag under My favorites on the home screen.
    await page.goto(`${suite.url}/features`);
    const favorites = page.getByRole('region', { name: 'My favorites' });
    await favorites.getByText('Star a flag or a project').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Add dark-mode to favorites' }).click();
    await favorites.getByRole('link', { name: 'dark-mode' }).waitFor({ timeout: 15_000 });
    expect(await favorites.getByRole('link', { name: 'new-checkout' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Remove dark-mode from favorites' }).first().waitFor();
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '97-my-favorites');
    expect(errors).toEqual([]);
    await context.close();
  });
});
