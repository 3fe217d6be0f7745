import { describe, expect, it } from 'vitest';
import {
  blockingFindings,
  clickSwitch,
  e2eSuite,
  hasChromium,
  openSignedInPage,
  passwordInput,
  screenshot,
} from './support';

/**
 * Issue 20 in Debian's Chromium against the real headless server: the operator enables SCIM and
 * generates its token (shown once), an identity provider provisions a user with it, the Users
 * screen shows that user read-only; then password login is disabled and the sign-in screen hides
 * the password form behind the administrators' link. No critical or serious axe finding.
 */
const USERNAME = 'scim-operator';
const PASSWORD = 'Scim-e2e-operator-7';
const ADMIN = { username: USERNAME, password: PASSWORD };

describe.skipIf(!hasChromium)('SCIM and password-login settings in the console (issue 20)', () => {
  const suite = e2eSuite('scim', ADMIN);

  it('enables SCIM, shows the token once, shows provisioned users read-only, and hides password login', {
    timeout: 180_000,
  }, async () => {
    const { page, errors } = await openSignedInPage(suite, ADMIN);

    await page.goto(`${suite.url}/admin/auth/scim`);
    const enable = page.getByRole('switch', { name: /Enable SCIM provisioning/ });
    await enable.waitFor();
    expect(await page.getByTestId('scim-base-url').textContent()).toBe(`${suite.url}/scim/v2`);
    await clickSwitch(enable);
    await expect.poll(() => enable.isChecked(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Generate token' }).click();
    const token = (await page.getByTestId('token-secret').textContent())?.trim() ?? '';
    expect(token).toMatch(/^scim:[0-9a-f]{64}$/);
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '97-scim-token-generated');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('token-secret').waitFor({ state: 'detached' });
    expect(await page.getByText(token).count()).toBe(0);

    const provisioned = await fetch(`${suite.url}/scim/v2/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'dana@example.com',
        name: { formatted: 'Dana Provisioned' },
        emails: [{ value: 'dana@example.com', primary: true }],
      }),
    });
    expect(provisioned.status).toBe(201);

    await page.goto(`${suite.url}/admin/users`);
    await page.getByRole('button', { name: 'Edit Dana Provisioned' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Edit Dana Provisioned' }).isDisabled()).toBe(true);
    expect(await page.getByText(/Managed by your identity provider through SCIM/).count()).toBe(1);
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '98-scim-user-read-only');

    await page.goto(`${suite.url}/admin/auth/password`);
    const disable = page.getByRole('switch', { name: /Disable password login/ });
    await disable.waitFor();
    await clickSwitch(disable);
    await expect.poll(() => disable.isChecked(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);

    const signedOut = await (
      await suite.browser.newContext({ viewport: { width: 1360, height: 1000 }, bypassCSP: true })
    ).newPage();
    await signedOut.goto(`${suite.url}/login`);
    await signedOut.getByRole('heading', { name: 'Sign in to Switchyard' }).waitFor({ timeout: 15_000 });
    const adminLink = signedOut.getByRole('button', { name: /Administrator\? Sign in with a password/ });
    await adminLink.waitFor({ timeout: 15_000 });
    expect(await passwordInput(signedOut).count()).toBe(0);
    expect(await signedOut.getByRole('tab', { name: 'Token' }).count()).toBe(1);
    await expect.poll(() => blockingFindings(signedOut), { timeout: 10_000 }).toEqual([]);
    await screenshot(signedOut, '99-sign-in-password-disabled');
    await adminLink.click();
    expect(await passwordInput(signedOut).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
