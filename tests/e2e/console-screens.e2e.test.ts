import path from 'node:path';
import type { Page } from 'playwright-core';
import { type Context, Strategy, type Unleash } from 'unleash-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from '../sdk/node-sdk';
import {
  clickSwitch,
  createFlagThroughApi,
  dialogShot,
  type E2eSuite,
  e2eSuite,
  hasChromium,
  SCREENSHOTS,
  screenshotsWanted,
  sessionAdminApi,
  shot,
  signInWithPassword,
} from './support';

/**
 * Issue 24 part 3 in Debian's Chromium against the real headless server: an environment created
 * and another cloned from development (the clone carries the flag's custom strategy to SDKs), a
 * custom strategy defined on /strategies and used on a flag through the strategy form's typed
 * parameters, evaluated by the real Node SDK with its own implementation, and a flag revived from
 * /archive. Every new screen is photographed into test-results/screenshots/.
 */
const ADMIN_USERNAME = 'screens-operator';
const ADMIN_PASSWORD = 'Console-screens-e2e-7';
const FLAG = 'regional-banner';
const VIEWPORT = { width: 1360, height: 1000 };

/** The file's server and browser (e2eSuite, set inside the describe). */
let suite: E2eSuite;
const sdks: Unleash[] = [];

/** The SDK's half of the custom strategy: on for the regions listed in its `regions` parameter. */
class RegionStrategy extends Strategy {
  constructor() {
    super('byRegion');
  }

  override isEnabled(parameters: { regions?: string }, context: Context): boolean {
    return (parameters.regions ?? '').split(',').includes(String(context.properties?.region ?? ''));
  }
}

