import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blockingFindings,
  createFlagThroughApi,
  type E2eServer,
  hasChromium,
  launchBrowser,
  sessionAdminApi,
  shot,
  signInWithPassword,
  startE2eServer,
} from './support';

/**
 * Issue 15's playground in Debian's Chromium against the real headless server: a shared link
 * evaluates two contexts, a result opens to its explanation, and a change request's page previews
 * it in the playground; no critical or serious axe finding on the screen or the explanation.
 */
const USERNAME = 'playground-operator';
const PASSWORD = 'Playground-e2e-7';
const FLAG = 'beta-banner';

let e2e: E2eServer;
let browser: Browser;

describe.skipIf(!hasChromium)('playground in the console (issue 15)', () => {
  beforeAll(async () => {
    e2e = await startE2eServer('playground', {
      UNLEASH_DEFAULT_ADMIN_USERNAME: USERNAME,
      UNLEASH_DEFAULT_ADMIN_PASSWORD: PASSWORD,
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await e2e?.stop();
  });

  it('explains a shared evaluation and previews a change request', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 }, bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${e2e.url}/login`);
    await signInWithPassword(page, USERNAME, PASSWORD);
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
    const api = sessionAdminApi(context.request, e2e.url);
    await createFlagThroughApi(
      api,
      { project: 'default', name: FLAG },
      { environment: 'development', name: 'userWithId', parameters: { userIds: '7' } },
    );
    await api('POST', `/api/admin/projects/default/features/${FLAG}/environments/development/on`);

    // A shared link: two userIds, one answer each.
    const shared = new URLSearchParams({
      environments: 'development',
      context: JSON.stringify({ appName: 'web', userId: '7,8' }),
    });
    await page.goto(`${e2e.url}/playground?${shared}`);
    await expect.poll(() => page.getByText('userId=7').count(), { timeout: 20_000 }).toBe(1);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getByText('True').count()).toBe(1);
    expect(await rows.nth(1).getByText('False').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Playground' }).count()).toBeGreaterThan(0);
    await page
      .getByRole('button', { name: `${FLAG} show why` })
      .nth(1)
      .click();
    await expect.poll(() => page.getByText('userWithId', { exact: true }).count()).toBe(1);
    expect(await page.getByText('userIds: 7').count()).toBe(1);
    await shot(page, 'playground-explained');
    expect(await blockingFindings(page)).toEqual([]);

    // A change request turning the flag on in production, previewed from its page.
    await api('PUT', '/api/admin/projects/default/environments/production/change-requests/config', {
      changeRequestsEnabled: true,
      requiredApprovals: 1,
    });
    const draft = await api<{ id: number }>(
      'POST',
      '/api/admin/projects/default/environments/production/change-requests',
      [
        { feature: FLAG, action: 'addStrategy', payload: { name: 'default' } },
        { feature: FLAG, action: 'updateEnabled', payload: { enabled: true } },
      ],
    );
    await page.goto(`${e2e.url}/projects/default/change-requests/${draft.id}`);
    await page.getByRole('link', { name: 'Preview in playground' }).click();
    await expect
      .poll(() => page.getByText(`Previewing change request #${draft.id} as if it were applied.`).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    expect(await rows.nth(0).getByText('production').count()).toBe(1);
    expect(await rows.nth(0).getByText('True').count()).toBe(1);
    await shot(page, 'playground-change-request');
    expect(await blockingFindings(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
