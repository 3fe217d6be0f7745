import type { Locator, Page } from 'playwright-core';
import type { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from '../sdk/node-sdk';
import {
  blockingFindings,
  e2eSuite,
  hasChromium,
  screenshot,
  signInWithPassword,
  tokenAdminApi,
} from './support';

/**
 * Issue 14's journey in Debian's Chromium against the real headless server: build a three-milestone
 * template in the library (strategies through the flag's strategy form), apply it to a flag in
 * development, start each milestone from the flag page, and after each step the real Node SDK
 * (npm unleash-client, polling) evaluates that milestone's strategies. A timed progression shows
 * its due time. axe-core finds no critical or serious issue on the screens.
 */
const ADMIN_TOKEN = '*:*.switchyard-e2e-release-plans-admin-token';
const OPERATOR = { username: 'rp-operator', password: 'Release-plans-e2e-1' };
const PROJECT = 'default';
const FLAG = 'new-checkout';
const ENV = `/api/admin/projects/${PROJECT}/features/${FLAG}/environments/development`;
const TEMPLATE = 'Careful rollout';
const USERS = Array.from({ length: 200 }, (_, i) => `user-${i}`);
const VIEWPORT = { width: 1360, height: 1000 };

let sdk: Unleash | undefined;

/** Critical and serious axe-core violations of the page as it is now, one line per element. */
async function axeBlocking(page: Page, screen: string): Promise<string[]> {
  await expect.poll(() => page.locator('.mantine-Loader:visible').count(), { timeout: 15_000 }).toBe(0);
  return (await blockingFindings(page)).map((line) => `${screen} ${line}`);
}

/** Adds a gradual rollout to a milestone of the template being edited, with an optional userId constraint. */
async function addMilestoneStrategy(
  page: Page,
  editor: Locator,
  milestone: string,
  rollout: string,
  userIds: string[] = [],
  blocking?: string[],
): Promise<void> {
  await editor.getByRole('button', { name: `Add strategy to ${milestone}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  expect(await dialog.getByLabel('Strategy').inputValue()).toBe('flexibleRollout');
  await dialog.getByLabel('Rollout (%)').fill(rollout);
  if (userIds.length > 0) {
    await dialog.getByRole('button', { name: 'Add constraint' }).click();
    const constraint = dialog.getByTestId('constraint-0');
    await constraint.getByLabel('Context field').selectOption('userId');
    const values = constraint.getByLabel('Values');
    for (const userId of userIds) {
      await values.fill(userId);
      await values.press('Enter');
    }
  }
  if (blocking) {
    blocking.push(...(await axeBlocking(page, 'milestone strategy form')));
    await screenshot(page, '94-release-template-strategy-form');
  }
  await dialog.getByRole('button', { name: 'Add strategy' }).click();
  await dialog.waitFor({ state: 'detached' });
  await editor.getByText(`Gradual rollout · ${rollout}%`).first().waitFor();
}

describe.skipIf(!hasChromium)('release plans, from the template library to an SDK (issue 14)', () => {
  const suite = e2eSuite('release-plans', OPERATOR, { INIT_ADMIN_API_TOKENS: ADMIN_TOKEN });
  const api = tokenAdminApi(() => suite.url, ADMIN_TOKEN);

  beforeAll(async () => {
    await api('POST', `/api/admin/projects/${PROJECT}/features`, { name: FLAG });
    // Switching development on gives the flag a default 100% strategy: removed, so only the plan decides.
    await api('POST', `${ENV}/on`);
    for (const strategy of await api<Array<{ id: string }>>('GET', `${ENV}/strategies`))
      await api('DELETE', `${ENV}/strategies/${strategy.id}`);
  }, 120_000);

  // Registered after e2eSuite's, so it runs before the browser and server stop.
  afterAll(() => {
    sdk?.destroy();
  });

  it('builds a template, applies it to a flag and advances it milestone by milestone', {
    timeout: 300_000,
  }, async () => {
    const blocking: string[] = [];
    const pageErrors: string[] = [];
    const token = await api<{ secret: string }>('POST', '/api/admin/api-tokens', {
      tokenName: 'checkout-service',
      type: 'client',
      environment: 'development',
      projects: [PROJECT],
    });
    sdk = (
      await startNodeSdk({ url: suite.url, token: token.secret, appName: 'checkout', refreshInterval: 300 })
    ).unleash;
    const enabledFor = (userId: string) => sdk?.isEnabled(FLAG, { userId }) === true;
    const enabledCount = () => USERS.filter(enabledFor).length;
    expect(enabledFor('internal-1')).toBe(false);

    const context = await suite.browser.newContext({ viewport: VIEWPORT, bypassCSP: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${suite.url}/release-templates`);
    await signInWithPassword(page, OPERATOR.username, OPERATOR.password);
    await page.getByRole('heading', { name: 'Release templates' }).waitFor({ timeout: 15_000 });

    // The template and its milestones, named in the library's form.
    await page.getByRole('button', { name: 'New template' }).click();
    const create = page.getByRole('dialog');
    await create.getByLabel(/^Name/).fill(TEMPLATE);
    await create.getByLabel(/^Milestone 1/).fill('Internal');
    await create.getByRole('button', { name: 'Add milestone' }).click();
    await create.getByLabel(/^Milestone 2/).fill('50%');
    await create.getByRole('button', { name: 'Add milestone' }).click();
    await create.getByLabel(/^Milestone 3/).fill('Everyone');
    await create.getByRole('button', { name: 'Create template' }).click();
    await page.getByText(`Release template ${TEMPLATE} created.`).waitFor();

    // Each milestone's strategies, through the flag's strategy form.
    await page.getByRole('button', { name: `Edit ${TEMPLATE}` }).click();
    const editor = page.locator('[data-testid^="template-editor-"]');
    await editor.waitFor();
    await addMilestoneStrategy(page, editor, 'Internal', '100', ['internal-1', 'internal-2'], blocking);
    await addMilestoneStrategy(page, editor, '50%', '50');
    await addMilestoneStrategy(page, editor, 'Everyone', '100');
    blocking.push(...(await axeBlocking(page, 'template editor')));
    await screenshot(page, '93-release-template-editor');

    // Applied to the flag in development, with a preview of what it does.
    await page.goto(`${suite.url}/projects/${PROJECT}/features/${FLAG}`);
    const panel = page.getByTestId('release-plan-development');
    await panel.getByRole('button', { name: 'Apply release plan' }).click();
    const apply = page.getByRole('dialog');
    const preview = apply.getByTestId('template-preview');
    await preview.getByText('Everyone').waitFor();
    expect(await preview.textContent()).toContain('1 constraint(s)');
    blocking.push(...(await axeBlocking(page, 'apply release plan')));
    await screenshot(page, '95-release-plan-apply');
    await apply.getByRole('button', { name: 'Apply plan' }).click();
    await apply.waitFor({ state: 'detached' });
    await panel.getByText('Not started').waitFor();

    // Milestone 1: internal users only.
    await panel.getByRole('button', { name: 'Start Internal' }).click();
    await panel.getByText('At Internal').waitFor();
    // Removing the flag's last strategy turned development off: on again, now that the plan decides.
    await api('POST', `${ENV}/on`);
    await expect.poll(() => enabledFor('internal-1'), { timeout: 15_000 }).toBe(true);
    expect(enabledFor('internal-2')).toBe(true);
    expect(enabledCount()).toBe(0);

    // Milestone 2: half of everyone; then a timed progression to milestone 3 shows its due time.
    await page.reload();
    await panel.getByRole('button', { name: 'Start 50%' }).click();
    await panel.getByText('At 50%').waitFor();
    await expect.poll(() => enabledCount(), { timeout: 15_000 }).toBeGreaterThan(70);
    expect(enabledCount()).toBeLessThan(130);
    expect(enabledFor('internal-1') && enabledFor('internal-2') && enabledCount() === 200).toBe(false);
    await panel.getByRole('button', { name: 'Advance 50% automatically' }).click();
    const progression = panel.getByRole('form', { name: 'Automatic progression of 50%' });
    await progression.getByLabel('Advance to Everyone after').fill('2');
    await progression.getByLabel('Unit').selectOption('hours');
    await progression.getByRole('button', { name: 'Save progression' }).click();
    await panel.getByTestId('progression-2').getByText('Advances to Everyone after 2 hours').waitFor();
    const next = panel.getByTestId('next-progression');
    await next.waitFor();
    expect(await next.textContent()).toMatch(/Next milestone in (2 hours|1 hour|120 minutes|119 minutes)/);
    const plans = await api<Array<{ nextProgressionAt: string | null }>>('GET', `${ENV}/release-plans`);
    const due = Date.parse(plans[0]?.nextProgressionAt ?? '');
    expect(Math.abs(due - (Date.now() + 2 * 3_600_000))).toBeLessThan(5 * 60_000);
    blocking.push(...(await axeBlocking(page, 'flag page with a release plan')));
    await screenshot(page, '96-release-plan-progress');

    // Milestone 3, by hand before the timer: everyone.
    await panel.getByRole('button', { name: 'Start Everyone' }).click();
    await panel.getByText('At Everyone').waitFor();
    await expect.poll(() => enabledCount(), { timeout: 15_000 }).toBe(USERS.length);
    await screenshot(page, '97-release-plan-last-milestone');

    // The same screens in the dark scheme (the session cookie carries over to the new context).
    const dark = await suite.browser.newContext({
      viewport: VIEWPORT,
      colorScheme: 'dark',
      bypassCSP: true,
      storageState: await context.storageState(),
    });
    const darkPage = await dark.newPage();
    darkPage.on('pageerror', (error) => pageErrors.push(error.message));
    await darkPage.goto(`${suite.url}/projects/${PROJECT}/features/${FLAG}`);
    await darkPage
      .getByTestId('release-plan-development')
      .getByText('At Everyone')
      .waitFor({ timeout: 30_000 });
    blocking.push(...(await axeBlocking(darkPage, 'flag page with a release plan (dark)')));
    await screenshot(darkPage, '98-release-plan-dark');
    await darkPage.goto(`${suite.url}/release-templates`);
    await darkPage.getByRole('button', { name: `Edit ${TEMPLATE}` }).click();
    await darkPage.locator('[data-testid^="template-editor-"]').waitFor();
    blocking.push(...(await axeBlocking(darkPage, 'template editor (dark)')));
    await screenshot(darkPage, '99-release-template-editor-dark');
    await dark.close();

    expect(blocking).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
