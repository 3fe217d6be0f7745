import { describe, expect, it } from 'vitest';
import type { BlastRadiusPreview, BlastRadiusSettingsView } from '../../server/contract';
import {
  blockingFindings,
  createFlagThroughApi,
  e2eSuite,
  hasChromium,
  openSignedInPage,
  screenshot,
} from './support';

/**
 * Issue 15, blast radius, in Debian's Chromium against the real headless server: frontend API
 * calls with many userIds are sampled; editing the rollout in the strategy editor shows how many
 * of them would flip, the same counts the preview API answers; no critical or serious axe finding.
 */
const USERNAME = 'blast-operator';
const PASSWORD = 'Blast-radius-e2e-7';
const ADMIN = { username: USERNAME, password: PASSWORD };
const FLAG = 'one-click-pay';
const USERS = 150;

describe.skipIf(!hasChromium)('blast-radius preview in the console (issue 15)', () => {
  const suite = e2eSuite('blast-radius', ADMIN, {
    METRICS_FLUSH_INTERVAL_SECONDS: '1',
  });

  it('samples frontend API contexts and previews a rollout change in the strategy editor', {
    timeout: 180_000,
  }, async () => {
    const { url } = suite;
    const { context, page, errors, api } = await openSignedInPage(suite, ADMIN);

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
