import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { Unleash } from 'unleash-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from '../sdk/node-sdk';
import { e2eSuite, hasChromium, shot, signInWithPassword } from './support';

/**
 * Issue 24, part 7 (first run), in Debian's Chromium against the real headless server: the empty
 * default project shows the "connect an SDK" guide; it makes a client token on the spot and writes it,
 * with the server's URL, into the Node snippet; the test reads both from the page, starts the real
 * Node SDK (npm unleash-client) with them, and the guide turns from "waiting" to "connected".
 */
const ADMIN_USERNAME = 'first-run-admin';
const ADMIN_PASSWORD = 'First-run-e2e-7';
const VIEWPORT = { width: 1360, height: 1000 };
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let sdk: Unleash | undefined;

/** axe-core's critical and serious findings inside the guide, as `rule: node` lines. */
async function guideViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }
    ).axe;
    type AxeResults = {
      violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }>;
    };
    const results = await axe.run({ include: [['[data-testid="connect-sdk-guide"]']] }, {});
    return results.violations
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)}`),
      );
  });
}

/** A string literal of the snippet (`url: "…"`), as JSON wrote it. */
function literal(snippet: string, pattern: RegExp): string {
  const match = pattern.exec(snippet);
  if (!match?.[1]) throw new Error(`${pattern} is not in the snippet:\n${snippet}`);
  return JSON.parse(match[1]) as string;
}

describe.skipIf(!hasChromium)('first run: connect an SDK from the console', () => {
  const suite = e2eSuite(
    'connect-sdk',
    { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    {
      // The registration reaches the admin API at the next flush: soon, so the test is quick.
      METRICS_FLUSH_INTERVAL_SECONDS: '1',
    },
  );

  // Registered after e2eSuite's, so it runs before the browser and server stop.
  afterAll(() => {
    sdk?.destroy();
  });

  it('makes a token, gives working Node code, and sees the SDK connect', async () => {
    // The console's CSP forbids inline scripts; axe-core is injected as one, for the test only.
    const page = await suite.browser.newPage({ viewport: VIEWPORT, bypassCSP: true });
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));

    await page.goto(`${suite.url}/projects/default`);
    await signInWithPassword(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    const guide = page.getByTestId('connect-sdk-guide');
    await guide.waitFor({ timeout: 15_000 });
    // No SDK was ever seen: the applications screen opens with the guide too, for all projects.
    await page.goto(`${suite.url}/applications`);
    await guide.waitFor();
    await page.getByText('No SDK has registered yet.').waitFor();
    expect(await guide.getByText(/in project/).count()).toBe(0);
    await shot(page, '72-connect-sdk-applications');
    await page.goto(`${suite.url}/projects/default`);
    await guide.waitFor({ timeout: 15_000 });
    await page.getByText(/This project has no flags yet/).waitFor();
    const status = guide.getByTestId('sdk-connection');
    await status.getByText('Waiting for your SDK… the server has not seen my-app yet').waitFor();
    expect(await status.getAttribute('data-state')).toBe('waiting');
    expect(await guideViolations(page)).toEqual([]);

    const environment = guide.getByLabel('Environment');
    await expect.poll(() => environment.inputValue()).not.toBe('');
    const environmentName = await environment.inputValue();
    await guide.getByRole('button', { name: 'Create token' }).click();
    const secret = (await guide.getByTestId('sdk-token-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(new RegExp(`^default:${environmentName}\\.[0-9a-f]+$`));
    await shot(page, '70-connect-sdk-waiting');

    const snippet = (await guide.getByTestId('sdk-snippet').textContent()) ?? '';
    const sdkUrl = literal(snippet, /url: ("[^"]*")/);
    const token = literal(snippet, /Authorization: ("[^"]*")/);
    const appName = literal(snippet, /appName: ("[^"]*")/);
    expect(sdkUrl).toBe(`${suite.url}/api/`);
    expect(token).toBe(secret);
    expect(appName).toBe('my-app');

    // Exactly what the snippet holds; startNodeSdk adds the `/api/` the snippet's URL ends with.
    const started = await startNodeSdk({
      url: sdkUrl.replace(/\/api\/$/, ''),
      token,
      appName,
      // Registration is part of the SDK's metrics: on, as an application's would be.
      disableMetrics: false,
    });
    sdk = started.unleash;

    await expect
      .poll(() => status.getAttribute('data-state'), { timeout: 20_000, interval: 500 })
      .toBe('connected');
    expect(await status.textContent()).toMatch(
      /^Connected: my-app \(unleash-node-sdk:[\d.]+\) seen just now\.$/,
    );
    await shot(page, '71-connect-sdk-connected');
    expect(await guideViolations(page)).toEqual([]);
    expect(started.errors).toEqual([]);

    // Other SDKs get the same URL (frontend for browsers) with their own token kind.
    await guide.getByText('React', { exact: true }).click();
    const reactSnippet = (await guide.getByTestId('sdk-snippet').textContent()) ?? '';
    expect(literal(reactSnippet, /url: ("[^"]*")/)).toBe(`${suite.url}/api/frontend`);
    expect(literal(reactSnippet, /clientKey: ("[^"]*")/)).toBe('<frontend API token>');
    expect(failures).toEqual([]);
    await page.close();
  }, 90_000);
});
