import { describe, expect, it } from 'vitest';
import {
  blockingFindings,
  createFlagThroughApi,
  e2eSuite,
  hasChromium,
  openSignedInPage,
  shot,
} from './support';

/**
 * Issue 15's playground in Debian's Chromium against the real headless server: a shared link
 * evaluates two contexts, a result opens to its explanation, and a change request's page previews
 * it in the playground; no critical or serious axe finding on the screen or the explanation.
 */
const USERNAME = 'playground-operator';
const PASSWORD = 'Playground-e2e-7';
const ADMIN = { username: USERNAME, password: PASSWORD };
const FLAG = 'beta-banner';

describe.skipIf(!hasChromium)('playground in the console (issue 15)', () => {
  const suite = e2eSuite('playground', ADMIN);

  it('explains a shared evaluation and previews a change request', { timeout: 180_000 }, async () => {
    const { context, page, errors, api } = await openSignedInPage(suite, ADMIN);
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
    await page.goto(`${suite.url}/playground?${shared}`);
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
    await page.goto(`${suite.url}/projects/default/change-requests/${draft.id}`);
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
