import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type SpawnedServer, spawnServer, stopServer } from '../helpers/spawn-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

/**
 * What the e2e files share: Debian's Chromium, the server on a database of its own, the admin API,
 * screenshots, and the password sign-in form.
 */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && process.env.CI === 'true') {
  throw new Error(
    `The console e2e test needs Debian's Chromium at ${CHROMIUM}: apt-get install chromium (.ci/run does)`,
  );
}

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/** Headless Chromium with nothing of its own going to the network, and the screenshot folder ready. */
export async function launchBrowser(): Promise<Browser> {
  await fs.mkdir(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

let sharedBrowser: Promise<Browser> | undefined;

/**
 * The worker's Chromium: the e2e project runs its files without isolation, so one browser serves
 * every file of a worker (a context per test keeps them apart) instead of a launch per file.
 */
export function workerBrowser(): Promise<Browser> {
  if (!sharedBrowser) {
    const launched = launchBrowser();
    sharedBrowser = launched;
    void launched.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (sharedBrowser === launched) sharedBrowser = undefined;
        }),
      () => {
        if (sharedBrowser === launched) sharedBrowser = undefined;
      },
    );
  }
  return sharedBrowser;
}

/** Closes every context a file opened in the worker's browser, and leaves the browser to the next file. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

/**
 * Pictures are for a person reviewing the console: `npm run test:screenshots` (E2E_SCREENSHOTS=1)
 * takes them. Nobody sees a CI run's, and the ~300 of a whole run were ~60 s of Chromium's CPU.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1';

/** A full-page picture in test-results/screenshots/<name>.png (when pictures are wanted). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The password field (the tab panel around it is labelled "Password" too). */
export const passwordInput = (page: Page) =>
  page.locator('input[type="password"][autocomplete="current-password"]');

