import type { Locator, Page } from 'playwright-core';
import type { Unleash } from 'unleash-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from '../sdk/node-sdk';
import {
  clickSwitch,
  dialogShot,
  type E2eSuite,
  e2eSuite,
  hasChromium,
  shot,
  signInWithPassword,
} from './support';

/**
 * The main operator flow of issue 6, entirely through the console in Debian's Chromium against the
 * real headless server: sign in with a password, create a project and a segment, create a flag
 * (its name checked as it is typed), give it a strategy in development with a constraint and the
 * segment, switch development on, and check with the real Node SDK (npm unleash-client, holding a
 * client token made on the API tokens screen) that the flag is on for exactly the users the
 * strategy selects; then switch it off in the console and see the SDK follow at its next poll.
 * Screenshots land in test-results/screenshots/.
 */
const ADMIN_USERNAME = 'flow-operator';
const ADMIN_PASSWORD = 'Flag-flow-e2e-9';
const PROJECT = { id: 'checkout', name: 'Checkout' };
const SEGMENT = 'beta-users';
const FLAG = 'one-click-pay';
/** The SDK asks again this often (ms), so switching the flag off reaches it within the test. */
const SDK_REFRESH_MS = 300;
/** Tall enough for the whole navigation, so it never scrolls and every picture shows it from the top. */
const VIEWPORT = { width: 1360, height: 1000 };

/** The file's server and browser (e2eSuite, set inside the describe). */
let suite: E2eSuite;
let sdk: Unleash | undefined;

/**
 * Picks `option` in a Mantine Select or MultiSelect (its options live in a portal) by clicking the
 * field's box (a MultiSelect holding pills hides its text input), then leaves the field so a
 * MultiSelect's dropdown, which stays open, covers nothing below it.
 */
async function choose(page: Page, field: Locator, option: string): Promise<void> {
  await field.locator('xpath=ancestor-or-self::*[contains(@class, "mantine-Input-input")][1]').click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Tab');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

/** Opens a console area from the navigation, as the operator does. */
async function openArea(page: Page, area: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Console areas' })
    .getByRole('link', { name: area, exact: true })
    .click();
  await page.getByRole('heading', { name: area, exact: true }).waitFor();
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${suite.url}/projects`);
  await signInWithPassword(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await page.getByRole('navigation', { name: 'Console areas' }).waitFor({ timeout: 15_000 });
  await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
}

async function createProject(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill(PROJECT.name);
  expect(await dialog.getByLabel('Id').inputValue()).toBe(PROJECT.id);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await dialog.waitFor({ state: 'detached' });
  // A created project opens (issue 33).
  await page.getByRole('heading', { name: PROJECT.name, exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/projects/${PROJECT.id}`);
}

/** A segment of the project: userId is one of u1, u2. */
async function createSegment(page: Page): Promise<void> {
  await openArea(page, 'Segments');
  await page.getByRole('button', { name: 'New segment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New segment' });
  await dialog.getByLabel('Name').fill(SEGMENT);
  await dialog.getByLabel('Description').fill('Users trying the new checkout first');
  await dialog.getByLabel('Project').selectOption({ label: PROJECT.name });
  await dialog.getByRole('button', { name: 'Add constraint' }).click();
  const constraint = dialog.getByTestId('constraint-0');
  await constraint.getByLabel('Context field').selectOption('userId');
  expect(await constraint.getByLabel('Operator').inputValue()).toBe('IN');
  const values = constraint.getByLabel('Values');
  for (const userId of ['u1', 'u2']) {
    await values.fill(userId);
    await values.press('Enter');
  }
  await dialog.getByRole('button', { name: 'Create segment' }).click();
  await page.getByText(`Segment ${SEGMENT} created.`).waitFor();
  await dialog.waitFor({ state: 'detached' });
  const row = page.getByTestId(`segment-${SEGMENT}`);
  await row.waitFor();
  // Project, constraint count and (not yet) used by flags.
  expect(await row.locator('td').allTextContents()).toEqual([
    `${SEGMENT}Users trying the new checkout first`,
    PROJECT.id,
    '1',
    '0',
    'EditDelete',
  ]);
}

/** Flags → New flag: the server checks the name as it is typed; creating it opens the flag page. */
async function createFlag(page: Page): Promise<void> {
  await openArea(page, 'Flags');
  await page.getByRole('button', { name: 'New flag' }).click();
  const dialog = page.getByRole('dialog', { name: 'New flag' });
  const name = dialog.getByLabel('Name');
  await name.fill('one click pay');
  await dialog.getByText('"name" must be URL friendly. You provided "one click pay".').waitFor();
  expect(await name.getAttribute('aria-invalid')).toBe('true');
  await name.fill(FLAG);
  await dialog.getByText('The name is free').waitFor();
  await choose(page, dialog.getByLabel('Project'), PROJECT.name);
  await dialog.getByLabel('Description').fill('Pay with one click from the basket');
  await shot(page, '30-flow-create-flag');
  await dialog.getByRole('button', { name: 'Create flag' }).click();
  await expect
    .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
    .toBe(`/projects/${PROJECT.id}/features/${FLAG}`);
  await page.getByRole('heading', { name: FLAG, exact: true }).waitFor();
  await page.getByTestId('flag-description').getByText('Pay with one click from the basket').waitFor();
}

