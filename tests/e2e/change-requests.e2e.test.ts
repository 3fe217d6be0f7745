import { createRequire } from 'node:module';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from '../sdk/node-sdk';
import { e2eSuite, hasChromium, screenshot, signInWithPassword } from './support';

/**
 * Issue 13's journey in Debian's Chromium against the real headless server: the admin requires
 * change requests in production with one approval (project settings); user A edits a strategy
 * in production, which goes into A's draft, and sends it to review; user B finds it waiting and
 * approves it; A applies it. A real Node SDK (npm unleash-client, polling the server) sees the new
 * rollout only after the apply. axe-core checks each new screen for critical and serious issues.
 */
const ADMIN_TOKEN = '*:*.switchyard-e2e-change-requests-admin-token';
const AUTHOR = { username: 'cr-author', password: 'Change-requests-e2e-1' };
const REVIEWER = { username: 'cr-reviewer', password: 'Change-requests-e2e-2' };
const PROJECT = 'shop';
const FLAG = 'new-checkout';
const SDK_REFRESH_MS = 300;
const VIEWPORT = { width: 1360, height: 1000 };
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let sdk: Unleash | undefined;

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Critical and serious axe-core violations of the page as it is now, one line per element. */
async function axeBlocking(page: Page, screen: string): Promise<string[]> {
  await expect.poll(() => page.locator('.mantine-Loader:visible').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(300);
  if ((await page.evaluate(() => typeof (window as { axe?: unknown }).axe)) === 'undefined')
    await page.addScriptTag({ path: AXE_SOURCE });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<unknown> } }).axe;
    const result = (await axe.run(document)) as {
      violations: { id: string; impact: string | null; nodes: { html: string }[] }[];
    };
    return result.violations
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .flatMap((violation) =>
        violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${node.html}`),
      );
  });
  return found.map((line) => `${screen} ${line.slice(0, 200)}`);
}

/** Mantine hides a switch's checkbox (zero size): people click its track. */
async function clickSwitch(input: Locator): Promise<void> {
  await input.locator('xpath=..').locator('.mantine-Switch-track').click();
}

describe.skipIf(!hasChromium)('change requests, from a draft to an SDK', () => {
  const suite = e2eSuite('cr', AUTHOR, { INIT_ADMIN_API_TOKENS: ADMIN_TOKEN });

  async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${suite.url}${route}`, {
      method,
      headers: { authorization: ADMIN_TOKEN, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status >= 400)
      throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json().catch(() => undefined)) as T;
  }

  async function signedIn(who: {
    username: string;
    password: string;
  }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await suite.browser.newContext({ viewport: VIEWPORT, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${suite.url}/projects`);
    await signInWithPassword(page, who.username, who.password);
    await page.getByRole('navigation', { name: 'Console areas' }).waitFor({ timeout: 15_000 });
    return { context, page };
  }

  beforeAll(async () => {
    await api('POST', '/api/admin/projects', { id: PROJECT, name: 'Shop' });
    await api('POST', `/api/admin/projects/${PROJECT}/features`, { name: FLAG });
    await api('POST', `/api/admin/projects/${PROJECT}/features/${FLAG}/environments/production/strategies`, {
      name: 'flexibleRollout',
      parameters: { rollout: '0', stickiness: 'default', groupId: FLAG },
    });
    await api('POST', `/api/admin/projects/${PROJECT}/features/${FLAG}/environments/production/on`);
    // Admins hold every permission, approving change requests included.
    await api('POST', '/api/admin/user-admin', { ...REVIEWER, rootRole: 'Admin', sendEmail: false });
  }, 120_000);

  // Registered after e2eSuite's, so it runs before the browser and server stop.
  afterAll(() => {
    sdk?.destroy();
  });

  it('drafts, reviews, approves and applies a strategy change that the SDK sees only once applied', async () => {
    const blocking: string[] = [];
    const failures: string[] = [];
    const token = await api<{ secret: string }>('POST', '/api/admin/api-tokens', {
      tokenName: 'checkout-service',
      type: 'client',
      environment: 'production',
      projects: [PROJECT],
    });
    const started = await startNodeSdk({
      url: suite.url,
      token: token.secret,
      appName: 'checkout',
      refreshInterval: SDK_REFRESH_MS,
    });
    sdk = started.unleash;
    const enabledFor = () => sdk?.isEnabled(FLAG, { userId: 'u1' });
    expect(enabledFor()).toBe(false);

    // The admin (user A) requires change requests in production, with one approval.
    const author = await signedIn(AUTHOR);
    author.page.on('pageerror', (error) => failures.push(error.message));
    await author.page.goto(`${suite.url}/projects/${PROJECT}/settings`);
    const production = author.page.getByTestId('change-request-config-production');
    const required = production.getByRole('switch', { name: 'Require change requests in production' });
    await required.waitFor({ timeout: 15_000 });
    await clickSwitch(required);
    await expect.poll(() => required.isChecked(), { timeout: 10_000 }).toBe(true);
    expect(await production.getByLabel('Required approvals in production').inputValue()).toBe('1');
    await shot(author.page, '60-cr-project-settings');
    blocking.push(...(await axeBlocking(author.page, 'project settings')));

    // A changes the rollout in production: it goes into A's draft, the flag keeps 0%.
    await author.page.goto(`${suite.url}/projects/${PROJECT}/features/${FLAG}`);
    const environment = author.page.getByTestId('environment-production');
    await environment.getByText('Change requests required').waitFor({ timeout: 30_000 });
    await environment.getByRole('button', { name: 'Edit' }).click();
    const dialog = author.page.getByRole('dialog');
    await dialog.getByLabel('Rollout (%)').fill('100');
    await dialog.getByRole('button', { name: 'Save strategy' }).click();
    await dialog.waitFor({ state: 'detached' });
    const review = environment.getByRole('link', { name: '1 change in your draft — review' });
    await review.waitFor({ timeout: 15_000 });
    await environment.getByText('Rollout 0%').waitFor();
    await shot(author.page, '61-cr-flag-page-draft');
    blocking.push(...(await axeBlocking(author.page, 'flag page in change-request mode')));

    await review.click();
    await author.page.getByTestId('change-request-state').getByText('Draft').waitFor({ timeout: 15_000 });
    const change = author.page
      .locator('[data-testid^="change-"]')
      .filter({ hasText: 'Change strategy' })
      .first();
    await change.getByRole('group', { name: 'Before' }).getByText('Rollout 0%').waitFor();
    await change.getByRole('group', { name: 'After' }).getByText('Rollout 100%').waitFor();
    await author.page.getByRole('button', { name: 'Send to review' }).click();
    await author.page.getByTestId('change-request-state').getByText('In review').waitFor();
    const requestPath = new URL(author.page.url()).pathname;
    expect(requestPath).toMatch(new RegExp(`^/projects/${PROJECT}/change-requests/\\d+$`));
    // The author is an Admin, and Unleash lets admins approve their own requests (its
    // change-request docs); a non-admin author's refusal is covered by ChangeRequestActions' tests.
    const approve = author.page.getByRole('button', { name: 'Approve' });
    expect(await approve.getAttribute('data-disabled-reason')).toBeNull();
    await shot(author.page, '62-cr-request-in-review');
    blocking.push(...(await axeBlocking(author.page, 'change request page')));

    // User B finds it waiting, and approves it.
    const reviewer = await signedIn(REVIEWER);
    reviewer.page.on('pageerror', (error) => failures.push(error.message));
    await reviewer.page.goto(`${suite.url}/change-requests`);
    const waiting = reviewer.page.getByRole('region', { name: 'Waiting for your review' });
    const row = waiting.getByRole('link', { name: /^#\d+ / });
    await row.waitFor({ timeout: 15_000 });
    await shot(reviewer.page, '63-cr-waiting-for-me');
    blocking.push(...(await axeBlocking(reviewer.page, 'waiting for me')));
    await row.click();
    await reviewer.page.getByRole('button', { name: 'Approve' }).click();
    await reviewer.page
      .getByTestId('change-request-state')
      .getByText('Approved')
      .waitFor({ timeout: 15_000 });
    await shot(reviewer.page, '64-cr-request-approved');

    // Approved is not applied: the SDK still gets 0%.
    await new Promise((resolve) => setTimeout(resolve, SDK_REFRESH_MS * 3));
    expect(enabledFor()).toBe(false);

    // A applies it, and the SDK follows at its next poll.
    await author.page.goto(`${suite.url}${requestPath}`);
    await author.page.getByRole('button', { name: 'Apply changes' }).click();
    await author.page.getByTestId('change-request-state').getByText('Applied').waitFor({ timeout: 15_000 });
    await expect.poll(enabledFor, { timeout: 10_000 }).toBe(true);
    await shot(author.page, '65-cr-request-applied');

    await author.page.goto(`${suite.url}/projects/${PROJECT}/change-requests`);
    await author.page.getByRole('heading', { name: 'Shop' }).waitFor({ timeout: 15_000 });
    const list = author.page.getByRole('combobox', { name: 'State' });
    await list.click();
    await author.page.getByRole('option', { name: 'All', exact: true }).click();
    await author.page.locator('[data-testid^="change-request-row-"]').first().getByText('Applied').waitFor();
    await shot(author.page, '66-cr-project-list');
    blocking.push(...(await axeBlocking(author.page, 'project change requests')));

    expect(started.errors).toEqual([]);
    expect(failures).toEqual([]);
    expect(blocking).toEqual([]);
    await author.context.close();
    await reviewer.context.close();
    // Two browsers, a server and an SDK on a loaded two-core machine: minutes, not seconds.
  }, 360_000);
});
