import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createFlagThroughApi,
  type E2eSuite,
  e2eSuite,
  hasChromium,
  SCREENSHOTS,
  screenshot,
  sessionAdminApi,
  signInWithPassword,
  waitForQuiet,
} from './support';

/**
 * Issue 24 part 8 in Debian's Chromium against the real headless server: axe-core on every screen
 * (signed out, every route of the navigation, a project's tabs, a flag page, a dialog, the command
 * bar) in the light and the dark scheme, the scheme following the operating system; the shell
 * walked with the keyboard, each stop with a visible focus ring. The per-screen table of violation
 * counts goes to stdout and test-results/accessibility.md for the closing note.
 */
const ADMIN_USERNAME = 'a11y-operator';
const ADMIN_PASSWORD = 'Console-a11y-e2e-7';
const PROJECT = 'web-shop';
const FLAG = 'checkout-redesign';
const VIEWPORT = { width: 1360, height: 1000 };
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const ROUTES_FILE = path.resolve(import.meta.dirname, '../../renderer/src/app/routes.tsx');

type Scheme = 'light' | 'dark';
type Impact = 'critical' | 'serious' | 'moderate' | 'minor';
interface Violation {
  id: string;
  impact: Impact | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}
interface ScreenResult {
  counts: Record<Impact, number>;
  blocking: string[];
  /** Milliseconds spent settling and in axe, so the table shows where this file's time goes. */
  settleMs: number;
  axeMs: number;
}

/** The file's server and browser (e2eSuite, set inside the describe). */
let suite: E2eSuite;
let axeSource: string;
const results = new Map<string, Partial<Record<Scheme, ScreenResult>>>();
/** Every finding, moderate and minor included, for test-results/accessibility-findings.txt. */
const findings: string[] = [];

/** Every path of the navigation, read from routes.tsx so a new screen is checked without editing here. */
async function navigationPaths(): Promise<string[]> {
  const source = await fs.readFile(ROUTES_FILE, 'utf8');
  return [...source.matchAll(/^\s+path: '(\/[^']*)',$/gm)].map((match) => match[1]!);
}

/** Waits for the screen to have settled: no spinner, no running transition, fonts in. */
async function settle(page: Page): Promise<void> {
  // The pointer rests where no row is hovered: where the last click left it is not a screen's state.
  await page.mouse.move(0, 0);
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect(await waitForQuiet(page), 'a loader still turns after 15 s').toBe(true);
}

const NAVBAR = '.mantine-AppShell-navbar';

/**
 * What the navigation shows (its entries and which sections are open), apart from which entry is
 * the current one: the walk audits the navigation again whenever this changes.
 */
function navigationState(page: Page): Promise<string> {
  return page.evaluate((selector) => {
    const navbar = document.querySelector<HTMLElement>(selector);
    return navbar ? `${navbar.innerText}|${navbar.querySelectorAll('[aria-expanded="true"]').length}` : '';
  }, NAVBAR);
}

/**
 * Runs axe on the page as it is, records its counts, and returns the critical and serious ones.
 * The navigation is ~60% of every signed-in screen's elements and was audited again on each of
 * them: `seenNavigation` (one per walk) lets a screen whose navigation shows what an earlier
 * screen's already did skip it, which halves the time in axe. The first screen, and any screen
 * whose navigation shows other entries or sections, is audited whole.
 */
async function audit(
  page: Page,
  screen: string,
  scheme: Scheme,
  seenNavigation?: Set<string>,
): Promise<string[]> {
  const started = performance.now();
  await settle(page);
  const settled = performance.now();
  if ((await page.evaluate(() => typeof (window as { axe?: unknown }).axe)) === 'undefined')
    await page.addScriptTag({ content: axeSource });
  let skipNavigation = false;
  if (seenNavigation) {
    const state = await navigationState(page);
    skipNavigation = state !== '' && seenNavigation.has(state);
    seenNavigation.add(state);
  }
  const violations = await page.evaluate(
    async (excludedNavbar) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
      const context = excludedNavbar ? { exclude: [[excludedNavbar]] } : document;
      const result = (await axe.run(context, { resultTypes: ['violations'] })) as {
        violations: Violation[];
      };
      return result.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
      }));
    },
    skipNavigation ? NAVBAR : null,
  );
  const axeMs = Math.round(performance.now() - settled);
  const settleMs = Math.round(settled - started);
  const counts: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  const blocking: string[] = [];
  for (const violation of violations) {
    const impact = violation.impact ?? 'minor';
    counts[impact] += violation.nodes.length;
    for (const node of violation.nodes) {
      const line = `${screen} (${scheme}) ${impact} ${violation.id}: ${node.html.slice(0, 160)} ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`;
      findings.push(line);
      if (impact === 'critical' || impact === 'serious') blocking.push(line);
    }
  }
  results.set(screen, { ...results.get(screen), [scheme]: { counts, blocking, settleMs, axeMs } });
  return blocking;
}

