import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer, stopServer } from '../helpers/spawn-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { blockingFindings, hasChromium, launchBrowser, screenshot, signInWithPassword } from './support';

/**
 * Issue 14 in Debian's Chromium against the real headless server: a flag's lifecycle badge on its
 * page and in the project's flag list, marked completed through the dialog, with no critical or
 * serious axe finding on the flag page, the dialog or the list.
 */
const USERNAME = 'lifecycle-operator';
const PASSWORD = 'Lifecycle-e2e-7';
const PROJECT = 'web-shop';
const FLAG = 'checkout-redesign';

let database: TestDatabase;
let dataDir: string;
let server: SpawnedServer;
let url: string;
let browser: Browser;

async function api(context: BrowserContext, method: 'POST', apiPath: string, data?: unknown): Promise<void> {
  const response = await context.request.fetch(`${url}${apiPath}`, { method, ...(data ? { data } : {}) });
  if (response.status() >= 300) throw new Error(`${method} ${apiPath}: ${response.status()}`);
}

describe.skipIf(!hasChromium)('flag lifecycle in the console (issue 14)', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchyard-e2e-lifecycle-'));
    server = spawnServer({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: '0',
      UNLEASH_DEFAULT_ADMIN_USERNAME: USERNAME,
      UNLEASH_DEFAULT_ADMIN_PASSWORD: PASSWORD,
      SHUTDOWN_GRACE_SECONDS: '1',
    });
    url = await server.ready;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
    await database?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('shows the stage, marks the flag completed through the dialog, and lists it as completed', {
    timeout: 180_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 }, bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}/login`);
    await signInWithPassword(page, USERNAME, PASSWORD);
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
    await api(context, 'POST', '/api/admin/projects', { id: PROJECT, name: 'Web shop' });
    for (const flag of [FLAG, 'dark-banner']) {
      await api(context, 'POST', `/api/admin/projects/${PROJECT}/features`, { name: flag });
    }

    await page.goto(`${url}/projects/${PROJECT}/features/${FLAG}`);
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

    await page.goto(`${url}/projects/${PROJECT}`);
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
