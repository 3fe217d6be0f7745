import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createFlagThroughApi,
  e2eSuite,
  hasChromium,
  screenshot,
  signInWithPassword,
  tokenAdminApi,
} from './support';

/**
 * Issue 24 parts 4 and 5 in Debian's Chromium against the real server: a private project is
 * invisible to a signed-in non-member (absent from the list, 404 when its page is opened), and an
 * operator archives 50 flags of a busy project at once from its flag list.
 */
const ADMIN_TOKEN = '*:*.switchyard-e2e-projects-admin-token-0123';
const ADMIN = { username: 'project-admin', password: 'Projects-e2e-9' };
const OUTSIDER = { username: 'outsider', password: 'Outsider-e2e-9' };
const VIEWPORT = { width: 1360, height: 1000 };

describe.skipIf(!hasChromium)('project semantics in Chromium', () => {
  const suite = e2eSuite('projects', ADMIN, { INIT_ADMIN_API_TOKENS: ADMIN_TOKEN });
  const api = tokenAdminApi(() => suite.url, ADMIN_TOKEN);

  async function signIn(page: Page, who: { username: string; password: string }): Promise<void> {
    await page.goto(`${suite.url}/projects`);
    await signInWithPassword(page, who.username, who.password);
    await page.getByRole('navigation', { name: 'Console areas' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
  }

  beforeAll(async () => {
    await api('POST', '/api/admin/projects', { id: 'secret', name: 'Secret' });
    await api('PUT', '/api/admin/projects/secret/settings', { mode: 'private' });
    await createFlagThroughApi(api, { project: 'secret', name: 'secret-flag' });
    await api('POST', '/api/admin/projects', { id: 'busy', name: 'Busy' });
    for (let i = 1; i <= 55; i++) {
      await createFlagThroughApi(api, { project: 'busy', name: `busy-${String(i).padStart(3, '0')}` });
    }
    await api('POST', '/api/admin/user-admin', { ...OUTSIDER, rootRole: 'Editor' });
  }, 120_000);

  it('hides a private project from a signed-in non-member', async () => {
    const page = await suite.browser.newPage({ viewport: VIEWPORT });
    await signIn(page, OUTSIDER);
    await page.getByTestId('project-busy').waitFor();
    expect(await page.getByTestId('project-secret').count()).toBe(0);
    await screenshot(page, 'projects-private-hidden-list');
    await page.goto(`${suite.url}/projects/secret`);
    await page.getByText('Could not find project with id secret').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'projects-private-hidden-page');
    await page.close();

    const admin = await suite.browser.newPage({ viewport: VIEWPORT });
    await signIn(admin, ADMIN);
    await admin.getByTestId('project-secret').waitFor();
    await admin.close();
  }, 90_000);

  it('archives 50 flags of a busy project at once', async () => {
    const page = await suite.browser.newPage({ viewport: VIEWPORT });
    await signIn(page, ADMIN);
    await page.goto(`${suite.url}/projects/busy`);
    await page.getByRole('tab', { name: 'Flags' }).click();
    await page.getByTestId('project-flag-busy-001').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('project-flag-count').textContent()).toBe('55 flags');
    await page.getByLabel('Select all flags on this page').check();
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText('50 selected').waitFor();
    await screenshot(page, 'projects-bulk-selected');
    await bar.getByRole('button', { name: 'Archive', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the bulk action' });
    await dialog.getByText('Archive 50 flags?').waitFor();
    await dialog.getByRole('button', { name: 'Archive 50 flags' }).click();
    await page.getByText('Archive 50 flags: done.').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('project-flag-count').textContent(), { timeout: 20_000 })
      .toBe('5 flags');
    await screenshot(page, 'projects-bulk-archived');
    const search = await api<{ total: number; features: Array<{ name: string }> }>(
      'GET',
      '/api/admin/search/features?project=IS:busy&limit=100',
    );
    expect(search.total).toBe(5);
    await page.close();
  }, 90_000);
});
