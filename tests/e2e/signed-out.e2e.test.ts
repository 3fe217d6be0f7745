import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../helpers/test-app';
import {
  createFlagThroughApi,
  e2eSuite,
  hasChromium,
  screenshot,
  signInWithPassword,
  tokenAdminApi,
} from './support';

/**
 * Unleash's UI paths and the pages for people not signed in (issue 24 parts 1 and 2), in Debian's
 * Chromium against the real server: a deep link opened fresh lands on its screen after sign-in; a
 * pasted `/projects/default/features/<flag>` link and an old `#/flags/…` link open the flag page;
 * an invitee signs up through a public invite link and is signed in; a user sets a password
 * through the reset link an admin made, and the used link then says so; the forgotten-password
 * page. The links come from the server's own admin API, so they are the ones it really writes.
 */
const ADMIN_USERNAME = 'operator';
const ADMIN_PASSWORD = 'Switch-yard-e2e-7';
const NEW_PASSWORD = 'Fresh-Start-2026!';

const shell = (page: Page) => page.getByRole('navigation', { name: 'Console areas' });

describe.skipIf(!hasChromium)('signed-out pages and Unleash paths in Chromium', () => {
  const suite = e2eSuite(
    'signed-out',
    { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    { INIT_ADMIN_API_TOKENS: TEST_ADMIN_TOKEN },
  );
  const adminApi = tokenAdminApi(() => suite.url, TEST_ADMIN_TOKEN);

  async function freshPage(): Promise<Page> {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 860 } });
    return context.newPage();
  }

  beforeAll(async () => {
    await createFlagThroughApi(adminApi, { project: 'default', name: 'pasted-flag' });
  });

  it('lands a deep link opened fresh on its screen after sign-in, and opens pasted flag links', async () => {
    const page = await freshPage();
    await page.goto(`${suite.url}/history?type=feature-created`);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/history?type=feature-created');
    await page.getByRole('heading', { name: 'Sign in to Switchyard' }).waitFor({ timeout: 15_000 });
    await screenshot(page, '40-sign-in-with-redirect');
    await signInWithPassword(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Event log', exact: true }).waitFor({ timeout: 15_000 });
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(
      '/history?type=feature-created',
    );

    // A link in Unleash's form, pasted: the flag page, not "Could not find project".
    await page.goto(`${suite.url}/projects/default/features/pasted-flag`);
    await page.getByRole('heading', { name: 'pasted-flag', exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.getByText(/Could not find project/).count()).toBe(0);
    await screenshot(page, '41-pasted-flag-link');
    // A reload opens the same screen.
    await page.reload();
    await page.getByRole('heading', { name: 'pasted-flag', exact: true }).waitFor({ timeout: 15_000 });

    // An old hash link redirects to the new path.
    await page.goto(`${suite.url}/#/flags/default/pasted-flag`);
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
      .toBe('/projects/default/features/pasted-flag');
    await page.getByRole('heading', { name: 'pasted-flag', exact: true }).waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it('signs an invitee up through a public invite link and signs them in', async () => {
    const invite = await adminApi<{ url: string }>('POST', '/api/admin/invite-link/tokens', {
      name: 'e2e invite',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(new URL(invite.url).pathname).toBe('/new-user');
    const page = await freshPage();
    await page.goto(invite.url);
    await page.getByRole('heading', { name: 'Join Switchyard' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Name').fill('Ida Invitee');
    await page.getByLabel('E-mail').fill('ida@example.com');
    await page.locator('input[autocomplete="new-password"]').fill('weakpass');
    const policy = page.getByTestId('password-policy');
    await expect.poll(() => policy.textContent(), { timeout: 10_000 }).toContain('uppercase');
    await screenshot(page, '42-invite-signup-policy');
    await page.locator('input[autocomplete="new-password"]').fill(NEW_PASSWORD);
    await expect.poll(() => policy.textContent(), { timeout: 10_000 }).toBe('The password meets the policy.');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await shell(page).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('user-menu').textContent()).toBe('Ida Invitee');
    expect(new URL(page.url()).pathname).toBe('/features');
    await page.context().close();
  });

  it('sets a new password through the reset link an admin made, and the used link says so', async () => {
    await adminApi('POST', '/api/admin/user-admin', {
      email: 'bob@example.com',
      name: 'Bob Builder',
      rootRole: 'Viewer',
      sendEmail: false,
    });
    const { resetPasswordUrl } = await adminApi<{ resetPasswordUrl: string }>(
      'POST',
      '/api/admin/user-admin/reset-password',
      { id: 'bob@example.com' },
    );
    expect(new URL(resetPasswordUrl).pathname).toBe('/reset-password');
    const page = await freshPage();
    await page.goto(resetPasswordUrl);
    await page.getByText('Bob Builder (bob@example.com)').waitFor({ timeout: 15_000 });
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the password').fill(NEW_PASSWORD);
    await expect
      .poll(() => page.getByTestId('password-policy').textContent(), { timeout: 10_000 })
      .toBe('The password meets the policy.');
    await screenshot(page, '43-reset-password');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await shell(page).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('user-menu').textContent()).toBe('Bob Builder');

    // The link works once.
    const again = await freshPage();
    await again.goto(resetPasswordUrl);
    await again.getByTestId('link-unusable').waitFor({ timeout: 15_000 });
    await screenshot(again, '44-reset-link-used');
    await again.getByRole('link', { name: 'Ask for a new link' }).click();
    await again.getByRole('heading', { name: 'Forgotten password' }).waitFor();
    await page.context().close();
    await again.context().close();
  });

  it('offers the forgotten-password page from sign-in and answers the same for any address', async () => {
    const page = await freshPage();
    await page.goto(`${suite.url}/login`);
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    await page.getByRole('heading', { name: 'Forgotten password' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/forgotten-password');
    await page.getByLabel('E-mail').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send a reset link' }).click();
    const done = page.getByTestId('reset-requested');
    await done.waitFor({ timeout: 15_000 });
    expect(await done.textContent()).toContain('ask an administrator for a reset link');
    await screenshot(page, '45-forgotten-password');
    await page.context().close();
  });
});