/** Development gets flexibleRollout 100% for appName web and the segment, then is switched on. */
async function addStrategyAndEnable(page: Page): Promise<Locator> {
  const development = page.getByTestId('environment-development');
  await development.getByText('No strategies in development').waitFor();
  await development.getByRole('button', { name: 'Add strategy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a strategy in development' });
  expect(await dialog.getByLabel('Strategy').inputValue()).toBe('flexibleRollout');
  expect(await dialog.getByLabel('Rollout (%)').inputValue()).toBe('100');

  await choose(page, dialog.getByLabel('Segments'), SEGMENT);
  await dialog.getByRole('button', { name: 'Add constraint' }).click();
  const constraint = dialog.getByTestId('constraint-0');
  await constraint.getByLabel('Context field').selectOption('appName');
  const values = constraint.getByLabel('Values');
  await values.fill('web');
  await values.press('Enter');
  await dialogShot(page, '31-flow-strategy-form', 1900);

  await dialog.getByRole('button', { name: 'Add strategy' }).click();
  await dialog.waitFor({ state: 'detached' });
  await development.getByText('flexibleRollout added.').waitFor();
  const card = development.locator('[data-testid^="strategy-"]').filter({ hasText: 'Rollout 100%' });
  await card.waitFor();
  await card.getByText(`Segments: ${SEGMENT}`).waitFor();
  await card.getByText('appName is one of web').waitFor();

  const enabled = development.getByRole('switch', { name: `${FLAG} on in development` });
  expect(await enabled.isChecked()).toBe(false);
  await clickSwitch(enabled);
  await expect.poll(() => enabled.isChecked()).toBe(true);
  await development.getByText('On', { exact: true }).waitFor();
  await shot(page, '32-flow-flag-page');
  return enabled;
}

/** API tokens → New API token: a client token for the project in development; the secret is shown once. */
async function createClientToken(page: Page): Promise<string> {
  await openArea(page, 'API tokens');
  await page.getByRole('button', { name: 'New API token' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('checkout-service');
  expect(await dialog.getByLabel('Type').inputValue()).toBe('Backend SDK (client)');
  const environment = dialog.getByLabel('Environment');
  if ((await environment.inputValue()) !== 'development') await choose(page, environment, 'development');
  // Choosing one project replaces "all projects".
  await choose(page, dialog.getByLabel('Projects'), PROJECT.name);
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const secret = (await dialog.getByTestId('token-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(new RegExp(`^${PROJECT.id}:development\\.[0-9a-f]+$`));
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByTestId('api-token-checkout-service').waitFor();
  return secret;
}

describe.skipIf(!hasChromium)('the main operator flow, from the console to a real SDK', () => {
  suite = e2eSuite('flow', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });

  // Registered after e2eSuite's, so it runs before the browser and server stop.
  afterAll(() => {
    sdk?.destroy();
  });

  it('signs in, builds a targeted flag and the Node SDK follows it on and off', async () => {
    const page = await suite.browser.newPage({ viewport: VIEWPORT });
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));

    await signIn(page);
    await createProject(page);
    await createSegment(page);
    await shot(page, '33-flow-segment');
    await createFlag(page);
    const enabled = await addStrategyAndEnable(page);
    const flagPage = page.url();

    const token = await createClientToken(page);
    const started = await startNodeSdk({
      url: suite.url,
      token,
      appName: 'checkout-service',
      refreshInterval: SDK_REFRESH_MS,
    });
    sdk = started.unleash;
    expect(sdk.isEnabled(FLAG, { appName: 'web', userId: 'u1' })).toBe(true);
    expect(sdk.isEnabled(FLAG, { appName: 'web', userId: 'u2' })).toBe(true);
    // Outside the segment, and the right user on the wrong application.
    expect(sdk.isEnabled(FLAG, { appName: 'web', userId: 'u3' })).toBe(false);
    expect(sdk.isEnabled(FLAG, { appName: 'ios', userId: 'u1' })).toBe(false);

    // Switched off in the console: the SDK sees it at its next poll.
    await page.goto(flagPage);
    await expect.poll(() => enabled.isChecked(), { timeout: 10_000 }).toBe(true);
    await clickSwitch(enabled);
    await expect.poll(() => enabled.isChecked()).toBe(false);
    await expect
      .poll(() => sdk?.isEnabled(FLAG, { appName: 'web', userId: 'u1' }), { timeout: 10_000 })
      .toBe(false);
    expect(started.errors).toEqual([]);

    // The segment now counts the flag that uses it; the project page lists the flag.
    await page.goto(`${suite.url}/segments`);
    const segmentRow = page.getByTestId(`segment-${SEGMENT}`);
    await expect.poll(() => segmentRow.locator('td').nth(3).textContent(), { timeout: 10_000 }).toBe('1');
    await shot(page, '34-flow-segments-used');
    // The project opens on its flag list, as in Unleash; the counts are on the Overview tab.
    await page.goto(`${suite.url}/projects/${PROJECT.id}`);
    await page.getByRole('heading', { name: PROJECT.name, exact: true }).waitFor();
    const projectFlag = page.getByTestId(`project-flag-${FLAG}`);
    await projectFlag.waitFor();
    const cells = await projectFlag.locator('td').allTextContents();
    // Selection box, name with description, type, lifecycle stage (the SDK has seen it in
    // development, once its metrics are flushed), environments on (none: switched off), created.
    expect(cells.slice(0, 3)).toEqual(['', `${FLAG}Pay with one click from the basket`, 'release']);
    expect(cells[3]).toMatch(/^(Initial|Pre-live)$/);
    expect(cells[4]).toBe('');
    expect(cells[5]).toMatch(/\d/);
    await shot(page, '36-flow-project-flags');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/projects/${PROJECT.id}/overview`);
    await expect.poll(() => page.getByTestId('stat-Flags').textContent()).toBe('Flags1');
    await shot(page, '35-flow-project-overview');
    expect(failures).toEqual([]);
    await page.close();
  });
});
