import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedLayoutData } from './layout-seed';
import {
  blockingFindings,
  type E2eSuite,
  e2eSuite,
  hasChromium,
  SCREENSHOTS,
  screenshotsWanted,
  sessionAdminApi,
  signInWithPassword,
  waitForQuiet,
} from './support';

/**
 * Issue 33 (console, round 3) in Debian's Chromium against the real headless server: every screen
 * of the console at 360, 768, 1280 and 1920 px wide (light, and dark at 360 and 1280), on realistic
 * data, with nothing wider than the window at page level (tables scroll inside their card) and no
 * two visible pieces of text drawn over each other. The header and the navigation drawer are opaque.
 * With E2E_SCREENSHOTS=1 (npm run test:screenshots) every screen is photographed into
 * test-results/screenshots/layout/<width>-<scheme>/.
 *
 * Text that is stacked on purpose is left out of the overlap check by one rule: anything inside an
 * element marked `data-stacked` (none needs it today), text out of sight (clipped to 1 px for screen
 * readers, `visibility: hidden`, transparent) and the part of text clipped by a scrolling ancestor.
 */
const ADMIN = { username: 'layout-operator', password: 'Console-layout-e2e-7' };
const ROUTES_FILE = path.resolve(import.meta.dirname, '../../renderer/src/app/routes.tsx');
const OUT = path.join(SCREENSHOTS, 'layout');

type Scheme = 'light' | 'dark';
interface Walk {
  width: number;
  height: number;
  scheme: Scheme;
  /**
   * Dark walks change colours, not geometry: they check a sample (every flag page, the lists an
   * operator lives in, an admin screen) for the opaque header and drawer and the flag page's axe.
   */
  sample?: boolean;
}

const SAMPLED_SCREENS = new Set(['/features', '/projects', '/insights', '/admin/users', '/personal']);
const inSample = (screen: string) => SAMPLED_SCREENS.has(screen) || screen.includes('/features/');
const WALKS: Walk[] = [
  { width: 360, height: 740, scheme: 'light' },
  { width: 768, height: 1024, scheme: 'light' },
  { width: 1280, height: 800, scheme: 'light' },
  { width: 1920, height: 1080, scheme: 'light' },
  { width: 360, height: 740, scheme: 'dark', sample: true },
  { width: 1280, height: 800, scheme: 'dark', sample: true },
];

let suite: E2eSuite;
/** Screens with a loader still turning 15 s after they showed (printed, not failed). */
const stillLoading: string[] = [];
type SessionState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function navigationPaths(): Promise<string[]> {
  const source = await fs.readFile(ROUTES_FILE, 'utf8');
  return [...source.matchAll(/^\s+path: '(\/[^']*)',$/gm)].map((match) => match[1]!);
}

/** Opens a screen inside the running console (a history entry the router follows), as its links do. */
async function goTo(page: Page, screenPath: string): Promise<void> {
  const pathname = screenPath.split('?')[0]!.replace(/(.)\/+$/, '$1');
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, screenPath);
  // 30 s: under a full parallel run a screen's first chunk and queries can take well over 15 s to
  // arrive on this 2-core machine (seen once for /experiments); a screen that never shows still fails.
  await page.locator(`main[data-pathname="${pathname}"]`).waitFor({ timeout: 30_000 });
  await page.locator('main h1, main h2, main h3').first().waitFor({ timeout: 30_000 });
  await page.mouse.move(0, 0);
  const settled = await waitForQuiet(page);
  // A loader still turning after 15 s is reported, and the screen is checked as it is.
  if (!settled) stillLoading.push(screenPath);
}

/** What the page draws wrong: wider than the window, or text over text. Runs in the page. */
function layoutFaults(): string[] {
  const faults: string[] = [];
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollWidth > window.innerWidth)
    faults.push(`page is ${root.scrollWidth} px wide in a ${window.innerWidth} px window`);

  interface Box {
    text: string;
    left: number;
    top: number;
    right: number;
    bottom: number;
    owner: Element;
  }
  const visibleRect = (element: Element, rect: DOMRect): DOMRect | null => {
    let { left, top, right, bottom } = rect;
    for (let up: Element | null = element; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
    }
    return right - left > 1 && bottom - top > 1 ? new DOMRect(left, top, right - left, bottom - top) : null;
  };
  const boxes: Box[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    const owner = node.parentElement;
    if (!text || !owner || owner.closest('[data-stacked], [aria-hidden="true"], script, style')) continue;
    const style = getComputedStyle(owner);
    if (style.visibility !== 'visible' || Number(style.opacity) === 0 || style.color === 'rgba(0, 0, 0, 0)')
      continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width <= 1 || rect.height <= 1) continue;
      const shown = visibleRect(owner, rect);
      if (shown)
        boxes.push({
          text: text.slice(0, 40),
          left: shown.left,
          top: shown.top,
          right: shown.right,
          bottom: shown.bottom,
          owner,
        });
    }
  }
  boxes.sort((a, b) => a.top - b.top);
  // Two pixels of slack: line boxes of neighbouring lines touch by design.
  const SLACK = 2;
  for (let i = 0; i < boxes.length && faults.length < 20; i++) {
    const a = boxes[i]!;
    for (let j = i + 1; j < boxes.length && boxes[j]!.top < a.bottom - SLACK; j++) {
      const b = boxes[j]!;
      if (a.owner === b.owner) continue;
      const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      // A fixed header over the page's text is the header doing its job, not a fault.
      const fixed = (e: Element) => e.closest('header, nav, [data-portal]') !== null;
      if (overlapX > SLACK && overlapY > SLACK && fixed(a.owner) === fixed(b.owner))
        faults.push(`"${a.text}" overlaps "${b.text}"`);
    }
  }
  return faults;
}

