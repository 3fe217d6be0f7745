import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdp, type TestIdp } from '../helpers/oidc-idp';
import {
  blockingFindings,
  type E2eServer,
  hasChromium,
  releaseBrowser,
  screenshot,
  startE2eServer,
  tokenAdminApi,
  workerBrowser,
} from './support';

/**
 * Issue 20 in Debian's Chromium: with OpenID Connect configured against a real OpenID provider
 * (`oidc-provider` on loopback), the sign-in screen offers "Sign in with OpenID Connect"; the
 * browser goes through the provider's own login and consent pages and comes back signed in, as a
 * user created on the way with the configured root role.
 */
const ADMIN_TOKEN = '*:*.sso-oidc-e2e-admin-token-0123456789abcdef';

let e2e: E2eServer;
let idp: TestIdp;
let browser: Browser;

describe.skipIf(!hasChromium)('signing in through an OpenID provider (issue 20)', () => {
  beforeAll(async () => {
    e2e = await startE2eServer('sso-oidc', { INIT_ADMIN_API_TOKENS: ADMIN_TOKEN });
    idp = await startTestIdp({ redirectUris: [`${e2e.url}/auth/oidc/callback`] });
    idp.accounts.set('carol', { email: 'carol@example.com', name: 'Carol Oidc' });
    await tokenAdminApi(() => e2e.url, ADMIN_TOKEN)('POST', '/api/admin/auth/oidc/settings', {
      enabled: true,
      discoverUrl: `${idp.issuer}/.well-known/openid-configuration`,
      clientId: idp.clientId,
      secret: idp.clientSecret,
      autoCreate: true,
      defaultRootRole: 'Editor',
      emailDomains: 'example.com',
    });
    browser = await workerBrowser();
  });

  afterAll(async () => {
    await releaseBrowser(browser);
    await idp?.close();
    await e2e?.stop();
  });

  it("signs in through the provider's login page and creates the user", { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${e2e.url}/login`);
    const ssoLink = page.getByRole('link', { name: 'Sign in with OpenID Connect' });
    await ssoLink.waitFor({ timeout: 15_000 });
    expect(await blockingFindings(page)).toEqual([]);
    await ssoLink.click();

    // The provider's own pages: its development login form, then consent.
    await page.waitForURL((url) => url.href.startsWith(idp.issuer), { timeout: 15_000 });
    await page.locator('input[name="login"]').fill('carol');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').waitFor({ timeout: 15_000 });
    if (page.url().startsWith(idp.issuer)) await page.locator('button[type="submit"]').click();

    // Back in the console, signed in as the new user.
    await page.waitForURL((url) => url.href.startsWith(e2e.url), { timeout: 15_000 });
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
    await screenshot(page, 'sso-oidc-signed-in');
    const me = await page.evaluate(async () => (await fetch('/api/admin/user')).json());
    expect(me.user).toMatchObject({ email: 'carol@example.com', name: 'Carol Oidc' });
    const users = await tokenAdminApi(() => e2e.url, ADMIN_TOKEN)<{
      users: Array<{ email: string; rootRole: number }>;
    }>('GET', '/api/admin/user-admin');
    expect(users.users.find((user) => user.email === 'carol@example.com')?.rootRole).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