/**
 * Opens a screen the way the console's own links do, inside the running app (a history entry the
 * router follows): reloading the whole console for each of ~100 screens was half this file's time.
 * The first screen of a page is loaded by URL.
 */
async function goTo(page: Page, screenPath: string): Promise<void> {
  const pathname = screenPath.split('?')[0]!.replace(/(.)\/+$/, '$1');
  const shown = await page.locator('main[data-pathname]').count();
  if (shown === 0) {
    await page.goto(`${suite.url}${screenPath}`);
  } else {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, screenPath);
  }
  await page.locator(`main[data-pathname="${pathname}"]`).waitFor({ timeout: 15_000 });
  await page.locator('main h1, main h2, main h3').first().waitFor({ timeout: 15_000 });
}

function table(): string {
  const cell = (result: ScreenResult | undefined) =>
    result
      ? `${result.counts.critical} / ${result.counts.serious} / ${result.counts.moderate} / ${result.counts.minor} | ${result.settleMs} / ${result.axeMs}`
      : '– | –';
  const rows = [...results].map(
    ([screen, byScheme]) => `| ${screen} | ${cell(byScheme.light)} | ${cell(byScheme.dark)} |`,
  );
  return [
    '| Screen | Light: critical / serious / moderate / minor | ms settling / in axe | Dark: critical / serious / moderate / minor | ms settling / in axe |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

let queue: Promise<unknown> = Promise.resolve();
/** Runs `step` after every step queued before it has settled. */
function oneAtATime(step: () => Promise<void>): Promise<void> {
  const run = queue.then(step, step);
  queue = run.catch(() => undefined);
  return run;
}

/** Every screen in one colour scheme, chosen the way a person's OS would choose it. */
async function auditEveryScreen(scheme: Scheme, links: { invite: string; reset: string }): Promise<string[]> {
  const blocking: string[] = [];
  const signedOut = await suite.browser.newContext({
    viewport: VIEWPORT,
    colorScheme: scheme,
    bypassCSP: true,
  });
  const outPage = await signedOut.newPage();
  for (const [screen, link, heading] of [
    ['/login', `${suite.url}/login`, 'Sign in to Switchyard'],
    ['/new-user?invite=', links.invite, 'Join Switchyard'],
    ['/reset-password?token=', links.reset, null],
    ['/forgotten-password', `${suite.url}/forgotten-password`, null],
  ] as const) {
    await outPage.goto(link);
    await outPage.getByRole('heading').first().waitFor({ timeout: 15_000 });
    if (heading) await outPage.getByRole('heading', { name: heading }).waitFor();
    expect(await outPage.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(scheme);
    blocking.push(...(await audit(outPage, screen, scheme)));
  }
  await signedOut.close();

  const context = await suite.browser.newContext({
    viewport: VIEWPORT,
    colorScheme: scheme,
    bypassCSP: true,
  });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  // The two schemes' walks run at once; their sign-ins go one after the other, so this file
  // checks screens, not the race of two sign-ins of one user (login-lockout.db.test.ts does).
  await oneAtATime(async () => {
    await page.goto(`${suite.url}/login`);
    await signInWithPassword(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
  });

  const seenNavigation = new Set<string>();
  for (const screenPath of await navigationPaths()) {
    await goTo(page, screenPath);
    blocking.push(...(await audit(page, screenPath, scheme, seenNavigation)));
  }

  await goTo(page, `/projects/${PROJECT}`);
  for (const tab of [
    'Flags',
    'Overview',
    'Settings',
    'Environments',
    'Members',
    'Archive',
    'Applications',
    'Actions',
    'Connect an SDK',
    'Change requests',
  ]) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    blocking.push(...(await audit(page, `/projects/:id (${tab} tab)`, scheme, seenNavigation)));
  }
  if (scheme === 'dark') {
    await page.getByRole('tab', { name: 'Flags', exact: true }).click();
    await settle(page);
    await screenshot(page, '80-a11y-project-dark');
  }

  await goTo(page, `/projects/${PROJECT}/features/${FLAG}`);
  await page.getByRole('heading', { name: FLAG, exact: true }).waitFor();
  blocking.push(...(await audit(page, '/projects/:id/features/:flag', scheme, seenNavigation)));
  if (scheme === 'dark') await screenshot(page, '81-a11y-flag-dark');
  await page.getByTestId('environment-development').getByRole('button', { name: 'Add strategy' }).click();
  await page.getByRole('dialog').waitFor();
  blocking.push(...(await audit(page, 'flag page: add-strategy dialog', scheme)));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  await page.keyboard.press('Control+K');
  await page.getByRole('dialog').waitFor();
  blocking.push(...(await audit(page, 'command bar', scheme)));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  // The user menu opened from the keyboard: its first item takes the focus, and axe finds no
  // hidden focus placeholder or loose label among the menu's children.
  await page.getByTestId('user-menu').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor();
  blocking.push(...(await audit(page, 'user menu', scheme)));
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });

  expect(failures).toEqual([]);
  await context.close();
  return blocking;
}

describe.skipIf(!hasChromium)('accessibility of every screen (issue 24 part 8)', () => {
  suite = e2eSuite('a11y', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });

  beforeAll(async () => {
    axeSource = await fs.readFile(AXE_SOURCE, 'utf8');
  });

  it('has no critical or serious axe violation on any screen, light or dark', {
    timeout: 600_000,
  }, async () => {
    // Seeded as an operator would: a project with flags and strategies, a segment, a user.
    const admin = await suite.browser.newContext();
    const page = await admin.newPage();
    await page.goto(`${suite.url}/login`);
    await signInWithPassword(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
    const api = sessionAdminApi(admin.request, suite.url);
    await api('POST', '/api/admin/projects', { id: PROJECT, name: 'Web shop' });
    for (const flag of [FLAG, 'dark-banner', 'search-v2']) {
      await createFlagThroughApi(
        api,
        { project: PROJECT, name: flag, description: `${flag} flag` },
        {
          environment: 'development',
          name: 'flexibleRollout',
          parameters: { rollout: '40', stickiness: 'default', groupId: flag },
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['a', 'b'] }],
        },
      );
    }
    await api('POST', `/api/admin/projects/${PROJECT}/features/${FLAG}/environments/development/on`);
    await api('POST', '/api/admin/segments', {
      name: 'beta-testers',
      description: 'People in the beta',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1', 'u2'] }],
    });
    await api('POST', '/api/admin/user-admin', {
      email: 'vera@example.com',
      name: 'Vera Viewer',
      rootRole: 'Viewer',
      sendEmail: false,
    });
    const invite = await api<{ url: string }>('POST', '/api/admin/invite-link/tokens', {
      name: 'a11y invite',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { resetPasswordUrl } = await api<{ resetPasswordUrl: string }>(
      'POST',
      '/api/admin/user-admin/reset-password',
      { id: 'vera@example.com' },
    );
    await admin.close();

    const links = { invite: invite.url, reset: resetPasswordUrl };
    // Both schemes at once, each in its own browser context: the two walks share nothing but
    // the server, and one after the other they were this suite's longest file by far.
    const blocking = (
      await Promise.all([auditEveryScreen('light', links), auditEveryScreen('dark', links)])
    ).flat();

    const report = table();
    await fs.writeFile(path.join(SCREENSHOTS, '../accessibility.md'), `${report}\n`);
    console.log(`axe-core violations (nodes) per screen:\n${report}`);
    // The whole list, where the assertion's diff would cut it short.
    await fs.writeFile(path.join(SCREENSHOTS, '../accessibility-blocking.txt'), blocking.join('\n'));
    await fs.writeFile(path.join(SCREENSHOTS, '../accessibility-findings.txt'), findings.join('\n'));
    expect((await navigationPaths()).length).toBeGreaterThan(20);
    expect(blocking).toEqual([]);
  });

  it('walks the shell by keyboard with a visible focus, opens a screen with Enter, and the command bar', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(`${suite.url}/features`);
    await signInWithPassword(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
    await page.reload();
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });

    // The first stop skips the header and the navigation.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);

    const stops: { name: string; outline: string }[] = [];
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          name: (element.getAttribute('aria-label') || element.textContent || element.tagName).trim(),
          outline: `${style.outlineStyle} ${style.outlineWidth}`,
        };
      });
      stops.push(stop);
      if (stop.name === 'Segments') break;
    }
    // Every stop on the way shows where the focus is.
    expect(stops.filter((stop) => stop.outline.startsWith('none') || stop.outline.endsWith(' 0px'))).toEqual(
      [],
    );
    expect(stops.some((stop) => stop.name.startsWith('Jump to a screen or flag'))).toBe(true);
    expect(stops.at(-1)?.name).toBe('Segments');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Segments', exact: true }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/segments');

    // The skip link lands in the screen itself.
    await page.keyboard.press('Shift+Tab');
    await page.goto(`${suite.url}/features`);
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // The command bar opens, takes the search, opens a screen with Enter, and closes with Escape.
    await page.keyboard.press('Control+K');
    const bar = page.getByRole('dialog');
    await bar.waitFor();
    // Typing starts once the search field holds the focus (the modal focuses it after its opening
    // transition, which a loaded machine can stretch), and Enter waits for the screen to be listed.
    const command = page.getByRole('combobox', { name: 'Command' });
    await command.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Command');
    await page.keyboard.type('environments');
    await page.getByRole('option', { name: /^Environments/, selected: true }).waitFor();
    await page.keyboard.press('Enter');
    await bar.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Environments', exact: true }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Control+K');
    await bar.waitFor();
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'detached' });
    await context.close();
  });
});
