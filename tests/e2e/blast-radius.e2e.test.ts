import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlastRadiusPreview, BlastRadiusSettingsView } from '../../server/contract';
import {
  type AdminApi,
  blockingFindings,
  createFlagThroughApi,
  type E2eServer,
  hasChromium,
  launchBrowser,
  screenshot,
  sessionAdminApi,
  signInWithPassword,
  startE2eServer,
} from './support';

/**
 * Issue 15, blast radius, in Debian's Chromium against the real headless server: frontend API
 * calls with many userIds are sampled; editing the rollout in the strategy editor shows how many
 * of them would flip, the same counts the preview API answers; no critical or serious axe finding.
 */
const USERNAME = 'blast-operator';
const PASSWORD = 'Blast-radius-e2e-7';
const FLAG = 'one-click-pay';
const USERS = 150;

let e2e: E2eServer;
let browser: Browser;

describe.skipIf(!hasChromium)('blast-radius preview in the console (issue 15)', () => {
  beforeAll(async () => {
    e2e = await startE2eServer('blast-radius', {
      UNLEASH_DEFAULT_ADMIN_USERNAME: USERNAME,
      UNLEASH_DEFAULT_ADMIN_PASSWORD: PASSWORD,
      METRICS_FLUSH_INTERVAL_SECONDS: '1',
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await e2e?.stop();
  });

  it('samples frontend API contexts and previews a rollout change in the strategy editor', {
    timeout: 180_000,
  }, async () => {
    const { url } = e2e;
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 }, bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}/login`);
    await signInWithPassword(page, USERNAME, PASSWORD);
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
    const api: AdminApi = sessionAdminApi(context.request, url);

    await createFlagThroughApi(
      api,
      { project: 'default', name: FLAG },
      {
        environment: 'development',
        name: 'flexibleRollout',
        parameters: { rollout: '10', stickiness: 'userId', groupId: FLAG },
      },
    );
    await api('POST', `/api/admin/projects/default/features/${FLAG}/environments/development/on`);
    const token = await api<{ secret: string }>('POST', '/api/admin/api-tokens', {
      tokenName: 'web',
      type: 'frontend',
      environment: 'development',
    });
    for (let i = 0; i < USERS; i += 1) {
      const response = await fetch(`${url}/api/frontend?userId=customer-${i}`, {
        headers: { authorization: token.secret },
      });
      expect(response.status).toBe(200);
    }
    await expect
      .poll(
        async () =>
          (await api<BlastRadiusSettingsView>('GET', '/api/admin/blast-radius/settings')).sampled[0]
            ?.contexts,
        { timeout: 20_000 },
      )
      .toBe(USERS);

    await page.goto(`${url}/projects/default/features/${FLAG}`);
    const development = page.getByTestId('environment-development');
    const card = development.locator('[data-testid^="strategy-"]').filter({ hasText: 'Rollout 10%' });
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Rollout (%)').fill('90');
    const summary = dialog.getByTestId('blast-radius-summary');
    await expect.poll(() => summary.textContent(), { timeout: 15_000 }).toMatch(/would turn on/);

    const strategies = await api<Array<{ id: string }>>(
      'GET',
      `/api/admin/projects/default/features/${FLAG}/environments/development/strategies`,
    );
    const expected = await api<BlastRadiusPreview>(
      'POST',
      `/api/admin/projects/default/features/${FLAG}/environments/development/blast-radius`,
      {
        kind: 'strategy-update',
        strategyId: strategies[0]?.id,
        strategy: {
          name: 'flexibleRollout',
          parameters: { rollout: '90', stickiness: 'userId', groupId: FLAG },
        },
      },
    );
    expect(expected.offToOn).toBeGreaterThan(USERS / 2);
    await expect
      .poll(() => summary.textContent())
      .toContain(`Of ${USERS} recently seen contexts, ${expected.offToOn} (`);
    expect(await summary.textContent()).toContain('would turn on and 0 would turn off');
    await dialog.getByText('rollout or parameters').waitFor();
    expect(await blockingFindings(page)).toEqual([]);
    await screenshot(page, '95-blast-radius-strategy-editor');

    await page.goto(`${url}/admin/blast-radius`);
    await page.getByLabel('Sensitive context fields').waitFor();
    expect(await page.getByLabel('Sensitive context fields').inputValue()).toBe(
      'userId\nsessionId\nremoteAddress',
    );
    expect(await blockingFindings(page)).toEqual([]);
    await screenshot(page, '96-blast-radius-settings');
    expect(errors).toEqual([]);
    await context.close();
  });
});
