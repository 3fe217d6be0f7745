import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../helpers/test-app';
import {
  type E2eServer,
  hasChromium,
  passwordInput,
  releaseBrowser,
  screenshot,
  signInWithPassword,
  startE2eServer,
  workerBrowser,
} from './support';

/**
 * The operator console in Debian's Chromium against the real headless server (issue 6): the shell
 * and the screens render, sign-in with the seeded admin token, the server's SPA fallback and cache
 * headers, the command bar, a project, a feature-type lifetime and an API token made on the real
 * server, and the offline path in a real browser: IndexedDB keeps data and queued edits across
 * reloads, and reconnecting replays them with a conflict shown. In that last scenario the
 * feature-type API is answered by route interception, so the test can take the server away and
 * change an object "behind the operator's back" at exact moments. Screenshots land in
 * test-results/screenshots/.
 */
const AREAS = [
  'Projects',
  'Flags',
  'Segments',
  'Context fields',
  'Environments',
  'Tag types',
  'Feature types',
  'API tokens',
  'Personal access tokens',
  'Users',
  'Roles',
  'Groups',
  'Service accounts',
  'Invite links',
  'Event log',
  'Applications',
];

let e2e: E2eServer;
let url: string;
let browser: Browser;

/** The shell, signing in with the seeded admin token first when the server asks for it. */
async function openConsole(page: Page, path = '/features'): Promise<void> {
  await page.goto(`${url}${path}`);
  const nav = page.getByRole('navigation', { name: 'Console areas' });
  const signIn = page.getByRole('heading', { name: 'Sign in to Switchyard' });
  await expect
    .poll(async () => (await nav.isVisible()) || (await signIn.isVisible()), { timeout: 15_000 })
    .toBe(true);
  if (await signIn.isVisible()) {
    await screenshot(page, '01-sign-in');
    await page.getByRole('tab', { name: 'Token' }).click();
    await page.getByLabel('Admin token or personal access token').fill(TEST_ADMIN_TOKEN);
    await page.getByLabel('Stay signed in in this tab (until it is closed)').check();
    await page.getByRole('button', { name: 'Sign in with token' }).click();
  }
  await nav.waitFor({ timeout: 15_000 });
}