/** The header and the navigation are opaque (the screen never shows through them). */
function transparentChrome(): string[] {
  const faults: string[] = [];
  for (const selector of ['.mantine-AppShell-header', '.mantine-AppShell-navbar']) {
    const element = document.querySelector(selector);
    if (!element) continue;
    const colour = getComputedStyle(element).backgroundColor;
    const alpha = colour.startsWith('rgba') ? Number(colour.split(',')[3]?.replace(')', '')) : 1;
    if (!(alpha >= 1)) faults.push(`${selector} has background ${colour}`);
  }
  const header = document.querySelector('.mantine-AppShell-header');
  if (header && header.scrollWidth > header.clientWidth + 1)
    faults.push(`the header is ${header.scrollWidth} px wide in ${header.clientWidth} px`);
  return faults;
}

async function check(page: Page, walk: Walk, screen: string, name: string): Promise<string[]> {
  const folder = path.join(OUT, `${walk.width}-${walk.scheme}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  if (screenshotsWanted)
    await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: walk.width <= 1280 });
  const faults = [...(await page.evaluate(layoutFaults)), ...(await page.evaluate(transparentChrome))];
  return faults.map((fault) => `${walk.width} ${walk.scheme} ${screen}: ${fault}`);
}

const fileName = (screen: string) => screen.replace(/^\//, '').replace(/[/?=:]+/g, '_') || 'root';

/** Every screen of the console in one window size and scheme, in one page. */
async function walkEveryScreen(walk: Walk, screens: string[], session: SessionState): Promise<string[]> {
  await fs.mkdir(path.join(OUT, `${walk.width}-${walk.scheme}`), { recursive: true });
  // Signed in already: the seeding page's session cookie (six sign-ins at once were slow to answer).
  const context = await suite.browser.newContext({
    viewport: { width: walk.width, height: walk.height },
    colorScheme: walk.scheme,
    storageState: session,
    // axe-core goes in as an inline script on the flag page.
    bypassCSP: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${suite.url}/personal`);
  await page.getByTestId('user-menu').waitFor({ timeout: 30_000 });
  const faults: string[] = [];
  for (const screen of screens) {
    try {
      await goTo(page, screen);
    } catch (error) {
      // The screen never showed: its picture says what was there instead.
      await page.screenshot({
        path: path.join(OUT, `${walk.width}-${walk.scheme}`, `${fileName(screen)}-failed.png`),
      });
      faults.push(`${walk.width} ${walk.scheme} ${screen}: not shown (${String(error).split('\n')[0]})`);
      continue;
    }
    faults.push(...(await check(page, walk, screen, fileName(screen))));
    // The flag page's blocks pass axe (no critical or serious finding) in both schemes.
    if (walk.width === 1280 && screen.includes('/features/'))
      faults.push(...(await blockingFindings(page)).map((line) => `${walk.scheme} ${screen} axe: ${line}`));
  }
  const burger = page.getByRole('button', { name: 'Navigation' });
  if (await burger.isVisible()) {
    await burger.click();
    await page.locator('.mantine-AppShell-navbar').getByText('Segments').waitFor();
    await page.waitForTimeout(250);
    faults.push(...(await check(page, walk, 'navigation drawer', 'zz-navigation-drawer')));
  }
  await context.close();
  return [...faults, ...errors.map((error) => `${walk.width} ${walk.scheme}: page error ${error}`)];
}

describe.skipIf(!hasChromium)('layout of every screen at every width (issue 33)', () => {
  suite = e2eSuite('layout', ADMIN);

  // About 80 s on a quiet machine; the timeout leaves room for one shared with other test runs.
  it('fits every screen in 360, 768, 1280 and 1920 px, and a sample in dark, with no text over text', {
    timeout: 600_000,
  }, async () => {
    const started = performance.now();
    const seeding = await suite.browser.newContext();
    const page = await seeding.newPage();
    await page.goto(`${suite.url}/login`);
    await signInWithPassword(page, ADMIN.username, ADMIN.password);
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
    const seeded = await seedLayoutData(sessionAdminApi(seeding.request, suite.url));
    const session = await seeding.storageState();
    await seeding.close();

    const screens = [...(await navigationPaths()), ...seeded.screens];
    // Three walks at a time: most of a walk is waiting on the server and on Chromium's compositor.
    const faults: string[] = [];
    for (let i = 0; i < WALKS.length; i += 3)
      faults.push(
        ...(
          await Promise.all(
            WALKS.slice(i, i + 3).map((walk) =>
              walkEveryScreen(walk, walk.sample ? screens.filter(inSample) : screens, session),
            ),
          )
        ).flat(),
      );
    await fs.writeFile(path.join(OUT, 'faults.txt'), faults.join('\n'));
    if (stillLoading.length) console.log(`layout: still loading after 15 s: ${stillLoading.join(', ')}`);
    console.log(
      `layout: ${screens.length} screens × ${WALKS.length} walks in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    expect(screens.length).toBeGreaterThan(40);
    expect(faults).toEqual([]);
  });
});