async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${suite.url}${path}`);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: 15_000 });
}

async function createEnvironments(page: Page): Promise<void> {
  await open(page, '/environments', 'Environments');
  await page.getByRole('button', { name: 'New environment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New environment' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('qa');
  await dialog.getByLabel('Type').selectOption('test');
  await dialogShot(page, '60-screens-environment-new', 1600);
  const create = dialog.getByRole('button', { name: 'Create environment' });
  await expect.poll(() => create.isEnabled()).toBe(true);
  await create.click();
  await page.getByText('Environment qa created.').waitFor();
  await page.getByTestId('environment-qa').waitFor();
}

async function cloneDevelopment(page: Page): Promise<void> {
  await open(page, '/environments', 'Environments');
  await page.getByRole('button', { name: 'Clone development' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clone development' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('dev-eu');
  await dialogShot(page, '61-screens-environment-clone', 1600);
  const clone = dialog.getByRole('button', { name: 'Clone environment' });
  await expect.poll(() => clone.isEnabled()).toBe(true);
  await clone.click();
  await page.getByText('Environment dev-eu created as a clone.').waitFor();
  await page.getByTestId('environment-dev-eu').waitFor();
  await shot(page, '62-screens-environments');
}

async function createCustomStrategy(page: Page): Promise<void> {
  await open(page, '/strategies', 'Strategies');
  await page.getByRole('button', { name: 'New custom strategy' }).click();
  const dialog = page.getByRole('dialog', { name: 'New custom strategy' });
  await dialog.getByLabel(/^Name/).fill('byRegion');
  await dialog.getByLabel('Title', { exact: true }).fill('By region');
  await dialog.getByRole('button', { name: 'Add parameter' }).click();
  await dialog.getByLabel('Parameter 1 name').fill('regions');
  await dialog.getByLabel('Parameter 1 type').selectOption('list');
  await dialog.getByLabel('Parameter 1 description').fill('Region codes');
  await dialog.getByLabel('Required').check();
  await dialog.getByRole('button', { name: 'Add parameter' }).click();
  await dialog.getByLabel('Parameter 2 name').fill('loud');
  await dialog.getByLabel('Parameter 2 type').selectOption('boolean');
  await dialogShot(page, '63-screens-strategy-new', 1600);
  await dialog.getByRole('button', { name: 'Create strategy' }).click();
  await page.getByText('Strategy byRegion created.').waitFor();
  const row = page.getByTestId('strategy-byRegion');
  await row.getByText('regions (list, required), loud (boolean)').waitFor();
  await shot(page, '64-screens-strategies');
}

/** The flag page's strategy form offers the custom strategy and shows its parameters as fields. */
async function useCustomStrategy(page: Page): Promise<void> {
  await open(page, `/projects/default/features/${FLAG}`, FLAG);
  const development = page.getByTestId('environment-development');
  await development.getByRole('button', { name: 'Add strategy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a strategy in development' });
  await dialog.getByLabel('Strategy').selectOption('byRegion');
  const regions = dialog.getByLabel(/^regions/);
  for (const region of ['eu', 'us']) {
    await regions.fill(region);
    await regions.press('Enter');
  }
  expect(await dialog.getByRole('switch', { name: 'loud' }).isChecked()).toBe(false);
  await dialogShot(page, '65-screens-custom-strategy-form', 1600);
  await dialog.getByRole('button', { name: 'Add strategy' }).click();
  await dialog.waitFor({ state: 'detached' });
  await development.getByText('byRegion added.').waitFor();
  await development.locator('[data-testid^="strategy-"]').filter({ hasText: 'eu' }).waitFor();
  const enabled = development.getByRole('switch', { name: `${FLAG} on in development` });
  await clickSwitch(enabled);
  // The server has it at once; the page shows it for sure once read again (the flag page does not
  // always re-read after an applied switch, a console-data concern noted in the report of part 3).
  await expect
    .poll(async () => {
      const state = await page
        .context()
        .request.get(`${suite.url}/api/admin/projects/default/features/${FLAG}`);
      const body = (await state.json()) as { environments: { name: string; enabled: boolean }[] };
      return body.environments.find((environment) => environment.name === 'development')?.enabled;
    })
    .toBe(true);
  await page.reload();
  await expect.poll(() => enabled.isChecked(), { timeout: 15_000 }).toBe(true);
}

async function addLink(page: Page): Promise<void> {
  await page.getByLabel('Link URL').fill('https://tracker.example.com/BANNER-1');
  await page.getByLabel('Link title').fill('Ticket');
  await page.getByRole('button', { name: 'Add link' }).click();
  await page.getByRole('link', { name: 'Ticket' }).waitFor();
  await page.getByRole('link', { name: 'Ticket' }).scrollIntoViewIfNeeded();
  if (screenshotsWanted) await page.screenshot({ path: path.join(SCREENSHOTS, '66-screens-flag-links.png') });
}

async function reviveFromArchive(page: Page): Promise<void> {
  await open(page, '/archive', 'Archive');
  await page.getByTestId('archived-old-promo').waitFor();
  await page.getByTestId('archived-older-promo').waitFor();
  await page.getByLabel('Select old-promo').check();
  await shot(page, '67-screens-archive');
  await page.getByRole('button', { name: 'Revive selected (1)' }).click();
  await page.getByText('old-promo revived.').waitFor();
  await page.getByTestId('archived-old-promo').waitFor({ state: 'detached' });
  await page.getByTestId('archived-older-promo').waitFor();
}

describe.skipIf(!hasChromium)('console screens for every capability (issue 24 part 3)', () => {
  suite = e2eSuite('screens', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });

  // Registered after e2eSuite's, so it runs before the browser and server stop.
  afterAll(() => {
    for (const sdk of sdks) sdk.destroy();
  });

  it('creates and clones environments, uses a custom strategy seen by unleash-client, revives from the archive', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));

    await page.goto(`${suite.url}/environments`);
    await signInWithPassword(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Environments', exact: true }).waitFor({ timeout: 15_000 });
    const api = sessionAdminApi(context.request, suite.url);

    await createEnvironments(page);
    await createCustomStrategy(page);
    await createFlagThroughApi(api, { project: 'default', name: FLAG });
    await useCustomStrategy(page);
    await addLink(page);
    // Cloned after the flag got its strategy: the clone carries it.
    await cloneDevelopment(page);

    for (const environment of ['development', 'dev-eu']) {
      const token = await api<{ secret: string }>('POST', '/api/admin/api-tokens', {
        tokenName: `e2e-${environment}`,
        type: 'client',
        environment,
        projects: ['*'],
      });
      const started = await startNodeSdk({
        url: suite.url,
        token: token.secret,
        appName: `screens-${environment}`,
        strategies: [new RegionStrategy()],
      });
      sdks.push(started.unleash);
      expect(started.unleash.isEnabled(FLAG, { properties: { region: 'eu' } })).toBe(true);
      expect(started.unleash.isEnabled(FLAG, { properties: { region: 'apac' } })).toBe(false);
      expect(started.errors).toEqual([]);
    }

    for (const name of ['old-promo', 'older-promo']) {
      await createFlagThroughApi(api, { project: 'default', name });
      await api('DELETE', `/api/admin/projects/default/features/${name}`);
    }
    await reviveFromArchive(page);
    const revived = await api<{ archived: boolean }>('GET', '/api/admin/projects/default/features/old-promo');
    expect(revived.archived).toBe(false);

    // The remaining new screens, photographed once they have something to show.
    await open(page, '/projects/default', 'Default');
    await page.getByRole('tab', { name: 'Environments' }).click();
    await page.getByRole('button', { name: 'Edit the default strategy of development' }).click();
    await page.getByRole('dialog', { name: 'Default strategy in development' }).waitFor();
    await dialogShot(page, '68-screens-default-strategy', 1600);
    await page.keyboard.press('Escape');
    await open(page, '/admin/cors', 'CORS origins');
    await shot(page, '69-screens-cors');
    await open(page, '/admin/users/inactive', 'Inactive users');
    await shot(page, '70-screens-inactive-users');
    await open(page, '/profile', 'Profile');
    await page.getByTestId('profile-identity').waitFor();
    await shot(page, '71-screens-profile');

    expect(failures).toEqual([]);
    await context.close();
  });
});