/** The screen shows its data, its empty state or why the server could not give it. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.body.textContent?.includes('Loading '), undefined, {
    timeout: 10_000,
  });
}

describe.skipIf(!hasChromium)('operator console in Chromium', () => {
  beforeAll(async () => {
    e2e = await startE2eServer('console', { INIT_ADMIN_API_TOKENS: TEST_ADMIN_TOKEN });
    url = e2e.url;
    browser = await workerBrowser();
  });

  afterAll(async () => {
    await releaseBrowser(browser);
    await e2e?.stop();
  });

  it('serves the console and renders the shell with every area', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
        failures.push(message.text());
    });

    const response = await page.goto(`${url}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await openConsole(page);
    const nav = page.getByRole('navigation', { name: 'Console areas' });
    for (const area of AREAS)
      await expect.poll(() => nav.getByRole('link', { name: area, exact: true }).count()).toBe(1);
    await page.getByRole('heading', { name: 'Flags' }).waitFor();
    await settled(page);
    await screenshot(page, '02-shell-flags');

    for (const [hash, heading, name] of [
      ['/projects', 'Projects', '03-projects'],
      ['/environments', 'Environments', '04-environments'],
      ['/feature-toggle-type', 'Feature types', '05-feature-types'],
      ['/history', 'Event log', '06-event-log'],
      ['/admin/api', 'API tokens', '07-api-tokens'],
      ['/console/connections', 'Connections', '08-connections'],
      ['/admin/users', 'Users', '15-users'],
      ['/admin/roles', 'Roles', '16-roles'],
      ['/context', 'Context fields', '17-context-fields'],
    ] as const) {
      await page.goto(`${url}${hash}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await settled(page);
      await screenshot(page, name);
    }
    expect(failures).toEqual([]);
    await page.close();
  });

  it('has the generated admin choose a password at first sign-in (issue 33)', async () => {
    const generated = /generated password (\S+) /.exec(e2e.server.stdout())?.[1] as string;
    const context = await browser.newContext({ viewport: { width: 360, height: 760 } });
    const page = await context.newPage();
    await page.goto(`${url}/projects`);
    await signInWithPassword(page, 'admin', generated);
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor({ timeout: 15_000 });
    await screenshot(page, '01-first-password');
    await passwordInput(page).fill(generated);
    for (const field of await page.locator('input[autocomplete="new-password"]').all())
      await field.fill('Chosen-e2e-2026!');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor({ timeout: 15_000 });
    const login = await page.request.post(`${url}/auth/simple/login`, {
      data: { username: 'admin', password: generated },
    });
    expect(login.status()).toBe(401);
    await context.close();
  });

  it('answers a deep link with the console and serves hashed assets as immutable', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    const assets: Array<{ url: string; cacheControl: string | undefined }> = [];
    page.on('response', (response) => {
      if (response.url().includes('/assets/'))
        assets.push({ url: response.url(), cacheControl: response.headers()['cache-control'] });
    });
    await page.goto(`${url}/environments`);
    await page
      .getByRole('navigation', { name: 'Console areas' })
      .or(page.getByRole('heading', { name: 'Sign in to Switchyard' }))
      .waitFor();
    // Signed out, the deep link waits behind sign-in: /login?redirect=/environments (issue 24).
    const landed = new URL(page.url());
    expect(
      landed.pathname === '/environments' || landed.searchParams.get('redirect') === '/environments',
    ).toBe(true);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) expect(asset.cacheControl).toBe('public, max-age=31536000, immutable');

    const api = await page.request.get(`${url}/api/admin/no-such-thing`, {
      headers: { accept: 'text/html' },
    });
    expect(api.status()).toBe(404);
    expect((await api.json()).name).toBe('NotFoundError');
    await page.close();
  });

  it('jumps to a screen from the command bar', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    await openConsole(page, '/features');
    await page.keyboard.press('Control+K');
    const input = page.getByRole('combobox', { name: 'Command' });
    await input.fill('feat');
    await screenshot(page, '09-command-bar');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Feature types', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/feature-toggle-type');
    await page.close();
  });

  it('keeps the header and navigation opaque, light and dark, and a 360 px window without sideways scrolling (issue 33)', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 }, colorScheme });
      await openConsole(page, '/admin/api');
      await page.getByRole('heading', { name: 'API tokens', exact: true }).waitFor();
      await settled(page);
      const shell = await page.evaluate(() => ({
        scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
        header: getComputedStyle(document.querySelector('header') as Element).backgroundColor,
        navbar: getComputedStyle(document.querySelector('.mantine-AppShell-navbar') as Element)
          .backgroundColor,
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      }));
      expect(shell.scheme).toBe(colorScheme);
      // Opaque colours compute to rgb(); the transparent header computed to rgba(0, 0, 0, 0).
      expect(shell.header).toMatch(/^rgb\(/);
      expect(shell.navbar).toMatch(/^rgb\(/);
      expect(shell.overflow).toBeLessThanOrEqual(0);
      for (const control of ['command-button', 'color-scheme-menu', 'user-menu'])
        expect(await page.getByTestId(control).isVisible()).toBe(true);
      await screenshot(page, `27-narrow-api-tokens-${colorScheme}`);
      await page.close();
    }
  });

  it('creates a project, changes a feature type and creates an API token on the real server', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    await openConsole(page, '/projects');
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('E2E Web');
    expect(await dialog.getByLabel('Id').inputValue()).toBe('e2e-web');
    await screenshot(page, '13-create-project');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    // A created project opens (issue 33).
    await page.getByRole('heading', { name: 'E2E Web', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/projects/e2e-web');
    const headers = { authorization: TEST_ADMIN_TOKEN };
    const projects = await (await page.request.get(`${url}/api/admin/projects`, { headers })).json();
    expect(projects.projects.map((p: { id: string }) => p.id)).toContain('e2e-web');

    await page.goto(`${url}/feature-toggle-type`);
    const row = page.getByTestId('feature-type-operational');
    await row.getByLabel('Lifetime of Operational in days').fill('10');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => {
        const { types } = await (
          await page.request.get(`${url}/api/admin/feature-types`, { headers })
        ).json();
        return types.find((t: { id: string }) => t.id === 'operational')?.lifetimeDays;
      })
      .toBe(10);

    await page.goto(`${url}/admin/api`);
    await page.getByRole('button', { name: 'New API token' }).click();
    const tokenDialog = page.getByRole('dialog');
    await tokenDialog.getByLabel('Name').fill('e2e-sdk');
    await tokenDialog.getByRole('button', { name: 'Create token' }).click();
    const secret = await tokenDialog.getByTestId('token-secret').textContent();
    expect(secret).toMatch(/^\*:development\.[0-9a-f]+$/);
    await screenshot(page, '14-token-secret');
    await tokenDialog.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('api-token-e2e-sdk').waitFor();
    // The secret is not shown again: the list carries only its prefix.
    expect(await page.getByTestId('api-token-e2e-sdk').textContent()).not.toContain(secret!);
    const client = await page.request.get(`${url}/api/client/features`, {
      headers: { authorization: secret! },
    });
    expect(client.status()).toBe(200);

    // Flags made through the API (the flag-create screen comes with the flag page) show in the list.
    for (const [name, type] of [
      ['checkout-redesign', 'release'],
      ['pricing-experiment', 'experiment'],
    ] as const) {
      const created = await page.request.post(`${url}/api/admin/projects/default/features`, {
        headers,
        data: { name, type, description: `The ${name} flag` },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    await page.request.post(
      `${url}/api/admin/projects/default/features/checkout-redesign/environments/development/on`,
      {
        headers,
      },
    );
    await page.goto(`${url}/features`);
    await page.getByText('checkout-redesign', { exact: true }).waitFor();
    expect(await page.getByTestId('flag-count').textContent()).toBe('1–2 of 2');
    await screenshot(page, '18-flags');
    // The name is a link to the flag page; the rest of the row opens the summary drawer.
    await page
      .getByRole('row', { name: /checkout-redesign/ })
      .getByRole('cell')
      .last()
      .click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('The checkout-redesign flag').waitFor();
    expect(await drawer.getByRole('row').nth(1).textContent()).toContain('on');
    // Let the drawer finish sliding in before the picture.
    await page.waitForTimeout(500);
    await screenshot(page, '19-flag-details');
    await drawer.getByRole('link', { name: 'Open the flag page' }).click();
    await page.waitForURL(/\/projects\/default\/features\/checkout-redesign$/);
    await page.getByRole('heading', { name: 'checkout-redesign' }).first().waitFor();
    await page.close();
  });

  it('keeps data and edits in IndexedDB offline, and replays them with a conflict on reconnect', async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    const types = [
      {
        id: 'release',
        name: 'Release',
        description: 'Release feature flags are used to release new features.',
        lifetimeDays: 40 as number | null,
      },
      {
        id: 'experiment',
        name: 'Experiment',
        description:
          'Experiment feature flags are used to test and verify multiple different versions of a feature.',
        lifetimeDays: 40 as number | null,
      },
    ];
    let down = false;
    const puts: Array<{ id: string; lifetimeDays: number | null }> = [];
    await page.route(
      (target) => target.pathname.startsWith('/api/') || target.pathname === '/health',
      async (route: Route) => {
        if (down) return route.abort('internetdisconnected');
        const target = new URL(route.request().url());
        if (target.pathname === '/api/admin/feature-types' && route.request().method() === 'GET') {
          return route.fulfill({ json: { version: 1, types } });
        }
        const lifetime = /^\/api\/admin\/feature-types\/([^/]+)\/lifetime$/.exec(target.pathname);
        if (lifetime && route.request().method() === 'PUT') {
          const type = types.find((t) => t.id === lifetime[1]);
          const body = route.request().postDataJSON() as { lifetimeDays: number | null };
          puts.push({ id: lifetime[1]!, lifetimeDays: body.lifetimeDays });
          if (type) type.lifetimeDays = body.lifetimeDays;
          return route.fulfill({ json: type });
        }
        return route.continue();
      },
    );

    await openConsole(page, '/feature-toggle-type');
    await expect.poll(() => page.getByLabel('Lifetime of Release in days').inputValue()).toBe('40 days');
    const stores = await page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const request = indexedDB.open('switchyard-console');
          request.onsuccess = () => resolve([...request.result.objectStoreNames]);
          request.onerror = () => reject(request.error);
        }),
    );
    expect(stores.sort()).toEqual(['cache', 'outbox', 'settings']);

    // The server goes away; the console is reloaded (as the desktop window would be) and opens from IndexedDB.
    down = true;
    await page.reload();
    await page.getByTestId('offline-banner').waitFor();
    await page.getByTestId('saved-copy-badge').waitFor();
    expect(await page.getByLabel('Lifetime of Release in days').inputValue()).toBe('40 days');

    const edit = async (name: string, days: string) => {
      const row = page.getByTestId(`feature-type-${name.toLowerCase()}`);
      await row.getByLabel(`Lifetime of ${name} in days`).fill(days);
      await row.getByRole('button', { name: 'Save' }).click();
      await row.getByTestId('pending-badge').waitFor();
    };
    await edit('Release', '30');
    await edit('Experiment', '7');
    await screenshot(page, '10-offline-pending');

    // Reloaded again while still offline: the queued edits are still there.
    await page.reload();
    await page.getByTestId('offline-banner').waitFor();
    await expect.poll(() => page.getByTestId('pending-badge').count()).toBe(2);
    expect(await page.getByTestId('offline-banner').textContent()).toContain(
      '2 edits will be sent when it is back.',
    );
    expect(puts).toEqual([]);

    // Meanwhile someone else changes Experiment on the server; then the server comes back.
    types[1]!.lifetimeDays = 14;
    down = false;
    await page.getByRole('button', { name: 'Retry now' }).click();
    await page.getByTestId('conflict-banner').waitFor({ timeout: 15_000 });
    expect(puts).toEqual([{ id: 'release', lifetimeDays: 30 }]);
    expect(types[1]!.lifetimeDays).toBe(14);

    await page.getByRole('link', { name: 'Review pending edits' }).click();
    const conflict = page.getByTestId('outbox-entry-conflict');
    await conflict.waitFor();
    const versions = (await conflict.locator('pre').allTextContents()).map((text) => JSON.parse(text));
    expect(versions).toEqual([{ lifetimeDays: 40 }, { lifetimeDays: 7 }, { lifetimeDays: 14 }]);
    await screenshot(page, '11-conflict');

    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await page.getByText('No pending edits: everything you changed has reached the server.').waitFor();
    expect(types.map((t) => t.lifetimeDays)).toEqual([30, 7]);
    expect(puts).toEqual([
      { id: 'release', lifetimeDays: 30 },
      { id: 'experiment', lifetimeDays: 7 },
    ]);
    await screenshot(page, '12-outbox-empty');
    await context.close();
  });
});
