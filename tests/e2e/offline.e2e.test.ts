import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_MISMATCH } from '../../server/src/features/users/user-service';
import { type RestartableServer, startRestartableServer } from '../helpers/spawn-server';
import { TEST_ADMIN_TOKEN } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import {
  hasChromium,
  passwordInput,
  releaseBrowser,
  screenshot,
  signInWithPassword,
  tokenAdminApi,
  workerBrowser,
} from './support';

/**
 * The operator console in Debian's Chromium against the real headless server, which this file
 * really stops and starts again (issue 6): password sign-in and sign-out; data saved in IndexedDB
 * shown with its age while the server process is gone; edits queued offline surviving reloads and
 * replayed by the console on its own once the server is back; and edits that meet a change made on
 * the server meanwhile, shown as conflicts with both versions and resolved either way. The server's
 * API is never intercepted: what the console shows and what the server ends up with come from the
 * server itself (checked through its admin API). Screenshots land in test-results/screenshots/.
 */
const ADMIN_USERNAME = 'operator';
const ADMIN_PASSWORD = 'Switch-yard-e2e-7';
/** How far the browser's clock is moved on while the server is away, so the saved data has an age to show. */
const AWAY_MINUTES = 20;

let database: TestDatabase;
let dataDir: string;
let server: RestartableServer;
let browser: Browser;

/** The admin API as the seeded admin token, from the test process (not through the browser). */
const adminApi = tokenAdminApi(() => server.url, TEST_ADMIN_TOKEN);

async function lifetimeOnServer(id: string): Promise<number | null | undefined> {
  const { types } = await adminApi<{ types: Array<{ id: string; lifetimeDays: number | null }> }>(
    'GET',
    '/api/admin/feature-types',
  );
  return types.find((type) => type.id === id)?.lifetimeDays;
}

async function environmentEnabledOnServer(name: string): Promise<boolean> {
  return (await adminApi<{ enabled: boolean }>('GET', `/api/admin/environments/${name}`)).enabled;
}

/**
 * The console's own files (the page and its hashed assets, never the API) are kept from their last
 * answer and served from that copy while the server is down, as the desktop window has them on disk:
 * a reload then shows what the console itself does without a server instead of the browser's error
 * page. Everything else (the API, /auth/, /logout, /health) is not routed at all.
 */
async function keepConsoleFiles(context: BrowserContext): Promise<void> {
  const origin = new URL(server.url).origin;
  const copies = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  const serverSurface = /^\/(api|auth|logout|health|ready|invite|edge|docs|internal-backstage)(\/|$)/;
  // The console's pages are one index.html at every path (issue 24); deep paths carry a <base>.
  const keyOf = (pathname: string) =>
    pathname.startsWith('/assets/') ? pathname : pathname === '/' ? 'page:root' : 'page:deep';
  await context.route(
    (target) => target.origin === origin && !serverSurface.test(target.pathname),
    async (route) => {
      const key = keyOf(new URL(route.request().url()).pathname);
      try {
        const response = await route.fetch();
        if (response.ok()) {
          const copy = {
            status: response.status(),
            headers: response.headers(),
            body: await response.body(),
          };
          copies.set(key, copy);
          // A reload on a deep path the browser never fetched online: the root page with its <base>.
          if (key === 'page:root' && !copies.has('page:deep')) {
            const html = copy.body.toString('utf8').replace('<head>', '<head>\n<base href="/">');
            copies.set('page:deep', { ...copy, body: Buffer.from(html) });
          }
        }
        await route.fulfill({ response });
      } catch {
        const copy = copies.get(key);
        if (copy) await route.fulfill(copy);
        else await route.abort('connectionrefused');
      }
    },
  );
}

/** A fresh browser profile signed in with the seeded admin's password on `path`. */
async function openSignedIn(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  await keepConsoleFiles(context);
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  await signInWithPassword(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await page.getByRole('navigation', { name: 'Console areas' }).waitFor({ timeout: 15_000 });
  return { context, page };
}

const lifetimeInput = (page: Page, name: string) => page.getByLabel(`Lifetime of ${name} in days`);

async function queueLifetime(page: Page, id: string, name: string, days: string): Promise<void> {
  const row = page.getByTestId(`feature-type-${id}`);
  await row.getByLabel(`Lifetime of ${name} in days`).fill(days);
  await row.getByRole('button', { name: 'Save' }).click();
  await row.getByTestId('pending-badge').waitFor();
}

/**
 * Waits until the console saved its copy of a query whose key holds `part` in IndexedDB: the copy
 * is written just after the screen renders, and leaving the page sooner (a slow, loaded machine)
 * would leave nothing to show offline.
 */
async function savedCopyOf(page: Page, part: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (wanted) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('switchyard-console');
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('cache')) return resolve(false);
              const keys = db.transaction('cache', 'readonly').objectStore('cache').getAllKeys();
              keys.onerror = () => resolve(false);
              keys.onsuccess = () => {
                resolve(keys.result.some((key) => String(key).includes(wanted)));
                db.close();
              };
            };
          }),
        part,
      ),
    )
    .toBe(true);
}