/** Fills the sign-in screen's password form and submits it; what follows is up to the caller. */
export async function signInWithPassword(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in to Switchyard' }).waitFor({ timeout: 15_000 });
  await page.getByLabel('Username or e-mail').fill(username);
  await passwordInput(page).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A fresh database and data folder with the real headless server on them, as every e2e file starts. */
export interface E2eServer {
  url: string;
  server: SpawnedServer;
  /** The server's database, for rows a test writes directly (what a background job would have left). */
  database: TestDatabase;
  /** Stops the server, drops its database and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * Starts the headless server (server/src/main.ts) on a database of its own; `name` tells the data
 * folders apart in the temp folder, `env` adds the file's own settings (seeded admin, tokens…).
 */
export async function startE2eServer(name: string, env: Record<string, string> = {}): Promise<E2eServer> {
  const database = await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `switchyard-e2e-${name}-`));
  // Open keep-alive connections from the browser must not hold a stop for the default 10 s.
  const server = spawnServer({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: '0',
    SHUTDOWN_GRACE_SECONDS: '1',
    ...env,
  });
  const stop = async () => {
    await stopServer(server);
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    return { url: await server.ready, server, database, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type AdminApi = <T = unknown>(method: HttpMethod, apiPath: string, body?: unknown) => Promise<T>;
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Reads an answer as JSON (undefined when empty or not JSON), failing the test on a status of 300 or more. */
function answerOf<T>(method: string, apiPath: string, status: number, text: string): T {
  if (status >= 300) throw new Error(`${method} ${apiPath} answered ${status}: ${text}`);
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    return undefined as T;
  }
}

/** The admin API from the test process with a token (`baseUrl` is read per call: a restarted server may move). */
export function tokenAdminApi(baseUrl: () => string, token: string): AdminApi {
  return async <T>(method: HttpMethod, apiPath: string, body?: unknown) => {
    const response = await fetch(`${baseUrl()}${apiPath}`, {
      method,
      headers: {
        authorization: token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return answerOf<T>(method, apiPath, response.status, await response.text());
  };
}

/** The admin API as the operator signed in to a browser context (its session cookie). */
export function sessionAdminApi(request: APIRequestContext, url: string): AdminApi {
  return async <T>(method: HttpMethod, apiPath: string, body?: unknown) => {
    const response = await request.fetch(`${url}${apiPath}`, {
      method,
      ...(body === undefined ? {} : { data: body }),
    });
    return answerOf<T>(method, apiPath, response.status(), await response.text());
  };
}

/** A flag through the admin API, with a strategy in an environment when one is given. */
export async function createFlagThroughApi(
  api: AdminApi,
  flag: { project: string; name: string; description?: string },
  strategy?: {
    environment: string;
    name: string;
    parameters?: Record<string, string>;
    constraints?: unknown[];
  },
): Promise<void> {
  const { project, ...body } = flag;
  await api('POST', `/api/admin/projects/${project}/features`, body);
  if (!strategy) return;
  const { environment, ...definition } = strategy;
  await api(
    'POST',
    `/api/admin/projects/${project}/features/${flag.name}/environments/${environment}/strategies`,
    definition,
  );
}

/** A full-page picture from the top: a scrolled window draws the fixed header and navbar halfway down. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** A modal scrolls inside itself: the picture is taken in a window `height` tall, to show all of it. */
export async function dialogShot(page: Page, name: string, height: number): Promise<void> {
  if (!screenshotsWanted) return;
  const viewport = page.viewportSize() ?? { width: 1360, height: 1000 };
  await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  await page.setViewportSize(viewport);
}

/** Mantine hides a switch's checkbox (zero size): the operator clicks its track. */
export async function clickSwitch(input: Locator): Promise<void> {
  await input.locator('xpath=..').locator('.mantine-Switch-track').click();
}

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Waits until no Mantine loader has shown for `quietMs` (a screen's sections start their queries
 * one after the other, and Mantine's transitions last 200 ms at most): an event to wait on instead
 * of a fixed sleep, so a fast screen is done sooner and a slow machine waits longer. Answers false
 * when a loader still turns after `timeoutMs`, so callers can report it and check the page as it is.
 */
export async function waitForQuiet(page: Page, quietMs = 250, timeoutMs = 15_000): Promise<boolean> {
  await page.evaluate(() => {
    (window as { quietSince?: number }).quietSince = undefined;
  });
  return page
    .waitForFunction(
      (quiet) => {
        const state = window as { quietSince?: number };
        if (document.querySelector('.mantine-Loader')) state.quietSince = undefined;
        else state.quietSince ??= performance.now();
        return state.quietSince !== undefined && performance.now() - state.quietSince > quiet;
      },
      quietMs,
      { polling: 50, timeout: timeoutMs },
    )
    .then(
      () => true,
      () => false,
    );
}

/** axe-core's critical and serious findings on the page as it is now, one line per element. */
export async function blockingFindings(page: Page): Promise<string[]> {
  await waitForQuiet(page);
  if ((await page.evaluate(() => typeof (window as { axe?: unknown }).axe)) === 'undefined')
    await page.addScriptTag({ content: await fs.readFile(AXE_SOURCE, 'utf8') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: Array<{ id: string; impact: string | null; nodes: Array<{ html: string }> }>;
    };
    return result.violations
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.html.slice(0, 160)}`));
  });
}

/** The seeded admin an e2e file signs in as with a password. */
export interface E2eAdmin {
  username: string;
  password: string;
}

/** An e2e file's server and browser, there from its beforeAll to its afterAll. */
export interface E2eSuite {
  readonly e2e: E2eServer;
  readonly url: string;
  readonly browser: Browser;
}

/**
 * Starts, before the file's tests, the headless server with `admin` seeded (plus `env`) and Chromium,
 * and stops both after them: what every console e2e file sets up. Call it inside the `describe`.
 */
export function e2eSuite(name: string, admin: E2eAdmin, env: Record<string, string> = {}): E2eSuite {
  let e2e: E2eServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    e2e = await startE2eServer(name, {
      UNLEASH_DEFAULT_ADMIN_USERNAME: admin.username,
      UNLEASH_DEFAULT_ADMIN_PASSWORD: admin.password,
      ...env,
    });
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await e2e?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The e2e server and browser start in beforeAll');
    return value;
  };
  return {
    get e2e() {
      return started(e2e);
    },
    get url() {
      return started(e2e).url;
    },
    get browser() {
      return started(browser);
    },
  };
}

/** A page of a fresh browser context, signed in as `admin`, with the page's uncaught errors collected. */
export interface SignedInPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page (a test expects none). */
  errors: string[];
  /** The admin API as the signed-in operator (the context's session cookie). */
  api: AdminApi;
}

export async function openSignedInPage(
  suite: E2eSuite,
  admin: E2eAdmin,
  options: BrowserContextOptions = {},
): Promise<SignedInPage> {
  const context = await suite.browser.newContext({
    viewport: { width: 1360, height: 1000 },
    bypassCSP: true,
    ...options,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${suite.url}/login`);
  await signInWithPassword(page, admin.username, admin.password);
  await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
  return { context, page, errors, api: sessionAdminApi(context.request, suite.url) };
}
