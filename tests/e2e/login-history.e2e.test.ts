import { describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../helpers/test-app';
import { blockingFindings, e2eSuite, hasChromium, screenshot, signInWithPassword } from './support';

/**
 * Login history (issue 19) in Chromium against the real server: a refused and then a successful
 * sign-in through the console's own sign-in screen both appear, newest first, in the console's
 * "Login history", with the method, the address and the reason of the refusal; the failed-only
 * filter keeps the refusal.
 */
const ADMIN_USERNAME = 'operator';
const ADMIN_PASSWORD = 'Switch-yard-e2e-7';
const ADMIN = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD };

describe.skipIf(!hasChromium)('login history in Chromium', () => {
  const suite = e2eSuite('login-history', ADMIN, {
    INIT_ADMIN_API_TOKENS: TEST_ADMIN_TOKEN,
  });

  it('shows a failed and then a successful sign-in in the login history', async () => {
    const page = await (
      await suite.browser.newContext({ viewport: { width: 1280, height: 860 }, bypassCSP: true })
    ).newPage();
    await page.goto(`${suite.url}/login`);
    await signInWithPassword(page, ADMIN_USERNAME, 'not-the-password-1A!');
    await page.getByText('Not signed in').waitFor({ timeout: 15_000 });
    await signInWithPassword(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByRole('navigation', { name: 'Console areas' }).waitFor({ timeout: 15_000 });

    await page.goto(`${suite.url}/admin/logins`);
    await page.getByRole('heading', { name: 'Login history' }).waitFor({ timeout: 15_000 });
    const rows = page.locator('[data-testid^="login-"]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const [newest, oldest] = [rows.nth(0), rows.nth(1)];
    expect(await newest.textContent()).toContain(ADMIN_USERNAME);
    expect(await newest.getByText('Success').count()).toBe(1);
    expect(await newest.textContent()).toContain('Password');
    expect(await newest.textContent()).toMatch(/127\.0\.0\.1|::1/);
    expect(await oldest.getByText('Failed').count()).toBe(1);
    expect(await oldest.textContent()).toContain('Wrong password');

    // The segmented control's radio is visually hidden; its label is what people click.
    await page
      .locator('label')
      .filter({ hasText: /^Failed$/ })
      .click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.first().textContent()).toContain('Wrong password');
    await screenshot(page, 'login-history');
    expect(await blockingFindings(page)).toEqual([]);
  });
});
