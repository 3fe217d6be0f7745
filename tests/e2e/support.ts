import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

/** What the e2e files share: Debian's Chromium, screenshots, and the password sign-in form. */
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

/** A full-page picture in test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
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