/** The three versions a conflict card shows: when edited, mine, the server's now. */
async function conflictVersions(page: Page): Promise<unknown[]> {
  const card = page.getByTestId('outbox-entry-conflict');
  await card.waitFor({ timeout: 15_000 });
  return (await card.locator('pre').allTextContents()).map((text) => JSON.parse(text));
}

describe.skipIf(!hasChromium)('operator console against a server that stops and comes back', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchyard-e2e-offline-'));
    server = await startRestartableServer({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      INIT_ADMIN_API_TOKENS: TEST_ADMIN_TOKEN,
      UNLEASH_DEFAULT_ADMIN_USERNAME: ADMIN_USERNAME,
      UNLEASH_DEFAULT_ADMIN_PASSWORD: ADMIN_PASSWORD,
      // Open keep-alive connections from the browser must not hold a stop for the default 10 s.
      SHUTDOWN_GRACE_SECONDS: '1',
    });
    browser = await workerBrowser();
  });

  afterAll(async () => {
    await releaseBrowser(browser);
    if (server?.running()) await server.stop();
    await database?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  // A test that failed while the server was stopped must not leave the next one without it.
  beforeEach(async () => {
    if (!server.running()) await server.start();
  });

  it('signs in with a password after refusing a wrong one, and signs out', async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/projects`);

    await signInWithPassword(page, ADMIN_USERNAME, 'Not-the-password-1');
    await page.getByText(PASSWORD_MISMATCH).first().waitFor();
    expect(await page.getByRole('navigation', { name: 'Console areas' }).count()).toBe(0);
    await screenshot(page, '20-sign-in-wrong-password');

    await passwordInput(page).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('navigation', { name: 'Console areas' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
    expect(await page.getByText(PASSWORD_MISMATCH).count()).toBe(0);
    const userMenu = page.getByTestId('user-menu');
    expect(await userMenu.textContent()).toBe(ADMIN_USERNAME);
    const cookies = await context.cookies(server.url);
    expect(cookies.map((cookie) => cookie.name)).toContain('unleash-session');

    // The session is the browser's cookie: a reload stays signed in.
    await page.reload();
    await page.getByRole('navigation', { name: 'Console areas' }).waitFor({ timeout: 15_000 });
    await userMenu.click();
    await page.getByText('Signed in with a password').waitFor();
    await screenshot(page, '21-user-menu');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Switchyard' }).waitFor();

    // Signed out for good: the server ended the session, so a reload asks again.
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to Switchyard' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('navigation', { name: 'Console areas' }).count()).toBe(0);
    await context.close();
  });

  it('shows saved data while the server is stopped, keeps queued edits across reloads and replays them when it is back', async () => {
    const { context, page } = await openSignedIn('/environments');
    await expect.poll(() => page.getByRole('switch', { name: 'production enabled' }).isChecked()).toBe(true);
    await savedCopyOf(page, '"environments"');
    await page.goto(`${server.url}/feature-toggle-type`);
    await expect.poll(() => lifetimeInput(page, 'Release').inputValue()).toBe('40 days');
    await savedCopyOf(page, '"feature-types"');

    await server.stop();
    // The browser's clock moves on while the server is away (its timers keep running).
    await context.clock.install({ time: Date.now() + AWAY_MINUTES * 60_000 });
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor({ timeout: 15_000 });
    await expect.poll(() => banner.textContent()).toContain(`Cannot reach ${server.url}.`);
    await expect
      .poll(() => banner.textContent())
      .toContain(`Showing data saved ${AWAY_MINUTES} minutes ago.`);
    expect(await page.getByTestId('saved-copy-badge').textContent()).toBe(
      `Saved copy · ${AWAY_MINUTES} minutes ago`,
    );
    expect(await lifetimeInput(page, 'Release').inputValue()).toBe('40 days');
    expect(
      await page.getByTestId('connection-indicator').locator('[data-state]').getAttribute('data-state'),
    ).toBe('offline');
    await screenshot(page, '22-offline-banner');

    await queueLifetime(page, 'release', 'Release', '30');
    await page.goto(`${server.url}/environments`);
    const production = page.getByTestId('environment-production');
    const productionSwitch = page.getByRole('switch', { name: 'production enabled' });
    await expect.poll(() => productionSwitch.isChecked()).toBe(true);
    await production.locator('.mantine-Switch-track').click();
    await production.getByTestId('pending-badge').waitFor();
    expect(await productionSwitch.isChecked()).toBe(false);
    await expect.poll(() => banner.textContent()).toContain('2 edits will be sent when it is back.');
    await screenshot(page, '23-offline-pending-edit');

    // Reloaded while the server is still away: the queued edits come back from IndexedDB.
    await page.goto(`${server.url}/console/pending-edits`);
    await page.reload();
    await banner.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('outbox-entry-pending').count()).toBe(2);
    const summaries = await page.getByTestId('outbox-entry-pending').allTextContents();
    expect(summaries[0]).toContain('Set the lifetime of Release to 30 days');
    expect(summaries[1]).toContain('Disable the environment production');
    expect(await page.getByTestId('pending-count').textContent()).toBe('2 pending');
    await screenshot(page, '24-offline-outbox-after-reload');

    // The console notices on its own (no click) that the server is back, and replays the queue in order.
    await server.start();
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByText('No pending edits: everything you changed has reached the server.').waitFor({
      timeout: 15_000,
    });
    expect(await lifetimeOnServer('release')).toBe(30);
    expect(await environmentEnabledOnServer('production')).toBe(false);
    expect(await page.getByTestId('pending-count').count()).toBe(0);

    await page.goto(`${server.url}/feature-toggle-type`);
    await expect.poll(() => lifetimeInput(page, 'Release').inputValue()).toBe('30 days');
    expect(await page.getByTestId('saved-copy-badge').count()).toBe(0);
    await page.goto(`${server.url}/environments`);
    await expect.poll(() => page.getByRole('switch', { name: 'production enabled' }).isChecked()).toBe(false);
    expect(await page.getByTestId('pending-badge').count()).toBe(0);
    await context.close();
  });

  it('shows edits that meet a change made on the server as conflicts and applies the version chosen', async () => {
    const { context, page } = await openSignedIn('/feature-toggle-type');
    await expect.poll(() => lifetimeInput(page, 'Experiment').inputValue()).toBe('40 days');
    expect(await lifetimeInput(page, 'Operational').inputValue()).toBe('7 days');

    // The browser loses the network (the server keeps running for the other operator).
    await context.setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor({ timeout: 15_000 });
    await queueLifetime(page, 'experiment', 'Experiment', '7');
    await queueLifetime(page, 'operational', 'Operational', '10');

    // Meanwhile someone else changes both types on the server.
    await adminApi('PUT', '/api/admin/feature-types/experiment/lifetime', { lifetimeDays: 14 });
    await adminApi('PUT', '/api/admin/feature-types/operational/lifetime', { lifetimeDays: 21 });

    await context.setOffline(false);
    await page.getByTestId('conflict-banner').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('conflict-banner').textContent()).toContain(
      '1 pending edit needs your decision before the rest can be sent.',
    );
    // The replay stopped at the conflict: neither edit overwrote the other operator's change.
    expect(await lifetimeOnServer('experiment')).toBe(14);
    expect(await lifetimeOnServer('operational')).toBe(21);

    await page.getByRole('link', { name: 'Review pending edits' }).click();
    expect(await conflictVersions(page)).toEqual([
      { lifetimeDays: 40 },
      { lifetimeDays: 7 },
      { lifetimeDays: 14 },
    ]);
    expect(await page.getByTestId('outbox-entry-pending').count()).toBe(1);
    await screenshot(page, '25-conflict');

    await page.getByTestId('outbox-entry-conflict').getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => lifetimeOnServer('experiment')).toBe(7);

    // The next edit is checked in turn and meets the other change: this time the server's version stays.
    await expect
      .poll(() => conflictVersions(page), { timeout: 15_000 })
      .toEqual([{ lifetimeDays: 7 }, { lifetimeDays: 10 }, { lifetimeDays: 21 }]);
    await page.getByTestId('outbox-entry-conflict').getByRole('button', { name: 'Keep server’s' }).click();
    await page.getByText('No pending edits: everything you changed has reached the server.').waitFor();
    expect(await lifetimeOnServer('experiment')).toBe(7);
    expect(await lifetimeOnServer('operational')).toBe(21);

    await page.goto(`${server.url}/feature-toggle-type`);
    // Both choices replay in order; wait for each, not just the first to settle.
    await expect.poll(() => lifetimeInput(page, 'Operational').inputValue()).toBe('21 days');
    await expect.poll(() => lifetimeInput(page, 'Experiment').inputValue()).toBe('7 days');
    await screenshot(page, '26-conflicts-resolved');
    await context.close();
  });
});
