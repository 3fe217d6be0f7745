import { describe, expect, it } from 'vitest';
import { blockingFindings, e2eSuite, hasChromium, openSignedInPage, screenshot } from './support';

/**
 * Issue 14 in Debian's Chromium against the real headless server: a flag's lifecycle badge on its
 * page and in the project's flag list, marked completed through the dialog, with no critical or
 * serious axe finding on the flag page, the dialog or the list.
 */
const USERNAME = 'lifecycle-operator';
const PASSWORD = 'Lifecycle-e2e-7';
const ADMIN = { username: USERNAME, password: PASSWORD };
const PROJECT = 'web-shop';
const FLAG = 'checkout-redesign';

describe.skipIf(!hasChromium)('flag lifecycle in the console (issue 14)', () => {
  const suite = e2eSuite('lifecycle', ADMIN);

  it('shows the stage, marks the flag completed through the dialog, and lists it as completed', {
    timeout: 180_000,
  }, async () => {
    const { context, page, errors, api } = await openSignedInPage(suite, ADMIN);
    await api('POST', '/api/admin/projects', { id: PROJECT, name: 'Web shop' });
    for (const flag of [FLAG, 'dark-banner']) {
      await api('POST', `/api/admin/projects/${PROJECT}/features`, { name: flag });
    }

    await page.goto(`${suite.url}/projects/${PROJECT}/features/${FLAG}`);
    const lifecycle = page.getByTestId('flag-lifecycle');
    await expect
      .poll(() => lifecycle.getByTestId('lifecycle-badge').textContent(), { timeout: 15_000 })
      .toBe('Initial');
    expect(await blockingFindings(page)).toEqual([]);

    await lifecycle.getByRole('button', { name: 'Mark completed' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Variant or value kept').fill('new layout');
    expect(await blockingFindings(page)).toEqual([]);
    await screenshot(page, '90-lifecycle-complete-dialog');
    await dialog.getByRole('button', { name: 'Mark completed' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => lifecycle.getByTestId('lifecycle-badge').textContent()).toBe('Completed (kept)');
    await screenshot(page, '91-lifecycle-flag-completed');

    await page.goto(`${suite.url}/projects/${PROJECT}`);
    const row = page.getByTestId(`project-flag-${FLAG}`);
    await expect
      .poll(() => row.getByTestId('lifecycle-badge').textContent(), { timeout: 15_000 })
      .toBe('Completed (kept)');
    expect(
      await page.getByTestId('project-flag-dark-banner').getByTestId('lifecycle-badge').textContent(),
    ).toBe('Initial');
    expect(await blockingFindings(page)).toEqual([]);
    await screenshot(page, '92-lifecycle-project-flags');
    expect(errors).toEqual([]);
    await context.close();
  });
});
