import { describe, expect, it } from 'vitest';
import {
  blockingFindings,
  clickSwitch,
  createFlagThroughApi,
  e2eSuite,
  hasChromium,
  openSignedInPage,
  screenshot,
  tokenAdminApi,
} from './support';

/**
 * Issue 19 in Debian's Chromium against the real headless server: an enabled banner is shown at
 * the top of the console, the first-run welcome appears once (not after a reload), and maintenance
 * mode disables editing on the flag page while the server refuses the edit; turning it off from
 * the instance screen gives the controls back.
 */
const USERNAME = 'instance-operator';
const PASSWORD = 'Instance-e2e-7';
const ADMIN = { username: USERNAME, password: PASSWORD };
const ADMIN_TOKEN = '*:*.instance-e2e-admin-token-0123456789';
const FLAG = 'maintenance-demo';

describe.skipIf(!hasChromium)('running the instance in the console (issue 19)', () => {
  const suite = e2eSuite('instance-admin', ADMIN, {
    INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
  });

  it('shows a banner, welcomes once, and blocks edits in maintenance mode', {
    timeout: 180_000,
  }, async () => {
    const api = tokenAdminApi(() => suite.url, ADMIN_TOKEN);
    await createFlagThroughApi(api, { project: 'default', name: FLAG });
    await api('POST', '/api/admin/banners', {
      message: 'Upgrade **tonight** at 22:00 <b>raw</b>',
      variant: 'warning',
      dialogTitle: 'What changes',
      dialog: 'About *ten* minutes of read-only mode.',
    });
    await api('POST', '/api/admin/banners', { message: 'An old notice', enabled: false });

    const { context, page, errors } = await openSignedInPage(suite, ADMIN);

    // The enabled banner, rendered as markdown without its raw HTML; the disabled one not at all.
    const announcements = page.getByRole('region', { name: 'Announcements' });
    await announcements.getByText('tonight').waitFor();
    expect(await announcements.locator('strong').first().textContent()).toBe('tonight');
    expect(await announcements.locator('b').count()).toBe(0);
    expect(await page.getByText('An old notice').count()).toBe(0);

    // The welcome, once.
    const welcome = page.getByRole('region', { name: 'Welcome to Switchyard' });
    await welcome.waitFor();
    expect(await welcome.getByRole('listitem').count()).toBe(5);
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '97-instance-banner-and-welcome');
    await welcome.getByRole('button', { name: 'Dismiss welcome' }).click();
    await welcome.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await api<{ splash: Record<string, boolean> }>('GET', '/api/admin/user')).splash)
      .toBeDefined();
    const me = page.waitForResponse((response) => response.url().endsWith('/api/admin/user'));
    await page.reload();
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
    await me;
    await announcements.getByText('tonight').waitFor();
    await page.waitForTimeout(500);
    expect(await welcome.count()).toBe(0);

    // Maintenance mode: the flag page says so and its controls are disabled; the server refuses.
    await api('POST', '/api/admin/maintenance', { enabled: true });
    const notice = page.getByText('Maintenance mode is on', { exact: true });
    await page.goto(`${suite.url}/projects/default/features/${FLAG}`);
    await notice.waitFor({ timeout: 30_000 });
    const toggle = page.getByRole('switch', { name: `${FLAG} on in development` });
    await toggle.waitFor({ state: 'attached' });
    expect(await toggle.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Edit description' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Archive' }).isDisabled()).toBe(true);
    const refused = await page.request.post(
      `${suite.url}/api/admin/projects/default/features/${FLAG}/environments/development/on`,
    );
    expect(refused.status()).toBe(503);
    expect((await refused.json()).name).toBe('MaintenanceModeError');
    await expect.poll(() => blockingFindings(page), { timeout: 10_000 }).toEqual([]);
    await screenshot(page, '98-instance-maintenance-flag-page');

    // Off again from the instance screen, whose switch stays usable.
    await page.goto(`${suite.url}/admin/instance?tab=maintenance`);
    const maintenance = page.getByRole('switch', { name: /^Maintenance mode/ });
    await maintenance.waitFor({ state: 'attached' });
    expect(await maintenance.isChecked()).toBe(true);
    await clickSwitch(maintenance);
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
    expect((await api<{ enabled: boolean }>('GET', '/api/admin/maintenance')).enabled).toBe(false);
    await page.goto(`${suite.url}/projects/default/features/${FLAG}`);
    await toggle.waitFor({ state: 'attached' });
    expect(await toggle.isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
